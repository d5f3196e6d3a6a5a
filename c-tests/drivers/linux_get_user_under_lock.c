/* A write handler that stores a value under a raw spin lock taken with
   raw_spin_lock_irqsave (macros of the out-of-line _raw_spin_lock_irqsave and
   _raw_spin_unlock_irqrestore), but reads it from user space with get_user while holding
   the lock: get_user may fault and sleep (the kernel's might_fault()).
   slamrs-expect: locking=PASS sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

static DEFINE_RAW_SPINLOCK(value_lock);
static u32 value;

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	unsigned long flags;
	u32 v;

	if (len < sizeof(v))
		return -EINVAL;
	raw_spin_lock_irqsave(&value_lock, flags);
	if (get_user(v, (const u32 __user *)buf)) {
		raw_spin_unlock_irqrestore(&value_lock, flags);
		return -EFAULT;
	}
	if (v == value) {
		raw_spin_unlock_irqrestore(&value_lock, flags);
		return len;
	}
	value = v;
	raw_spin_unlock_irqrestore(&value_lock, flags);
	return len;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.write = demo_write,
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
