// covers: integer casts: truncation, sign extension, zero extension, unsigned wrap, char/short/long, _Bool conversions
// inputs: 300 -1
// inputs: 65535 -129
// inputs: -70000 2147483647
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    char c = (char)a;
    unsigned char uc = (unsigned char)a;
    short s = (short)a;
    unsigned short us = (unsigned short)a;
    printf("c=%d uc=%d s=%d us=%d\n", c, uc, s, us);
    unsigned u = (unsigned)b;
    long l = b;
    unsigned long ul = (unsigned long)b;
    unsigned long ul2 = (unsigned)b;
    printf("u=%u l=%ld ul=%lu ul2=%lu\n", u, l, ul, ul2);
    long big = (long)a * 100000L;
    int back = (int)(big & 0x7fffffff);
    printf("big=%ld back=%d\n", big, back);
    _Bool t = a;
    _Bool f = (a - a);
    _Bool half = a == a ? 2 : 0;
    _Bool fromlong = 0x100000000L;
    printf("t=%d f=%d half=%d fromlong=%d\n", t, f, half, fromlong);
    int sum = t + t + t;
    printf("sum=%d\n", sum);
    signed char sc = -1;
    unsigned int fromsc = (unsigned)sc;
    unsigned char ucfromsc = (unsigned char)sc;
    printf("fromsc=%u ucfromsc=%u\n", fromsc, ucfromsc);
    long long ll = (unsigned char)(b >> 8);
    printf("ll=%lld\n", ll);
    unsigned long mixed = (unsigned char)a + (unsigned short)b + (unsigned long)(signed char)a;
    printf("mixed=%lu\n", mixed);
    char digits[4];
    digits[0] = (char)(a % 10 + '0');
    digits[1] = (char)256;
    digits[2] = (char)(-a);
    digits[3] = 0;
    printf("d0=%d d1=%d d2=%d\n", digits[0], digits[1], digits[2]);
    return (unsigned char)(a + b);
}
