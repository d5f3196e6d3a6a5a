/* A read DPC and a write DPC, each queued by its dispatch routine. The write DPC returns
   holding the device lock when a read DPC is still pending: a defect only while both DPCs
   are queued at once. A model that follows one queued DPC cannot see it (slamrs answered
   UNKNOWN at that bound); the model follows two, so the answer is DEFECT.
   slamrs-expect: locking=DEFECT irql=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    KDPC ReadDpc;
    KDPC WriteDpc;
    LONG ReadPending;
    ULONG Writes;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
DRIVER_DISPATCH DispatchWrite;
KDEFERRED_ROUTINE ReadDone;
KDEFERRED_ROUTINE WriteDone;

VOID ReadDone(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->ReadPending = 0;
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
}

VOID WriteDone(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->Writes++;
    if (ext->ReadPending)
        return; /* BUG: the lock is still held */
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
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->ReadPending = 1;
    KeReleaseSpinLock(&ext->Lock, irql);
    KeInsertQueueDpc(&ext->ReadDpc, NULL, NULL);
    return Complete(Irp);
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KeInsertQueueDpc(&ext->WriteDpc, NULL, NULL);
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
    ext->ReadPending = 0;
    ext->Writes = 0;
    KeInitializeDpc(&ext->ReadDpc, ReadDone, ext);
    KeInitializeDpc(&ext->WriteDpc, WriteDone, ext);
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    DriverObject->MajorFunction[IRP_MJ_WRITE] = DispatchWrite;
    return STATUS_SUCCESS;
}
