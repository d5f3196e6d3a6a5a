// class: recursion
// expect: safe
// maxr(a, b) peels one from both formals per call and returns max(a, b): a when a >= b.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int maxr(int a, int b)
{
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    return 1 + maxr(a - 1, b - 1);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || a > 100 || b < 0 || b > 100)
        return 0;
    int r = maxr(a, b);
    if (r < a || r < b)
        reach_error();
    if (a >= b && r != a)
        reach_error();
    return 0;
}
