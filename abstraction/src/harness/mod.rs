//! Drivers without `main`: their entry points, and the environment model that calls them.
//!
//! A driver is a set of routines the operating system calls: Windows calls `DriverEntry`,
//! then the dispatch routines it stored into `DriverObject->MajorFunction[]`, its DPCs,
//! completion routines and `DriverUnload`. slamrs does what Static Driver Verifier does:
//! - [`scan`] finds the entry points and their roles in the lowered program (role type
//!   declarations such as `DRIVER_DISPATCH F;`, stores of function addresses into the driver
//!   object, routines handed to the kernel) and writes an [`EntryMap`];
//! - [`map`] reads and writes that map as a text file the user can review and edit
//!   (`slamrs scan -o`, `slamrs check --entry-map`);
//! - [`wdm`] turns a map into C: a harness `__slamrs_main` that calls the routines the way
//!   the I/O manager may, each through a *unit* function whose return is where rules check
//!   "when the entry point returns", and a hostile OS model (allocations and lower drivers
//!   may fail, `IoCallDriver` may complete or pend);
//! - [`platform`] tells from a source which kernel it is written for, and how to
//!   preprocess it with that kernel's real headers.
//!
//! The harness is appended to the driver's own translation unit and lowered with it, so it
//! is ordinary CIR (`slamrs cir --harness` shows it) and traces show its steps.

pub mod kbuild;
pub mod linux;
pub mod linux_locks;
pub mod linux_params;
pub mod linux_threads;
pub mod map;
pub mod platform;
pub mod scan;
pub mod wdk;
pub mod wdm;

use serde::Serialize;

/// The kernel a driver is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Platform {
    /// Windows Driver Model (`<wdm.h>`, `<ntddk.h>`).
    Wdm,
    /// Linux kernel modules (`<linux/module.h>`).
    Linux,
}

impl Platform {
    pub fn name(self) -> &'static str {
        match self {
            Platform::Wdm => "wdm",
            Platform::Linux => "linux",
        }
    }
}

/// What the operating system calls a routine for.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(tag = "kind", content = "major", rename_all = "kebab-case")]
pub enum Role {
    /// `DriverEntry`: called once, first.
    DriverEntry,
    /// `DriverExtension->AddDevice`: called once after a successful `DriverEntry`.
    AddDevice,
    /// A dispatch routine for one `IRP_MJ_*` code, or for every code it was not replaced
    /// for (`None`: stored in a loop over all major functions, or declared
    /// `DRIVER_DISPATCH` without a known code).
    Dispatch(Option<u8>),
    /// `DriverStartIo`.
    StartIo,
    /// `DriverUnload`: called last.
    Unload,
    /// An I/O completion routine (`IoSetCompletionRoutine`).
    Completion,
    /// A deferred procedure call (`KeInitializeDpc`, `IoInitializeDpcRequest`).
    Dpc,
    /// A timer routine (`IoInitializeTimer`, a DPC given to `KeSetTimer`).
    Timer,
    /// A work item (`IoQueueWorkItem`, `ExInitializeWorkItem`).
    WorkItem,
    /// A cancel routine (`IoSetCancelRoutine`).
    Cancel,
    /// Linux: the `module_init` routine (or `init_module`), called once, first.
    ModuleInit,
    /// Linux: the `module_exit` routine (or `cleanup_module`), called last.
    ModuleExit,
    /// Linux: a callback stored into a field of an operations structure,
    /// `STRUCT.FIELD` (`file_operations.read`, `platform_driver.probe`).
    Op(String),
    /// Linux: an interrupt handler (`request_irq`, `request_threaded_irq`).
    Irq,
    /// Linux: a tasklet (`tasklet_init`, `tasklet_setup`).
    Tasklet,
    /// Linux: a kernel thread's function (`kthread_create`, `kthread_run`).
    Kthread,
}

