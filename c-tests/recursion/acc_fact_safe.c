// class: recursion
// expect: safe
// Tail-recursive factorial with an accumulator agrees with a loop product for n <= 12.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int fact_acc(int n, int acc)
{
    if (n <= 1)
        return acc;
    return fact_acc(n - 1, acc * n);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int p = 1, i;
    if (n < 0 || n > 12)
        return 0;
    for (i = 2; i <= n; i++)
        p *= i;
    if (fact_acc(n, 1) != p)
        reach_error();
    return 0;
}
