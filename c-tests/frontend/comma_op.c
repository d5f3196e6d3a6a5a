// covers: comma operator in expressions, for headers, conditions, with side effects and as a value
// inputs: 3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int log_val(int v) {
    printf("log %d\n", v);
    return v;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int a, b;
    a = (b = n, b * 2);
    printf("a=%d b=%d\n", a, b);
    int c = (log_val(1), log_val(2), log_val(n));
    printf("c=%d\n", c);
    int i, j;
    for (i = 0, j = 10; i < j; i++, j--)
        ;
    printf("i=%d j=%d\n", i, j);
    int k = 0;
    while (k++, k < n)
        printf("k=%d\n", k);
    if ((a = 0, n > 2))
        printf("comma cond true a=%d\n", a);
    int x = (n, 5);
    printf("x=%d\n", x);
    return (a, b, c);
}
