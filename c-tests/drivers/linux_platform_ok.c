/* A platform driver that allocates its private data in probe, registers an interrupt with
   it as the cookie, and frees both in remove (and on probe's error path).
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=PASS rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct demo_priv {
	spinlock_t lock;
	int irq;
	unsigned long count;
};

static irqreturn_t demo_irq(int irq, void *data)
{
	struct demo_priv *priv = data;

	spin_lock(&priv->lock);
	priv->count++;
	spin_unlock(&priv->lock);
	return IRQ_HANDLED;
}

static int demo_probe(struct platform_device *pdev)
{
	struct demo_priv *priv;
	int err;

	priv = kzalloc(sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	spin_lock_init(&priv->lock);
	priv->irq = 23;
	err = request_irq(priv->irq, demo_irq, 0, "demo", priv);
	if (err)
		goto free_priv;
	platform_set_drvdata(pdev, priv);
	return 0;
free_priv:
	kfree(priv);
	return err;
}

static int demo_remove(struct platform_device *pdev)
{
	struct demo_priv *priv = platform_get_drvdata(pdev);

	free_irq(priv->irq, priv);
	kfree(priv);
	return 0;
}

static struct platform_driver demo_driver = {
	.probe = demo_probe,
	.remove = demo_remove,
	.driver = {
		.name = "demo",
	},
};

module_platform_driver(demo_driver);
MODULE_LICENSE("GPL");
