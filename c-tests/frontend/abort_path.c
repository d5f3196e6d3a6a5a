// covers: abort() on some inputs (SIGABRT), normal return on others, abort inside a helper and inside a loop
// inputs: 1
// inputs: 4
// inputs: 9
#include <stdlib.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static int checked_div(int a, int b) {
    if (b == 0) {
        printf("division by zero\n");
        abort();
    }
    return a / b;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    int acc = 100;
    for (int i = 0; i < 5; i++) {
        acc = checked_div(acc, n - 4 + i);
        printf("acc=%d\n", acc);
    }
    if (acc > 0)
        abort();
    return 0;
}
