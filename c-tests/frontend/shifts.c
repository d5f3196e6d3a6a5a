// covers: left and right shifts of signed and unsigned values, shift counts of other types, long shifts, masks
// inputs: 1 0
// inputs: 12345 7
// inputs: -12345 31
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int v = __VERIFIER_nondet_int();
    int k = __VERIFIER_nondet_int();
    if (k < 0 || k > 31)
        return 1;
    unsigned u = (unsigned)v;
    printf("u<<k=%u u>>k=%u\n", u << k, u >> k);
    printf("v>>k=%d\n", v >> k);
    if (v >= 0 && v < 65536 && k < 15)
        printf("v<<k=%d\n", v << k);
    long l = v;
    printf("l<<20=%ld l>>3=%ld\n", (long)((unsigned long)l << 20), l >> 3);
    unsigned long ul = (unsigned long)u << 32;
    printf("ul=%lu ul>>40=%lu\n", ul, ul >> 40);
    char cnt = (char)k;
    printf("1u<<cnt=%u\n", 1u << cnt);
    unsigned long long shift_by_long = 1ULL << (long)k;
    printf("sbl=%llu\n", shift_by_long);
    unsigned mask = k == 0 ? 0u : (~0u >> (32 - k));
    printf("mask=%x masked=%x\n", mask, u & mask);
    unsigned rot = (u << (k & 31)) | (u >> ((32 - k) & 31));
    printf("rot=%x\n", rot);
    unsigned char b = 0x81;
    printf("b<<1=%d b>>1=%d\n", b << 1, b >> 1);
    signed char sb = -128;
    printf("sb>>2=%d\n", sb >> 2);
    int bits = 0;
    for (unsigned t = u; t; t >>= 1)
        bits += t & 1;
    printf("bits=%d\n", bits);
    return bits;
}
