/* Device control with `goto done` error handling: every path completes the IRP once.
   Two IRPs in flight are completed by two calls, which is not a double completion.
   slamrs-expect: irp-completion=PASS locking=PASS pending=PASS irql=PASS */
#include <wdm.h>

#define IOCTL_SET_MODE  CTL_CODE(FILE_DEVICE_UNKNOWN, 0x800, METHOD_BUFFERED, FILE_ANY_ACCESS)
#define IOCTL_GET_COUNT CTL_CODE(FILE_DEVICE_UNKNOWN, 0x801, METHOD_BUFFERED, FILE_ANY_ACCESS)

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Mode;
    ULONG Count;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchIoctl;
DRIVER_DISPATCH DispatchOther;

NTSTATUS DispatchOther(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    PULONG buf = Irp->AssociatedIrp.SystemBuffer;
    NTSTATUS status = STATUS_SUCCESS;
    ULONG_PTR info = 0;
    KIRQL irql;

    if (buf == NULL) {
        status = STATUS_INVALID_PARAMETER;
        goto done;
    }
    switch (sp->Parameters.DeviceIoControl.IoControlCode) {
    case IOCTL_SET_MODE:
        if (sp->Parameters.DeviceIoControl.InputBufferLength < sizeof(ULONG)) {
            status = STATUS_BUFFER_TOO_SMALL;
            goto done;
        }
        KeAcquireSpinLock(&ext->Lock, &irql);
        ext->Mode = *buf;
        KeReleaseSpinLock(&ext->Lock, irql);
        break;
    case IOCTL_GET_COUNT:
        if (sp->Parameters.DeviceIoControl.OutputBufferLength < sizeof(ULONG)) {
            status = STATUS_BUFFER_TOO_SMALL;
            goto done;
        }
        KeAcquireSpinLock(&ext->Lock, &irql);
        *buf = ext->Count;
        KeReleaseSpinLock(&ext->Lock, irql);
        info = sizeof(ULONG);
        break;
    default:
        status = STATUS_INVALID_DEVICE_REQUEST;
        break;
    }
done:
    Irp->IoStatus.Status = status;
    Irp->IoStatus.Information = info;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    ULONG i;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    KeInitializeSpinLock(&((PDEVICE_EXTENSION)dev->DeviceExtension)->Lock);
    for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
        DriverObject->MajorFunction[i] = DispatchOther;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchIoctl;
    return STATUS_SUCCESS;
}
