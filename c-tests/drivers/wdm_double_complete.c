/* A read routine that completes its IRP on the error path and then again at the end.
   slamrs-expect: irp-completion=DEFECT locking=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Pending;
    UCHAR Buffer[64];
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
DRIVER_DISPATCH DispatchCreateClose;
DRIVER_UNLOAD Unload;

NTSTATUS DispatchCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    ULONG len = sp->Parameters.Read.Length;
    NTSTATUS status = STATUS_SUCCESS;
    KIRQL irql;

    if (len > sizeof(ext->Buffer)) {
        status = STATUS_BUFFER_TOO_SMALL;
        Irp->IoStatus.Status = status;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        /* BUG: no return: the IRP is completed again below */
    }
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Pending++;
    KeReleaseSpinLock(&ext->Lock, irql);
    Irp->IoStatus.Status = status;
    Irp->IoStatus.Information = status == STATUS_SUCCESS ? len : 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

VOID Unload(PDRIVER_OBJECT DriverObject)
{
    IoDeleteDevice(DriverObject->DeviceObject);
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    KeInitializeSpinLock(&((PDEVICE_EXTENSION)dev->DeviceExtension)->Lock);
    DriverObject->MajorFunction[IRP_MJ_CREATE] = DispatchCreateClose;
    DriverObject->MajorFunction[IRP_MJ_CLOSE] = DispatchCreateClose;
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    DriverObject->DriverUnload = Unload;
    return STATUS_SUCCESS;
}
