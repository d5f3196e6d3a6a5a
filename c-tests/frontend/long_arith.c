// covers: long and unsigned long arithmetic beyond 32 bits, mixing int and long, long constants with suffixes, long division and shifts, long long
// inputs: 100000 3
// inputs: -7 11
// inputs: 2147483647 2
int printf(const char *, ...);
extern long __VERIFIER_nondet_long(void);
extern int __VERIFIER_nondet_int(void);

static long power(long base, int e) {
    long r = 1;
    while (e-- > 0)
        r *= base;
    return r;
}

static unsigned long isqrt(unsigned long v) {
    unsigned long r = 0, bit = 1UL << 62;
    while (bit > v)
        bit >>= 2;
    while (bit) {
        if (v >= r + bit) {
            v -= r + bit;
            r = (r >> 1) + bit;
        } else {
            r >>= 1;
        }
        bit >>= 2;
    }
    return r;
}

int main(void) {
    long x = __VERIFIER_nondet_long();
    int k = __VERIFIER_nondet_int();
    long sq = x * x;
    printf("x=%ld sq=%ld\n", x, sq);
    printf("pow=%ld\n", power(x % 1000, k));
    long big = 9000000000000000000L;
    printf("big/x=%ld big%%x=%ld\n", big / x, big % x);
    unsigned long u = (unsigned long)x;
    printf("u=%lu u>>7=%lu\n", u, u >> 7);
    printf("isqrt=%lu\n", isqrt((unsigned long)sq));
    int i = (int)x;
    long mixed = i * 2L + k;
    printf("mixed=%ld\n", mixed);
    long long ll = 123456789012LL * k;
    unsigned long long ull = 18446744073709551615ULL - (unsigned long long)k;
    printf("ll=%lld ull=%llu\n", ll, ull);
    long m = -x;
    printf("neg=%ld abs=%ld\n", m, m < 0 ? -m : m);
    long hi = (long)(u >> 32), lo = (long)(u & 0xffffffffUL);
    printf("hi=%ld lo=%ld\n", hi, lo);
    printf("hex=%lx\n", u);
    return (int)(sq % 64);
}
