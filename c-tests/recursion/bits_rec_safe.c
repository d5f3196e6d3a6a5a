// class: recursion
// expect: safe
// answer: unknown
// Recursive bit count of n <= 1023 agrees with a loop that counts odd quotients.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int bits(int n)
{
    if (n == 0)
        return 0;
    return (n & 1) + bits(n >> 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int c = 0, m;
    if (n < 0 || n > 1023)
        return 0;
    for (m = n; m > 0; m /= 2)
        if (m % 2 == 1)
            c++;
    if (bits(n) != c)
        reach_error();
    return 0;
}
