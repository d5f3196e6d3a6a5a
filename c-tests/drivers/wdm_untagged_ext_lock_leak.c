/* A device extension declared as an untagged struct (named by its typedef only). The
   control routine returns with the device lock held for one code, but only once a create
   request has opened the device: state the create routine leaves in the extension.
   slamrs-expect: locking=DEFECT irql=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

#define IOCTL_UNTAGGED_RESET CTL_CODE(FILE_DEVICE_UNKNOWN, 0x801, METHOD_BUFFERED, FILE_ANY_ACCESS)

typedef struct {
    KSPIN_LOCK Lock;
    LONG OpenCount;
    ULONG Resets;
} UNTAGGED_EXTENSION, *PUNTAGGED_EXTENSION;

DRIVER_DISPATCH DispatchCreate;
DRIVER_DISPATCH DispatchControl;

NTSTATUS DispatchCreate(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PUNTAGGED_EXTENSION ext = (PUNTAGGED_EXTENSION)DeviceObject->DeviceExtension;
    ext->OpenCount++;
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchControl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PUNTAGGED_EXTENSION ext = (PUNTAGGED_EXTENSION)DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status = STATUS_INVALID_DEVICE_REQUEST;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (sp->Parameters.DeviceIoControl.IoControlCode == IOCTL_UNTAGGED_RESET) {
        ext->Resets++;
        status = STATUS_SUCCESS;
        if (ext->OpenCount > 0)
            goto done; /* skips the release */
    }
    KeReleaseSpinLock(&ext->Lock, irql);
done:
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    PUNTAGGED_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(UNTAGGED_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = (PUNTAGGED_EXTENSION)dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ext->OpenCount = 0;
    ext->Resets = 0;
    DriverObject->MajorFunction[IRP_MJ_CREATE] = DispatchCreate;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchControl;
    return STATUS_SUCCESS;
}
