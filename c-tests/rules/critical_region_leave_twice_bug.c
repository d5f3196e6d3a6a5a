// rule: critical-region
// expect: violation
// message: outside a critical region
// entry: sdv_main
// inputs: 1
// A cleanup routine (reached through an SDV-style harness `sdv_main`) leaves the critical region in its cancel branch and again at the common exit: KeLeaveCriticalRegion without a matching enter.

typedef int NTSTATUS;
typedef unsigned char BOOLEAN;
typedef struct _ERESOURCE { int Owners; } ERESOURCE, *PERESOURCE;

#define STATUS_SUCCESS 0
#define STATUS_CANCELLED (-1073741536) /* 0xC0000120 */

extern void KeEnterCriticalRegion(void);
extern void KeLeaveCriticalRegion(void);
extern BOOLEAN ExAcquireResourceSharedLite(PERESOURCE Resource, BOOLEAN Wait);
extern void ExReleaseResourceLite(PERESOURCE Resource);
extern int __VERIFIER_nondet_int(void);

static ERESOURCE ContextLock;
static int OpenHandles;

static NTSTATUS Cleanup(int cancelled)
{
    NTSTATUS status = STATUS_SUCCESS;

    KeEnterCriticalRegion();
    ExAcquireResourceSharedLite(&ContextLock, 1);
    if (cancelled) {
        ExReleaseResourceLite(&ContextLock);
        KeLeaveCriticalRegion();
        status = STATUS_CANCELLED;
    } else {
        OpenHandles--;
        ExReleaseResourceLite(&ContextLock);
    }
    KeLeaveCriticalRegion(); /* BUG: the cancel branch has already left */
    return status;
}

void sdv_main(void)
{
    OpenHandles = 1;
    Cleanup(__VERIFIER_nondet_int());
}
