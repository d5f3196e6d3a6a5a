// class: narrow
// expect: safe
// inputs: 19
// The twin of narrow_shift_uchar_bug.c: (c << 4) >> 4 is computed in int, so no bit of the unsigned char is lost.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    int t = c << 4;

    if ((t >> 4) != c)
        reach_error();
    return 0;
}
