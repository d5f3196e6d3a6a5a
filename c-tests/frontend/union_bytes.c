// covers: union type punning between int and byte arrays (little-endian x86-64), union of struct and long, writing one member and reading another of the same size
// inputs: 305419896
// inputs: -1
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

union word {
    unsigned int u;
    int i;
    unsigned char b[4];
    unsigned short h[2];
};

union pair {
    struct {
        unsigned int lo, hi;
    } parts;
    unsigned long whole;
};

int main(void) {
    union word w;
    w.i = __VERIFIER_nondet_int();
    printf("u=%u i=%d\n", w.u, w.i);
    printf("bytes=%02x %02x %02x %02x\n", w.b[0], w.b[1], w.b[2], w.b[3]);
    printf("halves=%u %u\n", w.h[0], w.h[1]);
    w.b[0] = 0xff;
    printf("after byte write u=%x\n", w.u);
    union pair p;
    p.whole = 0x1122334455667788UL;
    printf("lo=%x hi=%x\n", p.parts.lo, p.parts.hi);
    p.parts.hi = w.u;
    printf("whole=%lx\n", p.whole);
    union word same;
    same.u = 7u;
    printf("same.i=%d\n", same.i);
    return w.b[3] & 0x3f;
}
