// class: recursion
// expect: violation
// inputs: 3 4
// inputs: 4 3
// Grid paths by two recursive calls: 35 paths is claimed to need r == c, but C(7, 3) = 35 for a 3 x 4 grid.
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
    if (paths(r, c) == 35 && r != c)
        reach_error();
    return 0;
}
