/* A read routine parks one IRP with a cancel routine and turns later reads away while
   one is parked, counting them. The cancel routine forgets to release the device lock
   when reads were turned away: a defect only when the parked IRP is cancelled after
   another read came in, not right after the read that parked it.
   slamrs-expect: locking=DEFECT irql=PASS cancel-spinlock=PASS pending=PASS critical-region=NOT-APPLICABLE irp-completion=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    PIRP Parked;
    ULONG Rejected;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
DRIVER_CANCEL CancelRead;

VOID CancelRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    IoReleaseCancelSpinLock(Irp->CancelIrql);
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (ext->Parked == Irp)
        ext->Parked = NULL;
    if (ext->Rejected > 0) {
        ext->Rejected = 0;
        Irp->IoStatus.Status = STATUS_CANCELLED;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return; /* the device lock is still held */
    }
    KeReleaseSpinLock(&ext->Lock, irql);
    Irp->IoStatus.Status = STATUS_CANCELLED;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
}

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (ext->Parked != NULL) {
        ext->Rejected++;
        KeReleaseSpinLock(&ext->Lock, irql);
        Irp->IoStatus.Status = STATUS_DEVICE_BUSY;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return STATUS_DEVICE_BUSY;
    }
    IoMarkIrpPending(Irp);
    ext->Parked = Irp;
    IoSetCancelRoutine(Irp, CancelRead);
    KeReleaseSpinLock(&ext->Lock, irql);
    return STATUS_PENDING;
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
    ext->Parked = NULL;
    ext->Rejected = 0;
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    return STATUS_SUCCESS;
}
