// property: unreach-call
// expect: safe
// An SV-COMP-style, hand-instrumented filter driver (property unreach-call.prp; reach_error has a body calling __assert_fail, as in the SV-COMP tasks): the IRP state `s` moves NP -> SKIP on IoCallDriver or NP -> DC on completion, reach_error() on a second disposal. A debug __assert_fail on a long buffer is reachable, but it is not a call of reach_error, so the property holds.

extern void __assert_fail(const char *assertion, const char *file, unsigned int line, const char *function);
void reach_error(void) { __assert_fail("0", "prop_filter_ownership_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);

#define NP 1   /* the IRP is still ours */
#define SKIP 2 /* passed to the lower driver */
#define DC 3   /* completed by this driver */
#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103
#define STATUS_NOT_SUPPORTED (-1073741637) /* 0xC00000BB */
#define IRP_MJ_READ 0x03
#define IRP_MJ_WRITE 0x04
#define IRP_MJ_FLUSH_BUFFERS 0x09
#define MAX_LENGTH 4096

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

    if (length > MAX_LENGTH)
        __assert_fail("length <= MAX_LENGTH", "prop_filter_ownership_safe.c", 45, "FilterReadWrite");
    if (length == 0) {
        IofCompleteRequest(irp);
        return STATUS_SUCCESS;
    }
    status = IofCallDriver(lower, irp);
    if (status == STATUS_PENDING)
        return STATUS_PENDING; /* the lower driver completes it later */
    return status;
}

static int FilterDispatch(int major, int lower, int irp, int length)
{
    switch (major) {
    case IRP_MJ_READ:
    case IRP_MJ_WRITE:
        return FilterReadWrite(lower, irp, length);
    case IRP_MJ_FLUSH_BUFFERS:
        return IofCallDriver(lower, irp);
    default:
        IofCompleteRequest(irp);
        return STATUS_NOT_SUPPORTED;
    }
}

int main(void)
{
    int major = __VERIFIER_nondet_int();
    int length = __VERIFIER_nondet_int();

    s = NP;
    FilterDispatch(major, 7, 11, length);
    return 0;
}
