// expect: safe
// inputs: 5
// inputs: 999
// inputs: -3
// inputs: 1000
// covers: a return predicate over the returned local (the c2bp paper's E_r): `succ_sat`
//   ends `return t;`, so its predicate `t > x` over that local and a formal is returned,
//   and the caller reads it as `r > a` without a predicate over `\result`
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
    if (a < 1000) {
        int r = succ_sat(a);
        if (r <= a)
            reach_error();
    }
    return 0;
}
