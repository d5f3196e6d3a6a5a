// class: packed
// expect: safe
// inputs: 2
// The twin of packed_sizeof_bug.c: a multiple of sizeof(struct p) == 5 is never 16, and sizeof is checked to be 5 (the default layout, 8, gives a false bug at k == 2).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct __attribute__((packed)) p {
    char c;
    int i;
};

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (sizeof(struct p) != 5)
        reach_error();
    if (k < 0 || k > 100)
        return 0;
    if (k * (int)sizeof(struct p) == 16)
        reach_error();
    return 0;
}
