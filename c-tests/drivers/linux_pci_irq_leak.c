/* A PCI driver that requests its interrupt in probe and forgets to free it in remove.
   Each probe after a remove requests the handler again while the old requests stay
   registered, so a third probe goes past the OS model's two requests per handler: the
   lock rules, which hold, may give up there (UNKNOWN, with the bound as the reason).
   slamrs-expect: locking=PASS? sleep-in-atomic=PASS? irq-lines=DEFECT rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct demo_dev {
	spinlock_t lock;
	unsigned long irqs;
};

static irqreturn_t demo_irq(int irq, void *data)
{
	struct demo_dev *d = data;

	spin_lock(&d->lock);
	d->irqs++;
	spin_unlock(&d->lock);
	return IRQ_HANDLED;
}

static int demo_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct demo_dev *d;
	int err;

	err = pci_enable_device(pdev);
	if (err)
		return err;
	d = kzalloc(sizeof(*d), GFP_KERNEL);
	if (!d) {
		err = -ENOMEM;
		goto disable;
	}
	spin_lock_init(&d->lock);
	err = request_irq(pdev->irq, demo_irq, IRQF_SHARED, "demo", d);
	if (err)
		goto free;
	pci_set_drvdata(pdev, d);
	return 0;
free:
	kfree(d);
disable:
	pci_disable_device(pdev);
	return err;
}

static void demo_remove(struct pci_dev *pdev)
{
	struct demo_dev *d = pci_get_drvdata(pdev);

	/* BUG: free_irq(pdev->irq, d) is missing */
	kfree(d);
	pci_disable_device(pdev);
}

static const struct pci_device_id demo_ids[] = {
	{ PCI_DEVICE(0x1234, 0x5678) },
	{ 0 }
};

static struct pci_driver demo_driver = {
	.name = "demo",
	.id_table = demo_ids,
	.probe = demo_probe,
	.remove = demo_remove,
};

module_pci_driver(demo_driver);
MODULE_LICENSE("GPL");
