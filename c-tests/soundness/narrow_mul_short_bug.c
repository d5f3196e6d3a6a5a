// class: narrow
// expect: violation
// inputs: 300 300
// The int product of two shorts stored into a short wraps (gcc: modulo 2^16): 300 * 300 = 90000 becomes 24464, below 40000.
extern void reach_error(void);
extern short __VERIFIER_nondet_short(void);

int main(void)
{
    short a = __VERIFIER_nondet_short();
    short b = __VERIFIER_nondet_short();
    short p;

    if (a < 0 || b < 0)
        return 0;
    p = a * b;
    if (a > 200 && b > 200 && p < 40000)
        reach_error();
    return 0;
}
