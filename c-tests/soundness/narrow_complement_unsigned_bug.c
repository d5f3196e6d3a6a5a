// class: narrow
// expect: violation
// inputs: 255
// ~(unsigned)b for an unsigned char b is 0xffffff00..0xffffffff; it is <= 0xffffff00 exactly for b == 255.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char b = __VERIFIER_nondet_uchar();
    unsigned int w = ~(unsigned)b;

    if (w <= 0xffffff00u)
        reach_error();
    return 0;
}
