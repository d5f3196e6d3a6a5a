// rule: locking
// expect: safe
// A Linux NIC driver: the interrupt handler takes the lock with spin_lock_irqsave and dispatches on the status register in a switch; the watchdog uses spin_lock_irq. Every path unlocks.

typedef struct { int rlock; } spinlock_t;
typedef int irqreturn_t;

#define IRQ_NONE 0
#define IRQ_HANDLED 1
#define INT_RX 1
#define INT_TX 2
#define INT_LINK 3
#define INT_ERR 4

struct nic {
    spinlock_t lock;
    int rx_packets;
    int tx_packets;
    int link_up;
    int errors;
};

extern void spin_lock_irqsave(spinlock_t *lock, unsigned long flags);
extern void spin_unlock_irqrestore(spinlock_t *lock, unsigned long flags);
extern void spin_lock_irq(spinlock_t *lock);
extern void spin_unlock_irq(spinlock_t *lock);
extern unsigned int readl(const volatile void *addr);
extern int __VERIFIER_nondet_int(void);

static struct nic card;

static irqreturn_t nic_interrupt(int irq, void *dev_id)
{
    struct nic *nic = dev_id;
    unsigned long flags = 0;
    unsigned int cause = readl(&nic->errors);
    irqreturn_t ret = IRQ_HANDLED;

    (void)irq;
    if (cause == 0)
        return IRQ_NONE; /* shared interrupt line, not ours */

    spin_lock_irqsave(&nic->lock, flags);
    switch (cause) {
    case INT_RX:
        nic->rx_packets++;
        break;
    case INT_TX:
        nic->tx_packets++;
        break;
    case INT_LINK:
        nic->link_up = !nic->link_up;
        break;
    case INT_ERR:
        nic->errors++;
        spin_unlock_irqrestore(&nic->lock, flags);
        return IRQ_HANDLED;
    default:
        ret = IRQ_NONE;
        break;
    }
    spin_unlock_irqrestore(&nic->lock, flags);
    return ret;
}

static void nic_watchdog(struct nic *nic)
{
    spin_lock_irq(&nic->lock);
    if (!nic->link_up) {
        spin_unlock_irq(&nic->lock);
        return;
    }
    nic->errors = 0;
    spin_unlock_irq(&nic->lock);
}

int main(void)
{
    int events = __VERIFIER_nondet_int();

    while (events > 0) {
        if (__VERIFIER_nondet_int())
            nic_interrupt(11, &card);
        else
            nic_watchdog(&card);
        events--;
    }
    return 0;
}
