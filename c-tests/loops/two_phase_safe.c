// class: loop
// expect: safe
// y counts up for x < n and down for n <= x < 2n: it ends at 0.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    if (n < 0 || n > 100)
        return 0;
    for (x = 0; x < 2 * n; x++) {
        if (x < n)
            y++;
        else
            y--;
    }
    if (y != 0)
        reach_error();
    return 0;
}
