// class: loop
// expect: safe
// Moving x into y one by one keeps x + y == n, so y == n when x reaches 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    if (n < 0 || n > 1000)
        return 0;
    x = n;
    while (x > 0) {
        x--;
        y++;
    }
    if (y != n)
        reach_error();
    return 0;
}
