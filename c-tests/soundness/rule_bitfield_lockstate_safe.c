// class: rule
// rule: locking
// expect: safe
// answer: unknown
// inputs: 2
// inputs: 1
// The twin of rule_bitfield_lockstate_bug.c: the 1-bit field is assigned want != 0, so it is set exactly when the lock was taken and the lock is always released.
typedef struct { int raw; } spinlock_t;

extern void spin_lock(spinlock_t *lock);
extern void spin_unlock(spinlock_t *lock);
extern int __VERIFIER_nondet_int(void);

struct mydev {
    spinlock_t lock;
    unsigned held : 1;
    unsigned mode : 3;
};

static struct mydev dev;

static void begin(struct mydev *d, int want)
{
    if (want)
        spin_lock(&d->lock);
    d->held = want != 0;
}

static void end(struct mydev *d)
{
    if (d->held) {
        spin_unlock(&d->lock);
        d->held = 0;
    }
}

int main(void)
{
    int want = __VERIFIER_nondet_int();

    begin(&dev, want);
    dev.mode = 5;
    end(&dev);
    return 0;
}
