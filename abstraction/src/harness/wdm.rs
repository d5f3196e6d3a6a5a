//! The Windows environment model: a harness that plays the I/O manager, and an OS model of
//! the kernel routines the harness and the rules need, both in C against the driver's own
//! `wdm.h` types (they are appended to its translation unit).
//!
//! The harness (`__slamrs_main`):
//! 1. calls `DriverEntry` with a fresh driver object (with its `DriverExtension`) and
//!    registry path; a failure status ends the run;
//! 2. calls `AddDevice` (if the map has one) with a physical device object; a failure ends
//!    the run;
//! 3. if the driver created a device object, any number of times, in any order: a dispatch
//!    routine on a fresh IRP (its current stack location has the routine's major function
//!    code, an arbitrary minor code and arbitrary parameters; a system buffer of the larger
//!    of the input and output lengths (at most 1 MiB then), or none),
//!    `StartIo` on a fresh IRP, a DPC, timer or work item the driver queued, or the
//!    cancellation of the last IRP a dispatch routine returned with a cancel routine set
//!    (its cancel routine runs with the cancel spin lock held, at any later point);
//! 4. `DriverUnload`, if the map has one.
//!
//! Each call of an entry point goes through a *unit* function (`__slamrs_dispatch__F`,
//! ...): rules check "when the entry point returns" at a unit's return, as SDV checks each
//! dispatch routine separately.
//!
//! The OS model is hostile where SDV's is: `IoCreateDevice` may fail, a lower driver called
//! by `IoCallDriver` returns any status (`STATUS_PENDING` included) and may run the
//! completion routine the driver set (with `PendingReturned` telling whether it pended);
//! `ExAllocatePoolWithTag` may return NULL (the CIR environment model). Kernel routines the model does not define return arbitrary values
//! and do not call the driver back (the lowering is told so; the few that do call back are
//! the ones defined here).

use super::{unit_name, EntryMap, Harness, Role, HARNESS_FILE, HARNESS_MAIN, OS_MODEL_FILE};
use crate::cir::Program;

/// The harness's event after a dispatch routine returns (the pending rule's).
pub const DISPATCH_END: &str = "__slamrs_dispatch_end";

/// Calls the harness makes because of the driver's entry points, which count as the
/// driver's for a rule's applicability: a dispatch routine's return (the pending rule), the
/// cancel spin lock taken to call a cancel routine (the cancel-spinlock rule).
pub fn harness_events(map: &EntryMap) -> Vec<&'static str> {
    let mut out = Vec::new();
    if map
        .entries
        .iter()
        .any(|e| matches!(e.role, Role::Dispatch(_)))
    {
        out.push(DISPATCH_END);
    }
    if map.entries.iter().any(|e| e.role == Role::Cancel) {
        out.push("IoAcquireCancelSpinLock");
    }
    out
}

pub use super::{overrides, OVERRIDE_PREFIX};

/// Kernel routines that may return `STATUS_PENDING`: those whose name starts with one of
/// these (the others a header declares to return `NTSTATUS` never do: frontend,
/// `LoadOptions::pending_from`). They pass an IRP on or do asynchronous I/O.
pub const PENDING_FROM: &[&str] = &[
    "IoCallDriver",
    "IofCallDriver",
    "PoCallDriver",
    "IoAsynchronous",
    "Zw",
    "Nt",
    "Flt",
];

/// Kernel routines that may call a driver routine they are given, and that the OS model
/// does not define: a call of one is refused (no answer may depend on it).
pub const CALLS_BACK: &[&str] = &[
    "IoStartNextPacketByKey",
    "ExQueueWorkItem",
    "IoConnectInterrupt",
    "IoConnectInterruptEx",
    "KeSynchronizeExecution",
    "PsCreateSystemThread",
    "IoRegisterPlugPlayNotification",
    "ObRegisterCallbacks",
    "CmRegisterCallback",
    "CmRegisterCallbackEx",
    "PoRequestPowerIrp",
    "IoCsqInitialize",
    "IoCsqInitializeEx",
    "IoAllocateAdapterChannel",
    "KeRegisterBugCheckCallback",
    "IoRegisterShutdownNotification",
    "ExRegisterCallback",
];

/// The OS model: kernel routines in C over `wdm.h`'s types.
const OS_MODEL: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);

/* The model follows two queued DPCs and one object of each other kind: the work item, the
   IoTimer, the last cancelable IRP. Where a driver needs one more at the same time, it
   calls one of these; checks make each an error location whose counterexample is UNKNOWN
   with the reason (harness::MODEL_BOUNDS), never a wrong answer. */
void __slamrs_bound_dpc(void) { }
void __slamrs_bound_work_item(void) { }
void __slamrs_bound_io_timer(void) { }
void __slamrs_bound_cancelable_irp(void) { }

/* the DPCs queued (two slots: each DPC object, whether it is queued, and the kernel timer
   that queued it, if one did) and the last work item the driver queued; the harness may
   run them */
