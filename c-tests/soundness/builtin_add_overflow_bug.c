// class: builtin
// expect: violation
// inputs: 2147483647 1
// __builtin_add_overflow reports the overflow and stores the wrapped sum: INT_MAX + 1 gives true and INT_MIN through the pointer.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int r;

    if (__builtin_add_overflow(a, b, &r) && a > 0 && r < 0)
        reach_error();
    return 0;
}
