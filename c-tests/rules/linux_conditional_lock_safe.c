// rule: locking
// expect: safe
// A Linux helper used both from process context and from a softirq that already holds the lock: it takes spin_lock_bh only when `need_lock` is set and unlocks under the same flag, so safety follows from the flag.

typedef struct { int rlock; } spinlock_t;

#define ENOSPC 28
#define TABLE_SIZE 16

struct table {
    spinlock_t lock;
    int used;
    int generation;
};

extern void spin_lock_bh(spinlock_t *lock);
extern void spin_unlock_bh(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

static struct table tbl;

static int table_insert(struct table *t, int need_lock)
{
    int ret = 0;

    if (need_lock)
        spin_lock_bh(&t->lock);
    if (t->used >= TABLE_SIZE)
        ret = -ENOSPC;
    else
        t->used++;
    t->generation++;
    if (need_lock)
        spin_unlock_bh(&t->lock);
    return ret;
}

/* Softirq context: called with the lock held by the caller. */
static void gc_softirq(struct table *t)
{
    spin_lock_bh(&t->lock);
    if (t->used > 0)
        t->used--;
    table_insert(t, 0);
    spin_unlock_bh(&t->lock);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();

    while (n > 0) {
        if (__VERIFIER_nondet_int())
            table_insert(&tbl, 1);
        else
            gc_softirq(&tbl);
        n--;
    }
    return 0;
}
