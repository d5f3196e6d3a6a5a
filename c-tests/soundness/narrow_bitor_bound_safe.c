// class: narrow
// expect: safe
// answer: unknown
// inputs: 8 7
// Two 4-bit values combined with | and %: the result of | stays below 16, the remainder below the divisor; the twin narrow_bitor_bound_bug.c asks for | reaching 15.
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
    if (c > 15 || r > b || r < 0)
        reach_error();
    return 0;
}
