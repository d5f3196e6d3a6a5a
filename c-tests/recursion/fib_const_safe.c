// class: recursion
// expect: safe
// Recursive Fibonacci: fib(15) is 610.
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
    if (n < 0 || n > 20)
        return 0;
    if (n == 15 && fib(n) != 610)
        reach_error();
    return 0;
}
