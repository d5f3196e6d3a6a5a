// class: callback
// expect: violation
// inputs: 4
// atexit handlers run after main returns, last registered first; check is registered first, so it runs last and sees both bumps when k == 4.
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int stage;

static void check(void)
{
    if (stage == 2)
        reach_error();
}

static void bump(void)
{
    stage++;
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    atexit(check);
    atexit(bump);
    if (k == 4)
        atexit(bump);
    return 0;
}
