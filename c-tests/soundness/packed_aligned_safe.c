// class: packed
// expect: safe
// inputs: 3
// inputs: 12
// The twin of packed_aligned_bug.c: with sizeof(struct slot) == 16 only k == 3 gives 48, which the condition excludes (the default layout gives a false bug at k == 12).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

struct __attribute__((aligned(16))) slot {
    int x;
};

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 100)
        return 0;
    if (k * (int)sizeof(struct slot) == 48 && k != 3)
        reach_error();
    return 0;
}
