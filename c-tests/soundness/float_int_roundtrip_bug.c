// class: float
// expect: violation
// answer: unknown
// inputs: 16777217
// A float has a 24-bit significand: 16777217 (2^24 + 1) converted to float and back is 16777216.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();
    float f;

    if (k < -100000000 || k > 100000000)
        return 0;
    f = (float)k;
    if ((int)f != k)
        reach_error();
    return 0;
}
