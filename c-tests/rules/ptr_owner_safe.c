// rule: lock_owner.slic
// expect: safe
// inputs: 1
// Two device locks and every path releases the one it took (user rule lock_owner.slic, whose state remembers the acquired lock's address).
extern int __VERIFIER_nondet_int(void);

struct lock {
    int taken;
};

struct lock rx_lock, tx_lock;

void lock_acquire(struct lock *l) { l->taken = 1; }
void lock_release(struct lock *l) { l->taken = 0; }

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
    return send(len) < 0;
}
