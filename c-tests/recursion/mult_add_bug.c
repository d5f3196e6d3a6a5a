// class: recursion
// expect: violation
// inputs: 5 0
// inputs: -3 0
// Multiplication by repeated addition with base case b <= 1 returning a: mult(a, 0) is a, wrong for a != 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int mult(int a, int b)
{
    if (b <= 1)
        return a;
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
