// class: recursion
// expect: violation
// inputs: 4 10
// inputs: 1 -3
// add(n, m) stops at n <= 1, so for every n >= 1 it returns n + m - 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int add(int n, int m)
{
    if (n <= 1)
        return m;
    return 1 + add(n - 1, m);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    if (n < 0 || n > 200 || m < -500 || m > 500)
        return 0;
    if (add(n, m) != n + m)
        reach_error();
    return 0;
}
