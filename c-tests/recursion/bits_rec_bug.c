// class: recursion
// expect: violation
// inputs: 1
// inputs: 5
// Recursive bit count with base case n <= 1 returning 0 loses the highest set bit of every n >= 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int bits(int n)
{
    if (n <= 1)
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
