// class: recursion
// expect: violation
// inputs: 1
// inputs: 5
// The iterative loop starts at i = 1 and computes fib(n - 1): it differs from the recursive fib for n = 1 and n >= 3.
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
    for (i = 1; i < n; i++) {
        t = a + b;
        a = b;
        b = t;
    }
    if (a != fib(n))
        reach_error();
    return 0;
}
