// class: loop
// expect: safe
// Unsigned loop summing 0..n-1 for n <= 300: 2s == n(n - 1) (for n == 0 the unsigned product is 0 too).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int i, s = 0;
    if (n > 300)
        return 0;
    for (i = 0; i < n; i++)
        s += i;
    if (2 * s != n * (n - 1))
        reach_error();
    return 0;
}
