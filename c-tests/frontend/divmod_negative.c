// covers: division and remainder of negative operands (truncation toward zero), unsigned division, long division
// inputs: 7 2
// inputs: -7 2
// inputs: 7 -2
// inputs: -7 -2
// inputs: -2147483647 10
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    if (b == 0)
        return 3;
    printf("a/b=%d a%%b=%d\n", a / b, a % b);
    printf("check=%d\n", (a / b) * b + a % b == a);
    unsigned ua = (unsigned)a, ub = (unsigned)b;
    printf("ua/ub=%u ua%%ub=%u\n", ua / ub, ua % ub);
    long la = a, lb = b;
    printf("la*1000/lb=%ld la%%lb=%ld\n", la * 1000 / lb, la % lb);
    printf("a/3=%d a%%3=%d a/-3=%d a%%-3=%d\n", a / 3, a % 3, a / -3, a % -3);
    char ca = (char)(a % 100), cb = (char)b;
    printf("ca/cb=%d ca%%cb=%d\n", ca / cb, ca % cb);
    int neg = -a % 7;
    printf("neg=%d\n", neg);
    return (a % b) & 0xff;
}
