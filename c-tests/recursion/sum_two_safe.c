// class: recursion
// expect: safe
// add(n, m) = 1 + add(n - 1, m) with add(0, m) = m returns n + m.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int add(int n, int m)
{
    if (n == 0)
        return m;
    return 1 + add(n - 1, m);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    if (n < 0 || n > 200 || m < -500 || m > 500)
        return 0;
    if (add(n, m) != n + m)
        reach_error();
    return 0;
}
