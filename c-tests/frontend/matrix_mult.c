// covers: matrix multiplication with 2-D arrays in structs, passing structs by pointer, identity and power by repeated squaring, long accumulators
// inputs: 1
// inputs: 10
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct mat {
    long m[2][2];
};

static struct mat mul(const struct mat *a, const struct mat *b) {
    struct mat r;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            r.m[i][j] = 0;
            for (int k = 0; k < 2; k++)
                r.m[i][j] += a->m[i][k] * b->m[k][j];
        }
    return r;
}

static struct mat mpow(struct mat base, int e) {
    struct mat r = {{{1, 0}, {0, 1}}};
    while (e > 0) {
        if (e & 1)
            r = mul(&r, &base);
        base = mul(&base, &base);
        e >>= 1;
    }
    return r;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    struct mat fibm = {{{1, 1}, {1, 0}}};
    for (int e = n; e < n + 5; e++) {
        struct mat p = mpow(fibm, e);
        printf("fib(%d)=%ld\n", e, p.m[0][1]);
    }
    int a[3][3], b[3][3], c[3][3];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            a[i][j] = i + j + n;
            b[i][j] = i == j ? 2 : (i - j);
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            c[i][j] = 0;
            for (int k = 0; k < 3; k++)
                c[i][j] += a[i][k] * b[k][j];
        }
    for (int i = 0; i < 3; i++)
        printf("%d %d %d\n", c[i][0], c[i][1], c[i][2]);
    return c[2][2] & 0x3f;
}
