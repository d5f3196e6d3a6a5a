// class: recursion
// expect: safe
// The error sits at recursion depth 7 and needs more than 13 left there; with n <= 20 only 13 are left.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static void descend(int n, int d)
{
    if (n == 0)
        return;
    if (d == 7 && n > 13)
        reach_error();
    descend(n - 1, d + 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 20)
        return 0;
    descend(n, 0);
    return 0;
}
