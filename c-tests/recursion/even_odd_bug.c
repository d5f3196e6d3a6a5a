// class: recursion
// expect: violation
// inputs: 7
// inputs: 1
// is_odd returns 1 for n <= 1, so is_odd(0) = 1 and is_even of every odd n is 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int is_odd(int n);

static int is_even(int n)
{
    if (n == 0)
        return 1;
    return is_odd(n - 1);
}

static int is_odd(int n)
{
    if (n <= 1)
        return 1;
    return is_even(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 1000)
        return 0;
    if (is_even(n) != (n % 2 == 0))
        reach_error();
    return 0;
}
