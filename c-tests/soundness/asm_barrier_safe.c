// class: asm
// expect: safe
// inputs: 7
// The twin of asm_barrier_bug.c: across the empty barriers x is k + 1, so x == 8 needs k == 7, which is excluded.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int x;

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < -1000 || k > 1000)
        return 0;
    if (k == 7)
        return 0;
    x = k;
    asm volatile("" ::: "memory");
    x = x + 1;
    asm volatile("" ::: "memory");
    if (x == 8)
        reach_error();
    return 0;
}
