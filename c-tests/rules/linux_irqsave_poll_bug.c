// rule: locking
// expect: violation
// message: still held when the entry function returns
// inputs: 3 0 4
// A Linux driver polls a status register under spin_lock_irqsave; the hardware-error exit inside the polling loop returns -EIO without spin_unlock_irqrestore.

typedef struct { int rlock; } spinlock_t;

#define EIO 5
#define ETIMEDOUT 110
#define ST_READY 2
#define ST_ERROR 4

struct hw {
    spinlock_t lock;
    unsigned int status_reg;
    int commands;
};

extern void spin_lock_irqsave(spinlock_t *lock, unsigned long flags);
extern void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
extern unsigned int readl(const volatile void *addr);
extern void udelay(unsigned long usecs);
extern int __VERIFIER_nondet_int(void);

static struct hw dev;

static int hw_wait_ready(struct hw *hw, int max_tries)
{
    unsigned long flags = 0;
    int tries;

    for (tries = 0; tries < max_tries; tries++) {
        unsigned int status;

        spin_lock_irqsave(&hw->lock, flags);
        status = readl(&hw->status_reg);
        if (status & ST_ERROR)
            return -EIO; /* BUG: the lock is still held */
        if (status & ST_READY) {
            hw->commands++;
            spin_unlock_irqrestore(&hw->lock, flags);
            return 0;
        }
        spin_unlock_irqrestore(&hw->lock, flags);
        udelay(10);
    }
    return -ETIMEDOUT;
}

int main(void)
{
    int tries = __VERIFIER_nondet_int();

    if (tries > 10)
        tries = 10;
    hw_wait_ready(&dev, tries);
    return 0;
}
