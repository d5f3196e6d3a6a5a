// covers: static locals (initialized and zero), static locals with the same name in different functions, static locals keeping state across calls and recursion, static globals
// inputs: 3
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int calls_total;

static int counter(void) {
    static int count;
    calls_total++;
    return ++count;
}

static int other(void) {
    static int count = 1000;
    count += 10;
    return count;
}

static int depth(int n) {
    static int max_seen = -1;
    if (n > max_seen)
        max_seen = n;
    if (n > 0)
        depth(n - 1);
    return max_seen;
}

static const char *next_name(void) {
    static const char *names[] = {"alpha", "beta", "gamma"};
    static int idx;
    const char *r = names[idx];
    idx = (idx + 1) % 3;
    return r;
}

static int *cell(void) {
    static int box = 5;
    return &box;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    for (int i = 0; i < n; i++)
        printf("counter=%d other=%d\n", counter(), other());
    int d1 = depth(n);
    int d2 = depth(1);
    printf("depth=%d depth=%d\n", d1, d2);
    for (int i = 0; i < 4; i++)
        printf("%s ", next_name());
    printf("\n");
    *cell() += n;
    *cell() *= 2;
    printf("cell=%d calls=%d\n", *cell(), calls_total);
    return *cell();
}
