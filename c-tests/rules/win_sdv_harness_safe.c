// rule: locking
// expect: safe
// entry: sdv_main
// An SDV-style harness `sdv_main` (the file has no main) sends create, IRP_MJ_READ and cleanup requests; a KeAcquireSpinLockAtDpcLevel path runs from the read completion at DISPATCH_LEVEL.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_END_OF_FILE (-1073741807) /* 0xC0000011 */
#define IRP_MJ_CREATE 0x00
#define IRP_MJ_READ 0x03
#define IRP_MJ_CLEANUP 0x12

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned char MajorFunction;
    unsigned long Length;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK ReadLock;
    int Opened;
    unsigned long Available;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void KeAcquireSpinLockAtDpcLevel(KSPIN_LOCK *SpinLock);
extern void KeReleaseSpinLockFromDpcLevel(KSPIN_LOCK *SpinLock);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern int __VERIFIER_nondet_int(void);

static DEVICE_EXTENSION Extension;
static DEVICE_OBJECT Device;

/* Runs at DISPATCH_LEVEL: the caller has already raised the IRQL. */
static void ReadCompletion(PDEVICE_EXTENSION ext, unsigned long transferred)
{
    KeAcquireSpinLockAtDpcLevel(&ext->ReadLock);
    if (transferred <= ext->Available)
        ext->Available -= transferred;
    KeReleaseSpinLockFromDpcLevel(&ext->ReadLock);
}

static NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    unsigned long length = Irp->Length;
    KIRQL irql;
    int empty;

    KeAcquireSpinLock(&ext->ReadLock, &irql);
    empty = ext->Available == 0;
    if (!empty && length > ext->Available)
        length = ext->Available;
    KeReleaseSpinLock(&ext->ReadLock, irql);

    if (empty) {
        Irp->Status = STATUS_END_OF_FILE;
        Irp->Information = 0;
    } else {
        ReadCompletion(ext, length);
        Irp->Status = STATUS_SUCCESS;
        Irp->Information = length;
    }
    IoCompleteRequest(Irp, 0);
    return Irp->Status;
}

static NTSTATUS DispatchCreateCleanup(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;

    KeAcquireSpinLock(&ext->ReadLock, &irql);
    ext->Opened = Irp->MajorFunction == IRP_MJ_CREATE;
    KeReleaseSpinLock(&ext->ReadLock, irql);
    Irp->Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, 0);
    return STATUS_SUCCESS;
}

void sdv_main(void)
{
    IRP irp;

    Device.DeviceExtension = &Extension;
    Extension.Available = (unsigned long)__VERIFIER_nondet_int();
    irp.MajorFunction = (unsigned char)__VERIFIER_nondet_int();
    irp.Length = (unsigned long)__VERIFIER_nondet_int();
    irp.Status = 0;
    irp.Information = 0;
    switch (irp.MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLEANUP:
        DispatchCreateCleanup(&Device, &irp);
        break;
    case IRP_MJ_READ:
        DispatchRead(&Device, &irp);
        break;
    default:
        break;
    }
}
