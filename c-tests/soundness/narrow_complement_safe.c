// class: narrow
// expect: safe
// inputs: 255
// The twin of narrow_complement_bug.c without the cast back: ~b is the int -1 - b (-256..-1), never 0, whatever the unsigned char b is.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char b = __VERIFIER_nondet_uchar();

    if (~b == 0)
        reach_error();
    return 0;
}
