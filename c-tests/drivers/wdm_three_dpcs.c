/* Three DPCs, one per dispatch routine (read, write, flush), each only counting. All three
   are queued at once when the three requests come in before any DPC runs: beyond the
   model's two queued DPCs, so the rules that hold give up there, with the bound as the
   reason (the `?`). The flush routine returns holding the lock when its DPC was queued
   already, a bug within the bounds, so locking is DEFECT all the same.
   slamrs-expect: locking=DEFECT irql=PASS? irp-completion=PASS? pending=PASS? cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    KDPC ReadDpc;
    KDPC WriteDpc;
    KDPC FlushDpc;
    ULONG Reads;
    ULONG Writes;
    ULONG Flushes;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
DRIVER_DISPATCH DispatchWrite;
DRIVER_DISPATCH DispatchFlush;
KDEFERRED_ROUTINE ReadDone;
KDEFERRED_ROUTINE WriteDone;
KDEFERRED_ROUTINE FlushDone;

VOID ReadDone(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->Reads++;
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
}

VOID WriteDone(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->Writes++;
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
}

VOID FlushDone(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->Flushes++;
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
}

static NTSTATUS Complete(PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KeInsertQueueDpc(&ext->ReadDpc, NULL, NULL);
    return Complete(Irp);
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KeInsertQueueDpc(&ext->WriteDpc, NULL, NULL);
    return Complete(Irp);
}

NTSTATUS DispatchFlush(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (!KeInsertQueueDpc(&ext->FlushDpc, NULL, NULL)) {
        Complete(Irp);
        return STATUS_SUCCESS; /* BUG: the lock is still held */
    }
    KeReleaseSpinLock(&ext->Lock, irql);
    return Complete(Irp);
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
    KeInitializeDpc(&ext->ReadDpc, ReadDone, ext);
    KeInitializeDpc(&ext->WriteDpc, WriteDone, ext);
    KeInitializeDpc(&ext->FlushDpc, FlushDone, ext);
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    DriverObject->MajorFunction[IRP_MJ_WRITE] = DispatchWrite;
    DriverObject->MajorFunction[IRP_MJ_FLUSH_BUFFERS] = DispatchFlush;
    return STATUS_SUCCESS;
}
