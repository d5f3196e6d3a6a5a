// class: loop
// expect: violation
// inputs: 5
// inputs: 1
// Moving x into y stops at x == 1: y == n - 1 for every n >= 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    if (n < 0 || n > 1000)
        return 0;
    x = n;
    while (x > 1) {
        x--;
        y++;
    }
    if (y != n)
        reach_error();
    return 0;
}
