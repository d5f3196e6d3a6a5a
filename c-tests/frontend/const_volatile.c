// covers: const and volatile qualifiers on locals, globals, parameters, pointers (pointer to const, const pointer), const struct fields, volatile loop counters
// inputs: 9
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static const int limit = 5;
volatile int ticks;
static const struct {
    int a;
    const char *s;
} cfg = {3, "cfg"};

static int sum(const int *const a, const int n) {
    int s = 0;
    for (int i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void) {
    const int n = __VERIFIER_nondet_int();
    volatile int counter = 0;
    for (volatile int i = 0; i < n; i++) {
        counter++;
        ticks += 2;
    }
    int arr[5] = {n, limit, cfg.a, 1, 2};
    const int *pc = arr;
    int *const cp = &arr[1];
    *cp = 50;
    pc++;
    printf("counter=%d ticks=%d *pc=%d sum=%d\n", counter, ticks, *pc, sum(arr, 5));
    printf("cfg=%d %s limit=%d\n", cfg.a, cfg.s, limit);
    const volatile long cv = 123456789012L;
    printf("cv=%ld\n", cv);
    return counter > limit;
}
