// rule: irp_complete_once.slic
// expect: safe
// A filter driver's dispatch routine (user rule irp_complete_once.slic): IRP_MJ_* requests it handles are completed once, the rest are passed down with IoCallDriver once, and error paths complete instead of passing down.

typedef int NTSTATUS;

#define STATUS_SUCCESS 0
#define STATUS_INVALID_PARAMETER (-1073741811)      /* 0xC000000D */
#define STATUS_INSUFFICIENT_RESOURCES (-1073741670) /* 0xC000009A */
#define IRP_MJ_CREATE 0x00
#define IRP_MJ_CLOSE 0x02
#define IRP_MJ_READ 0x03
#define IRP_MJ_DEVICE_CONTROL 0x0e
#define IOCTL_FILTER_QUERY 0x2a0000

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned char MajorFunction;
    unsigned long IoControlCode;
} IRP, *PIRP;

typedef struct _DEVICE_OBJECT {
    void *DeviceExtension;
} DEVICE_OBJECT, *PDEVICE_OBJECT;

typedef struct _FILTER_EXTENSION {
    PDEVICE_OBJECT LowerDevice;
    int Queries;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern NTSTATUS IoCallDriver(PDEVICE_OBJECT DeviceObject, PIRP Irp);
extern void IoSkipCurrentIrpStackLocation(PIRP Irp);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS CompleteIrp(PIRP Irp, NTSTATUS status, unsigned long info)
{
    Irp->Status = status;
    Irp->Information = info;
    IoCompleteRequest(Irp, 0);
    return status;
}

static NTSTATUS PassDown(PFILTER_EXTENSION ext, PIRP Irp)
{
    if (ext->LowerDevice == 0)
        return CompleteIrp(Irp, STATUS_INVALID_PARAMETER, 0);
    IoSkipCurrentIrpStackLocation(Irp);
    return IoCallDriver(ext->LowerDevice, Irp);
}

static NTSTATUS FilterDispatch(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PFILTER_EXTENSION ext = DeviceObject->DeviceExtension;

    switch (Irp->MajorFunction) {
    case IRP_MJ_CREATE:
    case IRP_MJ_CLOSE:
        return CompleteIrp(Irp, STATUS_SUCCESS, 0);
    case IRP_MJ_DEVICE_CONTROL:
        if (Irp->IoControlCode == IOCTL_FILTER_QUERY) {
            ext->Queries++;
            return CompleteIrp(Irp, STATUS_SUCCESS, sizeof(int));
        }
        return PassDown(ext, Irp);
    default:
        return PassDown(ext, Irp);
    }
}

int main(void)
{
    DEVICE_OBJECT filter, lower;
    FILTER_EXTENSION ext;
    IRP irp;

    ext.LowerDevice = __VERIFIER_nondet_int() ? &lower : 0;
    ext.Queries = 0;
    filter.DeviceExtension = &ext;
    lower.DeviceExtension = 0;
    irp.MajorFunction = (unsigned char)__VERIFIER_nondet_int();
    irp.IoControlCode = (unsigned long)__VERIFIER_nondet_int();
    irp.Status = 0;
    irp.Information = 0;
    FilterDispatch(&filter, &irp);
    return 0;
}
