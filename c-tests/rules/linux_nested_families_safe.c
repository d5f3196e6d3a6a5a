// rule: locking
// expect: safe
// A Linux driver's configuration path holds its mutex while briefly taking a spin lock with spin_lock_bh (different API families nest legally), then updates statistics under spin_lock_irq after the mutex is dropped.

struct mutex { int owner; };
typedef struct { int rlock; } spinlock_t;

#define EBUSY 16
#define EINVAL 22
#define MAX_MTU 9000

struct netdev {
    struct mutex cfg_lock;
    spinlock_t stats_lock;
    int mtu;
    int running;
    int reconfigs;
};

extern void mutex_lock(struct mutex *lock);
extern void mutex_unlock(struct mutex *lock);
extern void spin_lock_bh(spinlock_t *lock);
extern void spin_unlock_bh(spinlock_t *lock);
extern void spin_lock_irq(spinlock_t *lock);
extern void spin_unlock_irq(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

static struct netdev ndev;

static int change_mtu(struct netdev *dev, int new_mtu)
{
    int busy;

    if (new_mtu < 68 || new_mtu > MAX_MTU)
        return -EINVAL;

    mutex_lock(&dev->cfg_lock);
    spin_lock_bh(&dev->stats_lock);
    busy = dev->running;
    spin_unlock_bh(&dev->stats_lock);
    if (busy) {
        mutex_unlock(&dev->cfg_lock);
        return -EBUSY;
    }
    dev->mtu = new_mtu;
    mutex_unlock(&dev->cfg_lock);

    spin_lock_irq(&dev->stats_lock);
    dev->reconfigs++;
    spin_unlock_irq(&dev->stats_lock);
    return 0;
}

int main(void)
{
    int requests = __VERIFIER_nondet_int();

    ndev.mtu = 1500;
    ndev.running = __VERIFIER_nondet_int();
    while (requests-- > 0)
        change_mtu(&ndev, __VERIFIER_nondet_int());
    return 0;
}
