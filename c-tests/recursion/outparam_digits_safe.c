// class: recursion
// expect: safe
// Digit count through a recursive helper incrementing *cnt: numbers from 1000 have at least 4 digits, below 100 at most 2.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static void digits(int n, int *cnt)
{
    (*cnt)++;
    if (n >= 10)
        digits(n / 10, cnt);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int c = 0;
    if (n < 0 || n > 99999)
        return 0;
    digits(n, &c);
    if (n >= 1000 && c < 4)
        reach_error();
    if (n < 100 && c > 2)
        reach_error();
    return 0;
}
