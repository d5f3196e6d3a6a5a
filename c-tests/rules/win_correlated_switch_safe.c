// rule: locking
// expect: safe
// A power dispatch routine that takes the spin lock in a first switch on the minor code and releases it in a second switch on the same code: safety needs the correlation between the two switches.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_NOT_SUPPORTED (-1073741637) /* 0xC00000BB */
#define IRP_MN_WAIT_WAKE 0x00
#define IRP_MN_POWER_SEQUENCE 0x01
#define IRP_MN_SET_POWER 0x02
#define IRP_MN_QUERY_POWER 0x03

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK PowerLock;
    int PowerState;
    int Sequence;
    int WakeArmed;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void PoStartNextPowerIrp(void *Irp);
extern int __VERIFIER_nondet_int(void);

static DEVICE_EXTENSION Extension;

static NTSTATUS DispatchPower(PDEVICE_EXTENSION ext, int minor, int newState)
{
    NTSTATUS status = STATUS_SUCCESS;
    KIRQL irql = 0;

    /* The minor codes that touch shared state take the lock first. */
    switch (minor) {
    case IRP_MN_SET_POWER:
    case IRP_MN_WAIT_WAKE:
        KeAcquireSpinLock(&ext->PowerLock, &irql);
        break;
    default:
        break;
    }

    switch (minor) {
    case IRP_MN_SET_POWER:
        ext->PowerState = newState;
        break;
    case IRP_MN_WAIT_WAKE:
        ext->WakeArmed = 1;
        break;
    case IRP_MN_QUERY_POWER:
        break;
    default:
        status = STATUS_NOT_SUPPORTED;
        break;
    }

    switch (minor) {
    case IRP_MN_SET_POWER:
    case IRP_MN_WAIT_WAKE:
        KeReleaseSpinLock(&ext->PowerLock, irql);
        break;
    default:
        break;
    }
    PoStartNextPowerIrp(0);
    return status;
}

int main(void)
{
    int irps = __VERIFIER_nondet_int();

    while (irps-- > 0)
        DispatchPower(&Extension, __VERIFIER_nondet_int(), __VERIFIER_nondet_int());
    return 0;
}
