/* Nested raises undone in order: KeLowerIrql restores the outer raise's saved IRQL last.
   Proving it needs the value KfRaiseIrql returned related across the inner raise, which
   leaves the rule's saved IRQL as it found it (KfRaiseIrql's `slic_old == \old(slic_old)`).
   slamrs-expect: irql=PASS locking=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Value;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchWrite;

static ULONG ReadValueRaised(PDEVICE_EXTENSION ext)
{
    KIRQL outer, inner;
    ULONG v;
    KeRaiseIrql(APC_LEVEL, &outer);
    KeRaiseIrql(DISPATCH_LEVEL, &inner);
    v = ext->Value;
    KeLowerIrql(inner);
    KeLowerIrql(outer);
    return v;
}

NTSTATUS DispatchWrite(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    KIRQL irql;
    ULONG v = ReadValueRaised(ext);
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Value = v + 1;
    KeReleaseSpinLock(&ext->Lock, irql);
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
    DriverObject->MajorFunction[IRP_MJ_WRITE] = DispatchWrite;
    return STATUS_SUCCESS;
}
