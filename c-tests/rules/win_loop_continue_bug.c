// rule: locking
// expect: violation
// message: held
// inputs: 2 1 0
// The same completion DPC as win_dpc_loop_safe.c, but the error branch `continue`s before KeReleaseSpinLockFromDpcLevel, so the next iteration acquires the lock again.

typedef unsigned long KSPIN_LOCK;
typedef struct _KDPC { int Importance; } KDPC, *PKDPC;

#define RING_SIZE 8

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK RingLock;
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
            KeReleaseSpinLockFromDpcLevel(&ext->RingLock);
            break;
        }
        if (status == 1) {
            ext->Errors++;
            continue; /* BUG: RingLock is still held */
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
    ext.Completed = 0;
    ext.Errors = 0;
    if (budget > RING_SIZE)
        budget = RING_SIZE;
    CompletionDpc(&dpc, &ext, budget);
    return 0;
}
