/* An ioctl that takes the device's configuration mutex, then its I/O mutex inside it (two
   different mutexes nested, the usual lock order of a driver), and releases them in the
   reverse order on every path, the error path too.
   slamrs-expect: locking=PASS */
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
	mutex_lock(&d->cfg_lock);
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
