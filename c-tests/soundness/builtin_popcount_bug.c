// class: builtin
// expect: violation
// inputs: 11
// __builtin_popcount(11) == 3: below 16 there are other three-bit values than 7.
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "builtin_popcount_bug.c", 6, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();

    if (__builtin_popcount(x) == 3 && x < 16 && x != 7)
        reach_error();
    return 0;
}
