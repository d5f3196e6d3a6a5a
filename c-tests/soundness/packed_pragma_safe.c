// class: packed
// expect: safe
// inputs: 24
// inputs: 21
// The twin of packed_pragma_bug.c using struct rec2, declared after `#pragma pack(pop)`: it has the default layout (8 bytes), so three of them are a multiple of 8.
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

    if (k == (int)(3 * sizeof(struct rec2)) && k % 8 != 0)
        reach_error();
    return 0;
}
