// class: loop
// expect: violation
// inputs: 60 0
// inputs: 100 -20
// Transfer from x to y that stops at y == 50: when a + b > 50 and the transfer stops early, y != a + b.
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
    if (y != a + b)
        reach_error();
    return 0;
}
