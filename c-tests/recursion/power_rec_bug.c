// class: recursion
// expect: violation
// inputs: 3 1
// inputs: 6 1
// Recursive power: the multiple-of-9 claim starts at e >= 1, but 3^1 = 3.
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
    if (e >= 1 && b % 3 == 0 && p % 9 != 0)
        reach_error();
    return 0;
}
