// rule: locking
// expect: safe
// A WDM dispatch routine (switch on IRP_MJ_*) whose read, write and ioctl handlers take the device-extension spin lock through DeviceObject->DeviceExtension and release it on every path.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_INVALID_PARAMETER (-1073741811)      /* 0xC000000D */
#define STATUS_DEVICE_NOT_READY (-1073741661)       /* 0xC00000A3 */
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808) /* 0xC0000010 */
#define IRP_MJ_CREATE 0x00
#define IRP_MJ_CLOSE 0x02
#define IRP_MJ_READ 0x03
#define IRP_MJ_WRITE 0x04
#define IRP_MJ_DEVICE_CONTROL 0x0e
#define IOCTL_START 0x222000
#define IOCTL_STOP 0x222004

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned char MajorFunction;
    unsigned long Length;
    unsigned long IoControlCode;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    int Started;
    unsigned long BytesRead;
    unsigned long BytesWritten;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS ReadWrite(PDEVICE_EXTENSION ext, PIRP Irp, int write)
{
    NTSTATUS status;
    KIRQL irql;

    if (Irp->Length == 0)
        return STATUS_INVALID_PARAMETER; /* checked before the lock is taken */
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (!ext->Started) {
        status = STATUS_DEVICE_NOT_READY;
    } else {
        if (write)
            ext->BytesWritten += Irp->Length;
        else
            ext->BytesRead += Irp->Length;
        Irp->Information = Irp->Length;
        status = STATUS_SUCCESS;
    }
    KeReleaseSpinLock(&ext->Lock, irql);
    return status;
}

static NTSTATUS DeviceControl(PDEVICE_EXTENSION ext, PIRP Irp)
{
    KIRQL irql;

    KeAcquireSpinLock(&ext->Lock, &irql);
    switch (Irp->IoControlCode) {
    case IOCTL_START:
        ext->Started = 1;
        KeReleaseSpinLock(&ext->Lock, irql);
        return STATUS_SUCCESS;
    case IOCTL_STOP:
        ext->Started = 0;
        KeReleaseSpinLock(&ext->Lock, irql);
        return STATUS_SUCCESS;
    default:
        break;
    }
    KeReleaseSpinLock(&ext->Lock, irql);
    return STATUS_INVALID_DEVICE_REQUEST;
}

static NTSTATUS Dispatch(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    NTSTATUS status;

    Irp->Information = 0;
    switch (Irp->MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        status = STATUS_SUCCESS;
        break;
    case IRP_MJ_READ:
        status = ReadWrite(ext, Irp, 0);
        break;
    case IRP_MJ_WRITE:
        status = ReadWrite(ext, Irp, 1);
        break;
    case IRP_MJ_DEVICE_CONTROL:
        status = DeviceControl(ext, Irp);
        break;
    default:
        status = STATUS_INVALID_DEVICE_REQUEST;
        break;
    }
    Irp->Status = status;
    IoCompleteRequest(Irp, 0);
    return status;
}

int main(void)
{
    DEVICE_OBJECT device;
    DEVICE_EXTENSION extension;
    IRP irp;
    int requests = __VERIFIER_nondet_int();

    extension.Lock = 0;
    extension.Started = 0;
    extension.BytesRead = 0;
    extension.BytesWritten = 0;
    device.DeviceExtension = &extension;
    while (requests > 0) {
        irp.MajorFunction = (unsigned char)__VERIFIER_nondet_int();
        irp.Length = (unsigned long)__VERIFIER_nondet_int();
        irp.IoControlCode = (unsigned long)__VERIFIER_nondet_int();
        Dispatch(&device, &irp);
        requests--;
    }
    return 0;
}
