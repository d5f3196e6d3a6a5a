// class: recursion
// expect: violation
// inputs: 4
// Claims n! is a multiple of 10 from n = 4 on: 4! = 24 is not.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int fact(int n)
{
    if (n <= 1)
        return 1;
    return n * fact(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 12)
        return 0;
    int f = fact(n);
    if (f < n)
        reach_error();
    if (n >= 4 && f % 10 != 0)
        reach_error();
    return 0;
}
