// class: packed
// expect: violation
// inputs: 21
// `#pragma pack(push, 1)` makes struct rec 7 bytes; three records are 21 bytes, not a multiple of 8 (the default layout, 8 bytes, never gives that).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#pragma pack(push, 1)
struct rec {
    char tag;
    short len;
    int val;
};
#pragma pack(pop)

struct rec2 {
    char tag;
    short len;
    int val;
};

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k == (int)(3 * sizeof(struct rec)) && k % 8 != 0)
        reach_error();
    return 0;
}
