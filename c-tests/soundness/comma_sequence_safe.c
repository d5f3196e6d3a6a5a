// class: comma
// expect: safe
// inputs: 4
// The twin of comma_sequence_bug.c: x is 3 * (a + 1), a multiple of 3, never 16.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = 0;
    int x;

    if (a < -100 || a > 100)
        return 0;
    x = (a++, b = a * 2, a + b);
    if (x == 16)
        reach_error();
    return 0;
}
