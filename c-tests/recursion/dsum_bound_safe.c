// class: recursion
// expect: safe
// Recursive digit sum of n <= 9999 is at most 36.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int dsum(int n)
{
    if (n < 10)
        return n;
    return n % 10 + dsum(n / 10);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 9999)
        return 0;
    if (dsum(n) > 36)
        reach_error();
    return 0;
}
