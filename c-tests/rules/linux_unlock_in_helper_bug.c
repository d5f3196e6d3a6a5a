// rule: locking
// expect: violation
// message: spin lock is released but it is not held
// inputs: 1 1
// A NAPI-style poll routine calls a completion helper that drops the ring lock itself, then unlocks again: spin_unlock of a lock not held whenever receive work was pending.

typedef struct { int rlock; } spinlock_t;

struct ring {
    spinlock_t lock;
    int rx_pending;
    int delivered;
};

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern void netif_receive(struct ring *r);
extern int __VERIFIER_nondet_int(void);

static struct ring rx_ring;

/* Called with r->lock held; delivers the packets and drops the lock before calling up the stack. */
static void rx_complete(struct ring *r)
{
    r->delivered += r->rx_pending;
    r->rx_pending = 0;
    spin_unlock(&r->lock);
    netif_receive(r);
}

static int ring_poll(struct ring *r, int pending)
{
    int work = 0;

    spin_lock(&r->lock);
    if (pending) {
        r->rx_pending = 1;
        rx_complete(r);
        work = 1;
    }
    spin_unlock(&r->lock); /* BUG: rx_complete has already dropped the lock */
    return work;
}

int main(void)
{
    int rounds = __VERIFIER_nondet_int();

    if (rounds > 4)
        rounds = 4;
    while (rounds > 0) {
        ring_poll(&rx_ring, __VERIFIER_nondet_int());
        rounds--;
    }
    return 0;
}
