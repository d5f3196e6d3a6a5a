// args: check {file} --rule locking --data-model ilp64
// expect-exit: 2
// stderr: ilp64
// An unknown data model is a usage error.

typedef unsigned long KSPIN_LOCK;
typedef unsigned char KIRQL;
extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);

static KSPIN_LOCK Lock;

int main(void)
{
    KIRQL irql;

    KeAcquireSpinLock(&Lock, &irql);
    KeReleaseSpinLock(&Lock, irql);
    return 0;
}
