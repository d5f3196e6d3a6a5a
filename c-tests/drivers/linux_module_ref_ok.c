/* A character device that pins the module while a file is open: open takes a module
   reference (and gives up when the module is going away), release drops it.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS module-ref=PASS */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(open_mutex);
static int users;

static int demo_open(struct inode *inode, struct file *file)
{
	if (!try_module_get(THIS_MODULE))
		return -ENODEV;
	mutex_lock(&open_mutex);
	users++;
	mutex_unlock(&open_mutex);
	return 0;
}

static int demo_release(struct inode *inode, struct file *file)
{
	mutex_lock(&open_mutex);
	users--;
	mutex_unlock(&open_mutex);
	module_put(THIS_MODULE);
	return 0;
}

static const struct file_operations demo_fops = {
	.open = demo_open,
	.release = demo_release,
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
