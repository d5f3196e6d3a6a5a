// class: recursion
// expect: safe
// Recursive power b^e (b <= 6, e <= 9): 2^e matches a shift, and b^e is a multiple of 9 when 3 divides b and e >= 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int power(int b, int e)
{
    if (e == 0)
        return 1;
    return b * power(b, e - 1);
}

int main(void)
{
    int b = __VERIFIER_nondet_int();
    int e = __VERIFIER_nondet_int();
    if (b < 0 || b > 6 || e < 0 || e > 9)
        return 0;
    int p = power(b, e);
    if (b == 2 && p != (1 << e))
        reach_error();
    if (e >= 2 && b % 3 == 0 && p % 9 != 0)
        reach_error();
    return 0;
}
