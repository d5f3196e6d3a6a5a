// class: callback
// expect: safe
// inputs: 4
// The twin of callback_atexit_order_bug.c with check registered second: handlers run in reverse order, so check sees at most one bump.
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

    atexit(bump);
    atexit(check);
    if (k == 4)
        atexit(bump);
    return 0;
}
