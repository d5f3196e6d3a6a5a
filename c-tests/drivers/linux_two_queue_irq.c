/* A two-queue device: one interrupt handler, requested once per queue with the queue as
   its cookie. The handler leaks the lock of the receive queue (the first request); the
   transmit queue's interrupts are handled right. A model that follows only the last
   request of a handler sees the transmit queue alone and misses the bug. (irq-lines
   holds; its proof needs each queue's line and cookie followed into the model's two
   request slots across probe and remove, which refinement does not find yet.)
   slamrs-expect: locking=DEFECT sleep-in-atomic=DEFECT irq-lines=PASS? rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct demo_queue {
	spinlock_t lock;
	int is_rx;
	unsigned int irq;
	unsigned long packets;
};

struct demo_priv {
	struct demo_queue rx;
	struct demo_queue tx;
};

static irqreturn_t demo_queue_irq(int irq, void *data)
{
	struct demo_queue *q = data;

	spin_lock(&q->lock);
	q->packets++;
	if (q->is_rx)
		return IRQ_HANDLED;	/* BUG: the receive queue's lock stays held */
	spin_unlock(&q->lock);
	return IRQ_HANDLED;
}

static int demo_probe(struct platform_device *pdev)
{
	struct demo_priv *priv;
	int err;

	priv = kzalloc(sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	spin_lock_init(&priv->rx.lock);
	spin_lock_init(&priv->tx.lock);
	priv->rx.is_rx = 1;
	priv->rx.irq = 40;
	priv->tx.irq = 41;
	err = request_irq(priv->rx.irq, demo_queue_irq, 0, "demo-rx", &priv->rx);
	if (err)
		goto free_priv;
	err = request_irq(priv->tx.irq, demo_queue_irq, 0, "demo-tx", &priv->tx);
	if (err)
		goto free_rx;
	platform_set_drvdata(pdev, priv);
	return 0;
free_rx:
	free_irq(priv->rx.irq, &priv->rx);
free_priv:
	kfree(priv);
	return err;
}

static int demo_remove(struct platform_device *pdev)
{
	struct demo_priv *priv = platform_get_drvdata(pdev);

	free_irq(priv->tx.irq, &priv->tx);
	free_irq(priv->rx.irq, &priv->rx);
	kfree(priv);
	return 0;
}

static struct platform_driver demo_driver = {
	.probe = demo_probe,
	.remove = demo_remove,
	.driver = {
		.name = "demo-two-queue",
	},
};

module_platform_driver(demo_driver);
MODULE_LICENSE("GPL");
