// rule: locking
// expect: safe
// A recursive walk down a stack of filter device objects; each level takes and releases its own extension lock before recursing into the lower device.

typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define MAX_STACK 8

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    int PendingIrps;
    int Flags;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern int __VERIFIER_nondet_int(void);

static DEVICE_EXTENSION Stack[MAX_STACK];

/* Sums the pending IRPs of the devices from `level` down to the bottom of the stack. */
static int CountPending(int level, int depth)
{
    KIRQL irql;
    int pending;

    if (level >= depth)
        return 0;
    KeAcquireSpinLock(&Stack[level].Lock, &irql);
    pending = Stack[level].PendingIrps;
    if (pending < 0)
        pending = 0;
    KeReleaseSpinLock(&Stack[level].Lock, irql);
    return pending + CountPending(level + 1, depth);
}

/* Marks every device of the stack as stopping, bottom first. */
static void StopStack(int level, int depth)
{
    KIRQL irql;

    if (level >= depth)
        return;
    StopStack(level + 1, depth);
    KeAcquireSpinLock(&Stack[level].Lock, &irql);
    Stack[level].Flags = 1;
    KeReleaseSpinLock(&Stack[level].Lock, irql);
}

int main(void)
{
    int depth = __VERIFIER_nondet_int();

    if (depth < 0 || depth > MAX_STACK)
        return 0;
    if (CountPending(0, depth) == 0)
        StopStack(0, depth);
    return 0;
}
