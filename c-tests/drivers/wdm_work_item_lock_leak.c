/* A device-control routine that hands slow work to a work item allocated in DriverEntry;
   the work routine returns holding the device lock when the request it serves was
   cancelled in the meantime. (The other rules hold; refinement does not prove them yet:
   it stalls on paths through the work item's context, the `?`.)
   slamrs-expect: locking=DEFECT irql=PASS? irp-completion=PASS? pending=PASS? cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    PIO_WORKITEM Work;
    LONG Busy;
    LONG Cancelled;
    ULONG Done;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchIoctl;
IO_WORKITEM_ROUTINE SlowWork;

VOID SlowWork(PDEVICE_OBJECT DeviceObject, PVOID Context)
{
    PDEVICE_EXTENSION ext = Context;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Busy = 0;
    if (ext->Cancelled)
        return; /* BUG: the lock is still held */
    ext->Done++;
    KeReleaseSpinLock(&ext->Lock, irql);
}

NTSTATUS DispatchIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    BOOLEAN queue = FALSE;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Cancelled = Irp->Cancel;
    if (!ext->Busy) {
        ext->Busy = 1;
        queue = TRUE;
    }
    KeReleaseSpinLock(&ext->Lock, irql);
    if (queue)
        IoQueueWorkItem(ext->Work, SlowWork, DelayedWorkQueue, ext);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
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
    ext->Busy = 0;
    ext->Cancelled = 0;
    ext->Work = IoAllocateWorkItem(dev);
    if (ext->Work == NULL) {
        IoDeleteDevice(dev);
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchIoctl;
    return STATUS_SUCCESS;
}
