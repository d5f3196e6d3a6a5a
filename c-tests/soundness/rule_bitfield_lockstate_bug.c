// class: rule
// rule: locking
// expect: violation
// inputs: 2
// The driver records "lock held" in a 1-bit field and releases only if it is set; `d->held = want` stores want mod 2, so want == 2 takes the lock but records 0 and main returns with it held.
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
    d->held = want;
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
