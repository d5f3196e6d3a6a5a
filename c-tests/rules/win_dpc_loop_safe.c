// rule: locking
// expect: safe
// A DPC routine drains a completion ring with KeAcquireSpinLockAtDpcLevel/KeReleaseSpinLockFromDpcLevel once per entry, in a loop bounded by an input, with `continue` and `break` paths that release first.

typedef unsigned long KSPIN_LOCK;
typedef struct _KDPC { int Importance; } KDPC, *PKDPC;

#define RING_SIZE 8

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK RingLock;
    int Pending;
    int Completed;
    int Errors;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLockAtDpcLevel(KSPIN_LOCK *SpinLock);
extern void KeReleaseSpinLockFromDpcLevel(KSPIN_LOCK *SpinLock);
extern int __VERIFIER_nondet_int(void);

/* Status of the next hardware descriptor: 0 done, 1 error, 2 not yet written. */
static int ReadDescriptorStatus(void)
{
    int s = __VERIFIER_nondet_int();
    if (s < 0 || s > 2)
        s = 2;
    return s;
}

static void CompletionDpc(PKDPC Dpc, PDEVICE_EXTENSION ext, int budget)
{
    int i;
    (void)Dpc;

    for (i = 0; i < budget; i++) {
        int status = ReadDescriptorStatus();

        KeAcquireSpinLockAtDpcLevel(&ext->RingLock);
        if (status == 2) {
            /* the device has not written the next descriptor: stop draining */
            KeReleaseSpinLockFromDpcLevel(&ext->RingLock);
            break;
        }
        if (status == 1) {
            ext->Errors++;
            KeReleaseSpinLockFromDpcLevel(&ext->RingLock);
            continue;
        }
        ext->Completed++;
        KeReleaseSpinLockFromDpcLevel(&ext->RingLock);
    }
}

int main(void)
{
    KDPC dpc;
    DEVICE_EXTENSION ext;
    int budget = __VERIFIER_nondet_int();

    dpc.Importance = 1;
    ext.RingLock = 0;
    ext.Pending = 0;
    ext.Completed = 0;
    ext.Errors = 0;
    if (budget > RING_SIZE)
        budget = RING_SIZE;
    CompletionDpc(&dpc, &ext, budget);
    return 0;
}
