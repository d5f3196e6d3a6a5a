// rule: locking
// expect: safe
// A helper returns STATUS_SUCCESS with the device lock held or an error status with it released; callers release only when NT_SUCCESS(status), so safety follows from the helper's return value.

typedef int NTSTATUS;
typedef unsigned char KIRQL;
typedef unsigned long KSPIN_LOCK;

#define STATUS_SUCCESS 0
#define STATUS_DEVICE_NOT_READY (-1073741661)   /* 0xC00000A3 */
#define STATUS_DEVICE_REMOVED (-1073741130)     /* 0xC00002B6 */
#define NT_SUCCESS(s) ((s) >= 0)

enum DeviceState { Stopped, Started, Removed };

typedef struct _DEVICE_EXTENSION {
    KSPIN_LOCK Lock;
    enum DeviceState State;
    int OutstandingIo;
} DEVICE_EXTENSION, *PDEVICE_EXTENSION;

extern void KeAcquireSpinLock(KSPIN_LOCK *SpinLock, KIRQL *OldIrql);
extern void KeReleaseSpinLock(KSPIN_LOCK *SpinLock, KIRQL NewIrql);
extern int __VERIFIER_nondet_int(void);

/* On success the caller owns ext->Lock and must release it at *irql. */
static NTSTATUS LockStartedDevice(PDEVICE_EXTENSION ext, KIRQL *irql)
{
    KeAcquireSpinLock(&ext->Lock, irql);
    if (ext->State == Removed) {
        KeReleaseSpinLock(&ext->Lock, *irql);
        return STATUS_DEVICE_REMOVED;
    }
    if (ext->State != Started) {
        KeReleaseSpinLock(&ext->Lock, *irql);
        return STATUS_DEVICE_NOT_READY;
    }
    return STATUS_SUCCESS;
}

static NTSTATUS IoIncrement(PDEVICE_EXTENSION ext)
{
    KIRQL irql;
    NTSTATUS status = LockStartedDevice(ext, &irql);

    if (!NT_SUCCESS(status))
        return status;
    ext->OutstandingIo++;
    KeReleaseSpinLock(&ext->Lock, irql);
    return STATUS_SUCCESS;
}

static void IoDecrement(PDEVICE_EXTENSION ext)
{
    KIRQL irql;

    if (LockStartedDevice(ext, &irql) != STATUS_SUCCESS)
        return;
    ext->OutstandingIo--;
    KeReleaseSpinLock(&ext->Lock, irql);
}

int main(void)
{
    DEVICE_EXTENSION ext;
    int requests = __VERIFIER_nondet_int();

    ext.Lock = 0;
    ext.State = (enum DeviceState)__VERIFIER_nondet_int();
    ext.OutstandingIo = 0;
    if (requests > 16)
        requests = 16;
    while (requests-- > 0) {
        if (NT_SUCCESS(IoIncrement(&ext)))
            IoDecrement(&ext);
    }
    return 0;
}
