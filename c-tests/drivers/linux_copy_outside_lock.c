/* The fixed read: the message is copied into a local buffer under the lock, and to user
   space after the lock is released; a mutex serializes writers (a mutex may sleep, which
   is allowed outside the spin lock).
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>
#include <linux/string.h>

static DEFINE_SPINLOCK(buf_lock);
static DEFINE_MUTEX(write_mutex);
static char message[16];
static int length;

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	char local[16];
	int n;

	spin_lock(&buf_lock);
	n = length;
	memcpy(local, message, sizeof(local));
	spin_unlock(&buf_lock);
	if (len < n)
		n = len;
	if (copy_to_user(buf, local, n))
		return -EFAULT;
	return n;
}

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	char local[16];

	if (len > sizeof(local))
		return -EINVAL;
	if (copy_from_user(local, buf, len))
		return -EFAULT;
	mutex_lock(&write_mutex);
	spin_lock(&buf_lock);
	memcpy(message, local, len);
	length = len;
	spin_unlock(&buf_lock);
	mutex_unlock(&write_mutex);
	return len;
}

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.read = demo_read,
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
