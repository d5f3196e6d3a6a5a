/* A platform driver for a device that cannot be hot-plugged: its probe routine is not
   in the driver structure but passed to platform_driver_probe (a macro of
   __platform_driver_probe), which is what makes it an entry point. The probe takes the
   driver's spin lock and returns with it held when the device has no interrupt line.
   slamrs-expect: locking=DEFECT sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/spinlock.h>

static DEFINE_SPINLOCK(demo_lock);
static int demo_irq;
static int demo_probes;

static int __init demo_probe(struct platform_device *pdev)
{
	int irq;

	spin_lock(&demo_lock);
	demo_probes++;
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	demo_irq = irq;
	spin_unlock(&demo_lock);
	return 0;
}

static struct platform_driver demo_driver = {
	.driver = {
		.name = "demo",
	},
};

static int __init demo_init(void)
{
	return platform_driver_probe(&demo_driver, demo_probe);
}

static void __exit demo_exit(void)
{
	platform_driver_unregister(&demo_driver);
}

module_init(demo_init);
module_exit(demo_exit);
MODULE_LICENSE("GPL");
