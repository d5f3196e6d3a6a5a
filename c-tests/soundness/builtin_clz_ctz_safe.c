// class: builtin
// expect: safe
// inputs: 16
// inputs: 12
// The twin of builtin_clz_ctz_bug.c: clz(x) + ctz(x) never exceeds 31 for a nonzero 32-bit x.
extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (x != 0 && __builtin_clz(x) + __builtin_ctz(x) > 31)
        reach_error();
    return 0;
}
