// class: callback
// expect: violation
// inputs: 3
// exit() runs the atexit handlers too: on the early exit(1) for k == 3 the handler finds `done` still 0.
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
    if (k == 3)
        exit(1);
    done = 1;
    return 0;
}