/// Names of the `IRP_MJ_*` codes, by value.
pub const IRP_MJ: [&str; 28] = [
    "IRP_MJ_CREATE",
    "IRP_MJ_CREATE_NAMED_PIPE",
    "IRP_MJ_CLOSE",
    "IRP_MJ_READ",
    "IRP_MJ_WRITE",
    "IRP_MJ_QUERY_INFORMATION",
    "IRP_MJ_SET_INFORMATION",
    "IRP_MJ_QUERY_EA",
    "IRP_MJ_SET_EA",
    "IRP_MJ_FLUSH_BUFFERS",
    "IRP_MJ_QUERY_VOLUME_INFORMATION",
    "IRP_MJ_SET_VOLUME_INFORMATION",
    "IRP_MJ_DIRECTORY_CONTROL",
    "IRP_MJ_FILE_SYSTEM_CONTROL",
    "IRP_MJ_DEVICE_CONTROL",
    "IRP_MJ_INTERNAL_DEVICE_CONTROL",
    "IRP_MJ_SHUTDOWN",
    "IRP_MJ_LOCK_CONTROL",
    "IRP_MJ_CLEANUP",
    "IRP_MJ_CREATE_MAILSLOT",
    "IRP_MJ_QUERY_SECURITY",
    "IRP_MJ_SET_SECURITY",
    "IRP_MJ_POWER",
    "IRP_MJ_SYSTEM_CONTROL",
    "IRP_MJ_DEVICE_CHANGE",
    "IRP_MJ_QUERY_QUOTA",
    "IRP_MJ_SET_QUOTA",
    "IRP_MJ_PNP",
];

impl Role {
    /// The role's name in map files and reports (`dispatch:IRP_MJ_READ`).
    pub fn name(&self) -> String {
        match self {
            Role::DriverEntry => "driver-entry".into(),
            Role::AddDevice => "add-device".into(),
            Role::Dispatch(None) => "dispatch".into(),
            Role::Dispatch(Some(k)) => match IRP_MJ.get(*k as usize) {
                Some(n) => format!("dispatch:{n}"),
                None => format!("dispatch:{k}"),
            },
            Role::StartIo => "start-io".into(),
            Role::Unload => "unload".into(),
            Role::Completion => "completion".into(),
            Role::Dpc => "dpc".into(),
            Role::Timer => "timer".into(),
            Role::WorkItem => "work-item".into(),
            Role::Cancel => "cancel".into(),
            Role::ModuleInit => "module-init".into(),
            Role::ModuleExit => "module-exit".into(),
            Role::Op(f) => format!("op:{f}"),
            Role::Irq => "irq".into(),
            Role::Tasklet => "tasklet".into(),
            Role::Kthread => "kthread".into(),
        }
    }

    /// Reads a role name written by [`Role::name`].
    pub fn parse(s: &str) -> Option<Role> {
        Some(match s {
            "driver-entry" => Role::DriverEntry,
            "add-device" => Role::AddDevice,
            "dispatch" => Role::Dispatch(None),
            "start-io" => Role::StartIo,
            "unload" => Role::Unload,
            "completion" => Role::Completion,
            "dpc" => Role::Dpc,
            "timer" => Role::Timer,
            "work-item" => Role::WorkItem,
            "cancel" => Role::Cancel,
            "module-init" => Role::ModuleInit,
            "module-exit" => Role::ModuleExit,
            "irq" => Role::Irq,
            "tasklet" => Role::Tasklet,
            "kthread" => Role::Kthread,
            _ if s.starts_with("op:") => {
                let f = &s[3..];
                let ok = f.split_once('.').is_some_and(|(a, b)| {
                    !a.is_empty()
                        && !b.is_empty()
                        && f.chars()
                            .all(|c| c == '.' || c == '_' || c.is_ascii_alphanumeric())
                });
                if !ok {
                    return None;
                }
                Role::Op(f.to_string())
            }
            _ => {
                let code = s.strip_prefix("dispatch:")?;
                let k = match IRP_MJ.iter().position(|n| *n == code) {
                    Some(k) => k as u8,
                    None => parse_int(code)?,
                };
                Role::Dispatch(Some(k))
            }
        })
    }

    /// Routines the harness calls itself (the others are called by the OS model when the
    /// driver hands them over: completion routines, DPCs, timers, work items).
    pub fn called_by_harness(&self) -> bool {
        matches!(
            self,
            Role::DriverEntry
                | Role::AddDevice
                | Role::Dispatch(_)
                | Role::StartIo
                | Role::Unload
                | Role::ModuleInit
                | Role::ModuleExit
                | Role::Op(_)
        )
    }
}

