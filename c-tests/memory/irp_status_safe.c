// expect: safe
// inputs: 14 8
// inputs: 3 8
// inputs: 14 2
// The ioctl handler completes the IRP through a helper that writes irp->IoStatus.Status; the
// caller compares it with the returned status: predicates over the formal's field after the call.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define IRP_MJ_DEVICE_CONTROL 14

#define STATUS_SUCCESS 0
#define STATUS_PENDING 259
#define STATUS_INVALID_DEVICE_REQUEST (-16)
#define STATUS_BUFFER_TOO_SMALL (-35)

struct io_status_block {
    int Status;
    unsigned long Information;
};

struct irp {
    int MajorFunction;
    int OutputLength;
    struct io_status_block IoStatus;
};

static void complete_request(struct irp *irp, int status, unsigned long info)
{
    irp->IoStatus.Status = status;
    irp->IoStatus.Information = info;
}

static int dispatch_ioctl(struct irp *irp)
{
    if (irp->MajorFunction != IRP_MJ_DEVICE_CONTROL) {
        complete_request(irp, STATUS_INVALID_DEVICE_REQUEST, 0);
        return STATUS_INVALID_DEVICE_REQUEST;
    }
    if (irp->OutputLength < 4) {
        complete_request(irp, STATUS_BUFFER_TOO_SMALL, 0);
        return STATUS_BUFFER_TOO_SMALL;
    }
    complete_request(irp, STATUS_SUCCESS, 4);
    return STATUS_SUCCESS;
}

int main(void)
{
    struct irp irp;
    int status;

    irp.MajorFunction = __VERIFIER_nondet_int();
    irp.OutputLength = __VERIFIER_nondet_int();
    irp.IoStatus.Status = STATUS_PENDING;
    irp.IoStatus.Information = 0;

    status = dispatch_ioctl(&irp);
    if (irp.IoStatus.Status == STATUS_PENDING)
        reach_error();
    if (irp.IoStatus.Status != status)
        reach_error();
    if (status == STATUS_SUCCESS && irp.IoStatus.Information != 4)
        reach_error();
    return 0;
}
