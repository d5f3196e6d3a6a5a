// class: narrow
// expect: violation
// inputs: 255
// ~b promotes the unsigned char to int; converted back to unsigned char it is 0 for b == 255.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char b = __VERIFIER_nondet_uchar();

    if ((unsigned char)~b == 0)
        reach_error();
    return 0;
}
