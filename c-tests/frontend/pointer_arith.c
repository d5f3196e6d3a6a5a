// covers: pointer arithmetic over arrays (+, -, +=, ++), pointer difference, pointer comparison (<, <=, ==, !=), one-past-the-end, char pointers, pointers into struct arrays
// inputs: 2
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct rec {
    int key;
    char pad[3];
    long val;
};

static int sum_range(const int *begin, const int *end) {
    int s = 0;
    while (begin < end)
        s += *begin++;
    return s;
}

static const int *find(const int *a, int n, int key) {
    for (const int *p = a; p != a + n; ++p)
        if (*p == key)
            return p;
    return 0;
}

int main(void) {
    int k = __VERIFIER_nondet_int();
    int a[8] = {4, 8, 15, 16, 23, 42, 7, 1};
    int *end = a + 8;
    printf("sum=%d part=%d\n", sum_range(a, end), sum_range(a + k, a + k + 3));
    const int *f = find(a, 8, 23);
    printf("found at %ld\n", f ? (long)(f - a) : -1L);
    printf("missing=%d\n", find(a, 8, 99) == 0);
    int *p = &a[5];
    int *q = p - k;
    printf("*q=%d p-q=%ld q-p=%ld\n", *q, (long)(p - q), (long)(q - p));
    printf("q<p:%d q<=p:%d q>p:%d q>=q:%d\n", q < p, q <= p, q > p, q >= q);
    q += 2;
    q -= 1;
    printf("*q=%d\n", *q);
    p = end;
    int count = 0;
    while (p > a) {
        --p;
        count += *p & 1;
    }
    printf("odd count=%d\n", count);
    char s[] = "pointer";
    char *c = s;
    while (*c)
        c++;
    printf("len=%ld last=%c\n", (long)(c - s), *(c - 1));
    struct rec recs[3] = {{1, "ab", 10}, {2, "cd", 20}, {3, "ef", 30}};
    struct rec *r = recs;
    r += k % 3;
    printf("rec key=%d val=%ld diff=%ld\n", r->key, r->val, (long)(r - recs));
    long *pv = &recs[0].val;
    printf("*pv=%ld\n", *pv);
    int (*pa)[8] = &a;
    printf("(*pa)[7]=%d\n", (*pa)[7]);
    unsigned idx = (unsigned)k;
    printf("a[idx+1]=%d *(a+idx)=%d\n", a[idx + 1], *(a + idx));
    return (int)(end - a);
}
