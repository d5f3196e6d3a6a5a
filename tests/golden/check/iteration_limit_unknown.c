// args: --no-explore --max-iterations 1
// One iteration is not enough to refute the first abstract path: UNKNOWN with the typed
// reason iteration-limit.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = a + 2;
    if (b == a + 2)
        return 0;
    assert(0);
    return 0;
}
