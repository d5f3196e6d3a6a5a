/* A USB driver whose suspend callback takes its power-management message by value
   (pm_message_t, a structure): the harness passes a structure of that type. Suspend and
   resume stop and restart the device's work under its mutex, and every path releases it.
   slamrs-expect: locking=PASS sleep-in-atomic=PASS irq-lines=NOT-APPLICABLE rcu=PASS module-ref=NOT-APPLICABLE */
#include <linux/module.h>
#include <linux/usb.h>
#include <linux/mutex.h>
#include <linux/slab.h>

struct demo {
	struct mutex lock;
	int running;
	int suspended;
};

static int demo_probe(struct usb_interface *intf, const struct usb_device_id *id)
{
	struct demo *d = kzalloc(sizeof(*d), GFP_KERNEL);

	if (!d)
		return -ENOMEM;
	mutex_init(&d->lock);
	d->running = 1;
	usb_set_intfdata(intf, d);
	return 0;
}

static void demo_disconnect(struct usb_interface *intf)
{
	struct demo *d = usb_get_intfdata(intf);

	usb_set_intfdata(intf, NULL);
	kfree(d);
}

static int demo_suspend(struct usb_interface *intf, pm_message_t message)
{
	struct demo *d = usb_get_intfdata(intf);

	if (!d)
		return 0;
	mutex_lock(&d->lock);
	if (PMSG_IS_AUTO(message) && d->running) {
		mutex_unlock(&d->lock);
		return -EBUSY;
	}
	d->suspended = 1;
	mutex_unlock(&d->lock);
	return 0;
}

static int demo_resume(struct usb_interface *intf)
{
	struct demo *d = usb_get_intfdata(intf);

	if (!d)
		return 0;
	mutex_lock(&d->lock);
	d->suspended = 0;
	mutex_unlock(&d->lock);
	return 0;
}

static const struct usb_device_id demo_table[] = {
	{ USB_DEVICE(0x1234, 0x5678) },
	{ }
};
MODULE_DEVICE_TABLE(usb, demo_table);

static struct usb_driver demo_driver = {
	.name = "demo",
	.probe = demo_probe,
	.disconnect = demo_disconnect,
	.suspend = demo_suspend,
	.resume = demo_resume,
	.id_table = demo_table,
};

module_usb_driver(demo_driver);
MODULE_LICENSE("GPL");
