// class: vla
// expect: violation
// inputs: 5
// A fresh VLA of size i in each iteration; the sum of the last elements is n(n-1)/2, which is 10 for n == 5.
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
    if (s == 10)
        reach_error();
    return 0;
}
