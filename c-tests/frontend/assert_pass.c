// covers: <assert.h> assert that always holds, asserts in loops and helpers, assert with side-effect-free complex conditions
// inputs: 7
// inputs: 0
#include <assert.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int clamp(int v, int lo, int hi) {
    int r = v < lo ? lo : v > hi ? hi : v;
    assert(r >= lo && r <= hi);
    return r;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int c = clamp(n, 0, 5);
    printf("c=%d\n", c);
    int sum = 0;
    for (int i = 0; i <= c; i++) {
        sum += i;
        assert(sum == i * (i + 1) / 2);
    }
    assert(sum >= 0 || c < 0);
    printf("sum=%d\n", sum);
    return sum;
}
