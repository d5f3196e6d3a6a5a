// class: callback
// expect: safe
// answer: unknown
// inputs: 6
// inputs: 2
// The twin of callback_signal_bug.c: the flag set by the handler is only a problem when k != 6, and the signal is raised only for k == 6 (no signal comes from outside).
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
    if (got && k != 6)
        reach_error();
    return 0;
}
