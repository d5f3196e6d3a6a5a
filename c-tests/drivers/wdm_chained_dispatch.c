/* Create and close share one dispatch routine, registered with a chained assignment
   (`MajorFunction[IRP_MJ_CREATE] = MajorFunction[IRP_MJ_CLOSE] = F`, as many WDK samples
   write it): both codes are entry points. The routine takes the extension's spin lock
   and hands the request to a helper declared with the dispatch role type, which counts
   the open, drops the lock and completes the request. The helper is never registered,
   so the kernel cannot call it: it is not an entry point (run on its own, it would drop
   a lock nobody holds).
   slamrs-expect: locking=PASS irql=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    KIRQL Irql;
    ULONG Opens;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchCreateClose;
DRIVER_DISPATCH CompleteLocked;
DRIVER_UNLOAD Unload;

static PDEVICE_OBJECT TheDevice;

NTSTATUS CompleteLocked(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)DeviceObject->DeviceExtension;
    ext->Opens++;
    KeReleaseSpinLock(&ext->Lock, ext->Irql);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Irql = irql;
    return CompleteLocked(DeviceObject, Irp);
}

VOID Unload(PDRIVER_OBJECT Driver)
{
    IoDeleteDevice(TheDevice);
}

NTSTATUS DriverEntry(PDRIVER_OBJECT Driver, PUNICODE_STRING RegistryPath)
{
    PDEVICE_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(Driver, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &TheDevice);
    if (!NT_SUCCESS(status))
        return status;
    ext = (PDEVICE_EXTENSION)TheDevice->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ext->Opens = 0;
    Driver->MajorFunction[IRP_MJ_CREATE] = Driver->MajorFunction[IRP_MJ_CLOSE] = DispatchCreateClose;
    Driver->DriverUnload = Unload;
    return STATUS_SUCCESS;
}
