/* An interrupt handler that bails out for an interrupt that is not its device's (a shared
   line) without releasing the lock it already took (module_exit's free_irq then runs
   with the lock held: sleep-in-atomic too).
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=PASS rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define DEMO_IRQ 11

struct demo {
	spinlock_t lock;
	void __iomem *regs;
	unsigned long count;
};

static struct demo demo;

static irqreturn_t demo_interrupt(int irq, void *dev_id)
{
	struct demo *d = dev_id;
	unsigned int status;

	spin_lock(&d->lock);
	status = ioread32(d->regs);
	if (!(status & 1))
		return IRQ_NONE;	/* BUG: d->lock is still held */
	d->count++;
	spin_unlock(&d->lock);
	return IRQ_HANDLED;
}

static int __init demo_init(void)
{
	spin_lock_init(&demo.lock);
	return request_irq(DEMO_IRQ, demo_interrupt, IRQF_SHARED, "demo", &demo);
}

static void __exit demo_exit(void)
{
	free_irq(DEMO_IRQ, &demo);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
