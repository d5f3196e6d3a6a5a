/* A module with a polling kernel thread started in init and stopped in exit. The thread
   returns from its loop holding the lock when a poll reports an error (a kernel routine's
   result stands in for the device).
   slamrs-expect: locking=DEFECT sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/spinlock.h>
#include <linux/random.h>

static DEFINE_SPINLOCK(poll_lock);
static struct task_struct *poller;
static unsigned long polls;

static int poll_thread(void *data)
{
	while (!kthread_should_stop()) {
		spin_lock(&poll_lock);
		polls++;
		if (get_random_u32() == 0)
			return -EIO;	/* BUG: poll_lock is still held */
		spin_unlock(&poll_lock);
		msleep(10);
	}
	return 0;
}

static int __init poll_init(void)
{
	poller = kthread_run(poll_thread, NULL, "demo-poll");
	if (IS_ERR(poller))
		return PTR_ERR(poller);
	return 0;
}

static void __exit poll_exit(void)
{
	kthread_stop(poller);
}

module_init(poll_init);
module_exit(poll_exit);
MODULE_LICENSE("GPL");
