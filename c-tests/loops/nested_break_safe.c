// class: loop
// expect: safe
// The inner loop breaks once j > i, so row i counts i + 1 steps: n(n + 1)/2 in all.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, c = 0;
    if (n < 0 || n > 40)
        return 0;
    for (i = 0; i < n; i++) {
        for (j = 0; j < n; j++) {
            if (j > i)
                break;
            c++;
        }
    }
    if (2 * c != n * (n + 1))
        reach_error();
    return 0;
}
