/* A work item that calls a helper which takes the lock for its caller, and releases it
   itself on every path; the work is scheduled from a write.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/workqueue.h>
#include <linux/spinlock.h>

struct demo {
	spinlock_t lock;
	struct work_struct work;
	int pending;
	int done;
};

static struct demo demo;

/* takes demo->lock; the caller releases it */
static int demo_claim(struct demo *d)
{
	spin_lock(&d->lock);
	if (!d->pending)
		return 0;
	d->pending = 0;
	return 1;
}

static void demo_work(struct work_struct *work)
{
	struct demo *d = container_of(work, struct demo, work);

	if (!demo_claim(d)) {
		spin_unlock(&d->lock);
		return;
	}
	d->done++;
	spin_unlock(&d->lock);
}

static ssize_t demo_write(struct file *file, const char __user *buf, size_t len, loff_t *ppos)
{
	spin_lock(&demo.lock);
	demo.pending = 1;
	spin_unlock(&demo.lock);
	schedule_work(&demo.work);
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
	spin_lock_init(&demo.lock);
	INIT_WORK(&demo.work, demo_work);
	return misc_register(&demo_dev);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_dev);
	cancel_work_sync(&demo.work);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
