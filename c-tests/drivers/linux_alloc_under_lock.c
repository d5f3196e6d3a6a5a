/* A write queues a record on a list under a spin lock: the record for the common case is
   allocated with GFP_ATOMIC (fine under the lock), but the one for a large write with
   GFP_KERNEL, which may sleep.
   slamrs-expect: locking=PASS sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/list.h>

struct record {
	struct list_head node;
	size_t len;
};

static DEFINE_SPINLOCK(list_lock);
static LIST_HEAD(records);

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	struct record *r;

	spin_lock(&list_lock);
	if (len > 512)
		r = kmalloc(sizeof(*r) + len, GFP_KERNEL);	/* BUG: may sleep under list_lock */
	else
		r = kmalloc(sizeof(*r), GFP_ATOMIC);
	if (!r) {
		spin_unlock(&list_lock);
		return -ENOMEM;
	}
	r->len = len;
	list_add_tail(&r->node, &records);
	spin_unlock(&list_lock);
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
