/* A driver whose device extension has two spin locks: the read routine takes the queue
   lock, then the statistics lock inside it (two different KSPIN_LOCKs nested, released in
   the reverse order), and the write routine takes the queue lock as an in-stack queued
   spin lock, released by its lock queue handle.
   slamrs-expect: locking=PASS */
#include <wdm.h>

typedef struct _NEST_EXTENSION {
    KSPIN_LOCK QueueLock;
    KSPIN_LOCK StatsLock;
    ULONG Queued;
    ULONG Reads;
    ULONG Writes;
} NEST_EXTENSION, *PNEST_EXTENSION;

DRIVER_ADD_DEVICE NestAddDevice;
DRIVER_DISPATCH NestRead;
DRIVER_DISPATCH NestWrite;

NTSTATUS NestRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PNEST_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    NTSTATUS status = STATUS_SUCCESS;

    KeAcquireSpinLock(&ext->QueueLock, &irql);
    KeAcquireSpinLockAtDpcLevel(&ext->StatsLock);
    ext->Reads++;
    if (ext->Queued == 0)
        status = STATUS_DEVICE_NOT_READY;
    KeReleaseSpinLockFromDpcLevel(&ext->StatsLock);
    KeReleaseSpinLock(&ext->QueueLock, irql);
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS NestWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PNEST_EXTENSION ext = DeviceObject->DeviceExtension;
    KLOCK_QUEUE_HANDLE handle;

    KeAcquireInStackQueuedSpinLock(&ext->QueueLock, &handle);
    ext->Queued++;
    ext->Writes++;
    KeReleaseInStackQueuedSpinLock(&handle);
    Irp->IoStatus.Status = STATUS_SUCCESS;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS NestAddDevice(PDRIVER_OBJECT DriverObject, PDEVICE_OBJECT Pdo)
{
    PDEVICE_OBJECT dev;
    PNEST_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(NEST_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->QueueLock);
    KeInitializeSpinLock(&ext->StatsLock);
    ext->Queued = 0;
    ext->Reads = 0;
    ext->Writes = 0;
    dev->Flags &= ~DO_DEVICE_INITIALIZING;
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    DriverObject->MajorFunction[IRP_MJ_READ] = NestRead;
    DriverObject->MajorFunction[IRP_MJ_WRITE] = NestWrite;
    DriverObject->DriverExtension->AddDevice = NestAddDevice;
    return STATUS_SUCCESS;
}
