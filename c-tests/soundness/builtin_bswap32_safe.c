// class: builtin
// expect: safe
// answer: unknown
// inputs: 305419896
// The twin of builtin_bswap32_bug.c: swapping twice gives x back, and bswap64 of x << 32 is bswap32(x).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (__builtin_bswap32(__builtin_bswap32(x)) != x)
        reach_error();
    if (__builtin_bswap64((unsigned long long)x << 32) != __builtin_bswap32(x))
        reach_error();
    return 0;
}
