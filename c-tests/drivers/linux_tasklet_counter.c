/* An interrupt handler that defers its work to a tasklet; the tasklet and a read share a
   counter under a bh-safe spin lock, and exit kills the tasklet before freeing the
   interrupt.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=PASS rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

#define DEMO_IRQ 9

struct demo {
	spinlock_t lock;
	struct tasklet_struct tasklet;
	unsigned int pending;
	unsigned long handled;
};

static struct demo demo;

static void demo_tasklet(struct tasklet_struct *t)
{
	struct demo *d = from_tasklet(d, t, tasklet);

	spin_lock_bh(&d->lock);
	d->handled += d->pending;
	d->pending = 0;
	spin_unlock_bh(&d->lock);
}

static irqreturn_t demo_interrupt(int irq, void *dev_id)
{
	struct demo *d = dev_id;

	d->pending++;
	tasklet_schedule(&d->tasklet);
	return IRQ_HANDLED;
}

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	unsigned long n;

	spin_lock_bh(&demo.lock);
	n = demo.handled;
	spin_unlock_bh(&demo.lock);
	return n > 0;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.read = demo_read,
};

static struct miscdevice demo_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "demo",
	.fops = &demo_fops,
};

static int __init demo_init(void)
{
	int err;

	spin_lock_init(&demo.lock);
	tasklet_setup(&demo.tasklet, demo_tasklet);
	err = request_irq(DEMO_IRQ, demo_interrupt, 0, "demo", &demo);
	if (err)
		return err;
	err = misc_register(&demo_dev);
	if (err) {
		free_irq(DEMO_IRQ, &demo);
		tasklet_kill(&demo.tasklet);
	}
	return err;
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
	free_irq(DEMO_IRQ, &demo);
	tasklet_kill(&demo.tasklet);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
