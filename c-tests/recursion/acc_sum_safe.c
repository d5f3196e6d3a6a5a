// class: recursion
// expect: safe
// Accumulator-passing sum: sum_acc(n, a) returns a + n(n + 1)/2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int sum_acc(int n, int acc)
{
    if (n == 0)
        return acc;
    return sum_acc(n - 1, acc + n);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int a = __VERIFIER_nondet_int();
    if (n < 0 || n > 200 || a < 0 || a > 1000)
        return 0;
    int r = sum_acc(n, a);
    if (2 * (r - a) != n * (n + 1))
        reach_error();
    return 0;
}
