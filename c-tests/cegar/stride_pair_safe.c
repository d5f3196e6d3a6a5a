// class: loop
// expect: safe
// inputs: 0
// inputs: 7
// inputs: 500
// Proved by refinement alone (--no-explore): `k` steps by 1 and `s` by 3 until `k == m`, so `s == 3 * m` at the exit; the state `{3 * k == s}, {k >= m}, {k <= m}, !{s == 3 * m}` is ruled out by a learnt constraint (a four-literal cube the bounded search of `enforce` misses).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void)
{
    int m = __VERIFIER_nondet_int();
    int k = 0, s = 0;
    if (m < 0 || m > 600)
        return 0;
    while (k < m) {
        k = k + 1;
        s = s + 3;
    }
    if (s != 3 * m)
        reach_error();
    return 0;
}
