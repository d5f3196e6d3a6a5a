// class: recursion
// expect: safe
// depth(n) recurses on n - 2 and returns the number of levels, (n + 1) / 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int depth(int n)
{
    if (n <= 0)
        return 0;
    return 1 + depth(n - 2);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 300)
        return 0;
    if (depth(n) != (n + 1) / 2)
        reach_error();
    return 0;
}
