/* open takes a module reference, then fails to allocate its per-file state and returns
   the error without dropping the reference: the module can never be unloaded.
   slamrs-expect: locking=NOT-APPLICABLE sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=DEFECT */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>

struct demo_file {
	int mode;
};

static int demo_open(struct inode *inode, struct file *file)
{
	struct demo_file *df;

	if (!try_module_get(THIS_MODULE))
		return -ENODEV;
	df = kzalloc(sizeof(*df), GFP_KERNEL);
	if (!df)
		return -ENOMEM;		/* BUG: the module reference is not dropped */
	file->private_data = df;
	return 0;
}

static int demo_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
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
