/* An ioctl that takes the statistics spin lock; its error path releases the device's other
   spin lock, the one it does not hold (and leaves the statistics lock held).
   slamrs-expect: locking=DEFECT */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

#define DEMO_APPLY 0x200

struct demo_dev {
	spinlock_t stat_lock;
	spinlock_t irq_lock;
	int config;
	int applied;
};

static struct demo_dev demo;

static long demo_apply(struct demo_dev *d, unsigned long arg)
{
	spin_lock(&d->stat_lock);
	if (arg > 100) {
		spin_unlock(&d->irq_lock);	/* BUG: releases the other lock */
		return -EINVAL;
	}
	d->config = (int)arg;
	d->applied = d->config;
	spin_unlock(&d->stat_lock);
	return 0;
}

static long demo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd != DEMO_APPLY)
		return -ENOTTY;
	return demo_apply(&demo, arg);
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = demo_ioctl,
};

static struct miscdevice demo_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "demo",
	.fops = &demo_fops,
};

static int __init demo_init(void)
{
	spin_lock_init(&demo.stat_lock);
	spin_lock_init(&demo.irq_lock);
	return misc_register(&demo_misc);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_misc);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
