// class: loop
// expect: safe
// Arithmetic series 1, 4, 7, ...: every term is 1 modulo 3.
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
    if (s % 3 != 1)
        reach_error();
    return 0;
}
