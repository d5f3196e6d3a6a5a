/* Raising and lowering in pairs, through a helper, and spin locks released with the IRQL
   their acquisition saved.
   slamrs-expect: irql=PASS locking=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Value;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchWrite;

static ULONG ReadValueRaised(PDEVICE_EXTENSION ext)
{
    KIRQL outer;
    ULONG v;
    KeRaiseIrql(APC_LEVEL, &outer);
    v = ext->Value;
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
