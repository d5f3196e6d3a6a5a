// covers: __VERIFIER_nondet_int/uint/char/uchar/short/long/ulong/bool and their value ranges, conversions of the results
// inputs: -5 4000000000 -100 200 -30000 -9000000000 18000000000000000000 1
// inputs: 0 0 0 0 0 0 0 0
// inputs: 2147483647 1 127 255 32767 9223372036854775807 1 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern _Bool __VERIFIER_nondet_bool(void);

int main(void) {
    int i = __VERIFIER_nondet_int();
    unsigned u = __VERIFIER_nondet_uint();
    char c = __VERIFIER_nondet_char();
    unsigned char uc = __VERIFIER_nondet_uchar();
    short s = __VERIFIER_nondet_short();
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    _Bool b = __VERIFIER_nondet_bool();
    printf("i=%d u=%u c=%d uc=%u s=%d\n", i, u, c, uc, s);
    printf("l=%ld ul=%lu b=%d\n", l, ul, b);
    printf("u>i: %d c<uc: %d\n", u > (unsigned)i, c < uc);
    long sum = (long)i + (long)u + c + uc + s + b;
    printf("sum=%ld\n", sum);
    printf("ul/3=%lu l/7=%ld\n", ul / 3, l / 7);
    return b ? 1 : 2;
}
