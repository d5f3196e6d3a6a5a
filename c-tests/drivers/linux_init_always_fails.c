/* A misc device that is only registered when the hardware is present, and a flag that
   nothing ever sets says it is not: init always fails, so read never runs. The read
   routine returns with its spin lock held on a long request, but no run reaches it: a
   PASS would check nothing, so the answer is GIVEUP, naming the entry points that never
   run (the proof shows them unreachable). sleep-in-atomic holds without that: no routine
   sleeps at all, so its proof covers read whether it runs or not.
   slamrs-expect: locking=GIVEUP sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/spinlock.h>
static DEFINE_SPINLOCK(demo_lock);
static int hw_present;   /* never set: the probing code was removed */
static ssize_t demo_read(struct file *f, char __user *b, size_t n, loff_t *o)
{
	spin_lock(&demo_lock);
	if (n > 10)
		return -EINVAL;   /* the lock stays held */
	spin_unlock(&demo_lock);
	return 0;
}
static const struct file_operations fops = { .owner = THIS_MODULE, .read = demo_read };
static struct miscdevice dev = { .minor = MISC_DYNAMIC_MINOR, .name = "demo", .fops = &fops };
static int __init demo_init(void)
{
	if (!hw_present)
		return -ENODEV;
	return misc_register(&dev);
}
static void __exit demo_exit(void) { misc_deregister(&dev); }
module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
