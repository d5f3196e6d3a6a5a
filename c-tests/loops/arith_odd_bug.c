// class: loop
// expect: violation
// inputs: 0
// inputs: 7
// The sum of odd numbers with loop bound i <= n adds one term too many: (n + 1)^2 instead of n^2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, s = 0;
    if (n < 0 || n > 1000)
        return 0;
    for (i = 0; i <= n; i++)
        s += 2 * i + 1;
    if (s != n * n)
        reach_error();
    return 0;
}
