// class: recursion
// expect: violation
// inputs: 0
// Recursive sum of 1..n with base case n <= 1 returning 1: sum(0) is 1, not 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int sum(int n)
{
    if (n <= 1)
        return 1;
    return n + sum(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 100)
        return 0;
    int s = sum(n);
    if (2 * s != n * (n + 1))
        reach_error();
    return 0;
}
