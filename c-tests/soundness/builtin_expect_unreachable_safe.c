// class: builtin
// expect: safe
// inputs: 1
// The twin of builtin_expect_unreachable_bug.c: r == 6 only comes from x == 1; the __builtin_unreachable default is never reached.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int r;

    if (x < 0 || x > 3)
        return 0;
    switch (x) {
    case 0: r = 5; break;
    case 1: r = 6; break;
    case 2:
    case 3: r = 7; break;
    default: __builtin_unreachable();
    }
    if (__builtin_expect(r == 6, 0) && x != 1)
        reach_error();
    return 0;
}