static PRKDPC __slamrs_dpc0;
static int __slamrs_dpc_queued0;
static PKTIMER __slamrs_dpc_timer0;
static PRKDPC __slamrs_dpc1;
static int __slamrs_dpc_queued1;
static PKTIMER __slamrs_dpc_timer1;
static PIO_WORKITEM __slamrs_work_item;
static void *__slamrs_work_routine;   /* an IO_WORKITEM_ROUTINE or its _EX form */
static PDEVICE_OBJECT __slamrs_work_device;
static PVOID __slamrs_work_context;
static int __slamrs_work_queued;
/* the driver's IoTimer routine, and whether IoStartTimer started it */
static PIO_TIMER_ROUTINE __slamrs_timer_routine;
static PVOID __slamrs_timer_context;
static int __slamrs_timer_active;

/* The IRP the IRP rules follow (SDV's harness IRP): a static object, so that no IRP the
   harness allocates can be it. The harness hands it out at most once, in place of a fresh
   IRP, at a point it chooses nondeterministically; the events below tell the rules. */
static IRP __slamrs_irp0;
static IO_STACK_LOCATION __slamrs_irp0_stack[2];
static int __slamrs_irp0_given;
void __slamrs_irp_completed(int followed) { }
void __slamrs_irp_marked(int followed) { }
void __slamrs_irp_passed(int followed) { }
void __slamrs_dispatch_begin(void) { }
void __slamrs_dispatch_end(NTSTATUS status) { }

/* wdm.h's inline IoMarkIrpPending, which also tells the rules (calls of IoMarkIrpPending
   are redirected here: see OVERRIDE_PREFIX) */
VOID __slamrs_override_IoMarkIrpPending(PIRP Irp)
{
    IoGetCurrentIrpStackLocation(Irp)->Control |= SL_PENDING_RETURNED;
    __slamrs_irp_marked(Irp == &__slamrs_irp0);
}

/* The first device object and its extension are static objects, as in SDV's harness:
   zeroed like the real ones, at fixed addresses (what the driver keeps in its extension is
   then state of a named object to the abstraction). The extension has the type the driver
   uses (the map's device-extension), else it is 4 KiB of untyped memory. Further devices,
   and larger extensions, are allocated. */
static DEVICE_OBJECT __slamrs_device0;
@EXTENSION_DECL@
static int __slamrs_device0_used;

NTSTATUS IoCreateDevice(PDRIVER_OBJECT DriverObject, ULONG DeviceExtensionSize,
                        PUNICODE_STRING DeviceName, ULONG DeviceType,
                        ULONG DeviceCharacteristics, BOOLEAN Exclusive,
                        PDEVICE_OBJECT *DeviceObject)
{
    PDEVICE_OBJECT d;
    if (__VERIFIER_nondet_int())
        return STATUS_INSUFFICIENT_RESOURCES;
    if (!__slamrs_device0_used && DeviceExtensionSize <= sizeof(__slamrs_extension0)) {
        __slamrs_device0_used = 1;
        d = &__slamrs_device0;
        if (DeviceExtensionSize != 0)
            d->DeviceExtension = @EXTENSION_ADDR@;
    } else {
        d = (PDEVICE_OBJECT)__builtin_malloc(sizeof(DEVICE_OBJECT));
        if (d == 0)
            return STATUS_INSUFFICIENT_RESOURCES;
        __builtin_memset(d, 0, sizeof(DEVICE_OBJECT));
        if (DeviceExtensionSize != 0) {
            d->DeviceExtension = __builtin_calloc(1, DeviceExtensionSize);
            if (d->DeviceExtension == 0)
                return STATUS_INSUFFICIENT_RESOURCES;
        }
    }
    d->DriverObject = DriverObject;
    d->NextDevice = DriverObject->DeviceObject;
    d->DeviceType = DeviceType;
    d->StackSize = 1;
    DriverObject->DeviceObject = d;
    *DeviceObject = d;
    return STATUS_SUCCESS;
}

/* IoCreateDeviceSecure (wdmsec.h renames it WdmlibIoCreateDeviceSecure): IoCreateDevice
   with a security descriptor and a class GUID, which the model does not keep. */
NTSTATUS WdmlibIoCreateDeviceSecure(PDRIVER_OBJECT DriverObject, ULONG DeviceExtensionSize,
                                    PUNICODE_STRING DeviceName, DEVICE_TYPE DeviceType,
                                    ULONG DeviceCharacteristics, BOOLEAN Exclusive,
                                    PCUNICODE_STRING DefaultSDDLString, LPCGUID DeviceClassGuid,
                                    PDEVICE_OBJECT *DeviceObject)
{
    return IoCreateDevice(DriverObject, DeviceExtensionSize, DeviceName, DeviceType,
                          DeviceCharacteristics, Exclusive, DeviceObject);
}

VOID IoDeleteDevice(PDEVICE_OBJECT DeviceObject)
{
    if (DeviceObject->DriverObject != 0 && DeviceObject->DriverObject->DeviceObject == DeviceObject)
        DeviceObject->DriverObject->DeviceObject = DeviceObject->NextDevice;
}

PDEVICE_OBJECT IoAttachDeviceToDeviceStack(PDEVICE_OBJECT SourceDevice, PDEVICE_OBJECT TargetDevice)
{
    if (__VERIFIER_nondet_int())
        return 0;
    SourceDevice->StackSize = TargetDevice->StackSize + 1;
    return TargetDevice;
}

