// class: recursion
// expect: safe
// answer: unknown
// Collatz steps by recursion for 1 <= n <= 100 never exceed 118 (the maximum, at n == 97).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int steps(int n)
{
    if (n == 1)
        return 0;
    if (n % 2 == 0)
        return 1 + steps(n / 2);
    return 1 + steps(3 * n + 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 100)
        return 0;
    if (steps(n) > 118)
        reach_error();
    return 0;
}
