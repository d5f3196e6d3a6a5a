/* A watchdog IoTimer routine that polls the device under its spin lock and returns early,
   holding it, when the device reports an error. The timer starts in DriverEntry.
   slamrs-expect: locking=DEFECT irql=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Errors;
    ULONG Polls;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchClose;
IO_TIMER_ROUTINE Watchdog;

extern ULONG ReadDeviceStatus(PDEVICE_EXTENSION ext);

VOID Watchdog(PDEVICE_OBJECT DeviceObject, PVOID Context)
{
    PDEVICE_EXTENSION ext = Context;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Polls++;
    if (ReadDeviceStatus(ext) != 0) {
        ext->Errors++;
        return;   /* BUG: the lock is still held */
    }
    KeReleaseSpinLock(&ext->Lock, irql);
}

NTSTATUS DispatchClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    PDEVICE_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    status = IoInitializeTimer(dev, Watchdog, ext);
    if (!NT_SUCCESS(status)) {
        IoDeleteDevice(dev);
        return status;
    }
    IoStartTimer(dev);
    DriverObject->MajorFunction[IRP_MJ_CLOSE] = DispatchClose;
    return STATUS_SUCCESS;
}
