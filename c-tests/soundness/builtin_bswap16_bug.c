// class: builtin
// expect: violation
// inputs: 257
// __builtin_bswap16 leaves s unchanged when both bytes are equal: 0x0101 (257) is neither 0 nor 0xffff.
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void)
{
    unsigned short s = __VERIFIER_nondet_ushort();

    if (__builtin_bswap16(s) == s && s != 0 && s != 0xffff)
        reach_error();
    return 0;
}
