// rule: locking
// expect: safe
// An AddDevice-style routine with a single `cleanup:` label: a local `locked` flag records whether the spin lock is held, and the cleanup releases it only then.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_INSUFFICIENT_RESOURCES (-1073741670) /* 0xC000009A */
#define STATUS_DELETE_PENDING (-1073741738)         /* 0xC0000056 */
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

static NTSTATUS ConfigureHardware(void)
{
    return __VERIFIER_nondet_int() ? STATUS_SUCCESS : STATUS_INSUFFICIENT_RESOURCES;
}

static NTSTATUS AttachDevice(PDEVICE_EXTENSION ext)
{
    NTSTATUS status = STATUS_SUCCESS;
    char *buffer;
    int locked = 0;
    KIRQL irql = 0;

    buffer = ExAllocatePoolWithTag(NonPagedPool, 64, TAG);
    if (buffer == 0) {
        status = STATUS_INSUFFICIENT_RESOURCES;
        goto cleanup;
    }

    KeAcquireSpinLock(&ext->Lock, &irql);
    locked = 1;
    if (ext->Removed) {
        status = STATUS_DELETE_PENDING;
        goto cleanup;
    }
    ext->Buffer = buffer;
    ext->Attached = 1;
    KeReleaseSpinLock(&ext->Lock, irql);
    locked = 0;

    status = ConfigureHardware();
    if (!NT_SUCCESS(status))
        goto cleanup;
    return STATUS_SUCCESS;

cleanup:
    if (locked)
        KeReleaseSpinLock(&ext->Lock, irql);
    if (buffer != 0 && status == STATUS_DELETE_PENDING)
        ExFreePool(buffer);
    return status;
}

int main(void)
{
    DEVICE_EXTENSION ext;

    ext.Lock = 0;
    ext.Removed = __VERIFIER_nondet_int();
    ext.Attached = 0;
    ext.Buffer = 0;
    AttachDevice(&ext);
    return 0;
}
