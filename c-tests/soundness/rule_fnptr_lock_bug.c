// class: rule
// rule: locking
// expect: violation
// inputs: 1 -1
// The lock functions are called through a struct of function pointers; with the spin-lock ops (which != 0) a negative request returns early with the lock held.
typedef struct { int raw; } spinlock_t;

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

struct lock_ops {
    void (*acquire)(spinlock_t *lock);
    void (*release)(spinlock_t *lock);
};

static void nop_lock(spinlock_t *lock) { (void)lock; }

static const struct lock_ops spin_ops = { spin_lock, spin_unlock };
static const struct lock_ops nop_ops = { nop_lock, nop_lock };
static spinlock_t queue_lock;
static int queued;

static int submit(const struct lock_ops *ops, int req)
{
    ops->acquire(&queue_lock);
    if (req < 0)
        return -22;
    queued += req > 100 ? 100 : req;
    ops->release(&queue_lock);
    return 0;
}

int main(void)
{
    int which = __VERIFIER_nondet_int();
    int req = __VERIFIER_nondet_int();

    submit(which ? &spin_ops : &nop_ops, req);
    return 0;
}
