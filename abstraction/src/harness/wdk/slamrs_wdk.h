/* slamrs: names of newer WDKs that mingw-w64's DDK headers lack, written for slamrs from
   Microsoft's public documentation of each routine and constant (learn.microsoft.com,
   "Windows Driver Kit"), so that driver samples written for a current WDK read as they
   are. Included after mingw's <wdm.h>; every name is guarded, so a newer mingw that
   defines one wins. The models of what these routines do live in slamrs's environment
   model (docs/cir.md), not here: these are declarations. */
#ifndef SLAMRS_WDK_H
#define SLAMRS_WDK_H

/* ---- pool allocation (Windows 10 2004 and later) ---- */
#ifndef POOL_FLAG_USE_QUOTA
typedef ULONG64 POOL_FLAGS;
#define POOL_FLAG_USE_QUOTA         0x0000000000000001ULL
#define POOL_FLAG_UNINITIALIZED     0x0000000000000002ULL
#define POOL_FLAG_SESSION           0x0000000000000004ULL
#define POOL_FLAG_CACHE_ALIGNED     0x0000000000000008ULL
#define POOL_FLAG_RAISE_ON_FAILURE  0x0000000000000020ULL
#define POOL_FLAG_NON_PAGED         0x0000000000000040ULL
#define POOL_FLAG_NON_PAGED_EXECUTE 0x0000000000000080ULL
#define POOL_FLAG_PAGED             0x0000000000000100ULL
#define POOL_FLAG_SPECIAL_POOL      0x0000000100000000ULL
NTKERNELAPI PVOID NTAPI ExAllocatePool2(POOL_FLAGS Flags, SIZE_T NumberOfBytes, ULONG Tag);
#endif

/* ---- zeroing allocators of wdm.h (Windows 10 2004 and later): inline functions over
   ExAllocatePoolWithTag, as the WDK writes them ---- */
#ifndef ExAllocatePoolZero
static __inline PVOID ExAllocatePoolZero(POOL_TYPE PoolType, SIZE_T NumberOfBytes, ULONG Tag)
{
    PVOID p = ExAllocatePoolWithTag(PoolType, NumberOfBytes, Tag);
    if (p != NULL)
        RtlZeroMemory(p, NumberOfBytes);
    return p;
}
static __inline PVOID ExAllocatePoolUninitialized(POOL_TYPE PoolType, SIZE_T NumberOfBytes, ULONG Tag)
{
    return ExAllocatePoolWithTag(PoolType, NumberOfBytes, Tag);
}
static __inline PVOID ExAllocatePoolQuotaZero(POOL_TYPE PoolType, SIZE_T NumberOfBytes, ULONG Tag)
{
    PVOID p = ExAllocatePoolWithQuotaTag(PoolType, NumberOfBytes, Tag);
    if (p != NULL)
        RtlZeroMemory(p, NumberOfBytes);
    return p;
}
static __inline PVOID ExAllocatePoolQuotaUninitialized(POOL_TYPE PoolType, SIZE_T NumberOfBytes, ULONG Tag)
{
    return ExAllocatePoolWithQuotaTag(PoolType, NumberOfBytes, Tag);
}
#endif

/* ---- the NX bit of POOL_TYPE (Windows 8 and later) ---- */
#ifndef POOL_NX_ALLOCATION
#define POOL_NX_ALLOCATION 512
#endif

/* ---- the driver runtime (ExInitializeDriverRuntime opts a driver into NX pools: its
   non-paged allocations become NonPagedPoolNx; no other effect a rule sees) ---- */
#ifndef DrvRtPoolNxOptIn
#define DrvRtPoolNxOptIn 0x00000001
static __inline VOID ExInitializeDriverRuntime(ULONG RuntimeFlags)
{
    (VOID)RuntimeFlags;
}
#endif

/* ---- page priorities OR-ed with MM_PAGE_PRIORITY (Windows 8 and later) ---- */
#ifndef MdlMappingNoWrite
#define MdlMappingNoWrite   0x80000000
#define MdlMappingNoExecute 0x40000000
#endif

/* ---- DMA version 3 (Windows 8 and later) ---- */
#ifndef DMA_TRANSFER_CONTEXT_SIZE_V1
#define DMA_TRANSFER_CONTEXT_V1 1
#define DMA_TRANSFER_CONTEXT_SIZE_V1 128
#endif

/* ---- registry queries ---- */
#ifndef RTL_QUERY_REGISTRY_TYPECHECK
#define RTL_QUERY_REGISTRY_TYPECHECK 0x00000100
#define RTL_QUERY_REGISTRY_TYPECHECK_SHIFT 24
#endif

/* ---- SAL annotations of newer WDKs (they only guide the WDK's static analysis) ---- */
#ifndef _Unreferenced_parameter_
#define _Unreferenced_parameter_
#endif
#ifndef _Global_critical_region_
#define _Global_critical_region_
#endif
#ifndef _Inexpressible_
#define _Inexpressible_(x)
#endif
#ifndef _Old_
#define _Old_(x)
#endif
#ifndef _Post_notnull_
#define _Post_notnull_
#endif
#ifndef _Post_null_
#define _Post_null_
#endif
#ifndef _Post_maybenull_
#define _Post_maybenull_
#endif
#ifndef _Post_invalid_
#define _Post_invalid_
#endif
#ifndef _Post_valid_
#define _Post_valid_
#endif

/* ---- MSVC intrinsics the samples use ---- */
/* __pragma(...) is MSVC's _Pragma; the pragmas of the samples only tune warnings */
#ifndef __pragma
#define __pragma(x)
#endif
/* __annotation(L"...", ...) only leaves text in the debug symbols */
#ifndef __annotation
#define __annotation(...) ((void)0)
#endif

#endif /* SLAMRS_WDK_H */
