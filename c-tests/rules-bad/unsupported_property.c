// args: check {file} --property {dir}/valid_memsafety.prp
// expect-exit: 2
// stderr: valid_memsafety.prp:1:
// stderr: unsupported property
// A property file for a property slamrs does not check (memory safety).

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
