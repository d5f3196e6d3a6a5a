// class: variadic
// expect: violation
// inputs: 3
// A formatter reads its variadic arguments with va_arg into a buffer the checks never read; on the second round the unlock is skipped and the lock is taken twice.
#include <stdarg.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static int locked;
static int line[8];

static void trace(int n, ...)
{
    va_list ap;
    int i;

    va_start(ap, n);
    for (i = 0; i < n && i < 8; i++)
        line[i] = va_arg(ap, int);
    va_end(ap);
}

static void lock(void)
{
    if (locked)
        reach_error();
    locked = 1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i;

    if (n < 0 || n > 5)
        return 0;
    for (i = 0; i < n; i++) {
        lock();
        trace(2, i, n);
        if (i != 1)
            locked = 0;
    }
    return 0;
}
