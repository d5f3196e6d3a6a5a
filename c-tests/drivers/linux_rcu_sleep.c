/* A read walks an RCU-protected configuration pointer and, when the caller asks for a
   long transfer, waits for the device inside the read-side critical section.
   slamrs-expect: locking=NOT-APPLICABLE sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=DEFECT */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/rcupdate.h>
#include <linux/delay.h>

struct demo_config {
	int slow;
	int value;
};

static struct demo_config default_config = { .slow = 0, .value = 7 };
static struct demo_config __rcu *config = &default_config;

static ssize_t demo_read(struct file *file, char __user *buf, size_t len, loff_t *ppos)
{
	struct demo_config *c;
	int v;

	rcu_read_lock();
	c = rcu_dereference(config);
	if (len > 4096)
		msleep(10);		/* BUG: sleeps inside the RCU read-side section */
	v = c->value;
	rcu_read_unlock();
	return v;
}

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	default_config.slow = len > 16;
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
