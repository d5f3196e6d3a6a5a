// class: builtin
// expect: safe
// answer: unknown
// inputs: 7
// inputs: 11
// The twin of builtin_popcount_bug.c: the only value below 8 with three bits set is 7.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "builtin_popcount_safe.c", 7, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (__builtin_popcount(x) == 3 && x < 8 && x != 7)
        reach_error();
    return 0;
}
