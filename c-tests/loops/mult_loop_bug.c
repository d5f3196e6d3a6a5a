// class: loop
// expect: violation
// inputs: 3 2
// inputs: -7 1
// Multiplication loop starting at i = 1 adds a only b - 1 times (wrong for a != 0, b >= 1).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int i, r = 0;
    if (a < -50 || a > 50 || b < 0 || b > 50)
        return 0;
    for (i = 1; i < b; i++)
        r += a;
    if (r != a * b)
        reach_error();
    return 0;
}
