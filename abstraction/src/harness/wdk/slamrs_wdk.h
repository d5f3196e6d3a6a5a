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

#endif /* SLAMRS_WDK_H */
