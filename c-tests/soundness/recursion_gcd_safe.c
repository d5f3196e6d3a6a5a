// class: recursion
// expect: safe
// inputs: 12 18
// The twin of recursion_gcd_bug.c: the gcd of two even numbers is even, never 3.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "recursion_gcd_safe.c", 7, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

static int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();

    if (a <= 0 || a >= 20 || b <= 0 || b >= 20)
        return 0;
    if (a % 2 == 0 && b % 2 == 0 && gcd(a, b) == 3)
        reach_error();
    return 0;
}
