/* A spin lock released with PASSIVE_LEVEL instead of the IRQL KeAcquireSpinLock saved
   (wrong when the routine is called at APC or DISPATCH level).
   slamrs-expect: irql=DEFECT locking=PASS irp-completion=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Opens;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchCreate;

NTSTATUS DispatchCreate(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Opens++;
    KeReleaseSpinLock(&ext->Lock, PASSIVE_LEVEL);   /* BUG: should restore irql */
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    KeInitializeSpinLock(&((PDEVICE_EXTENSION)dev->DeviceExtension)->Lock);
    DriverObject->MajorFunction[IRP_MJ_CREATE] = DispatchCreate;
    return STATUS_SUCCESS;
}
