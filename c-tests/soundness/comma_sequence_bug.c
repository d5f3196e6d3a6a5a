// class: comma
// expect: violation
// inputs: 4
// The comma operator sequences left to right and yields its right operand: x = (a++, b = a * 2, a + b) is 5 + 10 = 15 for a == 4.
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
    if (x == 15)
        reach_error();
    return 0;
}
