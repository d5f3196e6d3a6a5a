/* A WDM driver that takes no lock: the locking rule does not apply to it.
   Its dispatch routines are registered through a helper function, its read routine is
   only declared with its role type (never registered or passed anywhere, so the kernel
   cannot call it: not an entry point), and it sets a completion routine and a DPC.
   (pending: its completion routine marks the IRP pending exactly when the lower driver
   pended it, the PendingReturned idiom, and the routine returns what IoCallDriver did.)
   slamrs-expect: locking=NOT-APPLICABLE irql=NOT-APPLICABLE cancel-spinlock=NOT-APPLICABLE critical-region=NOT-APPLICABLE irp-completion=PASS pending=PASS */
#include <wdm.h>

typedef struct _DEVICE_EXTENSION {
    PDEVICE_OBJECT Lower;
    KDPC Dpc;
    ULONG Reads;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

DRIVER_DISPATCH DispatchRead;
DRIVER_DISPATCH DispatchPassThrough;
IO_COMPLETION_ROUTINE OnLowerDone;
KDEFERRED_ROUTINE TickDpc;
DRIVER_ADD_DEVICE AddDevice;

static void Register(PDRIVER_OBJECT Driver, UCHAR Major, PDRIVER_DISPATCH Routine)
{
    Driver->MajorFunction[Major] = Routine;
}

NTSTATUS OnLowerDone(PDEVICE_OBJECT DeviceObject, PIRP Irp, PVOID Context)
{
    if (Irp->PendingReturned)
        IoMarkIrpPending(Irp);
    return STATUS_SUCCESS;
}

VOID TickDpc(PKDPC Dpc, PVOID Context, PVOID A1, PVOID A2)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)Context;
    ext->Reads = 0;
}

NTSTATUS DispatchRead(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)DeviceObject->DeviceExtension;
    ext->Reads++;
    Irp->IoStatus.Status = STATUS_SUCCESS;
    Irp->IoStatus.Information = 0;
    IoCompleteRequest(Irp, IO_NO_INCREMENT);
    return STATUS_SUCCESS;
}

NTSTATUS DispatchPassThrough(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PDEVICE_EXTENSION ext = (PDEVICE_EXTENSION)DeviceObject->DeviceExtension;
    IoCopyCurrentIrpStackLocationToNext(Irp);
    IoSetCompletionRoutine(Irp, OnLowerDone, NULL, TRUE, TRUE, TRUE);
    return IoCallDriver(ext->Lower, Irp);
}

NTSTATUS AddDevice(PDRIVER_OBJECT Driver, PDEVICE_OBJECT Pdo)
{
    PDEVICE_OBJECT dev;
    PDEVICE_EXTENSION ext;
    NTSTATUS status = IoCreateDevice(Driver, sizeof(DEVICE_EXTENSION), NULL,
                                     FILE_DEVICE_UNKNOWN, 0, FALSE, &dev);
    if (!NT_SUCCESS(status))
        return status;
    ext = (PDEVICE_EXTENSION)dev->DeviceExtension;
    ext->Lower = IoAttachDeviceToDeviceStack(dev, Pdo);
    if (ext->Lower == NULL) {
        IoDeleteDevice(dev);
        return STATUS_NO_SUCH_DEVICE;
    }
    KeInitializeDpc(&ext->Dpc, TickDpc, ext);
    return STATUS_SUCCESS;
}

NTSTATUS DriverEntry(PDRIVER_OBJECT Driver, PUNICODE_STRING RegistryPath)
{
    Register(Driver, IRP_MJ_CREATE, DispatchPassThrough);
    Register(Driver, IRP_MJ_CLOSE, DispatchPassThrough);
    Driver->DriverExtension->AddDevice = AddDevice;
    return STATUS_SUCCESS;
}
