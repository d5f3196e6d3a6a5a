// expect: violation
// inputs: 1 0
// The twin of devext_state_safe.c: State is set to STARTED before the hardware init that can
// fail, so a read after a failed start succeeds; the proof of the twin must not hide it.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define STATE_STOPPED 0
#define STATE_STARTED 1
#define STATE_REMOVED 2

#define STATUS_SUCCESS 0
#define STATUS_DEVICE_NOT_READY (-2)

struct device_extension {
    int State;
    int OpenCount;
};

struct device_object {
    int Type;
    struct device_extension *DeviceExtension;
};

static int start_device(struct device_object *devobj)
{
    struct device_extension *ext = devobj->DeviceExtension;
    int hw_failed = __VERIFIER_nondet_int();

    ext->State = STATE_STARTED;
    if (hw_failed)
        return STATUS_DEVICE_NOT_READY;
    return STATUS_SUCCESS;
}

static void remove_device(struct device_object *devobj)
{
    devobj->DeviceExtension->State = STATE_REMOVED;
}

static int dispatch_read(struct device_object *devobj)
{
    struct device_extension *ext = devobj->DeviceExtension;

    if (ext->State != STATE_STARTED)
        return STATUS_DEVICE_NOT_READY;
    ext->OpenCount = ext->OpenCount + 1;
    return STATUS_SUCCESS;
}

int main(void)
{
    struct device_extension ext;
    struct device_object devobj;
    int start_status, read_status, removed;

    ext.State = STATE_STOPPED;
    ext.OpenCount = 0;
    devobj.Type = 3;
    devobj.DeviceExtension = &ext;

    start_status = start_device(&devobj);
    removed = __VERIFIER_nondet_int();
    if (removed)
        remove_device(&devobj);
    read_status = dispatch_read(&devobj);
    if (read_status == STATUS_SUCCESS && (start_status != STATUS_SUCCESS || removed))
        reach_error();
    return 0;
}
