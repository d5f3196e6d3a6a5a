/* An ioctl that updates shared state under a spin lock on every path, with an early
   error exit before the lock and a goto-style unlock.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

#define DEMO_RESET 0x100
#define DEMO_BUMP  0x101

static DEFINE_SPINLOCK(state_lock);
static int counter;

static long demo_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	long ret = 0;

	if (cmd != DEMO_RESET && cmd != DEMO_BUMP)
		return -ENOTTY;
	spin_lock(&state_lock);
	if (cmd == DEMO_RESET) {
		counter = 0;
		goto out;
	}
	if (counter > 1000) {
		ret = -EOVERFLOW;
		goto out;
	}
	counter++;
out:
	spin_unlock(&state_lock);
	return ret;
}

static int demo_open(struct inode *inode, struct file *file)
{
	return 0;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.open = demo_open,
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
