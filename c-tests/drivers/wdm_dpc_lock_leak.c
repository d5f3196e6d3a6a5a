/* The DPC shares a spin lock with the read routine and returns early, holding it, when
   more than one read came before it ran. Refinement does not find the predicates that
   relate the read routine's counter to the DPC's (both reach the extension through
   different pointers); the concrete search after the stall finds the bug: two reads,
   then the DPC.
   slamrs-expect: locking=DEFECT irql=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    KDPC Dpc;
    ULONG Ticks;
    ULONG Reads;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
KDEFERRED_ROUTINE TickDpc;

VOID TickDpc(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    ext->Ticks++;
    if (ext->Reads > 1)
        return;   /* BUG: the lock is still held */
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
}

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    ULONG ticks;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Reads++;
    ticks = ext->Ticks;
    KeReleaseSpinLock(&ext->Lock, irql);
    if (ticks == 0)
        KeInsertQueueDpc(&ext->Dpc, NULL, NULL);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
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
    KeInitializeDpc(&ext->Dpc, TickDpc, ext);
    DriverObject->MajorFunction[IRP_MJ_READ] = DispatchRead;
    return STATUS_SUCCESS;
}
