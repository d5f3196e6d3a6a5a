// rule: critical-region
// expect: safe
// A file-system-filter-style driver brackets ERESOURCE acquisition with KeEnterCriticalRegion/KeLeaveCriticalRegion, nests a second region in a helper, and leaves on the error paths too.

typedef int NTSTATUS;
typedef unsigned char BOOLEAN;
typedef struct _ERESOURCE { int Owners; } ERESOURCE, *PERESOURCE;

#define STATUS_SUCCESS 0
#define STATUS_ACCESS_DENIED (-1073741790) /* 0xC0000022 */
#define STATUS_CANT_WAIT (-1073741608)     /* 0xC00000D8 */
#define NT_SUCCESS(s) ((s) >= 0)

typedef struct _FILTER_EXTENSION {
    ERESOURCE TableLock;
    ERESOURCE LogLock;
    int Entries;
    int LogRecords;
} FILTER_EXTENSION, *PFILTER_EXTENSION;

extern void KeEnterCriticalRegion(void);
extern void KeLeaveCriticalRegion(void);
extern BOOLEAN ExAcquireResourceExclusiveLite(PERESOURCE Resource, BOOLEAN Wait);
extern void ExReleaseResourceLite(PERESOURCE Resource);
extern int __VERIFIER_nondet_int(void);

static FILTER_EXTENSION Filter;

/* Appends a log record; may be called with or without another region entered. */
static NTSTATUS WriteLog(PFILTER_EXTENSION ext)
{
    KeEnterCriticalRegion();
    if (!ExAcquireResourceExclusiveLite(&ext->LogLock, 0)) {
        KeLeaveCriticalRegion();
        return STATUS_CANT_WAIT;
    }
    ext->LogRecords++;
    ExReleaseResourceLite(&ext->LogLock);
    KeLeaveCriticalRegion();
    return STATUS_SUCCESS;
}

static NTSTATUS AddEntry(PFILTER_EXTENSION ext, int allowed)
{
    NTSTATUS status;

    if (!allowed)
        return STATUS_ACCESS_DENIED;
    KeEnterCriticalRegion();
    ExAcquireResourceExclusiveLite(&ext->TableLock, 1);
    ext->Entries++;
    status = WriteLog(ext); /* nested region: depth 2 */
    if (!NT_SUCCESS(status))
        ext->Entries--;
    ExReleaseResourceLite(&ext->TableLock);
    KeLeaveCriticalRegion();
    return status;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();

    while (n-- > 0) {
        if (__VERIFIER_nondet_int())
            AddEntry(&Filter, __VERIFIER_nondet_int());
        else
            WriteLog(&Filter);
    }
    return 0;
}
