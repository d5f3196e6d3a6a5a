// covers: function pointers in structs, as parameters, returned from functions, callbacks with context pointers, pointer to function returning function pointer
// inputs: 1
// inputs: 2
// inputs: 7
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct ops {
    const char *name;
    int (*apply)(int);
    void (*report)(const struct ops *, int);
};

static int inc(int x) { return x + 1; }
static int dbl(int x) { return 2 * x; }
static int neg(int x) { return -x; }

static void report(const struct ops *o, int v) {
    printf("%s -> %d\n", o->name, v);
}

static int apply_n(int (*f)(int), int x, int n) {
    while (n-- > 0)
        x = f(x);
    return x;
}

static int (*choose(int which))(int) {
    switch (which) {
    case 0: return inc;
    case 1: return dbl;
    default: return neg;
    }
}

typedef int (*unary)(int);
static unary compose_first;

static int composed(int x) { return compose_first(compose_first(x)); }

static void each(const int *a, int n, void (*cb)(void *, int), void *ctx) {
    for (int i = 0; i < n; i++)
        cb(ctx, a[i]);
}

static void summer(void *ctx, int v) {
    int *total = ctx;
    *total += v;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    struct ops table[3] = {{"inc", inc, report}, {"dbl", dbl, report}, {"neg", neg, report}};
    for (int i = 0; i < 3; i++)
        table[i].report(&table[i], table[i].apply(n));
    struct ops *po = &table[n % 3];
    po->report(po, (*po->apply)(10));
    printf("apply_n=%d\n", apply_n(dbl, n, 4));
    printf("choose=%d %d %d\n", choose(0)(n), choose(1)(n), choose(n)(n));
    compose_first = choose(n % 2);
    printf("composed=%d\n", composed(n));
    int arr[4] = {1, 2, 3, n};
    int total = 0;
    each(arr, 4, summer, &total);
    printf("total=%d\n", total);
    table[0].apply = choose(2);
    printf("patched=%d\n", table[0].apply(5));
    return total;
}
