// class: loop
// expect: safe
// Proved by refinement alone (--no-explore): a scan from 0 that stops at a target t below its bound n ends at t. Weakest preconditions of the exit test name one count per unrolling (`j >= n - 1`, `j >= n - 2`, ...); the interpolant at the loop head generalizes the unrolling to `j <= t` and `t < n`.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int t = __VERIFIER_nondet_int();
    int j = 0;
    if (n < 1 || n > 50 || t < 0 || t >= n)
        return 0;
    while (j < n) {
        if (j == t)
            break;
        j = j + 1;
    }
    if (j != t)
        reach_error();
    return 0;
}
