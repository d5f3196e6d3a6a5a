/* An ERESOURCE protecting the device's configuration, taken inside a critical region; the
   early return for a bad index leaves the critical region open.
   slamrs-expect: critical-region=DEFECT locking=NOT-APPLICABLE irql=NOT-APPLICABLE cancel-spinlock=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <ntddk.h>

typedef struct _DEVICE_EXTENSION {
    ERESOURCE ConfigLock;
    ULONG Config[4];
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchIoctl;
DRIVER_UNLOAD Unload;

static NTSTATUS SetConfig(PDEVICE_EXTENSION ext, ULONG index, ULONG value)
{
    NTSTATUS status = STATUS_SUCCESS;
    KeEnterCriticalRegion();
    ExAcquireResourceExclusiveLite(&ext->ConfigLock, TRUE);
    if (index >= 4) {
        ExReleaseResourceLite(&ext->ConfigLock);
        return STATUS_INVALID_PARAMETER;   /* BUG: KeLeaveCriticalRegion is missing */
    }
    ext->Config[index] = value;
out:
    ExReleaseResourceLite(&ext->ConfigLock);
    KeLeaveCriticalRegion();
    return status;
}

NTSTATUS DispatchIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status = SetConfig(DeviceObject->DeviceExtension,
                                sp->Parameters.DeviceIoControl.InputBufferLength,
                                sp->Parameters.DeviceIoControl.IoControlCode);
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

VOID Unload(PDRIVER_OBJECT DriverObject)
{
    PDEVICE_EXTENSION ext = DriverObject->DeviceObject->DeviceExtension;
    ExDeleteResourceLite(&ext->ConfigLock);
    IoDeleteDevice(DriverObject->DeviceObject);
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    status = ExInitializeResourceLite(&((PDEVICE_EXTENSION)dev->DeviceExtension)->ConfigLock);
    if (!NT_SUCCESS(status)) {
        IoDeleteDevice(dev);
        return status;
    }
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchIoctl;
    DriverObject->DriverUnload = Unload;
    return STATUS_SUCCESS;
}
