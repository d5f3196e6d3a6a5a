// class: setjmp
// expect: safe
// answer: unknown
// inputs: 0
// inputs: 1
// The twin of setjmp_zero_bug.c: setjmp returns 1 after longjmp(env, k) for k == 0 or k == 1, and never 0 after a jump, so the checks hold.
#include <setjmp.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static jmp_buf env;
static int jumps;

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (k < 0 || k > 3)
        return 0;
    switch (setjmp(env)) {
    case 0:
        if (jumps > 0)
            reach_error();
        jumps++;
        longjmp(env, k);
    case 1:
        if (k != 1 && k != 0)
            reach_error();
        break;
    default:
        break;
    }
    return 0;
}
