/* A read that copies its buffer to user space while holding the spin lock that guards
   it: copy_to_user may fault and sleep.
   slamrs-expect: locking=PASS sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

static DEFINE_SPINLOCK(buf_lock);
static char message[64] = "hello\n";

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	ssize_t ret = 0;

	if (len > sizeof(message))
		len = sizeof(message);
	spin_lock(&buf_lock);
	if (copy_to_user(buf, message, len))	/* BUG: may sleep under buf_lock */
		ret = -EFAULT;
	else
		ret = len;
	spin_unlock(&buf_lock);
	return ret;
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
