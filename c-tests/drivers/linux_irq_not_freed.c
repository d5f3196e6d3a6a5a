/* init requests its interrupt, then fails to register the device and returns the error
   without freeing the interrupt: the handler stays registered for a module that never
   loaded.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=DEFECT rcu=NOT-APPLICABLE */
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

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
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
		return err;	/* BUG: the interrupt handler is not freed */
	return 0;
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
	free_irq(DEMO_IRQ, &cookie);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
