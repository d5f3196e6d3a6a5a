// covers: ?: as a value, nested, with side effects in operands, in conditions, mixed types
// inputs: 5
// inputs: -5
// inputs: 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int trace(const char *tag, int v) {
    printf("[%s]", tag);
    return v;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int sign = a > 0 ? 1 : a < 0 ? -1 : 0;
    printf(" sign=%d\n", sign);
    int pick = a ? trace("then", a * 2) : trace("else", 7);
    printf(" pick=%d\n", pick);
    if (a > 0 ? trace("c1", a > 3) : trace("c2", a < -3))
        printf(" big magnitude\n");
    else
        printf(" small magnitude\n");
    unsigned u = a >= 0 ? (unsigned)a : 0u;
    long l = a < 0 ? (long)a * 1000000000L : (long)u;
    printf(" u=%u l=%ld\n", u, l);
    int arr[3] = {10, 20, 30};
    int *p = a > 0 ? &arr[2] : a < 0 ? &arr[0] : &arr[1];
    printf(" *p=%d\n", *p);
    int cnt = 0;
    for (int i = 0; i < 6; i++)
        cnt += (i % 2 ? i : -i) + (i > 3 ? trace("gt", 100) : 0);
    printf(" cnt=%d\n", cnt);
    char c = a == 0 ? 'z' : 'n';
    printf(" c=%c\n", c);
    return sign + 1;
}
