// args: --no-explore
// An array whose inner dimension is variable: refused, so UNKNOWN with the typed reason unsupported.
#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 1 || n > 8)
        return 0;
    int a[2][n];
    a[1][n - 1] = 5;
    assert(a[1][n - 1] == 5);
    return 0;
}
