// covers: usual arithmetic conversions, signed/unsigned comparisons, integer promotions of char/short, long vs unsigned
// inputs: -1 1
// inputs: 5 3
// inputs: -2147483648 0
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int i = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    unsigned u = (unsigned)j;
    printf("i<u: %d\n", i < u);
    printf("i<(int)u: %d\n", i < (int)u);
    printf("i+u=%u\n", i + u);
    long l = i;
    printf("l<u: %d\n", l < u);
    unsigned long ul = 1;
    printf("l<ul: %d\n", l < ul);
    printf("-1<0u: %d\n", -1 < 0u);
    printf("-1L<0u: %d\n", -1L < 0u);
    unsigned char uc = 200;
    signed char sc = -56;
    printf("uc+sc=%d uc==sc: %d\n", uc + sc, uc == sc);
    printf("uc*uc=%d\n", uc * uc);
    unsigned short us = 65535;
    printf("us*us=%u\n", (unsigned)us * us);
    printf("sizeof(uc+uc)=%lu\n", sizeof(uc + uc));
    char c = -1;
    printf("c==0xff: %d c==-1: %d\n", c == 0xff, c == -1);
    printf("(unsigned char)c==0xff: %d\n", (unsigned char)c == 0xff);
    unsigned div = (unsigned)i / 2u;
    int sdiv = i / 2;
    printf("div=%u sdiv=%d\n", div, sdiv);
    printf("u>>1=%u i>>1=%d\n", u >> 1, i >> 1);
    long mix = i + 3000000000u;
    printf("mix=%ld\n", mix);
    long mix2 = i + 3000000000L;
    printf("mix2=%ld\n", mix2);
    int cmp = (unsigned)i > 100u ? 1 : 0;
    printf("cmp=%d\n", cmp);
    return (i < u) * 10 + (l < u);
}
