// class: loop
// expect: safe
// Toggling x n times leaves x == 0 for even n.
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
    if (n % 2 == 0 && x != 0)
        reach_error();
    if (x < 0 || x > 1)
        reach_error();
    return 0;
}
