// rule: locking
// expect: violation
// message: still held when the entry function returns
// inputs: 1 1
// A driver queues write IRPs under the extension's spin lock in a helper; the helper's "queue full" error path returns without releasing the lock.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define STATUS_INSUFFICIENT_RESOURCES (-1073741670) /* 0xC000009A */
#define QUEUE_DEPTH 4

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned long Length;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK QueueLock;
    int Queued;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern void IoMarkIrpPending(PIRP Irp);
extern int __VERIFIER_nondet_int(void);

/* Appends the IRP to the device queue. */
static NTSTATUS QueueWrite(PDEVICE_EXTENSION ext, PIRP Irp, int queueFull)
{
    KIRQL irql;

    KeAcquireSpinLock(&ext->QueueLock, &irql);
    if (queueFull) {
        /* BUG: returns with QueueLock held */
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    ext->Queued = ext->Queued + 1;
    IoMarkIrpPending(Irp);
    KeReleaseSpinLock(&ext->QueueLock, irql);
    return STATUS_PENDING;
}

static NTSTATUS DispatchWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp, int queueFull)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    NTSTATUS status;

    if (Irp->Length == 0) {
        Irp->Status = STATUS_SUCCESS;
        IoCompleteRequest(Irp, 0);
        return STATUS_SUCCESS;
    }
    status = QueueWrite(ext, Irp, queueFull);
    if (status != STATUS_PENDING) {
        Irp->Status = status;
        IoCompleteRequest(Irp, 0);
    }
    return status;
}

int main(void)
{
    DEVICE_OBJECT device;
    DEVICE_EXTENSION extension;
    IRP irp;

    extension.QueueLock = 0;
    extension.Queued = 0;
    device.DeviceExtension = &extension;
    irp.Length = (unsigned long)__VERIFIER_nondet_int();
    irp.Status = 0;
    irp.Information = 0;
    DispatchWrite(&device, &irp, __VERIFIER_nondet_int() != 0);
    return 0;
}
