// rule: lock_owner.slic
// expect: safe
// inputs: 65 0
// Two device locks and every path releases the one it took (user rule lock_owner.slic, whose state remembers the acquired lock's address).
extern int __VERIFIER_nondet_int(void);

struct lock {
    int taken;
};

struct lock rx_lock, tx_lock;

/* the lock primitives are the kernel's (the gcc cross-check's monitor defines them) */
void lock_acquire(struct lock *l);
void lock_release(struct lock *l);

int send(int len)
{
    lock_acquire(&tx_lock);
    if (len > 64) {
        lock_release(&tx_lock);
        return -1;
    }
    lock_release(&tx_lock);
    return 0;
}

int main(void)
{
    int len = __VERIFIER_nondet_int();
    if (__VERIFIER_nondet_int())
        len = 100;
    send(len);
    return 0;
}
