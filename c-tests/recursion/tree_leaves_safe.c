// class: recursion
// expect: safe
// Two recursive calls per level: a tree of depth d <= 12 has 2^d <= 4096 leaves.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int leaves(int d)
{
    if (d == 0)
        return 1;
    return leaves(d - 1) + leaves(d - 1);
}

int main(void)
{
    int d = __VERIFIER_nondet_int();
    if (d < 0 || d > 12)
        return 0;
    if (leaves(d) > 4096)
        reach_error();
    return 0;
}
