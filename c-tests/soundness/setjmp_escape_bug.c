// class: setjmp
// expect: violation
// answer: unknown
// inputs: 6
// longjmp from a helper returns to the setjmp point with value 2; the program believes that only happens for k > 6, but the helper jumps for k > 5.
#include <setjmp.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static jmp_buf env;

static void helper(int k)
{
    if (k > 5)
        longjmp(env, 2);
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    if (setjmp(env) == 0) {
        helper(k);
        return 0;
    }
    if (k <= 6)
        reach_error();
    return 0;
}
