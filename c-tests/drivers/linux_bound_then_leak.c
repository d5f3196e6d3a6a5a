/* Three channels' timers share one function, and the module arms the third one too when
   its optional buffer could be allocated: that path is beyond the OS model (two armed
   timers per function). The ioctl's bad-command exit leaves the lock held, a bug on paths the model
   does follow. The first counterexample reaches the model's bound; the check then goes on
   with those paths cut and replays the ioctl's leak (DEFECT, where it was UNKNOWN).
   The leaked lock is then held when the module sleeps (sleep-in-atomic).
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>

#define CH_POLL 0x200

struct chan {
	struct timer_list timer;
	unsigned long ticks;
};

static DEFINE_SPINLOCK(ch_lock);
static struct chan chans[3];
static char *extra;

static void ch_tick(struct timer_list *t)
{
	struct chan *c = from_timer(c, t, timer);

	spin_lock(&ch_lock);
	c->ticks++;
	spin_unlock(&ch_lock);
}

static long ch_ioctl(struct file *file, unsigned int cmd, unsigned long arg)
{
	spin_lock(&ch_lock);
	if (cmd != CH_POLL)
		return -ENOTTY;	/* BUG: ch_lock stays held */
	chans[0].ticks = 0;
	spin_unlock(&ch_lock);
	return 0;
}

static const struct file_operations ch_fops = {
	.owner = THIS_MODULE,
	.unlocked_ioctl = ch_ioctl,
};

static struct miscdevice ch_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "chans",
	.fops = &ch_fops,
};

static int __init ch_init(void)
{
	timer_setup(&chans[0].timer, ch_tick, 0);
	timer_setup(&chans[1].timer, ch_tick, 0);
	timer_setup(&chans[2].timer, ch_tick, 0);
	mod_timer(&chans[0].timer, jiffies + HZ);
	mod_timer(&chans[1].timer, jiffies + HZ);
	extra = kmalloc(64, GFP_KERNEL);
	if (extra)
		mod_timer(&chans[2].timer, jiffies + HZ);
	return misc_register(&ch_dev);
}

static void __exit ch_exit(void)
{
	misc_deregister(&ch_dev);
	del_timer_sync(&chans[2].timer);
	del_timer_sync(&chans[1].timer);
	del_timer_sync(&chans[0].timer);
	kfree(extra);
}

module_init(ch_init);
module_exit(ch_exit);
MODULE_LICENSE("GPL");
