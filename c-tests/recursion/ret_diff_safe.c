// class: recursion
// expect: safe
// diff(a, b) recurses on both formals and returns a - b; it is non-negative when a >= b.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int diff(int a, int b)
{
    if (b == 0)
        return a;
    return diff(a - 1, b - 1);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || a > 100 || b < 0 || b > 100)
        return 0;
    int d = diff(a, b);
    if (d + b != a)
        reach_error();
    if (a >= b && d < 0)
        reach_error();
    return 0;
}
