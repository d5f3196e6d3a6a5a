/* A read routine that parks its IRP in the device extension with a cancel routine; the
   cancel routine completes the IRP as cancelled but never releases the cancel spin lock
   the I/O manager called it with. (irp-completion: see wdm_cancel_routine_ok.c. Refinement
   stalls on the extension's `Parked` field; the concrete search after the stall finds the
   leak, through IoSetCancelRoutine's casts of pointers to ULONG_PTR.)
   slamrs-expect: cancel-spinlock=DEFECT locking=PASS irql=PASS pending=PASS critical-region=NOT-APPLICABLE irp-completion=PASS */
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
    /* BUG: IoReleaseCancelSpinLock(Irp->CancelIrql) is missing */
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
