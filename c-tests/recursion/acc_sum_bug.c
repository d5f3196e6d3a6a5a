// class: recursion
// expect: violation
// inputs: 1 0
// inputs: 6 10
// Accumulator-passing sum with an extra base case n == 1 that returns acc before adding 1: one short for n >= 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int sum_acc(int n, int acc)
{
    if (n == 0 || n == 1)
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
