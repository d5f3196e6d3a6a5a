/* A module whose kernel thread counts under a mutex and sleeps between rounds with the
   mutex released; init starts it (and fails cleanly when it cannot), exit stops it.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS */
#include <linux/module.h>
#include <linux/kthread.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(stats_lock);
static struct task_struct *worker;
static unsigned long rounds;

static int stats_thread(void *data)
{
	while (!kthread_should_stop()) {
		mutex_lock(&stats_lock);
		rounds++;
		mutex_unlock(&stats_lock);
		msleep(100);
	}
	return 0;
}

static int __init stats_init(void)
{
	worker = kthread_run(stats_thread, NULL, "demo-stats");
	if (IS_ERR(worker))
		return PTR_ERR(worker);
	return 0;
}

static void __exit stats_exit(void)
{
	kthread_stop(worker);
}

module_init(stats_init);
module_exit(stats_exit);
MODULE_LICENSE("GPL");
