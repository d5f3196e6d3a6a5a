// class: setjmp
// expect: violation
// answer: unknown
// inputs: 0
// longjmp(env, 0) makes setjmp return 1, not 0: for k == 0 the program lands in case 1 with k != 1.
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
            return 1;
        jumps++;
        longjmp(env, k);
    case 1:
        if (k != 1)
            reach_error();
        break;
    default:
        break;
    }
    return 0;
}
