/* A device control routine that raises the IRQL to touch its hardware registers and, on
   the error path, returns without lowering it.
   slamrs-expect: irql=DEFECT locking=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    volatile ULONG *Regs;
    ULONG Faults;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchIoctl;

static NTSTATUS PokeHardware(PDEVICE_EXTENSION ext, ULONG value)
{
    if (ext->Regs == NULL)
        return STATUS_DEVICE_NOT_READY;
    ext->Regs[0] = value;
    return STATUS_SUCCESS;
}

NTSTATUS DispatchIoctl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status;
    KIRQL old;

    KeRaiseIrql(DISPATCH_LEVEL, &old);
    status = PokeHardware(ext, sp->Parameters.DeviceIoControl.IoControlCode);
    if (!NT_SUCCESS(status)) {
        ext->Faults++;
        Irp->IoStatus.Status = status;
        IoCompleteRequest(Irp, IO_NO_INCREMENT);
        return status;   /* BUG: still at DISPATCH_LEVEL */
    }
    KeLowerIrql(old);
    Irp->IoStatus.Status = status;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    NTSTATUS status = IoCreateDevice(DriverObject, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = DispatchIoctl;
    return STATUS_SUCCESS;
}
