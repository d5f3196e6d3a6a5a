// class: builtin
// expect: violation
// inputs: 16
// For a nonzero unsigned x, clz(x) + ctz(x) is 31 exactly for powers of two (16: 27 + 4).
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (x != 0 && __builtin_clz(x) + __builtin_ctz(x) >= 31)
        reach_error();
    return 0;
}
