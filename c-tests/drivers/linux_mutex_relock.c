/* An ioctl holds the configuration mutex and calls a helper that locks it again (the
   helper is also called from write, where the mutex is not held).
   slamrs-expect: locking=DEFECT sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

#define DEMO_APPLY 0x200

static DEFINE_MUTEX(config_mutex);
static int config_value;
static int applied;

static void demo_apply(void)
{
	mutex_lock(&config_mutex);
	applied = config_value;
	mutex_unlock(&config_mutex);
}

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	demo_apply();
	return len;
}

static long demo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	if (cmd != DEMO_APPLY)
		return -ENOTTY;
	mutex_lock(&config_mutex);
	config_value = (int)arg;
	demo_apply();			/* BUG: config_mutex is already held */
	mutex_unlock(&config_mutex);
	return 0;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.write = demo_write,
	.unlocked_ioctl = demo_ioctl,
};

static struct miscdevice demo_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "demo",
	.fops = &demo_fops,
};

static int __init demo_init(void)
{
	return misc_register(&demo_dev);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
