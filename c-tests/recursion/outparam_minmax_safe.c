// class: recursion
// expect: safe
// Recursive min/max of a 5-element array through pointer out-parameters bounds every element.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static void minmax(const int *a, int n, int *lo, int *hi)
{
    if (n == 1) {
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
