// covers: <assert.h> assert failing on some inputs (error location), output before the failure is kept
// inputs: 3
// inputs: 4
// inputs: 100
#include <assert.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

static unsigned checksum(unsigned v) {
    unsigned s = 0;
    while (v) {
        s += v % 10;
        v /= 10;
    }
    return s;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    unsigned s = checksum((unsigned)n);
    printf("checksum(%d)=%u\n", n, s);
    assert(s != 4);
    printf("checksum ok\n");
    assert(n < 50);
    printf("small\n");
    return 0;
}
