// class: loop
// expect: violation
// inputs: 30
// Doubling p up to 30 times: 2^30 = 1073741824 (no overflow) exceeds 10^9.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, p = 1;
    if (n < 0 || n > 30)
        return 0;
    for (i = 0; i < n; i++)
        p *= 2;
    if (p >= 1000000000)
        reach_error();
    return 0;
}
