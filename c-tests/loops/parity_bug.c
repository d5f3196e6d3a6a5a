// class: loop
// expect: violation
// inputs: 1
// inputs: 401
// Toggling x n times: n % 4 == 1 is odd, so x is 1 there.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, x = 0;
    if (n < 0 || n > 1000)
        return 0;
    for (i = 0; i < n; i++)
        x = 1 - x;
    if (n % 4 == 1 && x != 0)
        reach_error();
    if (x < 0 || x > 1)
        reach_error();
    return 0;
}
