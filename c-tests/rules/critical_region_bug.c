// rule: critical-region
// expect: violation
// message: still open when the entry function returns
// inputs: 1 -1
// The AddEntry of critical_region_safe.c with a duplicate-entry check that returns STATUS_OBJECT_NAME_COLLISION after releasing the resource but without KeLeaveCriticalRegion.

typedef int NTSTATUS;
typedef unsigned char BOOLEAN;
typedef struct _ERESOURCE { int Owners; } ERESOURCE, *PERESOURCE;

#define STATUS_SUCCESS 0
#define STATUS_OBJECT_NAME_COLLISION (-1073741771) /* 0xC0000035 */

typedef struct _FILTER_EXTENSION {
    ERESOURCE TableLock;
    int Entries;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

extern void KeEnterCriticalRegion(void);
extern void KeLeaveCriticalRegion(void);
extern BOOLEAN ExAcquireResourceExclusiveLite(PERESOURCE Resource, BOOLEAN Wait);
extern void ExReleaseResourceLite(PERESOURCE Resource);
extern int __VERIFIER_nondet_int(void);

static FILTER_EXTENSION Filter;

static NTSTATUS AddEntry(PFILTER_EXTENSION ext, int key, int existing)
{
    KeEnterCriticalRegion();
    ExAcquireResourceExclusiveLite(&ext->TableLock, 1);
    if (key == existing) {
        ExReleaseResourceLite(&ext->TableLock);
        return STATUS_OBJECT_NAME_COLLISION; /* BUG: still inside the critical region */
    }
    ext->Entries++;
    ExReleaseResourceLite(&ext->TableLock);
    KeLeaveCriticalRegion();
    return STATUS_SUCCESS;
}

int main(void)
{
    int existing = -1;
    int n = __VERIFIER_nondet_int();

    if (n > 3)
        n = 3;
    while (n-- > 0) {
        int key = __VERIFIER_nondet_int();
        if (AddEntry(&Filter, key, existing) == STATUS_SUCCESS)
            existing = key;
    }
    return 0;
}
