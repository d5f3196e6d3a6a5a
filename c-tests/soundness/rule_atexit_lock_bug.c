// class: rule
// rule: locking
// expect: violation
// inputs: 4
// An atexit handler flushes a log under its lock and, when the log is dirty (n > 3), calls a helper that takes the same lock again: a double acquire after main returns.
#include <stdlib.h>

typedef struct { int raw; } spinlock_t;

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

static spinlock_t log_lock;
static int dirty;

static void flush_entry(void)
{
    spin_lock(&log_lock);
    dirty = 0;
    spin_unlock(&log_lock);
}

static void flush_all(void)
{
    spin_lock(&log_lock);
    if (dirty)
        flush_entry();
    spin_unlock(&log_lock);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();

    atexit(flush_all);
    if (n > 3)
        dirty = 1;
    return 0;
}
