// class: variadic
// expect: violation
// inputs: 3
// A debug-print wrapper formats its arguments with vsnprintf; on the third round the lock is taken twice (the unlock is skipped when i == 1).
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
        if (i != 1)
            unlock();
    }
    return 0;
}
