// class: builtin
// expect: violation
// inputs: 3 5
// __builtin_sub_overflow with int operands and an unsigned char result: 3 - 5 = -2 does not fit, overflow is reported and 254 stored.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    unsigned char r;

    if (a < 0 || a > 255 || b < 0 || b > 255)
        return 0;
    if (__builtin_sub_overflow(a, b, &r) && r == 254)
        reach_error();
    return 0;
}
