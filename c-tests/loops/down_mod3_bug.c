// class: loop
// expect: violation
// inputs: 3
// inputs: 999
// Counting down by 3 while i > 3 stops at 3 for multiples of 3 (n >= 3), not at n % 3 == 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;
    if (n < 0 || n > 1000)
        return 0;
    i = n;
    while (i > 3)
        i -= 3;
    if (i != n % 3)
        reach_error();
    return 0;
}
