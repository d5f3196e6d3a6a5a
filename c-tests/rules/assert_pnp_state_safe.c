// rule: none
// expect: safe
// A PnP state machine of a WDM driver checked with its own assertions (reach_error): I/O is only accepted while started, and a surprise removal fails the outstanding request before the device is removed.

typedef int NTSTATUS;

#define STATUS_SUCCESS 0
#define STATUS_DELETE_PENDING (-1073741738)  /* 0xC0000056 */
#define STATUS_DEVICE_NOT_READY (-1073741661) /* 0xC00000A3 */
#define IRP_MN_START_DEVICE 0x00
#define IRP_MN_REMOVE_DEVICE 0x02
#define IRP_MN_STOP_DEVICE 0x04
#define IRP_MN_SURPRISE_REMOVAL 0x17

enum PnpState { NotStarted, Started, Stopped, SurpriseRemoved, Deleted };

extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

static enum PnpState State = NotStarted;
static int IoInProgress;

static NTSTATUS DispatchPnp(int minor)
{
    switch (minor) {
    case IRP_MN_START_DEVICE:
        if (State == Deleted || State == SurpriseRemoved)
            return STATUS_DELETE_PENDING;
        State = Started;
        return STATUS_SUCCESS;
    case IRP_MN_STOP_DEVICE:
        if (State == Started) {
            IoInProgress = 0; /* outstanding requests are drained before stopping */
            State = Stopped;
        }
        return STATUS_SUCCESS;
    case IRP_MN_SURPRISE_REMOVAL:
        IoInProgress = 0; /* fail the request in flight */
        State = SurpriseRemoved;
        return STATUS_SUCCESS;
    case IRP_MN_REMOVE_DEVICE:
        if (State == Started)
            IoInProgress = 0; /* removal without surprise: wait for the request in flight */
        if (IoInProgress)
            reach_error(); /* a device is never removed with I/O in flight */
        State = Deleted;
        return STATUS_SUCCESS;
    default:
        return STATUS_SUCCESS;
    }
}

static NTSTATUS DispatchRead(void)
{
    if (State != Started)
        return State == Deleted ? STATUS_DELETE_PENDING : STATUS_DEVICE_NOT_READY;
    if (IoInProgress)
        return STATUS_DEVICE_NOT_READY;
    IoInProgress = 1;
    return STATUS_SUCCESS;
}

static void ReadCompletion(void)
{
    if (State != Started && IoInProgress)
        reach_error(); /* an I/O in flight implies a started device */
    IoInProgress = 0;
}

int main(void)
{
    int steps = __VERIFIER_nondet_int();

    while (steps-- > 0 && State != Deleted) {
        int event = __VERIFIER_nondet_int();
        if (event == 0)
            DispatchRead();
        else if (event == 1)
            ReadCompletion();
        else
            DispatchPnp(__VERIFIER_nondet_int());
    }
    return 0;
}
