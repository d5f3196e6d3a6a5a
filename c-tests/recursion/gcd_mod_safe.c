// class: recursion
// expect: safe
// answer: unknown
// Euclid with modulo: for b > 0 the gcd is at most b and divides b.
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
    if (g > b || b % g != 0)
        reach_error();
    return 0;
}
