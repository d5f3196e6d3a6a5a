// class: loop
// expect: safe
// Sum of n <= 20 inputs, each in 0..10, read in a loop: never above 10n.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, v, s = 0;
    if (n < 0 || n > 20)
        return 0;
    for (i = 0; i < n; i++) {
        v = __VERIFIER_nondet_int();
        if (v < 0 || v > 10)
            return 0;
        s += v;
    }
    if (s > 10 * n)
        reach_error();
    return 0;
}
