// class: variadic
// expect: safe
// A debug-print wrapper formats its arguments with vsnprintf; the error depends on the locking state, which the wrapper does not touch: the unlock always follows the lock.
#include <stdarg.h>
#include <stdio.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int locked;
static char line[64];

static void dbg(const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
}

static void lock(void)
{
    if (locked)
        reach_error();
    locked = 1;
}

static void unlock(void)
{
    if (!locked)
        reach_error();
    locked = 0;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 5)
        return 0;
    for (i = 0; i < n; i++) {
        lock();
        dbg("round %d of %d\n", i, n);
        unlock();
    }
    return 0;
}
