/* Two timers: a fast one that polls under the lock correctly, and a slow watchdog that
   leaves the lock held when the device is stuck. Both are armed in init; the model
   follows each timer separately.
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/io.h>

static DEFINE_SPINLOCK(dev_lock);
static struct timer_list poll_timer;
static struct timer_list watchdog_timer;
static void __iomem *regs;
static unsigned long polls;

static void poll_fn(struct timer_list *t)
{
	spin_lock(&dev_lock);
	polls++;
	spin_unlock(&dev_lock);
	mod_timer(&poll_timer, jiffies + HZ / 10);
}

static void watchdog_fn(struct timer_list *t)
{
	spin_lock(&dev_lock);
	if (ioread32(regs) == 0xffffffff)
		return;		/* BUG: the device is stuck and dev_lock stays held */
	spin_unlock(&dev_lock);
	mod_timer(&watchdog_timer, jiffies + 10 * HZ);
}

static int __init demo_init(void)
{
	timer_setup(&poll_timer, poll_fn, 0);
	timer_setup(&watchdog_timer, watchdog_fn, 0);
	mod_timer(&poll_timer, jiffies + HZ / 10);
	mod_timer(&watchdog_timer, jiffies + 10 * HZ);
	return 0;
}

static void __exit demo_exit(void)
{
	del_timer_sync(&watchdog_timer);
	del_timer_sync(&poll_timer);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
