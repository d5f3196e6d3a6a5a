// class: narrow
// expect: violation
// inputs: 19
// Storing c << 4 back into an unsigned char drops the high nibble: for c == 19 (0x13) (t >> 4) is 3.
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    unsigned char t = c << 4;

    if ((t >> 4) != c)
        reach_error();
    return 0;
}
