// args: --no-explore
// A failing assertion reached through a call: the trace has a call at depth 1 and the
// values of the input on the way.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

static int scale(int v) {
    int w = v * 3;
    return w + 1;
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < 0 || x > 100)
        return 0;
    int y = scale(x);
    assert(y != 22);
    return 0;
}
