// class: builtin
// expect: violation
// inputs: 305419896
// __builtin_bswap32 reverses the bytes: it gives 0x78563412 for x == 0x12345678 (305419896).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (__builtin_bswap32(x) == 0x78563412u)
        reach_error();
    return 0;
}
