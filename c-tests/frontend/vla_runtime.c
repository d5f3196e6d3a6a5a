// covers: variable length arrays (outermost dimension): sizeof at run time, a VLA per loop iteration, passing one to a function
// inputs: 5
// inputs: 1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int sum(int n, int *a) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 9)
        return 0;
    for (int k = 1; k <= 3; k++) {
        long v[n * k];
        for (int i = 0; i < n * k; i++)
            v[i] = i * k;
        printf("%lu %ld\n", (unsigned long)sizeof v, v[n * k - 1]);
    }
    int a[n][4];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < 4; j++)
            a[i][j] = i + j;
    printf("%lu %d %d\n", (unsigned long)sizeof a, sum(4, a[n - 1]), a[n - 1][3]);
    return 0;
}
