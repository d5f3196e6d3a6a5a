// class: builtin
// expect: safe
// inputs: 65536 65536
// inputs: 6 7
// The twin of builtin_mul_overflow_bug.c: without an overflow the unsigned product divides back exactly.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();
    unsigned int r;

    if (!__builtin_mul_overflow(a, b, &r) && a != 0 && r / a != b)
        reach_error();
    return 0;
}
