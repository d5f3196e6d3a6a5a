// class: asm
// expect: violation
// inputs: 7
// `asm volatile("" ::: "memory")` is only a compiler barrier: the stores around it keep their values, and x == 7 comes from k == 7.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int x;

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < -1000 || k > 1000)
        return 0;
    x = k;
    asm volatile("" ::: "memory");
    x = x + 1;
    asm volatile("" ::: "memory");
    if (x == 8)
        reach_error();
    return 0;
}
