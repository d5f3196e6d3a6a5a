// rule: locking
// expect: violation
// message: double acquire
// inputs: 1
// A cancel routine takes the device lock and then calls a helper that takes the same lock again to unlink the IRP (a double acquire through a helper, on the path where the IRP is still queued).

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_CANCELLED (-1073741536) /* 0xC0000120 */

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    int Queued;
} IRP, *PIRP;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    int QueueLength;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern int __VERIFIER_nondet_int(void);

/* Removes the IRP from the pending queue; takes the queue lock itself. */
static void UnlinkIrp(PDEVICE_EXTENSION ext, PIRP Irp)
{
    KIRQL irql;

    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->QueueLength--;
    Irp->Queued = 0;
    KeReleaseSpinLock(&ext->Lock, irql);
}

static void CancelRoutine(PDEVICE_EXTENSION ext, PIRP Irp, int queued)
{
    KIRQL irql;

    KeAcquireSpinLock(&ext->Lock, &irql);
    if (queued)
        UnlinkIrp(ext, Irp); /* BUG: the caller already holds ext->Lock */
    KeReleaseSpinLock(&ext->Lock, irql);

    Irp->Status = STATUS_CANCELLED;
    Irp->Information = 0;
    IoCompleteRequest(Irp, 0);
}

int main(void)
{
    DEVICE_EXTENSION ext;
    IRP irp;
    int queued = __VERIFIER_nondet_int();

    ext.Lock = 0;
    ext.QueueLength = queued ? 1 : 0;
    irp.Queued = queued;
    irp.Status = 0;
    irp.Information = 0;
    CancelRoutine(&ext, &irp, queued);
    return 0;
}
