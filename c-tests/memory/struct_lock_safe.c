// expect: safe
// inputs: 1 1 5 1 1 5 1 1 5 1 0 0
// The lock is a flag inside the device (dev->lock_held), taken and dropped by helpers that get
// `struct dev *`: the proof needs dev->lock_held == 0 at every call, through the formal d.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define QUEUE_MAX 2

struct dev {
    int lock_held;
    int pending;
};

static void dev_lock(struct dev *d)
{
    if (d->lock_held)
        reach_error();
    d->lock_held = 1;
}

static void dev_unlock(struct dev *d)
{
    if (!d->lock_held)
        reach_error();
    d->lock_held = 0;
}

static int queue_request(struct dev *d, int len)
{
    dev_lock(d);
    if (len <= 0) {
        dev_unlock(d);
        return -22;
    }
    if (d->pending >= QUEUE_MAX) {
        dev_unlock(d);
        return -16;
    }
    d->pending = d->pending + 1;
    dev_unlock(d);
    return 0;
}

static void complete_request(struct dev *d)
{
    dev_lock(d);
    if (d->pending > 0)
        d->pending = d->pending - 1;
    dev_unlock(d);
}

int main(void)
{
    struct dev dev;

    dev.lock_held = 0;
    dev.pending = 0;
    while (__VERIFIER_nondet_int()) {
        if (__VERIFIER_nondet_int()) {
            int len = __VERIFIER_nondet_int();
            queue_request(&dev, len);
        } else {
            complete_request(&dev);
        }
    }
    if (dev.lock_held)
        reach_error();
    return 0;
}
