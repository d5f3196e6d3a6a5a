// class: builtin
// expect: safe
// inputs: 257
// inputs: 258
// The twin of builtin_bswap16_bug.c: a 16-bit value equal to its byte swap has two equal bytes.
extern void reach_error(void);
extern unsigned short __VERIFIER_nondet_ushort(void);

int main(void)
{
    unsigned short s = __VERIFIER_nondet_ushort();

    if (__builtin_bswap16(s) == s && (s >> 8) != (s & 0xff))
        reach_error();
    return 0;
}
