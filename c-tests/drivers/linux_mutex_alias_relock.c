/* An ioctl that takes the device's configuration mutex, then its I/O mutex inside it; one
   command reaches the configuration mutex a second time instead, through an alias of the
   device pointer: a double acquire of one mutex (it deadlocks), not two locks nested.
   slamrs-expect: locking=DEFECT */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

#define DEMO_APPLY 0x200

struct demo_dev {
	struct mutex cfg_lock;
	struct mutex io_lock;
	int config;
	int applied;
};

static struct demo_dev demo;

static long demo_apply(struct demo_dev *d, unsigned long arg)
{
	struct demo_dev *same = d;

	mutex_lock(&d->cfg_lock);
	if (arg == 7)
		mutex_lock(&same->cfg_lock);	/* BUG: the same mutex again */
	else
		mutex_lock(&d->io_lock);
	if (arg > 100) {
		mutex_unlock(&d->io_lock);
		mutex_unlock(&d->cfg_lock);
		return -EINVAL;
	}
	d->config = (int)arg;
	d->applied = d->config;
	mutex_unlock(&d->io_lock);
	mutex_unlock(&d->cfg_lock);
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
	mutex_init(&demo.cfg_lock);
	mutex_init(&demo.io_lock);
	return misc_register(&demo_misc);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_misc);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