VOID IoDetachDevice(PDEVICE_OBJECT TargetDevice)
{
}

NTSTATUS IoCreateSymbolicLink(PUNICODE_STRING SymbolicLinkName, PUNICODE_STRING DeviceName)
{
    return __VERIFIER_nondet_int() ? STATUS_SUCCESS : STATUS_INSUFFICIENT_RESOURCES;
}

NTSTATUS IoDeleteSymbolicLink(PUNICODE_STRING SymbolicLinkName)
{
    return STATUS_SUCCESS;
}

/* the device is idle: the I/O manager calls StartIo at once (a busy device would queue
   the IRP; the harness also calls StartIo on its own) */
VOID IoStartPacket(PDEVICE_OBJECT DeviceObject, PIRP Irp, PULONG Key, PDRIVER_CANCEL CancelFunction)
{
    if (DeviceObject->DriverObject != 0 && DeviceObject->DriverObject->DriverStartIo != 0)
        DeviceObject->DriverObject->DriverStartIo(DeviceObject, Irp);
}

VOID IoStartNextPacket(PDEVICE_OBJECT DeviceObject, BOOLEAN Cancelable)
{
}

VOID IofCompleteRequest(PIRP Irp, CCHAR PriorityBoost)
{
    __slamrs_irp_completed(Irp == &__slamrs_irp0);
}

/* the last request the driver built with a status block (IoBuild*Request) */
static PIRP __slamrs_built_irp;

NTSTATUS IofCallDriver(PDEVICE_OBJECT DeviceObject, PIRP Irp)
{
    PIO_STACK_LOCATION next;
    NTSTATUS status = (NTSTATUS)__VERIFIER_nondet_int();
    __slamrs_irp_passed(Irp == &__slamrs_irp0);
    if (__slamrs_built_irp != 0 && Irp == __slamrs_built_irp) {
        /* a request the driver built: when it completes, the I/O manager copies its final
           status into the driver's status block, before it sets the event the driver
           waits on (here: before IoCallDriver returns) */
        NTSTATUS final = status;
        if (status == STATUS_PENDING) {
            final = (NTSTATUS)__VERIFIER_nondet_int();
            __VERIFIER_assume(final != STATUS_PENDING);
        }
        Irp->UserIosb->Status = final;
        Irp->UserIosb->Information = (ULONG_PTR)__VERIFIER_nondet_uint();
        __slamrs_built_irp = 0;
    }
    Irp->CurrentLocation--;
    Irp->Tail.Overlay.CurrentStackLocation--;
    next = Irp->Tail.Overlay.CurrentStackLocation;
    if (next->CompletionRoutine != 0 && __VERIFIER_nondet_int()) {
        /* the lower driver completes the IRP: at once, with the status it returns, or,
           having returned STATUS_PENDING, later (here: before IoCallDriver returns) with
           a final status; PendingReturned tells the completion routine which */
        NTSTATUS final = status;
        if (status == STATUS_PENDING) {
            final = (NTSTATUS)__VERIFIER_nondet_int();
            __VERIFIER_assume(final != STATUS_PENDING);
        }
        Irp->IoStatus.Status = final;
        Irp->PendingReturned = status == STATUS_PENDING;
        Irp->CurrentLocation++;
        Irp->Tail.Overlay.CurrentStackLocation++;
        if (next->CompletionRoutine(DeviceObject, Irp, next->Context) == STATUS_MORE_PROCESSING_REQUIRED)
            return status;
    } else if (status != STATUS_PENDING) {
        Irp->IoStatus.Status = status;
    }
    return status;
}

/* IRPs the driver allocates or builds itself: zeroed, with StackSize stack locations and
   none current (the driver sets up the next one, IoGetNextIrpStackLocation); allocation
   may fail. The IRP rules do not follow them. */
PIRP IoAllocateIrp(CCHAR StackSize, BOOLEAN ChargeQuota)
{
    PIRP irp;
    PIO_STACK_LOCATION st;
    if (StackSize < 1 || __VERIFIER_nondet_int())
        return 0;
    irp = (PIRP)__builtin_calloc(1, sizeof(IRP));
    /* a constant size where the stack is short (the path formula zeroes objects of known
       size exactly) */
    if (StackSize <= 4)
        st = (PIO_STACK_LOCATION)__builtin_calloc(4, sizeof(IO_STACK_LOCATION));
    else
        st = (PIO_STACK_LOCATION)__builtin_calloc((unsigned long)StackSize, sizeof(IO_STACK_LOCATION));
    if (irp == 0 || st == 0)
        return 0;
    irp->StackCount = StackSize;
    irp->CurrentLocation = StackSize + 1;
    irp->Tail.Overlay.CurrentStackLocation = st + StackSize;
    /* zero already; said again at the address the next driver's location is read at (the
       path formula reads zeroed memory at a symbolic offset as arbitrary) */
    st[StackSize - 1].CompletionRoutine = 0;
    st[StackSize - 1].Control = 0;
    return irp;
}

VOID IoFreeIrp(PIRP Irp)
{
}

