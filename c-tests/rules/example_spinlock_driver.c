// rule: locking
// expect: violation
// message: still held when the entry function returns
// inputs: 14 2236416 0
// A Windows-style driver whose device-control handler forgets KeReleaseSpinLock on its "buffer too small" error path.
//
// This is the README's example: `slamrs check c-tests/rules/example_spinlock_driver.c --rule locking`.
// The driver keeps a small statistics block in its device extension, guarded by a spin lock.
// DispatchDeviceControl takes the lock, looks at the request, and must release the lock on
// every path before completing the IRP. One path does not.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_BUFFER_TOO_SMALL (-1073741789)   /* 0xC0000023 */
#define STATUS_INVALID_DEVICE_REQUEST (-1073741808) /* 0xC0000010 */
#define IRP_MJ_CREATE 0x00
#define IRP_MJ_CLOSE 0x02
#define IRP_MJ_DEVICE_CONTROL 0x0e
#define IOCTL_GET_STATS 0x222000
#define IOCTL_RESET_STATS 0x222004

typedef struct _IO_STACK_LOCATION {
    unsigned char MajorFunction;
    unsigned long IoControlCode;
    unsigned long OutputBufferLength;
} IO_STACK_LOCATION, *PIO_STACK_LOCATION;

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    IO_STACK_LOCATION Stack;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK StatsLock;
    unsigned long Reads;
    unsigned long Writes;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern int __VERIFIER_nondet_int(void);

static PIO_STACK_LOCATION IoGetCurrentIrpStackLocation(PIRP Irp) { return &Irp->Stack; }

static NTSTATUS DispatchDeviceControl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION stack = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status = STATUS_SUCCESS;
    unsigned long info = 0;
    KIRQL irql;

    KeAcquireSpinLock(&ext->StatsLock, &irql);
    switch (stack->IoControlCode) {
    case IOCTL_GET_STATS:
        if (stack->OutputBufferLength < 2 * sizeof(unsigned long)) {
            status = STATUS_BUFFER_TOO_SMALL;
            Irp->Status = status;
            IoCompleteRequest(Irp, 0);
            return status; /* BUG: the statistics lock is still held */
        }
        info = 2 * sizeof(unsigned long);
        break;
    case IOCTL_RESET_STATS:
        ext->Reads = 0;
        ext->Writes = 0;
        break;
    default:
        status = STATUS_INVALID_DEVICE_REQUEST;
        break;
    }
    KeReleaseSpinLock(&ext->StatsLock, irql);

    Irp->Status = status;
    Irp->Information = info;
    IoCompleteRequest(Irp, 0);
    return status;
}

static NTSTATUS DispatchCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    (void)DeviceObject;
    Irp->Status = STATUS_SUCCESS;
    Irp->Information = 0;
    IoCompleteRequest(Irp, 0);
    return STATUS_SUCCESS;
}

/* The harness: the I/O manager sends one request with an arbitrary major function,
 * control code and buffer size to a freshly started device. */
int main(void)
{
    DEVICE_OBJECT device;
    DEVICE_EXTENSION extension;
    IRP irp;

    extension.StatsLock = 0;
    extension.Reads = 0;
    extension.Writes = 0;
    device.DeviceExtension = &extension;
    irp.Stack.MajorFunction = (unsigned char)__VERIFIER_nondet_int();
    irp.Stack.IoControlCode = (unsigned long)__VERIFIER_nondet_int();
    irp.Stack.OutputBufferLength = (unsigned long)__VERIFIER_nondet_int();

    switch (irp.Stack.MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        DispatchCreateClose(&device, &irp);
        break;
    case IRP_MJ_DEVICE_CONTROL:
        DispatchDeviceControl(&device, &irp);
        break;
    default:
        break;
    }
    return 0;
}
