// class: builtin
// expect: violation
// inputs: 65536 65536
// __builtin_mul_overflow on unsigned int: 65536 * 65536 overflows and stores 0, so r / a is not b.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();
    unsigned int r;

    if (__builtin_mul_overflow(a, b, &r) && a != 0 && r / a != b)
        reach_error();
    return 0;
}
