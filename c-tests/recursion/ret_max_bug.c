// class: recursion
// expect: violation
// inputs: 3 4
// inputs: 9 10
// maxr(a, b) returns max(a, b); the caller expects a already when a >= b - 1, wrong for b == a + 1.
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
    if (a >= b - 1 && r != a)
        reach_error();
    return 0;
}