static PIRP __slamrs_build_irp(UCHAR Major, PDEVICE_OBJECT DeviceObject, PVOID Buffer,
                               PKEVENT Event, PIO_STATUS_BLOCK IoStatusBlock)
{
    PIRP irp = IoAllocateIrp(DeviceObject->StackSize, FALSE);
    PIO_STACK_LOCATION next;
    if (irp == 0)
        return 0;
    next = irp->Tail.Overlay.CurrentStackLocation - 1;
    next->MajorFunction = Major;
    next->DeviceObject = DeviceObject;
    irp->UserIosb = IoStatusBlock;
    if (IoStatusBlock != 0)
        __slamrs_built_irp = irp;
    irp->UserEvent = Event;
    irp->UserBuffer = Buffer;
    irp->AssociatedIrp.SystemBuffer = Buffer;
    return irp;
}

PIRP IoBuildDeviceIoControlRequest(ULONG IoControlCode, PDEVICE_OBJECT DeviceObject,
                                   PVOID InputBuffer, ULONG InputBufferLength,
                                   PVOID OutputBuffer, ULONG OutputBufferLength,
                                   BOOLEAN InternalDeviceIoControl, PKEVENT Event,
                                   PIO_STATUS_BLOCK IoStatusBlock)
{
    PIRP irp = __slamrs_build_irp(InternalDeviceIoControl ? IRP_MJ_INTERNAL_DEVICE_CONTROL
                                                          : IRP_MJ_DEVICE_CONTROL,
                                  DeviceObject, InputBuffer, Event, IoStatusBlock);
    PIO_STACK_LOCATION next;
    if (irp == 0)
        return 0;
    next = irp->Tail.Overlay.CurrentStackLocation - 1;
    next->Parameters.DeviceIoControl.IoControlCode = IoControlCode;
    next->Parameters.DeviceIoControl.InputBufferLength = InputBufferLength;
    next->Parameters.DeviceIoControl.OutputBufferLength = OutputBufferLength;
    return irp;
}

PIRP IoBuildSynchronousFsdRequest(ULONG MajorFunction, PDEVICE_OBJECT DeviceObject, PVOID Buffer,
                                  ULONG Length, PLARGE_INTEGER StartingOffset, PKEVENT Event,
                                  PIO_STATUS_BLOCK IoStatusBlock)
{
    return __slamrs_build_irp((UCHAR)MajorFunction, DeviceObject, Buffer, Event, IoStatusBlock);
}

PIRP IoBuildAsynchronousFsdRequest(ULONG MajorFunction, PDEVICE_OBJECT DeviceObject, PVOID Buffer,
                                   ULONG Length, PLARGE_INTEGER StartingOffset,
                                   PIO_STATUS_BLOCK IoStatusBlock)
{
    return __slamrs_build_irp((UCHAR)MajorFunction, DeviceObject, Buffer, 0, IoStatusBlock);
}

KIRQL KeAcquireSpinLockRaiseToDpc(PKSPIN_LOCK SpinLock)
{
    /* the caller's IRQL: any level up to DISPATCH_LEVEL */
    unsigned int irql = __VERIFIER_nondet_uint();
    __VERIFIER_assume(irql <= DISPATCH_LEVEL);
    return (KIRQL)irql;
}

VOID KeReleaseSpinLock(PKSPIN_LOCK SpinLock, KIRQL NewIrql)
{
}

VOID KeAcquireSpinLockAtDpcLevel(PKSPIN_LOCK SpinLock)
{
}

VOID KeReleaseSpinLockFromDpcLevel(PKSPIN_LOCK SpinLock)
{
}

/* Synchronization routines: the rules observe them; they write nothing but what their
   pointer arguments say (an unknown kernel routine may write any memory the driver's
   pointers escaped to). */
VOID IoAcquireCancelSpinLock(PKIRQL Irql)
{
    unsigned int irql = __VERIFIER_nondet_uint();
    __VERIFIER_assume(irql <= DISPATCH_LEVEL);
    *Irql = (KIRQL)irql;
}

VOID IoReleaseCancelSpinLock(KIRQL Irql)
{
}

VOID KeEnterCriticalRegion(VOID)
{
}

VOID KeLeaveCriticalRegion(VOID)
{
}

NTSTATUS ExInitializeResourceLite(PERESOURCE Resource)
{
    return STATUS_SUCCESS;
}

NTSTATUS ExDeleteResourceLite(PERESOURCE Resource)
{
    return STATUS_SUCCESS;
}

BOOLEAN ExAcquireResourceExclusiveLite(PERESOURCE Resource, BOOLEAN Wait)
{
    if (Wait)
        return TRUE;
    return __VERIFIER_nondet_int() ? TRUE : FALSE;
}

BOOLEAN ExAcquireResourceSharedLite(PERESOURCE Resource, BOOLEAN Wait)
{
    if (Wait)
        return TRUE;
    return __VERIFIER_nondet_int() ? TRUE : FALSE;
}

VOID ExReleaseResourceLite(PERESOURCE Resource)
{
}

VOID ExAcquireFastMutex(PFAST_MUTEX FastMutex)
{
}

