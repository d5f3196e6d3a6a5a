// class: recursion
// expect: violation
// inputs: 6 4
// inputs: 18 28
// gcd by repeated subtraction: claims a multiple of 6 and a multiple of 4 have a gcd divisible by 4; gcd(6, 4) = 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int gcd(int a, int b)
{
    if (a == b)
        return a;
    if (a > b)
        return gcd(a - b, b);
    return gcd(a, b - a);
}

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 1 || a > 60 || b < 1 || b > 60)
        return 0;
    int g = gcd(a, b);
    if (a % g != 0 || b % g != 0)
        reach_error();
    if (a % 6 == 0 && b % 4 == 0 && g % 4 != 0)
        reach_error();
    return 0;
}
