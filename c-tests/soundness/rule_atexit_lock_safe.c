// class: rule
// rule: locking
// expect: safe
// inputs: 4
// The twin of rule_atexit_lock_bug.c: the atexit handler calls a helper that expects the lock to be held already and does not take it again.
#include <stdlib.h>

typedef struct { int raw; } spinlock_t;

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

static spinlock_t log_lock;
static int dirty;

static void flush_entry_locked(void)
{
    dirty = 0;
}

static void flush_all(void)
{
    spin_lock(&log_lock);
    if (dirty)
        flush_entry_locked();
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
