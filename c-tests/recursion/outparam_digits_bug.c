// class: recursion
// expect: violation
// inputs: 999
// Digit count through a recursive helper incrementing *cnt: the caller expects 4 digits from 999 on.
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
    if (n >= 999 && c < 4)
        reach_error();
    if (n < 100 && c > 2)
        reach_error();
    return 0;
}
