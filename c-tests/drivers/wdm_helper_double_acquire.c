/* A helper that takes the device lock itself, called by a routine that already holds it:
   a double acquire (a deadlock on a real machine). Refinement stalls (it does not relate
   DriverEntry's ResetQueue(ext) to the extension reached through the device object); the
   concrete search after the stall finds the bug.
   slamrs-expect: locking=DEFECT irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    LIST_ENTRY Queue;
    ULONG Depth;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchCleanup;
DRIVER_DISPATCH DispatchCreate;

static VOID ResetQueue(PDEVICE_EXTENSION ext)
{
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    InitializeListHead(&ext->Queue);
    ext->Depth = 0;
    KeReleaseSpinLock(&ext->Lock, irql);
}

NTSTATUS DispatchCreate(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Depth++;
    KeReleaseSpinLock(&ext->Lock, irql);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchCleanup(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (ext->Depth != 0)
        ResetQueue(ext);   /* BUG: ResetQueue takes ext->Lock again */
    KeReleaseSpinLock(&ext->Lock, irql);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    PDEVICE_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ResetQueue(ext);
    DriverObject->MajorFunction[IRP_MJ_CREATE] = DispatchCreate;
    DriverObject->MajorFunction[IRP_MJ_CLEANUP] = DispatchCleanup;
    return STATUS_SUCCESS;
}
