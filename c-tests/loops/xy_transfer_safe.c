// class: loop
// expect: safe
// Transfer from x to y that may stop at y == 50: x + y == a + b holds, and y == a + b once x is 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int x, y;
    if (a < 0 || a > 100 || b < -100 || b > 100)
        return 0;
    x = a;
    y = b;
    while (x > 0 && y < 50) {
        x--;
        y++;
    }
    if (x + y != a + b)
        reach_error();
    if (x == 0 && y != a + b)
        reach_error();
    return 0;
}
