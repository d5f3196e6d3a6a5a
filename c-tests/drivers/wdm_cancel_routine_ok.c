/* A read routine that parks its IRP in the device extension with a cancel routine; the
   cancel routine releases the cancel spin lock (at the IRQL the I/O manager saved in the
   IRP) and completes the IRP as cancelled. (irp-completion: a busy read completes an IRP
   whose cancel routine is still NULL, so the I/O manager never cancels it as well.)
   slamrs-expect: cancel-spinlock=PASS locking=PASS irql=PASS pending=PASS critical-region=NOT-APPLICABLE irp-completion=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    PIRP Parked;
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
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    return STATUS_SUCCESS;
}
