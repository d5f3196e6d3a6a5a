/* A misc character device whose read returns with its spin lock held when the request
   is too large.
   slamrs-expect: locking=DEFECT sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(stats_lock);
static unsigned long reads;

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	spin_lock(&stats_lock);
	if (len > 4096)
		return -EINVAL;		/* BUG: stats_lock is still held */
	reads++;
	spin_unlock(&stats_lock);
	return 0;
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
	return misc_register(&demo_dev);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
