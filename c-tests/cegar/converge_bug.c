// class: loop
// expect: violation
// inputs: 4
// inputs: 7
// The same walk with `hi` falling by two: for `w` = 4 or 7 the two pass each other by two.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int w = __VERIFIER_nondet_int();
    int lo = 0, hi;
    if (w < 0 || w > 800)
        return 0;
    hi = w;
    while (lo < hi) {
        lo = lo + 1;
        hi = hi - 2;
    }
    if (lo != hi && lo != hi + 1)
        reach_error();
    return 0;
}
