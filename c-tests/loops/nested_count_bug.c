// class: loop
// expect: violation
// inputs: 2 3
// inputs: 1 0
// Nested counting loops whose inner bound is j <= b count a * (b + 1).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int i, j, c = 0;
    if (a < 0 || a > 30 || b < 0 || b > 30)
        return 0;
    for (i = 0; i < a; i++)
        for (j = 0; j <= b; j++)
            c++;
    if (c != a * b)
        reach_error();
    return 0;
}
