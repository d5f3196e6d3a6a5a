/* A function driver that asks the driver below it for a value with an IOCTL it builds
   itself (IoBuildDeviceIoControlRequest, IoCallDriver, a wait on the event, the status
   from the I/O status block). When the lower driver fails the request, the error path
   counts the failure under the device lock and releases it.
   (pending: the read routine's status is the one the lower driver left in the status
   block, which IoCallDriver fills in before the wait returns: never STATUS_PENDING.)
   slamrs-expect: locking=PASS irql=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

#define IOCTL_LOWER_QUERY CTL_CODE(FILE_DEVICE_UNKNOWN, 0x810, METHOD_BUFFERED, FILE_ANY_ACCESS)

typedef struct _QUERY_EXTENSION {
    KSPIN_LOCK Lock;
    PDEVICE_OBJECT Lower;
    ULONG Failures;
    ULONG Value;
} QUERY_EXTENSION, *PQUERY_EXTENSION;

DRIVER_ADD_DEVICE QueryAddDevice;
DRIVER_DISPATCH QueryRead;

static NTSTATUS AskLower(PQUERY_EXTENSION ext, PULONG value)
{
    KEVENT done;
    IO_STATUS_BLOCK iosb;
    PIRP irp;
    NTSTATUS status;
    KeInitializeEvent(&done, NotificationEvent, FALSE);
    irp = IoBuildDeviceIoControlRequest(IOCTL_LOWER_QUERY, ext->Lower, NULL, 0, value,
                                        sizeof(ULONG), FALSE, &done, &iosb);
    if (irp == NULL)
        return STATUS_INSUFFICIENT_RESOURCES;
    status = IoCallDriver(ext->Lower, irp);
    if (status == STATUS_PENDING) {
        KeWaitForSingleObject(&done, Executive, KernelMode, FALSE, NULL);
        status = iosb.Status;
    }
    return status;
}

NTSTATUS QueryRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PQUERY_EXTENSION ext = DeviceObject->DeviceExtension;
    ULONG value = 0;
    KIRQL irql;
    NTSTATUS status = AskLower(ext, &value);
    if (!NT_SUCCESS(status) && status != STATUS_INSUFFICIENT_RESOURCES) {
        KeAcquireSpinLock(&ext->Lock, &irql);
        ext->Failures++;
        Irp->IoStatus.Status = status;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        KeReleaseSpinLock(&ext->Lock, irql);
        return status;
    }
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Value = value;
    KeReleaseSpinLock(&ext->Lock, irql);
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS QueryAddDevice(PDRIVER_OBJECT DriverObject, PDEVICE_OBJECT Pdo)
{
    PDEVICE_OBJECT dev;
    PQUERY_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(QUERY_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ext->Failures = 0;
    ext->Lower = IoAttachDeviceToDeviceStack(dev, Pdo);
    if (ext->Lower == NULL) {
        IoDeleteDevice(dev);
        return STATUS_NO_SUCH_DEVICE;
    }
    dev->Flags &= ~DO_DEVICE_INITIALIZING;
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    DriverObject->MajorFunction[IRP_MJ_READ] = QueryRead;
    DriverObject->DriverExtension->AddDevice = QueryAddDevice;
    return STATUS_SUCCESS;
}
