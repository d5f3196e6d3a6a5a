/* A timer callback that polls a device and, when the device reports an error, returns
   without releasing the lock it took; the timer is set up and armed in init. (With the
   lock leaked, module_exit's del_timer_sync then sleeps in atomic context too.)
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>
#include <linux/io.h>

struct poller {
	spinlock_t lock;
	struct timer_list timer;
	void __iomem *regs;
	unsigned long polls;
};

static struct poller poller;

static int read_status(struct poller *p)
{
	return (int)ioread32(p->regs);	/* the device's status register */
}

static void poll_timer(struct timer_list *t)
{
	struct poller *p = from_timer(p, t, timer);

	spin_lock(&p->lock);
	if (read_status(p) < 0)
		return;		/* BUG: p->lock is still held */
	p->polls++;
	spin_unlock(&p->lock);
	mod_timer(&p->timer, jiffies + HZ);
}

static int __init poller_init(void)
{
	spin_lock_init(&poller.lock);
	timer_setup(&poller.timer, poll_timer, 0);
	mod_timer(&poller.timer, jiffies + HZ);
	return 0;
}

static void __exit poller_exit(void)
{
	del_timer_sync(&poller.timer);
}

module_init(poller_init);
module_exit(poller_exit);
MODULE_LICENSE("GPL");
