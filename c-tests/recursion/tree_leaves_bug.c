// class: recursion
// expect: violation
// inputs: 12
// Two recursive calls per level: the bound 4095 is exceeded by the 4096 leaves of depth 12.
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
    if (leaves(d) > 4095)
        reach_error();
    return 0;
}
