// class: loop
// expect: violation
// inputs: 2 10 10
// inputs: 1 10
// Sum of n inputs, each in 0..10: the check also fires on s == 10n, reached when every input is 10.
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
    if (s >= 10 * n && n > 0)
        reach_error();
    return 0;
}
