// rule: none
// expect: violation
// inputs: 4 2 0 0 2 23 2 2
// The PnP state machine of assert_pnp_state_safe.c, but surprise removal forgets to fail the request in flight, so IRP_MN_REMOVE_DEVICE can arrive with I/O outstanding (assert fails).

typedef int NTSTATUS;

#define STATUS_SUCCESS 0
#define STATUS_DELETE_PENDING (-1073741738)  /* 0xC0000056 */
#define STATUS_DEVICE_NOT_READY (-1073741661) /* 0xC00000A3 */
#define IRP_MN_START_DEVICE 0x00
#define IRP_MN_REMOVE_DEVICE 0x02
#define IRP_MN_STOP_DEVICE 0x04
#define IRP_MN_SURPRISE_REMOVAL 0x17

enum PnpState { NotStarted, Started, Stopped, SurpriseRemoved, Deleted };

extern void assert(int condition);
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
            IoInProgress = 0;
            State = Stopped;
        }
        return STATUS_SUCCESS;
    case IRP_MN_SURPRISE_REMOVAL:
        State = SurpriseRemoved; /* BUG: the request in flight is not failed */
        return STATUS_SUCCESS;
    case IRP_MN_REMOVE_DEVICE:
        if (State == Started)
            IoInProgress = 0; /* removal without surprise: wait for the request in flight */
        assert(!IoInProgress);
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
