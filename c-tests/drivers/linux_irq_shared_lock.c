/* An interrupt handler and a read share a counter under a spin lock (irqsave in process
   context); the handler is requested in init and freed in exit, and init frees it again
   when the device registration fails.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=PASS rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

#define DEMO_IRQ 17

static DEFINE_SPINLOCK(irq_lock);
static unsigned long events;
static int cookie;

static irqreturn_t demo_interrupt(int irq, void *dev_id)
{
	spin_lock(&irq_lock);
	events++;
	spin_unlock(&irq_lock);
	return IRQ_HANDLED;
}

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	unsigned long flags, seen;

	spin_lock_irqsave(&irq_lock, flags);
	seen = events;
	events = 0;
	spin_unlock_irqrestore(&irq_lock, flags);
	return seen ? 1 : 0;
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

	err = request_irq(DEMO_IRQ, demo_interrupt, IRQF_SHARED, "demo", &cookie);
	if (err)
		return err;
	err = misc_register(&demo_dev);
	if (err)
		goto free;
	return 0;
free:
	free_irq(DEMO_IRQ, &cookie);
	return err;
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
	free_irq(DEMO_IRQ, &cookie);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
