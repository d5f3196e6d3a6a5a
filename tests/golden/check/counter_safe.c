// args: --no-explore
// A loop that keeps its invariant: SAFE.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0;
    int j = 0;
    while (i < n) {
        i++;
        j++;
    }
    assert(i == j);
    return 0;
}
