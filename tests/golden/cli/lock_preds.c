// slamrs abstract: the boolean program of a lock acquired and released, with the
// predicates of the branches.
// args: abstract --from-conditions --threads 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int held;

void acquire(void) {
    assert(held == 0);
    held = 1;
}

void release(void) {
    assert(held == 1);
    held = 0;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n > 0) {
        acquire();
        release();
    }
    return 0;
}
