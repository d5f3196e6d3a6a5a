// property: unreach-call
// expect: violation
// inputs: 3 512 -1073741823
// The hand-instrumented filter of prop_filter_ownership_safe.c (property unreach-call.prp), but when the lower driver fails the request the filter completes the IRP again: IofCompleteRequest after IofCallDriver reaches reach_error().

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

#define NP 1   /* the IRP is still ours */
#define SKIP 2 /* passed to the lower driver */
#define DC 3   /* completed by this driver */
#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define STATUS_NOT_SUPPORTED (-1073741637) /* 0xC00000BB */
#define NT_SUCCESS(s) ((s) >= 0)
#define IRP_MJ_READ 0x03
#define IRP_MJ_WRITE 0x04

static int s;

static void IofCompleteRequest(int irp)
{
    (void)irp;
    if (s != NP)
        reach_error();
    s = DC;
}

static int IofCallDriver(int lower, int irp)
{
    (void)lower;
    (void)irp;
    if (s != NP)
        reach_error();
    s = SKIP;
    return __VERIFIER_nondet_int();
}

static int FilterReadWrite(int lower, int irp, int length)
{
    int status;

    if (length == 0) {
        IofCompleteRequest(irp);
        return STATUS_SUCCESS;
    }
    status = IofCallDriver(lower, irp);
    if (!NT_SUCCESS(status))
        IofCompleteRequest(irp); /* BUG: the lower driver has completed it already */
    return status;
}

int main(void)
{
    int major = __VERIFIER_nondet_int();
    int length = __VERIFIER_nondet_int();

    s = NP;
    if (major == IRP_MJ_READ || major == IRP_MJ_WRITE)
        FilterReadWrite(7, 11, length);
    return 0;
}
