/* A WDM driver whose DispatchIoctl returns with its spin lock held on the error path.
   Entry points: DriverEntry, a catch-all dispatch routine filled in a loop, the
   IRP_MJ_DEVICE_CONTROL routine and DriverUnload (see wdm_ioctl_lock_leak.scan).
   slamrs-expect: locking=DEFECT irql=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Count;
    PDEVICE_OBJECT Lower;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchIoctl;
DRIVER_DISPATCH DispatchCreateClose;
DRIVER_UNLOAD DriverUnload;

NTSTATUS DispatchCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    KIRQL old;
    NTSTATUS status = STATUS_SUCCESS;
    KeAcquireSpinLock(&ext->Lock, &old);
    if (sp->Parameters.DeviceIoControl.IoControlCode == 0x222003) {
        status = STATUS_INVALID_PARAMETER;
        Irp->IoStatus.Status = status;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return status;   /* BUG: lock still held */
    }
    ext->Count++;
    KeReleaseSpinLock(&ext->Lock, old);
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

VOID DriverUnload(PDRIVER_OBJECT DriverObject)
{
    IoDeleteDevice(DriverObject->DeviceObject);
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status;
    ULONG i;
    status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                            FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    KeInitializeSpinLock(&((PDEVICE_EXTENSION)dev->DeviceExtension)->Lock);
    for (i = 0; i <= IRP_MJ_MAXIMUM_FUNCTION; i++)
        DriverObject->MajorFunction[i] = DispatchCreateClose;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchIoctl;
    DriverObject->DriverUnload = DriverUnload;
    return STATUS_SUCCESS;
}