fn parse_int(s: &str) -> Option<u8> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u8::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// One entry point: a function, its role, and why it is one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryPoint {
    pub function: String,
    pub role: Role,
    /// Where it was found (`file:line:col`), if from the source.
    pub at: Option<String>,
    /// How it was found ("stored into MajorFunction[IRP_MJ_READ]", "declared
    /// DRIVER_DISPATCH", "named DriverEntry", "from the map file").
    pub how: String,
}

/// The type of the device extension a Windows driver uses (what it converts
/// `DeviceObject->DeviceExtension` to), so the OS model can give the first device an
/// extension of that type: the abstraction then sees its fields as fields, not as words
/// of an untyped buffer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeviceExtension {
    /// How C names the type at the end of the translation unit (`struct _DEVICE_EXTENSION`,
    /// or a typedef name).
    pub c_type: String,
    /// Where it was found (`file:line:col`).
    pub at: Option<String>,
    pub how: String,
}

/// The entry points of a driver.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct EntryMap {
    pub platform: Platform,
    pub entries: Vec<EntryPoint>,
    /// Windows: the device extension's type, when the driver uses one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub device_extension: Option<DeviceExtension>,
    /// Routines the driver registers (in the role found) whose body is in none of the
    /// files given: the driver's own declarations, not the kernel's. No harness can call
    /// them; a check reports them, and a rule that holds without them holds vacuously.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<EntryPoint>,
}

impl EntryMap {
    /// Functions with a role, each once, in map order.
    pub fn functions_with(&self, pred: impl Fn(&Role) -> bool) -> Vec<&EntryPoint> {
        let mut seen = rustc_hash::FxHashSet::default();
        self.entries
            .iter()
            .filter(|e| pred(&e.role) && seen.insert((e.function.clone(), e.role.clone())))
            .collect()
    }

    /// Adds an entry unless the same function already has that role.
    pub fn add(&mut self, e: EntryPoint) {
        if !self
            .entries
            .iter()
            .any(|x| x.function == e.function && x.role == e.role)
        {
            self.entries.push(e);
        }
    }

    /// The `DriverEntry` function, if the map has one.
    pub fn driver_entry(&self) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.role == Role::DriverEntry)
            .map(|e| e.function.as_str())
    }
}

/// Functions the OS models call where a driver needs more objects of one kind at once
/// than the model follows (its name, and what was needed). Spec instrumentation makes each
/// body an error location; a counterexample that ends in one is UNKNOWN with the reason,
/// never a violation, and never silently dropped: a model that forgot the second timer
/// could prove a driver whose bug needs both.
pub const MODEL_BOUNDS: &[(&str, &str)] = &[
    (
        "__slamrs_bound_dpc",
        "the driver queues a third DPC while two are queued (the Windows model follows two queued DPCs)",
    ),
    (
        "__slamrs_bound_work_item",
        "the driver queues a second work item while one is queued (the Windows model follows one)",
    ),
    (
        "__slamrs_bound_io_timer",
        "the driver initializes a second IoTimer (the Windows model follows one)",
    ),
    (
        "__slamrs_bound_cancelable_irp",
        "a dispatch routine leaves a second IRP cancelable while another still is (the Windows model follows the last one)",
    ),
    (
        "__slamrs_bound_irq",
        "the module requests an interrupt handler a third time while two requests of it are not freed (the Linux model follows two per handler)",
    ),
    (
        "__slamrs_bound_kthread",
        "the module creates a third kernel thread with the function of two not stopped, or a thread with a function the entry-point map does not name (the Linux model follows two per function)",
    ),
    (
        "__slamrs_bound_timer",
        "the module arms a third timer with the function of two still armed (the Linux model follows two per function)",
    ),
    (
        "__slamrs_bound_work",
        "the module queues a third work item with the function of two still queued (the Linux model follows two per function)",
    ),
    (
        "__slamrs_bound_tasklet",
        "the module schedules a third tasklet with the function of two still scheduled (the Linux model follows two per function)",
    ),
];

/// What the environment model could not follow, if `function` is one of its bounds
/// ([`MODEL_BOUNDS`]).
pub fn model_bound(function: &str) -> Option<&'static str> {
    MODEL_BOUNDS
        .iter()
        .find(|(n, _)| *n == function)
        .map(|(_, why)| *why)
}

