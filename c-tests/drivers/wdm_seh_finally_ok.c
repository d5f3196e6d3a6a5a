/* The `__try`/`__finally` idiom of the WDK's file systems: the routine takes the device's
   lock and every way out of the protected body — the normal end, `__leave` on a short
   buffer, a `return` from inside it, and an exception from ProbeForWrite — goes through
   the `__finally` block, which releases the lock. The status of an exception comes from
   its filter (`GetExceptionCode()` in `__except`), which is an error status, never
   STATUS_PENDING.
   slamrs-expect: locking=PASS irql=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <ntddk.h>

#define IOCTL_FIN_FILL CTL_CODE(FILE_DEVICE_UNKNOWN, 0x901, METHOD_NEITHER, FILE_ANY_ACCESS)

typedef struct _FIN_EXTENSION {
    KSPIN_LOCK Lock;
    ULONG Fills;
    ULONG Pattern;
} FIN_EXTENSION, *PFIN_EXTENSION;

DRIVER_INITIALIZE DriverEntry;
_Dispatch_type_(IRP_MJ_DEVICE_CONTROL) DRIVER_DISPATCH FinDeviceControl;

static NTSTATUS Fill(PFIN_EXTENSION ext, PULONG out, ULONG len)
{
    KIRQL irql;
    NTSTATUS status = STATUS_SUCCESS;
    KeAcquireSpinLock(&ext->Lock, &irql);
    __try {
        if (len < sizeof(ULONG)) {
            status = STATUS_BUFFER_TOO_SMALL;
            __leave;
        }
        ProbeForWrite(out, len, sizeof(ULONG));
        if (ext->Pattern == 0)
            return STATUS_DEVICE_NOT_READY;
        *out = ext->Pattern;
        ext->Fills++;
    } __finally {
        KeReleaseSpinLock(&ext->Lock, irql);
    }
    return status;
}

NTSTATUS FinDeviceControl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFIN_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status;

    if (sp->Parameters.DeviceIoControl.IoControlCode != IOCTL_FIN_FILL) {
        status = STATUS_INVALID_DEVICE_REQUEST;
    } else {
        __try {
            status = Fill(ext, Irp->UserBuffer, sp->Parameters.DeviceIoControl.OutputBufferLength);
        } __except (EXCEPTION_EXECUTE_HANDLER) {
            status = GetExceptionCode();
        }
    }
    Irp->IoStatus.Status = status;
    Irp->IoStatus.Information = NT_SUCCESS(status) ? sizeof(ULONG) : 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    PDEVICE_OBJECT dev;
    PFIN_EXTENSION ext;
    NTSTATUS status;
    UNREFERENCED_PARAMETER(RegistryPath);
    status = IoCreateDevice(DriverObject, sizeof(FIN_EXTENSION), NULL, FILE_DEVICE_UNKNOWN,
                            0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ext->Fills = 0;
    ext->Pattern = 0x5a5a5a5a;
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = FinDeviceControl;
    return STATUS_SUCCESS;
}
