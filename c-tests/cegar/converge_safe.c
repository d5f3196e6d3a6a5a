// class: loop
// expect: safe
// inputs: 0
// inputs: 9
// inputs: 10
// Proved by refinement alone (--no-explore): `lo` climbs and `hi` falls until they meet, so `lo` is `hi` or one past it at the exit; the exit steps are ruled out by cubes of predicates already present that c2bp's search did not reach, learnt as seeds.
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
        hi = hi - 1;
    }
    if (lo != hi && lo != hi + 1)
        reach_error();
    return 0;
}
