//! The rules shipped with slamrs (`src/rules/builtin/*.slic`).

use super::{parse_rule, Rule};

/// (name, one-line description, text) of each built-in rule.
const BUILTINS: [(&str, &str, &str); 10] = [
    (
        "locking",
        "spin locks, mutexes (Windows Ke*SpinLock*, Linux spin_lock*/mutex_*, pthread_mutex_*): no double acquire, no release of a lock not held, nothing held when the entry function returns",
        include_str!("builtin/locking.slic"),
    ),
    (
        "critical-region",
        "KeEnterCriticalRegion/KeLeaveCriticalRegion (and guarded regions) balanced: no leave outside a region, no region open when the entry function returns",
        include_str!("builtin/critical-region.slic"),
    ),
    (
        "rcu",
        "rcu_read_lock/rcu_read_unlock balanced, and no sleeping call (synchronize_rcu, msleep, schedule, mutex_lock, ...) inside a read-side section",
        include_str!("builtin/rcu.slic"),
    ),
    (
        "sleep-in-atomic",
        "Linux: no call that may sleep (mutex_lock, msleep, schedule, copy_from_user/copy_to_user, ...) while a spin lock is held",
        include_str!("builtin/sleep-in-atomic.slic"),
    ),
    (
        "irq-lines",
        "Linux: every interrupt handler registered with request_irq is freed once (free_irq), before module_exit returns or when module_init fails",
        include_str!("builtin/irq-lines.slic"),
    ),
    (
        "module-ref",
        "Linux: try_module_get/module_put balanced: no put without a get, no reference held when the module ends",
        include_str!("builtin/module-ref.slic"),
    ),
    (
        "irql",
        "Windows IRQL: KeLowerIrql undoes a KeRaiseIrql to the IRQL it saved, KeReleaseSpinLock restores the IRQL KeAcquireSpinLock saved, no entry point returns at a raised IRQL",
        include_str!("builtin/irql.slic"),
    ),
    (
        "cancel-spinlock",
        "Windows cancel spin lock: IoAcquireCancelSpinLock/IoReleaseCancelSpinLock alternate, not held when an entry point returns",
        include_str!("builtin/cancel-spinlock.slic"),
    ),
    (
        "irp-completion",
        "Windows IRPs: an IRP the I/O manager passed to the driver is completed (IoCompleteRequest) at most once",
        include_str!("builtin/irp-completion.slic"),
    ),
    (
        "pending",
        "Windows IRPs: a dispatch routine that calls IoMarkIrpPending returns STATUS_PENDING, and one returning STATUS_PENDING marked its IRP pending or passed it down",
        include_str!("builtin/pending.slic"),
    ),
];

/// The built-in rules: (name, one-line description).
pub fn builtins() -> Vec<(&'static str, &'static str)> {
    BUILTINS.iter().map(|(n, d, _)| (*n, *d)).collect()
}

/// The text of the built-in rule `name`.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    BUILTINS.iter().find(|b| b.0 == name).map(|b| b.2)
}

/// The built-in rule `name`, parsed. Its file is `<builtin:NAME>`.
pub fn builtin(name: &str) -> Option<Rule> {
    let text = builtin_text(name)?;
    let file = format!("<builtin:{name}>");
    let mut rule = parse_rule(&file, text).ok()?;
    rule.name = name.to_string();
    Some(rule)
}
