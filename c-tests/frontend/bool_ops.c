// covers: _Bool variables, conversion to _Bool from ints/pointers, logical not, boolean arithmetic, bool arrays and fields, <stdbool.h>
// inputs: 0 3
// inputs: 7 0
#include <stdbool.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

struct state {
    bool open;
    _Bool dirty;
};

static bool is_even(int v) { return v % 2 == 0; }

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    bool ba = a, bb = b;
    printf("ba=%d bb=%d and=%d or=%d xor=%d\n", ba, bb, ba && bb, ba || bb, ba != bb);
    _Bool not_a = !a;
    printf("not_a=%d !!b=%d\n", not_a, !!b);
    int *p = a ? &a : 0;
    bool has_p = p;
    printf("has_p=%d\n", has_p);
    bool flags[4];
    for (int i = 0; i < 4; i++)
        flags[i] = is_even(a + i);
    printf("flags=%d%d%d%d\n", flags[0], flags[1], flags[2], flags[3]);
    int count = flags[0] + flags[1] + flags[2] + flags[3];
    printf("count=%d\n", count);
    struct state s = {true, false};
    s.dirty = b > 2;
    s.open = !s.open;
    printf("state open=%d dirty=%d\n", s.open, s.dirty);
    bool big = 256;
    bool neg = -1;
    printf("big=%d neg=%d true=%d false=%d\n", big, neg, true, false);
    ba += 5;
    printf("ba=%d\n", ba);
    return ba + bb;
}
