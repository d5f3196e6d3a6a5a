// class: recursion
// expect: violation
// inputs: 16
// Recursive Fibonacci compared with an off-by-one constant: fib(16) is 987, not 986.
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
    if (n == 16 && fib(n) != 986)
        reach_error();
    return 0;
}
