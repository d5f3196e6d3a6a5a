// class: recursion
// expect: safe
// Grid paths by two recursive calls (binomial C(r + c, r), r, c <= 6): 20 paths only for r == c == 3.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int paths(int r, int c)
{
    if (r == 0 || c == 0)
        return 1;
    return paths(r - 1, c) + paths(r, c - 1);
}

int main(void)
{
    int r = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    if (r < 0 || r > 6 || c < 0 || c > 6)
        return 0;
    if (paths(r, c) == 20 && r != c)
        reach_error();
    return 0;
}
