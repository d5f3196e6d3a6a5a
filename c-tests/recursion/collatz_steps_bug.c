// class: recursion
// expect: violation
// answer: unknown
// inputs: 73
// inputs: 97
// Collatz steps by recursion: n == 73 needs 115 and n == 97 needs 118 steps, above the claimed 112.
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
    if (steps(n) > 112)
        reach_error();
    return 0;
}
