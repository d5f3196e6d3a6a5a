// class: loop
// expect: safe
// Nested counting loops over a x b (each <= 30) count exactly a * b.
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
        for (j = 0; j < b; j++)
            c++;
    if (c != a * b)
        reach_error();
    return 0;
}
