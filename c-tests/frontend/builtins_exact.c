// covers: GCC builtins slamrs models exactly: popcount, parity, clz, ctz, ffs, bswap, overflow arithmetic, object_size, constant_p
// inputs: 12 -5 255
// inputs: 2147483647 1 0
// inputs: 1 -2147483647 65536
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    unsigned u = (unsigned)__VERIFIER_nondet_int();
    unsigned long long w = (unsigned long long)u * 0x100000001ULL;
    int r;
    unsigned ur;
    char buf[24];
    printf("pop %d %d %d par %d\n", __builtin_popcount(u), __builtin_popcountl((unsigned long)w), __builtin_popcountll(w), __builtin_parity(u));
    if (u != 0)
        printf("clz %d ctz %d clzll %d ctzll %d\n", __builtin_clz(u), __builtin_ctz(u), __builtin_clzll(w), __builtin_ctzll(w));
    printf("ffs %d %d\n", __builtin_ffs(a), __builtin_ffs(0));
    printf("bswap %u %u %llu\n", (unsigned)__builtin_bswap16((unsigned short)u), __builtin_bswap32(u), (unsigned long long)__builtin_bswap64(w));
    printf("add %d", __builtin_add_overflow(a, b, &r));
    printf(" %d\n", r);
    printf("sub %d", __builtin_sub_overflow(a, b, &r));
    printf(" %d\n", r);
    printf("mul %d", __builtin_mul_overflow(a, b, &r));
    printf(" %d\n", r);
    printf("uadd %d", __builtin_uadd_overflow(u, 4294967295u, &ur));
    printf(" %u\n", ur);
    printf("p %d %d\n", __builtin_add_overflow_p(a, b, (short)0), __builtin_mul_overflow_p(u, u, (unsigned)0));
    printf("os %lu %lu %d %d\n", (unsigned long)__builtin_object_size(buf, 0), (unsigned long)__builtin_object_size(buf + 4, 1), __builtin_constant_p(7), __builtin_constant_p(a));
    return 0;
}
