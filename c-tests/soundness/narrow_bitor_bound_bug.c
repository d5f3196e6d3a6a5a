// class: narrow
// expect: violation
// inputs: 8 7
// inputs: 15 0
// The twin of narrow_bitor_bound_safe.c: a | b of two 4-bit values reaches 15.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (a < 0 || a > 15 || b < 0 || b > 15)
        return 0;
    int c = a | b;
    int r = a % (b + 1);
    if (c == 15 && r >= 0)
        reach_error();
    return 0;
}
