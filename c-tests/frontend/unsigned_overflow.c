// covers: unsigned overflow and underflow wrap (defined) for unsigned int, unsigned char, unsigned short, unsigned long; multiplicative hashing; negation of unsigned
// inputs: 4294967295 1
// inputs: 123456789 987654321
// inputs: 0 0
int printf(const char *, ...);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
    unsigned a = __VERIFIER_nondet_uint();
    unsigned b = __VERIFIER_nondet_uint();
    printf("a+b=%u a-b=%u b-a=%u\n", a + b, a - b, b - a);
    printf("a*b=%u -a=%u ~a=%u\n", a * b, -a, ~a);
    unsigned h = 2166136261u;
    for (unsigned i = 0; i < 4; i++) {
        h ^= (a >> (8 * i)) & 0xff;
        h *= 16777619u;
    }
    printf("fnv=%u hex=%x\n", h, h);
    unsigned char uc = (unsigned char)a;
    uc += 200;
    uc *= 3;
    printf("uc=%u\n", uc);
    unsigned short us = (unsigned short)b;
    us -= 40000;
    printf("us=%u\n", us);
    unsigned long ul = a;
    ul *= 0xffffffffUL;
    ul += 0xfffffffffffffff0UL;
    printf("ul=%lu\n", ul);
    unsigned long prod = (unsigned long)a * b;
    printf("prod=%lu\n", prod);
    unsigned counter = a;
    int steps = 0;
    while (counter != 0 && steps < 3) {
        counter += 0x80000000u;
        steps++;
    }
    printf("counter=%u steps=%d\n", counter, steps);
    unsigned lcg = b;
    for (int i = 0; i < 5; i++) {
        lcg = lcg * 1103515245u + 12345u;
        printf("%u ", (lcg >> 16) & 0x7fff);
    }
    printf("\n");
    return (int)(h & 0x3f);
}
