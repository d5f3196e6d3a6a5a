// rule: locking
// expect: violation
// message: still held when the entry function returns
// inputs: 1
// The AddDevice-style routine of win_goto_cleanup_safe.c, but its "delete pending" error path jumps to `out:`, past the cleanup that releases the spin lock.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_INSUFFICIENT_RESOURCES (-1073741670) /* 0xC000009A */
#define STATUS_DELETE_PENDING (-1073741738)         /* 0xC0000056 */
#define STATUS_DEVICE_ALREADY_ATTACHED (-1073741768) /* 0xC0000038 */
#define NT_SUCCESS(s) ((s) >= 0)
#define NonPagedPool 0
#define TAG 0x706d7544

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    int Removed;
    int Attached;
    char *Buffer;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern void *ExAllocatePoolWithTag(int PoolType, unsigned long Size, unsigned long Tag);
extern void ExFreePool(void *P);
extern int __VERIFIER_nondet_int(void);

static NTSTATUS AttachDevice(PDEVICE_EXTENSION ext, int removed)
{
    NTSTATUS status = STATUS_SUCCESS;
    char *buffer;
    int locked = 0;
    KIRQL irql = 0;

    buffer = ExAllocatePoolWithTag(NonPagedPool, 64, TAG);
    if (buffer == 0) {
        status = STATUS_INSUFFICIENT_RESOURCES;
        goto out;
    }

    KeAcquireSpinLock(&ext->Lock, &irql);
    locked = 1;
    if (removed) {
        status = STATUS_DELETE_PENDING;
        goto out; /* BUG: should be `goto cleanup` */
    }
    if (ext->Attached) {
        status = STATUS_DEVICE_ALREADY_ATTACHED;
        goto cleanup;
    }
    ext->Buffer = buffer;
    ext->Attached = 1;
    KeReleaseSpinLock(&ext->Lock, irql);
    locked = 0;
    return STATUS_SUCCESS;

cleanup:
    if (locked)
        KeReleaseSpinLock(&ext->Lock, irql);
out:
    if (buffer != 0 && !NT_SUCCESS(status))
        ExFreePool(buffer);
    return status;
}

int main(void)
{
    DEVICE_EXTENSION ext;

    ext.Lock = 0;
    ext.Removed = 0;
    ext.Attached = 0;
    ext.Buffer = 0;
    AttachDevice(&ext, __VERIFIER_nondet_int());
    return 0;
}
