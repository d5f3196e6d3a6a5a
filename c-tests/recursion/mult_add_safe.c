// class: recursion
// expect: safe
// Multiplication by repeated addition: mult(a, b) == a * b for -100 <= a <= 100, 0 <= b <= 100.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int mult(int a, int b)
{
    if (b == 0)
        return 0;
    return a + mult(a, b - 1);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < -100 || a > 100 || b < 0 || b > 100)
        return 0;
    if (mult(a, b) != a * b)
        reach_error();
    return 0;
}
