/* A read routine that takes the cancel spin lock to check whether the IRP was cancelled
   and releases it on both paths.
   slamrs-expect: cancel-spinlock=PASS locking=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

DRIVER_DISPATCH DispatchRead;

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    KIRQL irql;
    IoAcquireCancelSpinLock(&irql);
    if (Irp->Cancel) {
        Irp->IoStatus.Status = STATUS_CANCELLED;
        IoReleaseCancelSpinLock(irql);
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return STATUS_CANCELLED;
    }
    IoReleaseCancelSpinLock(irql);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status = IoCreateDevice(DriverObject, 0, NULL, FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    return STATUS_SUCCESS;
}
