// class: loop
// expect: violation
// inputs: 4
// inputs: 1
// The up phase runs for x <= n, one step too long: y ends at 2 for n >= 1.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    if (n < 0 || n > 100)
        return 0;
    for (x = 0; x < 2 * n; x++) {
        if (x <= n)
            y++;
        else
            y--;
    }
    if (y != 0)
        reach_error();
    return 0;
}
