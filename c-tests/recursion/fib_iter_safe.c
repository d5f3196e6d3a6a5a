// class: recursion
// expect: safe
// Recursive Fibonacci agrees with the iterative one for 0 <= n <= 20.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int a = 0, b = 1, t, i;
    if (n < 0 || n > 20)
        return 0;
    for (i = 0; i < n; i++) {
        t = a + b;
        a = b;
        b = t;
    }
    if (a != fib(n))
        reach_error();
    return 0;
}
