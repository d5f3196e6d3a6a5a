// class: narrow
// expect: safe
// inputs: 255
// The twin of narrow_complement_unsigned_bug.c: ~(unsigned)b is never below 0xffffff00 (a checker that complements in 8 bits finds a false bug).
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char b = __VERIFIER_nondet_uchar();
    unsigned int w = ~(unsigned)b;

    if (w < 0xffffff00u)
        reach_error();
    return 0;
}
