// class: recursion
// expect: safe
// McCarthy 91 on -100..300: 91 up to 101, n - 10 above.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int mc(int n)
{
    if (n > 100)
        return n - 10;
    return mc(mc(n + 11));
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < -100 || n > 300)
        return 0;
    int r = mc(n);
    if (n <= 101 && r != 91)
        reach_error();
    if (n > 101 && r != n - 10)
        reach_error();
    return 0;
}
