// class: vla
// expect: safe
// inputs: 5
// The twin of vla_loop_bug.c: the sum is a triangular number (0, 1, 3, 6, 10, 15, ...), never 11.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int s = 0;
    int i, j;

    if (n < 0 || n > 10)
        return 0;
    for (i = 1; i <= n; i++) {
        int a[i];
        for (j = 0; j < i; j++)
            a[j] = j;
        s += a[i - 1];
    }
    if (s == 11)
        reach_error();
    return 0;
}
