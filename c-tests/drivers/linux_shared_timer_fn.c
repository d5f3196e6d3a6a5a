/* Two channels, each with its own timer, both driven by one timer function. The first
   channel's timer leaves the lock held when that channel is stuck; the second is never
   stuck. The OS model follows two armed timers per function, so both channels run and the
   stuck one leaks the lock (with one slot per function, arming the second timer was a
   model bound and the answer GIVEUP; before the bounds, the model followed only the
   second timer and answered PASS). The leaked lock is then held where the module sleeps.
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/timer.h>
#include <linux/jiffies.h>
#include <linux/spinlock.h>

struct chan {
	struct timer_list timer;
	int stuck;
	unsigned long polls;
};

static DEFINE_SPINLOCK(chan_lock);
static struct chan chans[2];

static void chan_poll(struct timer_list *t)
{
	struct chan *c = from_timer(c, t, timer);

	spin_lock(&chan_lock);
	if (c->stuck)
		return;		/* BUG: chan_lock stays held */
	c->polls++;
	spin_unlock(&chan_lock);
	mod_timer(&c->timer, jiffies + HZ);
}

static int __init chans_init(void)
{
	chans[0].stuck = 1;
	chans[1].stuck = 0;
	timer_setup(&chans[0].timer, chan_poll, 0);
	timer_setup(&chans[1].timer, chan_poll, 0);
	mod_timer(&chans[0].timer, jiffies + HZ);
	mod_timer(&chans[1].timer, jiffies + HZ);
	return 0;
}

static void __exit chans_exit(void)
{
	del_timer_sync(&chans[1].timer);
	del_timer_sync(&chans[0].timer);
}

module_init(chans_init);
module_exit(chans_exit);
MODULE_LICENSE("GPL");
