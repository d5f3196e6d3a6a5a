// expect: violation
// inputs: 1 1 5 1 1 5 1 1 5 0
// The twin of struct_lock_safe.c: the queue-full error path returns without dev_unlock, so the
// third request in a row leaves dev->lock_held set.
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
    if (d->pending >= QUEUE_MAX)
        return -16;
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
