// class: recursion
// expect: safe
// inputs: 0
// inputs: 1
// inputs: 7
// Proved by refinement alone (--no-explore): each recursive call swaps `a` and `b` and counts `d` down, so after four calls `a` is back to 1. The proof carries `a == 1` and `d == 0` out of one activation into the one that called it, where the actuals read the same variables (`a == 1` at the callee's start is `b == 1` in the caller, `d == 0` is `d == 1`), all substituted at once.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
static void walk(int a, int b, int d)
{
    if (d == 0) {
        if (a != 1)
            reach_error();
        return;
    }
    walk(b, a, d - 1);
}
int main(void)
{
    int x = __VERIFIER_nondet_int();
    walk(1, x == 7 ? 2 : 3, 4);
    return 0;
}
