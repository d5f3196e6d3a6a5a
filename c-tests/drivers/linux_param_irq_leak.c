/* An interrupt line named by a module parameter, off by default (irq=-1: init fails
   unless whoever loads the module names a line). Given a line, init requests it and exit
   never frees it. Parameters are inputs (any value their type allows), so the leak is
   found; with the default alone nothing after init would run.
   slamrs-expect: locking=NOT-APPLICABLE sleep-in-atomic=NOT-APPLICABLE irq-lines=DEFECT rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/interrupt.h>

static int irq = -1;
module_param(irq, int, 0444);
MODULE_PARM_DESC(irq, "the interrupt line to watch (none by default)");

static unsigned int counts[4];
static int ncounts;
module_param_array(counts, uint, &ncounts, 0444);

static unsigned long events;

static irqreturn_t demo_interrupt(int line, void *dev_id)
{
	events++;
	return IRQ_HANDLED;
}

static int __init demo_init(void)
{
	if (irq < 0 || ncounts > 4)
		return -ENXIO;
	if (request_irq(irq, demo_interrupt, IRQF_SHARED, "demo", &events))
		return -EBUSY;
	return 0;
}

static void __exit demo_exit(void)
{
	pr_info("demo: %lu interrupts\n", events);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
