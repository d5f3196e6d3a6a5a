// rule: locking
// expect: violation
// inputs: 0
// A StartIo routine takes the lock only when the request is shared with the DPC, but the release is guarded by the negated flag: the unshared path releases a lock it never acquired and the shared path returns holding it.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_PENDING 0x103

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned long Length;
} IRP, *PIRP;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK DpcLock;
    int Transfers;
    unsigned long BytesPending;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS StartIo(PDEVICE_EXTENSION ext, PIRP Irp, int sharedWithDpc)
{
    KIRQL irql = 0;

    if (sharedWithDpc)
        KeAcquireSpinLock(&ext->DpcLock, &irql);

    ext->Transfers++;
    ext->BytesPending += Irp->Length;

    if (!sharedWithDpc) /* BUG: the condition is inverted */
        KeReleaseSpinLock(&ext->DpcLock, irql);
    return STATUS_PENDING;
}

int main(void)
{
    DEVICE_EXTENSION ext;
    IRP irp;
    int shared = __VERIFIER_nondet_int();

    ext.DpcLock = 0;
    ext.Transfers = 0;
    ext.BytesPending = 0;
    irp.Status = STATUS_SUCCESS;
    irp.Information = 0;
    irp.Length = 512;
    StartIo(&ext, &irp, shared);
    return 0;
}
