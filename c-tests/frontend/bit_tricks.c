// covers: bitwise operators & | ^ ~ on unsigned and signed values, popcount, parity, bit reversal, power-of-two tests, lowest set bit, byte swapping, masks with hex constants
// inputs: 0
// inputs: 1
// inputs: 3735928559
// inputs: 2147483648
int printf(const char *, ...);
extern unsigned int __VERIFIER_nondet_uint(void);

static int popcount(unsigned v) {
    int c = 0;
    while (v) {
        v &= v - 1;
        c++;
    }
    return c;
}

static unsigned reverse_bits(unsigned v) {
    unsigned r = 0;
    for (int i = 0; i < 32; i++) {
        r = (r << 1) | (v & 1u);
        v >>= 1;
    }
    return r;
}

static unsigned bswap(unsigned v) {
    return (v >> 24) | ((v >> 8) & 0xff00u) | ((v << 8) & 0xff0000u) | (v << 24);
}

static int log2_floor(unsigned v) {
    int r = -1;
    while (v) {
        v >>= 1;
        r++;
    }
    return r;
}

int main(void) {
    unsigned v = __VERIFIER_nondet_uint();
    printf("v=%u hex=%08x\n", v, v);
    printf("popcount=%d parity=%d\n", popcount(v), popcount(v) & 1);
    printf("reverse=%08x bswap=%08x\n", reverse_bits(v), bswap(v));
    printf("pow2=%d lowest=%08x log2=%d\n", v && !(v & (v - 1)), v & (~v + 1), log2_floor(v));
    printf("and=%x or=%x xor=%x not=%x\n", v & 0xf0f0f0f0u, v | 0x0f0f0f0fu, v ^ 0xffff0000u, ~v);
    int s = (int)(v & 0x7fffffff);
    printf("signed ops: %d %d %d\n", s & -s, s | 1, s ^ -1);
    unsigned next = v - 1;
    next |= next >> 1;
    next |= next >> 2;
    next |= next >> 4;
    next |= next >> 8;
    next |= next >> 16;
    next++;
    printf("next_pow2=%u\n", next);
    return popcount(v);
}
