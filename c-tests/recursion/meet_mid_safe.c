// class: recursion
// expect: safe
// lo and hi step towards each other; the meeting point is the midpoint, rounded up.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int meet(int lo, int hi)
{
    if (lo >= hi)
        return lo;
    return meet(lo + 1, hi - 1);
}

int main(void)
{
    int lo = __VERIFIER_nondet_int();
    int hi = __VERIFIER_nondet_int();
    if (lo < 0 || hi > 100 || lo > hi)
        return 0;
    int m = meet(lo, hi);
    if (2 * m != lo + hi && 2 * m != lo + hi + 1)
        reach_error();
    return 0;
}
