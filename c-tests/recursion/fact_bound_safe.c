// class: recursion
// expect: safe
// n! for 0 <= n <= 12 is at least n and a multiple of 10 from n = 5 on.
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
    if (n >= 5 && f % 10 != 0)
        reach_error();
    return 0;
}
