// rule: irp_complete_once.slic
// expect: violation
// message: neither completed nor passed down
// inputs: 1 3 0
// The filter dispatch of slic_irp_complete_safe.c with a read-length check whose error path returns STATUS_INVALID_PARAMETER without completing the IRP (user rule irp_complete_once.slic).

typedef int NTSTATUS;

#define STATUS_SUCCESS 0
#define STATUS_INVALID_PARAMETER (-1073741811) /* 0xC000000D */
#define IRP_MJ_CREATE 0x00
#define IRP_MJ_CLOSE 0x02
#define IRP_MJ_READ 0x03

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned char MajorFunction;
    unsigned long Length;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _FILTER_EXTENSION {
    PDEVICE_OBJECT LowerDevice;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern NTSTATUS IoCallDriver(PDEVICE_OBJECT DeviceObject, PIRP Irp);
extern void IoSkipCurrentIrpStackLocation(PIRP Irp);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS CompleteIrp(PIRP Irp, NTSTATUS status)
{
    Irp->Status = status;
    Irp->Information = 0;
    IoCompleteRequest(Irp, 0);
    return status;
}

static NTSTATUS FilterDispatch(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFILTER_EXTENSION ext = DeviceObject->DeviceExtension;

    switch (Irp->MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return CompleteIrp(Irp, STATUS_SUCCESS);
    case IRP_MJ_READ:
        if (Irp->Length == 0)
            return STATUS_INVALID_PARAMETER; /* BUG: the IRP is never completed */
        break;
    default:
        break;
    }
    if (ext->LowerDevice == 0)
        return CompleteIrp(Irp, STATUS_INVALID_PARAMETER);
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(ext->LowerDevice, Irp);
}

int main(void)
{
    DEVICE_OBJECT filter, lower;
    FILTER_EXTENSION ext;
    IRP irp;

    ext.LowerDevice = __VERIFIER_nondet_int() ? &lower : 0;
    filter.DeviceExtension = &ext;
    lower.DeviceExtension = 0;
    irp.MajorFunction = (unsigned char)__VERIFIER_nondet_int();
    irp.Length = (unsigned long)__VERIFIER_nondet_int();
    irp.Status = 0;
    irp.Information = 0;
    FilterDispatch(&filter, &irp);
    return 0;
}
