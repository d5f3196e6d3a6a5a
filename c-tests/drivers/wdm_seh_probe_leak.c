/* A device-control routine for METHOD_NEITHER requests, written as the WDK samples write
   it: the user's buffer is probed and read inside `try`/`except` (`ProbeForRead` raises
   an exception on a bad user buffer; the handler turns it into the request's status).
   The bug: the routine takes the device's spin lock before the `try`, and the exception
   handler leaves with it held — only the normal path releases it. The device's name is
   a wide string and its counters come from ExAllocatePool2, as in current samples.
   slamrs-expect: locking=DEFECT irql=PASS irp-completion=PASS pending=PASS cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE */
#include <ntddk.h>          // a comment after the header name, as in the samples

#define NT_DEVICE_NAME L"\\Device\\SehProbe"
#define IOCTL_SEH_SUM CTL_CODE(FILE_DEVICE_UNKNOWN, 0x900, METHOD_NEITHER, FILE_ANY_ACCESS)

typedef struct _SEH_EXTENSION {
    KSPIN_LOCK Lock;
    PULONG Counters;
    ULONG Sum;
} SEH_EXTENSION, *PSEH_EXTENSION;

DRIVER_INITIALIZE DriverEntry;
_Dispatch_type_(IRP_MJ_DEVICE_CONTROL) DRIVER_DISPATCH SehDeviceControl;
DRIVER_UNLOAD SehUnload;

NTSTATUS SehDeviceControl(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PSEH_EXTENSION ext = DeviceObject->DeviceExtension;
    PIO_STACK_LOCATION sp = IoGetCurrentIrpStackLocation(Irp);
    NTSTATUS status = STATUS_SUCCESS;
    PULONG in = sp->Parameters.DeviceIoControl.Type3InputBuffer;
    ULONG len = sp->Parameters.DeviceIoControl.InputBufferLength;
    KIRQL irql;

    if (sp->Parameters.DeviceIoControl.IoControlCode != IOCTL_SEH_SUM || len < sizeof(ULONG)) {
        status = STATUS_INVALID_DEVICE_REQUEST;
    } else {
        KeAcquireSpinLock(&ext->Lock, &irql);
        try {
            ProbeForRead(in, len, sizeof(ULONG));
            ext->Sum += *in;
            ext->Counters[0]++;
        } except (EXCEPTION_EXECUTE_HANDLER) {
            status = GetExceptionCode();
            Irp->IoStatus.Status = status;
            Irp->IoStatus.Information = 0;
            IoCompleteRequest(Irp, IO_NO_INCREMENT);
            return status;
        }
        KeReleaseSpinLock(&ext->Lock, irql);
    }
    Irp->IoStatus.Status = status;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return status;
}

VOID SehUnload(PDRIVER_OBJECT DriverObject)
{
    PDEVICE_OBJECT dev = DriverObject->DeviceObject;
    if (dev != NULL) {
        PSEH_EXTENSION ext = dev->DeviceExtension;
        ExFreePoolWithTag(ext->Counters, 'hesS');
        IoDeleteDevice(dev);
    }
}

NTSTATUS DriverEntry(PDRIVER_OBJECT DriverObject, PUNICODE_STRING RegistryPath)
{
    UNICODE_STRING name;
    PDEVICE_OBJECT dev;
    PSEH_EXTENSION ext;
    NTSTATUS status;
    UNREFERENCED_PARAMETER(RegistryPath);
    RtlInitUnicodeString(&name, NT_DEVICE_NAME);
    status = IoCreateDevice(DriverObject, sizeof(SEH_EXTENSION), &name, FILE_DEVICE_UNKNOWN,
                            FILE_DEVICE_SECURE_OPEN, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = dev->DeviceExtension;
    KeInitializeSpinLock(&ext->Lock);
    ext->Sum = 0;
    ext->Counters = ExAllocatePool2(POOL_FLAG_NON_PAGED, 4 * sizeof(ULONG), 'hesS');
    if (ext->Counters == NULL) {
        IoDeleteDevice(dev);
        return STATUS_INSUFFICIENT_RESOURCES;
    }
    DriverObject->MajorFunction[IRP_MJ_DEVICE_CONTROL] = SehDeviceControl;
    DriverObject->DriverUnload = SehUnload;
    return STATUS_SUCCESS;
}
