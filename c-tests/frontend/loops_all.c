// covers: while, do-while, for (with and without declarations, empty parts), nested loops, break, continue
// inputs: 5
// inputs: 0
// inputs: 12
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 50)
        return 2;
    int i = 0, sum = 0;
    while (i < n) {
        i++;
        if (i % 3 == 0)
            continue;
        sum += i;
    }
    printf("while sum=%d i=%d\n", sum, i);
    int k = 0;
    do {
        k += 2;
        if (k > 2 * n)
            break;
    } while (k < 9);
    printf("do k=%d\n", k);
    int m = 0;
    do
        m++;
    while (0);
    printf("do-once m=%d\n", m);
    int prod = 1;
    for (int j = 1; j <= n && prod < 1000; j++)
        prod *= 2;
    printf("for prod=%d\n", prod);
    int j;
    for (j = 0;; j++) {
        if (j * j > n)
            break;
    }
    printf("for-forever j=%d\n", j);
    for (;;) {
        j--;
        if (j < 0)
            break;
    }
    int count = 0;
    for (int a = 0; a < 4; a++) {
        for (int b = 0; b < 4; b++) {
            if (b == a)
                continue;
            if (b > n)
                break;
            count++;
        }
    }
    printf("nested count=%d j=%d\n", count, j);
    int w = n;
    while (w--)
        ;
    printf("w=%d\n", w);
    int steps = 0;
    for (int x = n; x > 1; steps++)
        x = x % 2 ? 3 * x + 1 : x / 2;
    printf("collatz steps=%d\n", steps);
    return steps;
}
