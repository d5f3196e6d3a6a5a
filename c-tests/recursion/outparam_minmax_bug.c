// class: recursion
// expect: violation
// inputs: 0 7 0 0 0
// inputs: 3 -9 1 2 3
// Recursive min/max through pointer out-parameters whose base case is n == 2: a[1] is never looked at.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static void minmax(const int *a, int n, int *lo, int *hi)
{
    if (n == 2) {
        *lo = a[0];
        *hi = a[0];
        return;
    }
    minmax(a, n - 1, lo, hi);
    if (a[n - 1] < *lo)
        *lo = a[n - 1];
    if (a[n - 1] > *hi)
        *hi = a[n - 1];
}

int main(void)
{
    int a[5], lo, hi, i;
    for (i = 0; i < 5; i++) {
        a[i] = __VERIFIER_nondet_int();
        if (a[i] < -50 || a[i] > 50)
            return 0;
    }
    minmax(a, 5, &lo, &hi);
    for (i = 0; i < 5; i++)
        if (a[i] < lo || a[i] > hi)
            reach_error();
    return 0;
}
