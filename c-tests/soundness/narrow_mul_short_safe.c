// class: narrow
// expect: safe
// inputs: 300 300
// The twin of narrow_mul_short_bug.c keeping the product in an int: two shorts above 200 multiply to more than 40000, without overflow.
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void)
{
    short a = __VERIFIER_nondet_short();
    short b = __VERIFIER_nondet_short();
    int p;

    if (a < 0 || b < 0)
        return 0;
    p = a * b;
    if (a > 200 && b > 200 && p < 40000)
        reach_error();
    return 0;
}
