/* An ioctl that nests three different spin locks of the device and releases them in the
   reverse order: correct, but the locking rule follows two locks of a family at once, so
   the answer is GIVEUP (reason rule-bound) — never PASS, never DEFECT.
   slamrs-expect: locking=GIVEUP:rule-bound */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

#define DEMO_APPLY 0x200

struct demo_dev {
	spinlock_t a_lock;
	spinlock_t b_lock;
	spinlock_t c_lock;
	int config;
	int applied;
};

static struct demo_dev demo;

static long demo_apply(struct demo_dev *d, unsigned long arg)
{
	spin_lock(&d->a_lock);
	spin_lock(&d->b_lock);
	spin_lock(&d->c_lock);
	d->config = (int)arg;
	d->applied = d->config;
	spin_unlock(&d->c_lock);
	spin_unlock(&d->b_lock);
	spin_unlock(&d->a_lock);
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
	spin_lock_init(&demo.a_lock);
	spin_lock_init(&demo.b_lock);
	spin_lock_init(&demo.c_lock);
	return misc_register(&demo_misc);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_misc);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
