/* A filter that forwards reads with the PendingReturned idiom in its completion routine,
   but its dispatch routine returns STATUS_SUCCESS instead of what IoCallDriver returned:
   when the lower driver pends the IRP, the completion routine marks it pending and the
   dispatch routine does not return STATUS_PENDING (pending: DEFECT).
   slamrs-expect: pending=DEFECT irp-completion=NOT-APPLICABLE locking=NOT-APPLICABLE irql=NOT-APPLICABLE cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _FILTER_EXTENSION {
    PDEVICE_OBJECT Lower;
    LONG Forwarded;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

DRIVER_ADD_DEVICE FilterAddDevice;
DRIVER_DISPATCH FilterRead;
IO_COMPLETION_ROUTINE FilterReadDone;

NTSTATUS FilterReadDone(PDEVICE_OBJECT DeviceObject, PIRP Irp, PVOID Context)
{
    PFILTER_EXTENSION ext = (PFILTER_EXTENSION)Context;
    if (Irp->PendingReturned)
        IoMarkIrpPending(Irp);
    ext->Forwarded++;
    return STATUS_SUCCESS;
}

NTSTATUS FilterRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFILTER_EXTENSION ext = DeviceObject->DeviceExtension;
    IoCopyCurrentIrpStackLocationToNext(Irp);
    IoSetCompletionRoutine(Irp, FilterReadDone, ext, TRUE, TRUE, TRUE);
    (void)IoCallDriver(ext->Lower, Irp);
    return STATUS_SUCCESS;
}

NTSTATUS FilterAddDevice(PDRIVER_OBJECT DriverObject, PDEVICE_OBJECT Pdo)
{
    PDEVICE_OBJECT dev;
    PFILTER_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(FILTER_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    ext->Forwarded = 0;
    ext->Lower = IoAttachDeviceToDeviceStack(dev, Pdo);
    if (ext->Lower == NULL) {
        IoDeleteDevice(dev);
        return STATUS_NO_SUCH_DEVICE;
    }
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    DriverObject->MajorFunction[IRP_MJ_READ] = FilterRead;
    DriverObject->DriverExtension->AddDevice = FilterAddDevice;
    return STATUS_SUCCESS;
}
