// class: recursion
// expect: violation
// inputs: 8 4
// inputs: 0 9
// Euclid with modulo: claims the gcd is strictly below b; it equals b when b divides a.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int gcd(int a, int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || a > 100 || b < 1 || b > 100)
        return 0;
    int g = gcd(a, b);
    if (g >= b || b % g != 0)
        reach_error();
    return 0;
}
