// args: check {file} --rule locking
// expect-exit: 2
// stderr: `main`
// No --entry and no main: the default entry function is missing.

typedef unsigned long KSPIN_LOCK;
typedef unsigned char KIRQL;
extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);

static KSPIN_LOCK Lock;

void DispatchCleanup(void)
{
    KIRQL irql;

    KeAcquireSpinLock(&Lock, &irql);
    KeReleaseSpinLock(&Lock, irql);
}