VOID ExReleaseFastMutex(PFAST_MUTEX FastMutex)
{
}

VOID KeInitializeEvent(PRKEVENT Event, EVENT_TYPE Type, BOOLEAN State)
{
}

LONG KeSetEvent(PRKEVENT Event, KPRIORITY Increment, BOOLEAN Wait)
{
    return __VERIFIER_nondet_int() ? 1 : 0;
}

VOID KeClearEvent(PRKEVENT Event)
{
}

NTSTATUS KeWaitForSingleObject(PVOID Object, KWAIT_REASON WaitReason, KPROCESSOR_MODE WaitMode,
                               BOOLEAN Alertable, PLARGE_INTEGER Timeout)
{
    if (Timeout != 0 && __VERIFIER_nondet_int())
        return STATUS_TIMEOUT;
    return STATUS_SUCCESS;
}

VOID KeStallExecutionProcessor(ULONG MicroSeconds)
{
}

NTSTATUS KeDelayExecutionThread(KPROCESSOR_MODE WaitMode, BOOLEAN Alertable, PLARGE_INTEGER Interval)
{
    return STATUS_SUCCESS;
}

VOID KeInitializeDpc(PRKDPC Dpc, PKDEFERRED_ROUTINE DeferredRoutine, PVOID DeferredContext)
{
    Dpc->DeferredRoutine = DeferredRoutine;
    Dpc->DeferredContext = DeferredContext;
}

/* Queues Dpc (by Timer, or 0): a DPC already queued stays in its slot (FALSE), else the
   first free slot takes it (TRUE); a third one queued at once is the bound. */
static BOOLEAN __slamrs_queue_dpc(PRKDPC Dpc, PKTIMER Timer)
{
    if (__slamrs_dpc_queued0 && __slamrs_dpc0 == Dpc) {
        __slamrs_dpc_timer0 = Timer;
        return FALSE;
    }
    if (__slamrs_dpc_queued1 && __slamrs_dpc1 == Dpc) {
        __slamrs_dpc_timer1 = Timer;
        return FALSE;
    }
    if (!__slamrs_dpc_queued0) {
        __slamrs_dpc0 = Dpc;
        __slamrs_dpc_queued0 = 1;
        __slamrs_dpc_timer0 = Timer;
        return TRUE;
    }
    if (!__slamrs_dpc_queued1) {
        __slamrs_dpc1 = Dpc;
        __slamrs_dpc_queued1 = 1;
        __slamrs_dpc_timer1 = Timer;
        return TRUE;
    }
    __slamrs_bound_dpc();
    return FALSE;
}

BOOLEAN KeInsertQueueDpc(PRKDPC Dpc, PVOID SystemArgument1, PVOID SystemArgument2)
{
    return __slamrs_queue_dpc(Dpc, 0);
}

/* Timers: a kernel timer's DPC is queued when the timer is set (it may fire at once); an
   IoTimer routine runs once a second while started (the harness may call it). */
VOID KeInitializeTimer(PKTIMER Timer)
{
}

VOID KeInitializeTimerEx(PKTIMER Timer, TIMER_TYPE Type)
{
}

BOOLEAN KeSetTimer(PKTIMER Timer, LARGE_INTEGER DueTime, PKDPC Dpc)
{
    if (Dpc != 0)
        __slamrs_queue_dpc(Dpc, Timer);
    return __VERIFIER_nondet_int() ? TRUE : FALSE;
}

BOOLEAN KeSetTimerEx(PKTIMER Timer, LARGE_INTEGER DueTime, LONG Period, PKDPC Dpc)
{
    if (Dpc != 0)
        __slamrs_queue_dpc(Dpc, Timer);
    return __VERIFIER_nondet_int() ? TRUE : FALSE;
}

/* the timer may already have fired (its DPC still runs) or be cancelled in time */
BOOLEAN KeCancelTimer(PKTIMER Timer)
{
    if (__slamrs_dpc_queued0 && __slamrs_dpc_timer0 == Timer && __VERIFIER_nondet_int()) {
        __slamrs_dpc_queued0 = 0;
        return TRUE;
    }
    if (__slamrs_dpc_queued1 && __slamrs_dpc_timer1 == Timer && __VERIFIER_nondet_int()) {
        __slamrs_dpc_queued1 = 0;
        return TRUE;
    }
    return FALSE;
}

NTSTATUS IoInitializeTimer(PDEVICE_OBJECT DeviceObject, PIO_TIMER_ROUTINE TimerRoutine, PVOID Context)
{
    if (__slamrs_timer_routine != 0
        && (__slamrs_timer_routine != TimerRoutine || __slamrs_timer_context != Context))
        __slamrs_bound_io_timer();
    __slamrs_timer_routine = TimerRoutine;
    __slamrs_timer_context = Context;
    return STATUS_SUCCESS;
}

VOID IoStartTimer(PDEVICE_OBJECT DeviceObject)
{
    __slamrs_timer_active = 1;
}

VOID IoStopTimer(PDEVICE_OBJECT DeviceObject)
{
    __slamrs_timer_active = 0;
}

