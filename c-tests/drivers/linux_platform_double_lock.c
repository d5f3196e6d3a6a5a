/* A platform driver whose probe takes the device lock and then calls a helper that takes
   it again (a self-deadlock on a spin lock); remove is paired with probe by the harness.
   slamrs-expect: locking=DEFECT sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

struct demo_priv {
	spinlock_t lock;
	int ready;
};

static DEFINE_SPINLOCK(global_lock);
static int probed;

static void demo_mark_ready(struct demo_priv *priv)
{
	spin_lock(&global_lock);	/* BUG: the caller already holds global_lock */
	priv->ready = 1;
	spin_unlock(&global_lock);
}

static int demo_probe(struct platform_device *pdev)
{
	struct demo_priv *priv;

	priv = kzalloc(sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	spin_lock_init(&priv->lock);
	spin_lock(&global_lock);
	probed++;
	demo_mark_ready(priv);
	spin_unlock(&global_lock);
	platform_set_drvdata(pdev, priv);
	return 0;
}

static int demo_remove(struct platform_device *pdev)
{
	struct demo_priv *priv = platform_get_drvdata(pdev);

	spin_lock(&global_lock);
	probed--;
	spin_unlock(&global_lock);
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
