// args: check {file} --rule no-such-rule
// expect-exit: 2
// stderr: unknown rule `no-such-rule`
// An unknown built-in rule name: the error names it (and lists the built-in rules).

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
