// class: recursion
// expect: safe
// The check after the recursive call sees r == n - 1, so r == 5 comes with n == 6, never odd.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int count(int n)
{
    if (n <= 0)
        return 0;
    int r = count(n - 1);
    if (r == 5 && n % 2 == 1)
        reach_error();
    return r + 1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 30)
        return 0;
    if (count(n) != n)
        reach_error();
    return 0;
}
