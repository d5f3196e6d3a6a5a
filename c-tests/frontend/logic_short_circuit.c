// covers: && and || as values and in conditions, short-circuit observable through side effects
// inputs: 0 0
// inputs: 1 0
// inputs: 0 5
// inputs: 3 -2
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int calls;

static int t(int id, int v) {
    calls++;
    printf("t%d=%d ", id, v);
    return v;
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int x = t(1, a) && t(2, b);
    printf("| and=%d\n", x);
    int y = t(3, a) || t(4, b);
    printf("| or=%d\n", y);
    int z = (t(5, a) && t(6, b)) || t(7, a + b);
    printf("| mixed=%d\n", z);
    if (t(8, a > 0) && t(9, b < 0))
        printf("| a>0 and b<0\n");
    else
        printf("| not both\n");
    if (t(10, a) || t(11, b) || t(12, 1))
        printf("| some\n");
    while (t(13, calls < 20) && t(14, a != 0)) {
        a = a > 0 ? a - 1 : a + 1;
    }
    printf("| loop done a=%d\n", a);
    int n = !t(15, b);
    n += !!t(16, b);
    printf("| not=%d calls=%d\n", n, calls);
    return x + 2 * y + 4 * z;
}