VOID IoQueueWorkItem(PIO_WORKITEM IoWorkItem, PIO_WORKITEM_ROUTINE WorkerRoutine,
                     WORK_QUEUE_TYPE QueueType, PVOID Context)
{
    if (__slamrs_work_queued && __slamrs_work_item != IoWorkItem)
        __slamrs_bound_work_item();
    __slamrs_work_item = IoWorkItem;
    __slamrs_work_routine = (void *)WorkerRoutine;
    __slamrs_work_context = Context;
    __slamrs_work_queued = 1;
}

VOID IoQueueWorkItemEx(PIO_WORKITEM IoWorkItem, PIO_WORKITEM_ROUTINE_EX WorkerRoutine,
                       WORK_QUEUE_TYPE QueueType, PVOID Context)
{
    if (__slamrs_work_queued && __slamrs_work_item != IoWorkItem)
        __slamrs_bound_work_item();
    __slamrs_work_item = IoWorkItem;
    __slamrs_work_routine = (void *)WorkerRoutine;
    __slamrs_work_context = Context;
    __slamrs_work_queued = 1;
}
"#;

/// The OS model's text, with the first device's extension of the map's type.
fn os_model(map: &EntryMap) -> String {
    let (decl, addr) = match &map.device_extension {
        Some(x) => (
            format!("static {} __slamrs_extension0;", x.c_type),
            "&__slamrs_extension0",
        ),
        None => (
            "static ULONGLONG __slamrs_extension0[512];".to_string(),
            "__slamrs_extension0",
        ),
    };
    OS_MODEL
        .replace("@EXTENSION_DECL@", &decl)
        .replace("@EXTENSION_ADDR@", addr)
}

/// A work item's unit parameters, what the unit passes on, and the harness's arguments:
/// an `IO_WORKITEM_ROUTINE_EX` (queued by `IoQueueWorkItemEx`) also takes the work item.
fn work_item_call(prog: &Program, function: &str) -> (&'static str, &'static str, &'static str) {
    let ex = prog
        .func_by_name(function)
        .is_some_and(|f| prog.func(f).params.len() == 3);
    if ex {
        (
            "PDEVICE_OBJECT DeviceObject, PVOID Context, PIO_WORKITEM IoWorkItem",
            "DeviceObject, Context, IoWorkItem",
            "dev, __slamrs_work_context, __slamrs_work_item",
        )
    } else {
        (
            "PDEVICE_OBJECT DeviceObject, PVOID Context",
            "DeviceObject, Context",
            "dev, __slamrs_work_context",
        )
    }
}

