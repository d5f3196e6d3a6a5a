// class: recursion
// expect: safe
// Recursive sum of 1..n for 0 <= n <= 100: twice the sum is n*(n+1).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int sum(int n)
{
    if (n == 0)
        return 0;
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
