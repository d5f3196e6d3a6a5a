// class: loop
// expect: safe
// Multiplication by a loop adding a, b times (-50 <= a <= 50, 0 <= b <= 50).
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int i, r = 0;
    if (a < -50 || a > 50 || b < 0 || b > 50)
        return 0;
    for (i = 0; i < b; i++)
        r += a;
    if (r != a * b)
        reach_error();
    return 0;
}
