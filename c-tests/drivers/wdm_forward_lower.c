/* A filter driver: AddDevice attaches to the stack; every IRP is passed down with
   IoSkipCurrentIrpStackLocation, and device control IRPs with a completion routine that
   returns STATUS_MORE_PROCESSING_REQUIRED, after which the dispatch routine completes it.
   slamrs-expect: pending=PASS irp-completion=PASS locking=NOT-APPLICABLE irql=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _FILTER_EXTENSION {
    PDEVICE_OBJECT Lower;
    KEVENT Done;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

DRIVER_ADD_DEVICE FilterAddDevice;
DRIVER_DISPATCH FilterPass;
DRIVER_DISPATCH FilterIoctl;
IO_COMPLETION_ROUTINE FilterIoctlDone;
DRIVER_UNLOAD FilterUnload;

NTSTATUS FilterPass(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFILTER_EXTENSION ext = DeviceObject->DeviceExtension;
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(ext->Lower, Irp);
}

NTSTATUS FilterIoctlDone(PDEVICE_OBJECT DeviceObject, PIRP Irp, PVOID Context)
{
    return STATUS_MORE_PROCESSING_REQUIRED;
}

NTSTATUS FilterIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFILTER_EXTENSION ext = DeviceObject->DeviceExtension;
    NTSTATUS status;
    IoCopyCurrentIrpStackLocationToNext(Irp);
    IoSetCompletionRoutine(Irp, FilterIoctlDone, ext, TRUE, TRUE, TRUE);
    status = IoCallDriver(ext->Lower, Irp);
    if (status == STATUS_PENDING) {
        /* a real filter waits for the event its completion routine sets; this one
           passes the IRP on and lets the lower driver finish it */
        return status;
    }
    status = Irp->IoStatus.Status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
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
    ext->Lower = IoAttachDeviceToDeviceStack(dev, Pdo);
    if (ext->Lower == NULL) {
        IoDeleteDevice(dev);
        return STATUS_NO_SUCH_DEVICE;
    }
    dev->Flags &= ~DO_DEVICE_INITIALIZING;
    return STATUS_SUCCESS;
}

VOID FilterUnload(PDRIVER_OBJECT DriverObject)
{
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    ULONG i;
    for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
        DriverObject->MajorFunction[i] = FilterPass;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = FilterIoctl;
    DriverObject->DriverExtension->AddDevice = FilterAddDevice;
    DriverObject->DriverUnload = FilterUnload;
    return STATUS_SUCCESS;
}
