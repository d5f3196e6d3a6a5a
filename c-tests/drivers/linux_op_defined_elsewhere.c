/* A module whose ioctl routine is defined in another file of the driver, not given here:
   the file declares it and registers it in its file_operations. slamrs must not read the
   missing routine as kernel code, nor call a rule that holds without it a PASS: the scan
   warns, and every rule is GIVEUP with the reason `vacuous`, naming the routine.
   slamrs-expect: locking=GIVEUP:vacuous sleep-in-atomic=GIVEUP:vacuous irq-lines=GIVEUP:vacuous rcu=GIVEUP:vacuous module-ref=GIVEUP:vacuous */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>

/* defined in demo_ioctl.c */
long demo_ioctl(struct file *file, unsigned int cmd, unsigned long arg);

static const struct file_operations demo_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = demo_ioctl,
};

static struct miscdevice demo_misc = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "demo",
	.fops = &demo_fops,
};

static int __init demo_init(void)
{
	return misc_register(&demo_misc);
}

static void __exit demo_exit(void)
{
	misc_deregister(&demo_misc);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
