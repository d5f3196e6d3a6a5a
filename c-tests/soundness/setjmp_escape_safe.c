// class: setjmp
// expect: safe
// answer: unknown
// inputs: 6
// inputs: 5
// The twin of setjmp_escape_bug.c: setjmp returns a second time only through the helper's longjmp, which happens only for k > 5.
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
    if (k <= 5)
        reach_error();
    return 0;
}
