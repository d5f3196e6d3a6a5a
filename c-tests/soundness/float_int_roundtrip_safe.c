// class: float
// expect: safe
// answer: unknown
// inputs: 16777217
// inputs: -99999999
// The twin of float_int_roundtrip_bug.c with double: its 53-bit significand holds every int, so the round trip is exact.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int k = __VERIFIER_nondet_int();
    double d;

    if (k < -100000000 || k > 100000000)
        return 0;
    d = (double)k;
    if ((int)d != k)
        reach_error();
    return 0;
}
