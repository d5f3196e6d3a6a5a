// class: builtin
// expect: safe
// inputs: 2147483647 1
// inputs: 5 7
// The twin of builtin_add_overflow_bug.c: when __builtin_add_overflow reports no overflow, the sum of two positive ints is positive.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int r;

    if (!__builtin_add_overflow(a, b, &r) && a > 0 && b > 0 && r < 0)
        reach_error();
    return 0;
}
