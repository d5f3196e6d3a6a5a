// expect: unsafe
// inputs: 1000
// inputs: 5
// inputs: 2000
// covers: the returned local's predicate is returned as the value it has at `return`:
//   without the caller's guard, `succ_sat(1000)` returns 1000 and `t > x` is false there,
//   so the caller cannot conclude `r > a`
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int succ_sat(int x)
{
    int t = x;
    if (x < 1000)
        t = x + 1;
    return t;
}
int main(void)
{
    int a = __VERIFIER_nondet_int();
    int r = succ_sat(a);
    if (r <= a)
        reach_error();
    return 0;
}
