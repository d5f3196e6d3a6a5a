// args: check {file} --rule {dir}/malformed_state.slic
// expect-exit: 2
// stderr: malformed_state.slic:9:5:
// stderr: unknown state variable `spinn`
// A user rule that assigns an undeclared state variable (line 9 of malformed_state.slic): a located error.

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
