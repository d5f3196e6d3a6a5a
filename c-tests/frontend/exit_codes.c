// covers: exit(n) from nested calls with different codes depending on inputs, output before exit is kept
// inputs: 0
// inputs: 1
// inputs: 2
// inputs: 3
#include <stdlib.h>
int printf(const char *, ...);
extern int __VERIFIER_nondet_int(void);

static void check(int v, int depth) {
    printf("check %d depth %d\n", v, depth);
    if (depth == v)
        exit(10 + v);
    if (depth < 3)
        check(v, depth + 1);
}

int main(void) {
    int v = __VERIFIER_nondet_int();
    if (v == 0) {
        printf("exit zero\n");
        exit(0);
    }
    check(v, 1);
    printf("never\n");
    exit(300);
}