/// Builds the harness and OS model for a Windows driver's map; an error says what the map
/// lacks.
pub fn harness(map: &EntryMap, prog: &Program) -> Result<Harness, String> {
    let Some(entry) = map.driver_entry() else {
        return Err(
            "no DriverEntry: the entry-point map has no driver-entry routine (name one in a map file with --entry-map)"
                .to_string(),
        );
    };
    let mut units = Vec::new();
    let mut defs = String::new();
    let mut unit = |role: &Role, f: &str, ret: &str, params: &str, call: &str| -> String {
        let name = format!("__slamrs_{}", unit_name(role, f));
        let body = if ret == "VOID" {
            format!("{f}({call});")
        } else {
            format!("return {f}({call});")
        };
        defs.push_str(&format!(
            "/* {} */\nstatic {ret} {name}({params}) {{ {body} }}\n",
            role.name()
        ));
        units.push((name.clone(), role.clone(), f.to_string()));
        name
    };
    let entry_unit = unit(
        &Role::DriverEntry,
        entry,
        "NTSTATUS",
        "void",
        "&__slamrs_driver_object, &__slamrs_registry_path",
    );
    let add = map
        .functions_with(|r| *r == Role::AddDevice)
        .first()
        .map(|e| {
            unit(
                &Role::AddDevice,
                &e.function,
                "NTSTATUS",
                "void",
                "&__slamrs_driver_object, &__slamrs_pdo",
            )
        });
    // dispatch routines: specific codes, then the catch-all ones
    let specific: Vec<u8> = map
        .entries
        .iter()
        .filter_map(|e| match e.role {
            Role::Dispatch(Some(k)) => Some(k),
            _ => None,
        })
        .collect();
    // cancel routines: the I/O manager cancels a pending IRP whose cancel routine is set,
    // calling it with the cancel spin lock held (it must release it)
    let mut cancel_fn = String::new();
    let cancels = map.functions_with(|r| *r == Role::Cancel);
    if !cancels.is_empty() {
        cancel_fn.push_str(
            "/* the last IRP a dispatch routine returned with a cancel routine set */\n\
             static PIRP __slamrs_cancelable;\n\
             /* the I/O manager cancels an IRP: its cancel routine runs with the cancel spin lock held */\n\
             static void __slamrs_cancel(PDEVICE_OBJECT dev, PIRP irp) {\n\
             \x20   KIRQL irql;\n\
             \x20   PDRIVER_CANCEL routine;\n\
             \x20   IoAcquireCancelSpinLock(&irql);\n\
             \x20   irp->Cancel = TRUE;\n\
             \x20   routine = irp->CancelRoutine;\n\
             \x20   irp->CancelRoutine = 0;\n\
             \x20   irp->CancelIrql = irql;\n",
        );
        for e in &cancels {
            let u = unit(
                &Role::Cancel,
                &e.function,
                "VOID",
                "PDEVICE_OBJECT DeviceObject, PIRP Irp",
                "DeviceObject, Irp",
            );
            cancel_fn.push_str(&format!(
                "    if (routine == {f}) {{ {u}(dev, irp); return; }}\n",
                f = e.function
            ));
        }
        cancel_fn.push_str("    IoReleaseCancelSpinLock(irql);\n}\n");
    }
    // the IRP a dispatch routine left cancelable (pending with a cancel routine) may be
    // cancelled at any later point: right after the routine returns, or after other
    // dispatch calls, DPCs and timers (the harness follows the last such IRP)
    let cancel = if cancels.is_empty() {
        ""
    } else {
        " if (irp->CancelRoutine != 0) { if (__slamrs_cancelable != 0 && __slamrs_cancelable != irp && __slamrs_cancelable->CancelRoutine != 0) __slamrs_bound_cancelable_irp(); __slamrs_cancelable = irp; }"
    };
    let mut cases = Vec::new();
    for e in map.functions_with(|r| matches!(r, Role::Dispatch(_))) {
        let u = unit(
            &e.role,
            &e.function,
            "NTSTATUS",
            "PDEVICE_OBJECT DeviceObject, PIRP Irp",
            "DeviceObject, Irp",
        );
        let major = match e.role {
            Role::Dispatch(Some(k)) => format!("{k}"),
            _ => "__slamrs_other_major()".to_string(),
        };
        cases.push(format!(
            "{{ PIRP irp = __slamrs_new_irp({major}); NTSTATUS s; int followed = irp == &__slamrs_irp0; if (followed) __slamrs_dispatch_begin(); s = {u}(dev, irp); if (followed) __slamrs_dispatch_end(s);{cancel} }} /* {} */",
            e.role.name()
        ));
    }
    if !cancels.is_empty() {
        cases.push(
            "if (__slamrs_cancelable != 0 && __slamrs_cancelable->CancelRoutine != 0) { PIRP c = __slamrs_cancelable; __slamrs_cancelable = 0; __slamrs_cancel(dev, c); } /* cancel */"
                .to_string(),
        );
    }
    for e in map.functions_with(|r| *r == Role::StartIo) {
        let u = unit(
            &Role::StartIo,
            &e.function,
            "VOID",
            "PDEVICE_OBJECT DeviceObject, PIRP Irp",
            "DeviceObject, Irp",
        );
        cases.push(format!(
            "{u}(dev, __slamrs_new_irp(__slamrs_other_major())); /* start-io */"
        ));
    }
    for e in map.functions_with(|r| *r == Role::Dpc) {
        let u = unit(
            &Role::Dpc,
            &e.function,
            "VOID",
            "PKDPC Dpc, PVOID Context",
            "Dpc, Context, 0, 0",
        );
        for j in 0..2 {
            cases.push(format!(
                "if (__slamrs_dpc_queued{j} && __slamrs_dpc{j}->DeferredRoutine == {f}) {{ __slamrs_dpc_queued{j} = 0; {u}(__slamrs_dpc{j}, __slamrs_dpc{j}->DeferredContext); }} /* dpc */",
                f = e.function
            ));
        }
    }
    for e in map.functions_with(|r| *r == Role::WorkItem) {
        let (params, pass, args) = work_item_call(prog, &e.function);
        let u = unit(&Role::WorkItem, &e.function, "VOID", params, pass);
        cases.push(format!(
            "if (__slamrs_work_queued && __slamrs_work_routine == (void *){f}) {{ __slamrs_work_queued = 0; {u}({args}); }} /* work-item */",
            f = e.function
        ));
    }
    for e in map.functions_with(|r| *r == Role::Timer) {
        let u = unit(
            &Role::Timer,
            &e.function,
            "VOID",
            "PDEVICE_OBJECT DeviceObject, PVOID Context",
            "DeviceObject, Context",
        );
        cases.push(format!(
            "if (__slamrs_timer_active && __slamrs_timer_routine == {f}) {u}(dev, __slamrs_timer_context); /* timer */",
            f = e.function
        ));
    }
    let unload = map.functions_with(|r| *r == Role::Unload).first().map(|e| {
        unit(
            &Role::Unload,
            &e.function,
            "VOID",
            "void",
            "&__slamrs_driver_object",
        )
    });
    let excluded: String = specific.iter().map(|k| format!(" && m != {k}")).collect();
    let mut t = String::new();
    t.push_str(
        "/* slamrs harness: the Windows I/O manager calling the driver's entry points */\n\
         static DRIVER_OBJECT __slamrs_driver_object;\n\
         static DRIVER_EXTENSION __slamrs_driver_extension;\n\
         static UNICODE_STRING __slamrs_registry_path;\n\
         static DEVICE_OBJECT __slamrs_pdo;\n\
         /* the file object of the one handle every request comes through (what a driver\n\
            keeps in FsContext at IRP_MJ_CREATE it finds again at cleanup and close) */\n\
         static FILE_OBJECT __slamrs_file_object;\n",
    );
    t.push_str(&format!(
        "/* a major function code no routine is registered for specifically */\n\
         static UCHAR __slamrs_other_major(void) {{ unsigned int m = __VERIFIER_nondet_uint(); __VERIFIER_assume(m <= 27{excluded}); return (UCHAR)m; }}\n"
    ));
    t.push_str(
        "/* a fresh IRP: two stack locations, the current one for the driver */\n\
         static PIRP __slamrs_new_irp(UCHAR major) {\n\
         \x20   PIRP irp;\n\
         \x20   PIO_STACK_LOCATION st;\n\
         \x20   unsigned int in_len, out_len;\n\
         \x20   if (!__slamrs_irp0_given && __VERIFIER_nondet_int()) {\n\
         \x20       __slamrs_irp0_given = 1;\n\
         \x20       irp = &__slamrs_irp0;\n\
         \x20       st = __slamrs_irp0_stack;\n\
         \x20   } else {\n\
         \x20       irp = (PIRP)__builtin_malloc(sizeof(IRP));\n\
         \x20       st = (PIO_STACK_LOCATION)__builtin_malloc(2 * sizeof(IO_STACK_LOCATION));\n\
         \x20       __VERIFIER_assume(irp != 0 && st != 0);\n\
         \x20   }\n\
         \x20   __builtin_memset(irp, 0, sizeof(IRP));\n\
         \x20   __builtin_memset(st, 0, 2 * sizeof(IO_STACK_LOCATION));\n\
         \x20   irp->StackCount = 2;\n\
         \x20   irp->CurrentLocation = 2;\n\
         \x20   irp->Tail.Overlay.CurrentStackLocation = &st[1];\n\
         \x20   irp->RequestorMode = __VERIFIER_nondet_int() ? UserMode : KernelMode;\n\
         \x20   irp->Cancel = __VERIFIER_nondet_int() ? TRUE : FALSE;\n\
         \x20   in_len = __VERIFIER_nondet_uint();\n\
         \x20   out_len = __VERIFIER_nondet_uint();\n\
         \x20   if (__VERIFIER_nondet_int()) {\n\
         \x20       /* the I/O manager's buffer holds the larger of the two lengths */\n\
         \x20       __VERIFIER_assume(in_len <= 0x100000 && out_len <= 0x100000);\n\
         \x20       irp->AssociatedIrp.SystemBuffer = __builtin_malloc(in_len > out_len ? in_len : out_len);\n\
         \x20       __VERIFIER_assume(irp->AssociatedIrp.SystemBuffer != 0);\n\
         \x20   }\n\
         \x20   st[1].MajorFunction = major;\n\
         \x20   st[1].FileObject = &__slamrs_file_object;\n\
         \x20   irp->Tail.Overlay.OriginalFileObject = &__slamrs_file_object;\n\
         \x20   st[1].MinorFunction = (UCHAR)__VERIFIER_nondet_uint();\n\
         \x20   st[1].Parameters.DeviceIoControl.OutputBufferLength = out_len;\n\
         \x20   st[1].Parameters.DeviceIoControl.InputBufferLength = in_len;\n\
         \x20   st[1].Parameters.DeviceIoControl.IoControlCode = __VERIFIER_nondet_uint();\n\
         \x20   return irp;\n\
         }\n",
    );
    t.push_str(&defs);
    t.push_str(&cancel_fn);
    t.push_str(&format!(
        "int {HARNESS_MAIN}(void)\n{{\n    PDEVICE_OBJECT dev;\n"
    ));
    t.push_str(
        "    __slamrs_driver_object.DriverExtension = &__slamrs_driver_extension;\n\
         \x20   __slamrs_driver_extension.DriverObject = &__slamrs_driver_object;\n\
         \x20   /* the bus driver's device at the bottom of the stack */\n\
         \x20   __slamrs_pdo.StackSize = 1;\n\
         \x20   __slamrs_pdo.Flags = 0;\n",
    );
    t.push_str(&format!(
        "    if (!NT_SUCCESS({entry_unit}()))\n        return 0;\n"
    ));
    if let Some(a) = &add {
        t.push_str(&format!(
            "    if (!NT_SUCCESS({a}()))\n        goto unload;\n"
        ));
    }
    t.push_str("    dev = __slamrs_driver_object.DeviceObject;\n");
    if !cases.is_empty() {
        t.push_str("    /* no device object: no IRP can arrive */\n    while (dev != 0 && __VERIFIER_nondet_int()) {\n        switch (__VERIFIER_nondet_int()) {\n");
        for (i, c) in cases.iter().enumerate() {
            t.push_str(&format!("        case {i}: {c} break;\n"));
        }
        t.push_str("        default: break;\n        }\n    }\n");
    }
    t.push_str("    goto unload;\nunload:\n");
    if let Some(u) = &unload {
        t.push_str(&format!("    {u}();\n"));
    }
    t.push_str("    return 0;\n}\n");
    Ok(Harness {
        texts: vec![
            (OS_MODEL_FILE.to_string(), os_model(map)),
            (HARNESS_FILE.to_string(), t),
        ],
        units,
    })
}
