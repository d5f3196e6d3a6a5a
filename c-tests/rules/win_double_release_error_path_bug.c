// rule: locking
// expect: violation
// message: spin lock is released but it is not held
// inputs: 4096
// A write handler releases the spin lock inside its "transfer too large" branch and again after the if/else, so the error path releases the lock twice.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_INVALID_PARAMETER (-1073741811) /* 0xC000000D */
#define MAX_TRANSFER 1024
#define NT_SUCCESS_INFO(s, n) ((s) >= 0 ? (n) : 0)

typedef struct _IRP {
    NTSTATUS Status;
    unsigned long Information;
    unsigned long Length;
} IRP, *PIRP;

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    unsigned long Queued;
    int Transfers;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void IoCompleteRequest(PIRP Irp, char PriorityBoost);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS DispatchWrite(PDEVICE_EXTENSION ext, PIRP Irp)
{
    NTSTATUS status = STATUS_SUCCESS;
    unsigned long length = Irp->Length;
    KIRQL irql;

    KeAcquireSpinLock(&ext->Lock, &irql);
    if (length > MAX_TRANSFER) {
        status = STATUS_INVALID_PARAMETER;
        KeReleaseSpinLock(&ext->Lock, irql);
    } else {
        ext->Queued += length;
        ext->Transfers++;
    }
    KeReleaseSpinLock(&ext->Lock, irql); /* BUG: the error path has already released it */

    Irp->Status = status;
    Irp->Information = NT_SUCCESS_INFO(status, length);
    IoCompleteRequest(Irp, 0);
    return status;
}

int main(void)
{
    DEVICE_EXTENSION ext;
    IRP irp;
    int length = __VERIFIER_nondet_int();

    if (length < 0)
        return 0;
    ext.Lock = 0;
    ext.Queued = 0;
    ext.Transfers = 0;
    irp.Status = 0;
    irp.Information = 0;
    irp.Length = (unsigned long)length;
    DispatchWrite(&ext, &irp);
    return 0;
}
