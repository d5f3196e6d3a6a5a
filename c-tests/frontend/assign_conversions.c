// covers: implicit conversions on assignment, argument passing and return (int to char/short/unsigned/long, long to int, negative to unsigned), conversions in initializers and compound assignment
// inputs: 1000
// inputs: -1
// inputs: 70000
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static short as_short(short s) { return s; }
static unsigned char as_uchar(unsigned char c) { return c; }
static long widen(int v) { return v; }
static unsigned long uwiden(unsigned v) { return v; }

int main(void) {
    int v = __VERIFIER_nondet_int();
    char c = v;
    unsigned char uc = v;
    short s = v;
    unsigned short us = v;
    unsigned u = v;
    long l = v;
    unsigned long ul = v;
    printf("c=%d uc=%u s=%d us=%u u=%u l=%ld ul=%lu\n", c, uc, s, us, u, l, ul);
    printf("as_short=%d as_uchar=%u widen=%ld uwiden=%lu\n", as_short(v), as_uchar(v), widen(v), uwiden(v));
    long big = 0x123456789L;
    int narrowed = big;
    short sh = big;
    printf("narrowed=%d sh=%d\n", narrowed, sh);
    c = 100;
    c += v;
    s = 1000;
    s *= v;
    printf("c=%d s=%d\n", c, s);
    int arr[2] = {v, (int)ul};
    char carr[2] = {v, v >> 8};
    printf("arr=%d %d carr=%d %d\n", arr[0], arr[1], carr[0], carr[1]);
    return uc & 0x3f;
}
