/* A write routine that queues the IRP in the device extension and returns STATUS_PENDING
   without IoMarkIrpPending; a DPC completes the queued IRP later. (irp-completion: see
   wdm_pending_marked.c.)
   slamrs-expect: pending=DEFECT locking=PASS irql=PASS irp-completion=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    PIRP Queued;
    KDPC Dpc;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchWrite;
DRIVER_DISPATCH DispatchCreateClose;
KDEFERRED_ROUTINE WriteDoneDpc;

NTSTATUS DispatchCreateClose(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

VOID WriteDoneDpc(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = Context;
    PIRP irp;
    KeAcquireSpinLockAtDpcLevel(&ext->Lock);
    irp = ext->Queued;
    ext->Queued = NULL;
    KeReleaseSpinLockFromDpcLevel(&ext->Lock);
    if (irp != NULL) {
        irp->IoStatus.Status = STATUS_SUCCESS;
        IoCompleteRequest(irp, IO_NO_INCREMENT);
    }
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    KeAcquireSpinLock(&ext->Lock, &irql);
    if (ext->Queued != NULL) {
        KeReleaseSpinLock(&ext->Lock, irql);
        Irp->IoStatus.Status = STATUS_DEVICE_BUSY;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return STATUS_DEVICE_BUSY;
    }
    ext->Queued = Irp;
    KeReleaseSpinLock(&ext->Lock, irql);
    KeInsertQueueDpc(&ext->Dpc, NULL, NULL);
    return STATUS_PENDING;   /* BUG: IoMarkIrpPending(Irp) is missing */
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
    ext->Queued = NULL;
    KeInitializeDpc(&ext->Dpc, WriteDoneDpc, ext);
    DriverObject->MajorFunction[IRP_MJ_CREATE] = DispatchCreateClose;
    DriverObject->MajorFunction[IRP_MJ_CLOSE] = DispatchCreateClose;
    DriverObject->MajorFunction[IRP_MJ_WRITE] = DispatchWrite;
    return STATUS_SUCCESS;
}
