// rule: locking
// expect: violation
// message: double acquire
// inputs: 2
// A recursive queue flush that calls itself while still holding the extension lock: the second level of recursion acquires the lock again.

typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    int Flushed;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern int __VERIFIER_nondet_int(void);

static void FlushQueue(PDEVICE_EXTENSION ext, int remaining)
{
    KIRQL irql;

    if (remaining <= 0)
        return;
    KeAcquireSpinLock(&ext->Lock, &irql);
    ext->Flushed++;
    FlushQueue(ext, remaining - 1); /* BUG: recursion under the lock */
    KeReleaseSpinLock(&ext->Lock, irql);
}

int main(void)
{
    DEVICE_EXTENSION ext;
    int queued = __VERIFIER_nondet_int();

    ext.Lock = 0;
    ext.Flushed = 0;
    if (queued > 100)
        queued = 100;
    FlushQueue(&ext, queued);
    return 0;
}
