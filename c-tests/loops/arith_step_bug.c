// class: loop
// expect: violation
// inputs: 1
// inputs: 3
// Arithmetic series 1, 4, 7, ...: the check expects 1 modulo 6, false after an odd number of steps.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, s = 1;
    if (n < 0 || n > 2000)
        return 0;
    for (i = 0; i < n; i++)
        s += 3;
    if (s % 6 != 1)
        reach_error();
    return 0;
}
