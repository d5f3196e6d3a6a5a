// class: callback
// expect: violation
// answer: unknown
// inputs: 6
// raise() runs the signal handler installed by signal() synchronously; for k == 6 the handler sets the flag the program then tests.
#include <signal.h>

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
    (void)sig;
    got = 1;
}

int main(void)
{
    int k = __VERIFIER_nondet_int();

    signal(SIGUSR1, on_usr1);
    if (k == 6)
        raise(SIGUSR1);
    if (got)
        reach_error();
    return 0;
}
