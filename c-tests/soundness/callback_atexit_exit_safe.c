// class: callback
// expect: safe
// inputs: 3
// The twin of callback_atexit_exit_bug.c: the early exit path sets `done` before calling exit(1).
#include <stdlib.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int done;

static void at_end(void)
{
    if (!done)
        reach_error();
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    atexit(at_end);
    if (k == 3) {
        done = 1;
        exit(1);
    }
    done = 1;
    return 0;
}
