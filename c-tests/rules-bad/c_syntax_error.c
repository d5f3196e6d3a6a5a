// args: check {file} --rule locking
// expect-exit: 2
// stderr: c_syntax_error.c:16:5
// A C syntax error under --rule: the semicolon missing at the end of line 15 is reported at the next token, 16:5.

typedef unsigned long KSPIN_LOCK;
typedef unsigned char KIRQL;
extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);

static KSPIN_LOCK Lock;

int main(void)
{
    KIRQL irql
    KeAcquireSpinLock(&Lock, &irql);
    KeReleaseSpinLock(&Lock, irql);
    return 0;
}