/// Makes every path that reaches one of the [`MODEL_BOUNDS`] end there (the bounds'
/// `Error` edges become `Halt`), so that a second check can look for violations on the
/// paths the models do follow; the number of bound functions changed. What such a check
/// proves safe is not proved: the paths past the bounds are cut.
pub fn end_paths_at_bounds(prog: &mut crate::cir::Program) -> usize {
    prog.functions
        .iter_mut()
        .filter(|f| model_bound(&f.name).is_some())
        .filter_map(|f| f.body.as_mut())
        .map(|b| b.halt_errors())
        .sum()
}

/// True if `prog` declares `name` as a routine without a body (a kernel routine of the
/// headers the OS model may define; a configuration that makes it a macro or an inline
/// function leaves no such declaration).
pub(crate) fn declared_without_body(prog: &crate::cir::Program, name: &str) -> bool {
    prog.func_by_name(name)
        .is_some_and(|f| prog.func(f).body.is_none())
}

/// A function of the OS model named `OVERRIDE_PREFIX` + `F` replaces the header's
/// `F`, inline or variadic (every call of `F` goes to it; see [`overrides`]).
pub const OVERRIDE_PREFIX: &str = "__slamrs_override_";

/// The (header function, OS model replacement) pairs of `prog`.
pub fn overrides(prog: &crate::cir::Program) -> Vec<(crate::cir::FuncId, crate::cir::FuncId)> {
    prog.func_ids()
        .filter_map(|g| {
            let name = prog.func(g).name.strip_prefix(OVERRIDE_PREFIX)?;
            let f = prog.func_by_name(name)?;
            (prog.func(g).body.is_some()).then_some((f, g))
        })
        .collect()
}

/// Name of the harness's main function (the analysis's entry).
pub const HARNESS_MAIN: &str = "__slamrs_main";

/// Name of the file the harness text is lowered as (traces show it).
pub const HARNESS_FILE: &str = "<slamrs harness>";

/// Name of the file the OS model is lowered as.
pub const OS_MODEL_FILE: &str = "<slamrs os model>";

/// A generated environment: C text to append to the driver and the unit functions
/// (one per harness call of an entry point; rules check "entry returns" at their exits).
#[derive(Clone, Debug)]
pub struct Harness {
    /// (file name, C text) pairs to append, in order.
    pub texts: Vec<(String, String)>,
    /// Unit function names, with the role and routine each calls.
    pub units: Vec<(String, Role, String)>,
}

/// The unit function that calls `function` in `role`.
pub fn unit_name(role: &Role, function: &str) -> String {
    // `dispatch:IRP_MJ_READ` -> `dispatch_IRP_MJ_READ`: one unit per role of a routine
    let r = role.name().replace(['-', ':'], "_");
    format!("{r}__{function}")
}

#[cfg(test)]
mod tests {
    use super::end_paths_at_bounds;
    use crate::cir::{Program, Stmt};
    use crate::frontend::{load_text, LoadOptions};

    fn errors_in(prog: &Program, name: &str) -> usize {
        let f = prog.func_by_name(name).expect("function");
        let body = prog.func(f).body.as_ref().expect("body");
        body.edges().filter(|(_, e)| e.stmt == Stmt::Error).count()
    }

    /// Only the bound functions' error edges end the path; the program's own stay errors.
    #[test]
    fn only_the_bounds_become_path_ends() {
        let src = r#"
            extern void reach_error(void);
            extern int __VERIFIER_nondet_int(void);
            void __slamrs_bound_timer(void) { reach_error(); }
            int main(void) {
                if (__VERIFIER_nondet_int())
                    __slamrs_bound_timer();
                if (__VERIFIER_nondet_int())
                    reach_error();
                return 0;
            }"#;
        let mut prog = load_text("b.c", src.into(), &LoadOptions::default()).expect("loads");
        assert_eq!(errors_in(&prog, "__slamrs_bound_timer"), 1);
        assert_eq!(errors_in(&prog, "main"), 1);
        assert_eq!(end_paths_at_bounds(&mut prog), 1);
        assert_eq!(errors_in(&prog, "__slamrs_bound_timer"), 0);
        assert_eq!(errors_in(&prog, "main"), 1);
        // nothing left to cut
        assert_eq!(end_paths_at_bounds(&mut prog), 0);
    }
}
