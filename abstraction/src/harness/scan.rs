//! Entry-point discovery on a lowered driver: which of its functions the kernel calls,
//! in which role, and the evidence.
//!
//! Evidence, strongest first (a function may have several roles):
//! - stores of a function's address into the fields the kernel reads
//!   (`DriverObject->MajorFunction[IRP_MJ_READ] = F`, in a loop over all codes,
//!   `->DriverUnload`, `->DriverExtension->AddDevice`, `->DriverStartIo`), also chained
//!   (`MajorFunction[a] = MajorFunction[b] = F`) and through helper functions that store
//!   a parameter (followed up to three calls deep);
//! - functions handed to the kernel (`IoSetCompletionRoutine`, `KeInitializeDpc`,
//!   `IoInitializeDpcRequest`, `IoInitializeTimer`, `IoQueueWorkItem`, ...);
//! - role type declarations (`DRIVER_DISPATCH F;`, `DRIVER_UNLOAD`, `DRIVER_ADD_DEVICE`,
//!   `IO_COMPLETION_ROUTINE`, `KDEFERRED_ROUTINE`, ...) of functions whose address the
//!   driver takes (a helper declared `DRIVER_DISPATCH` and only called directly is not
//!   one): a dispatch routine known only this way handles every code not given to
//!   another routine;
//! - the name `DriverEntry`.
//!
//! Only the driver's own functions (defined outside system headers) count.

use rustc_hash::FxHashMap as HashMap;

use super::{DeviceExtension, EntryMap, EntryPoint, Platform, Role};
use crate::cir::{Callee, Expr, ExprKind, FuncId, Loc, Lval, Program, Stmt, VarKind};

/// Role of a function declared with a WDK role type.
fn role_of_typedef(name: &str) -> Option<Role> {
    Some(match name {
        "DRIVER_INITIALIZE" => Role::DriverEntry,
        "DRIVER_DISPATCH" | "DRIVER_DISPATCH_RAISED" | "DRIVER_DISPATCH_PAGED" => {
            Role::Dispatch(None)
        }
        "DRIVER_UNLOAD" => Role::Unload,
        "DRIVER_ADD_DEVICE" => Role::AddDevice,
        "DRIVER_STARTIO" => Role::StartIo,
        "IO_COMPLETION_ROUTINE" => Role::Completion,
        "KDEFERRED_ROUTINE" | "IO_DPC_ROUTINE" => Role::Dpc,
        "IO_TIMER_ROUTINE" => Role::Timer,
        "IO_WORKITEM_ROUTINE" | "WORKER_THREAD_ROUTINE" | "IO_WORKITEM_ROUTINE_EX" => {
            Role::WorkItem
        }
        "DRIVER_CANCEL" => Role::Cancel,
        _ => return None,
    })
}

/// Role of a routine stored into a field of this name.
fn role_of_field(name: &str) -> Option<Role> {
    Some(match name {
        "DriverUnload" => Role::Unload,
        "AddDevice" => Role::AddDevice,
        "DriverStartIo" => Role::StartIo,
        "CompletionRoutine" => Role::Completion,
        "CancelRoutine" => Role::Cancel,
        "DeferredRoutine" => Role::Dpc,
        _ => return None,
    })
}

/// Role of a routine passed to a kernel function, and the argument position.
fn role_of_argument(callee: &str) -> Option<(usize, Role)> {
    Some(match callee {
        "IoSetCompletionRoutine" | "IoSetCompletionRoutineEx" => (1, Role::Completion),
        "KeInitializeDpc" | "KeInitializeThreadedDpc" | "IoInitializeDpcRequest" => (1, Role::Dpc),
        "IoInitializeTimer" => (1, Role::Timer),
        "IoQueueWorkItem" | "ExInitializeWorkItem" => (1, Role::WorkItem),
        "IoSetCancelRoutine" => (1, Role::Cancel),
        _ => return None,
    })
}

/// Where a value written to a kernel field comes from.
enum Source {
    Func(FuncId),
    Param(FuncId, usize),
}

fn source_of(prog: &Program, e: &Expr) -> Option<Source> {
    match &e.kind {
        ExprKind::Func(g) => Some(Source::Func(*g)),
        ExprKind::Cast(inner) => source_of(prog, inner),
        ExprKind::Read(lv) => match lv.as_ref() {
            Lval::Var(v) => match prog.var(*v).kind {
                VarKind::Param(f) => {
                    let k = prog.func(f).params.iter().position(|p| p == v)?;
                    Some(Source::Param(f, k))
                }
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

/// The stores of `body` into the fields the kernel reads: `a = b = F` stores F into b,
/// then b's value into a, and a read of such a field is what was stored
/// ([`copied_store`]).
fn kernel_field_stores<'b>(
    prog: &Program,
    body: &'b crate::cir::Body,
) -> Vec<(&'b Lval, &'b Expr)> {
    body.edges()
        .filter_map(|(_, e)| match &e.stmt {
            Stmt::Assign { lhs, rhs } if role_of_store(prog, lhs).is_some() => Some((lhs, rhs)),
            _ => None,
        })
        .collect()
}

/// The value stored into the kernel field `e` reads, when `e` reads one of `stored` (the
/// chained `a = b = F`); else `e`.
fn copied_store<'e>(e: &'e Expr, stored: &[(&'e Lval, &'e Expr)]) -> &'e Expr {
    match &e.kind {
        ExprKind::Cast(inner) => copied_store(inner, stored),
        ExprKind::Read(lv) => stored
            .iter()
            .find(|(l, r)| *l == lv.as_ref() && !matches!(&r.kind, ExprKind::Read(_)))
            .map_or(e, |(_, r)| *r),
        _ => e,
    }
}

/// The role a store into `lhs` gives, and a description.
fn role_of_store(prog: &Program, lhs: &Lval) -> Option<(Role, String)> {
    let field = |lv: &Lval| match lv {
        Lval::Field(_, s, i) => prog.types.structs[s.0 as usize]
            .fields
            .as_ref()
            .and_then(|fs| fs.get(*i as usize))
            .map(|f| f.name.clone()),
        _ => None,
    };
    match lhs {
        Lval::Index(base, idx) if field(base).as_deref() == Some("MajorFunction") => {
            match const_int(idx) {
                Some(k) if (0..=255).contains(&k) => {
                    let r = Role::Dispatch(Some(k as u8));
                    let n = r.name();
                    let code = n.trim_start_matches("dispatch:");
                    Some((r, format!("stored into MajorFunction[{code}]")))
                }
                _ => Some((
                    Role::Dispatch(None),
                    "stored into MajorFunction[] for every code (a loop)".to_string(),
                )),
            }
        }
        lv => {
            let name = field(lv)?;
            let role = role_of_field(&name)?;
            Some((role, format!("stored into {name}")))
        }
    }
}

fn const_int(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(k) => Some(*k),
        ExprKind::Cast(inner) => const_int(inner),
        _ => None,
    }
}

fn own(prog: &Program, f: FuncId) -> bool {
    let func = prog.func(f);
    func.body.is_some() && !prog.in_system_header(func.loc)
}

/// Adds `f` in `role` to the map when it is one of the driver's own functions.
fn found_in(
    prog: &Program,
    map: &mut EntryMap,
    f: FuncId,
    role: Role,
    at: Option<Loc>,
    how: String,
) {
    let func = prog.func(f);
    let e = EntryPoint {
        function: func.name.clone(),
        role,
        at: at.map(|l| prog.loc_string(l)),
        how,
    };
    if own(prog, f) {
        map.add(e);
    } else if func.body.is_none()
        && !prog.in_system_header(func.loc)
        && !map
            .missing
            .iter()
            .any(|m| m.function == e.function && m.role == e.role)
    {
        map.missing.push(e);
    }
}

/// Finds the entry points of a Windows driver.
pub fn scan_wdm(prog: &Program) -> EntryMap {
    let mut map = EntryMap {
        platform: Platform::Wdm,
        entries: Vec::new(),
        device_extension: device_extension(prog),
        missing: Vec::new(),
    };
    let found = |map: &mut EntryMap, f: FuncId, role: Role, at: Option<Loc>, how: String| {
        found_in(prog, map, f, role, at, how)
    };
    // DriverEntry by name
    if let Some(f) = prog.func_by_name("DriverEntry") {
        found(
            &mut map,
            f,
            Role::DriverEntry,
            Some(prog.func(f).loc),
            "named DriverEntry".into(),
        );
    }
    // stores and kernel calls; parameters stored by helpers are followed to their callers
    // (helper, parameter) -> (role, how, the parameter holding the major function code)
    let mut param_roles: HashMap<(FuncId, usize), (Role, String, Option<usize>)> =
        HashMap::default();
    for round in 0..4 {
        let before = param_roles.len();
        for f in prog.func_ids().filter(|&f| own(prog, f)) {
            let Some(body) = &prog.func(f).body else {
                continue;
            };
            let stored = kernel_field_stores(prog, body);
            for (_, e) in body.edges() {
                match &e.stmt {
                    Stmt::Assign { lhs, rhs } => {
                        let Some((role, how)) = role_of_store(prog, lhs) else {
                            continue;
                        };
                        let rhs = copied_store(rhs, &stored);
                        // `d->MajorFunction[major] = routine` in a helper: the code comes
                        // from the caller too
                        let index_param = match lhs {
                            Lval::Index(_, idx) => match source_of(prog, idx) {
                                Some(Source::Param(_, j)) => Some(j),
                                _ => None,
                            },
                            _ => None,
                        };
                        match source_of(prog, rhs) {
                            Some(Source::Func(g)) => found(&mut map, g, role, Some(e.loc), how),
                            Some(Source::Param(h, k)) => {
                                let how = match index_param {
                                    Some(_) => "stored into MajorFunction[]".to_string(),
                                    None => how,
                                };
                                param_roles
                                    .entry((h, k))
                                    .or_insert((role, how, index_param));
                            }
                            None => {}
                        }
                    }
                    Stmt::Call {
                        callee: Callee::Direct(h),
                        args,
                        ..
                    } => {
                        let name = prog.func(*h).name.as_str();
                        let mut roles: Vec<(usize, Role, String)> = Vec::new();
                        if let Some((k, role)) = role_of_argument(name) {
                            roles.push((k, role, format!("passed to {name}")));
                        }
                        for ((g, k), (role, how, index)) in &param_roles {
                            if g != h {
                                continue;
                            }
                            let code = index
                                .and_then(|j| args.get(j))
                                .and_then(const_int)
                                .filter(|c| (0..=255).contains(c));
                            match code {
                                Some(c) => {
                                    let r = Role::Dispatch(Some(c as u8));
                                    let n = r.name();
                                    let code = n.trim_start_matches("dispatch:").to_string();
                                    roles.push((
                                        *k,
                                        r,
                                        format!("stored into MajorFunction[{code}] by {name}"),
                                    ));
                                }
                                None => roles.push((*k, role.clone(), format!("{how} by {name}"))),
                            }
                        }
                        for (k, role, how) in roles {
                            match args.get(k).and_then(|a| source_of(prog, a)) {
                                Some(Source::Func(g)) => found(&mut map, g, role, Some(e.loc), how),
                                Some(Source::Param(h2, k2)) if round < 3 => {
                                    param_roles.entry((h2, k2)).or_insert((role, how, None));
                                }
                                _ => {}
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        if param_roles.len() == before && round > 0 {
            break;
        }
    }
    // role type declarations
    for f in prog.func_ids().filter(|&f| own(prog, f)) {
        for t in &prog.func(f).declared_as {
            if let Some(role) = role_of_typedef(t) {
                // the kernel calls a routine only through its address (DriverEntry, by
                // its name): one whose address nothing takes is a helper of that type
                if role != Role::DriverEntry && !prog.func(f).addr_taken {
                    continue;
                }
                let name = &prog.func(f).name;
                // a dispatch routine already stored for known codes keeps those only
                if role == Role::Dispatch(None)
                    && map
                        .entries
                        .iter()
                        .any(|e| &e.function == name && matches!(e.role, Role::Dispatch(_)))
                {
                    continue;
                }
                found(
                    &mut map,
                    f,
                    role,
                    Some(prog.func(f).loc),
                    format!("declared {t}"),
                );
            }
        }
    }
    map.entries
        .sort_by(|a, b| a.role.cmp(&b.role).then(a.function.cmp(&b.function)));
    map
}

/// Largest device extension the OS model gives a static object of its type (the first
/// device's; others are allocated).
pub const MAX_STATIC_EXTENSION: u64 = 4096;

/// The struct the driver's own functions convert `DeviceObject->DeviceExtension` to, when
/// they all agree on one that C at the end of the translation unit can name; `None` when
/// they use none, several (a control device beside a filter device) or an unnamed one.
pub fn device_extension(prog: &Program) -> Option<DeviceExtension> {
    let mut found: Vec<(crate::cir::StructId, Loc)> = Vec::new();
    for f in prog.func_ids().filter(|&f| own(prog, f)) {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, e) in body.edges() {
            e.stmt.walk_exprs(&mut |x| {
                if let Some(s) = extension_cast(prog, x) {
                    if !found.iter().any(|(t, _)| *t == s) {
                        found.push((s, e.loc));
                    }
                }
            });
        }
    }
    let [(s, loc)] = found.as_slice() else {
        return None;
    };
    let def = prog.types.struct_def(*s);
    if def.fields.is_none() || def.size == 0 || def.size > MAX_STATIC_EXTENSION {
        return None;
    }
    let c_type = prog.types.c_name(*s)?;
    Some(DeviceExtension {
        how: format!("DeviceObject->DeviceExtension used as {c_type} *"),
        c_type,
        at: Some(prog.loc_string(*loc)),
    })
}

/// The struct `e` converts a read of a `DEVICE_OBJECT`'s `DeviceExtension` to a pointer
/// to, if it is such a conversion.
fn extension_cast(prog: &Program, e: &Expr) -> Option<crate::cir::StructId> {
    let ExprKind::Cast(inner) = &e.kind else {
        return None;
    };
    let mut base: &Expr = inner;
    while let ExprKind::Cast(i) = &base.kind {
        base = i;
    }
    let ExprKind::Read(lv) = &base.kind else {
        return None;
    };
    let (tag, field) = field_of(prog, lv)?;
    if tag != "_DEVICE_OBJECT" || field != "DeviceExtension" {
        return None;
    }
    match prog.types.kind(prog.types.pointee(e.ty)?) {
        crate::cir::TypeKind::Struct(s) => Some(*s),
        _ => None,
    }
}

/// Role of a Linux routine stored into `STRUCT.FIELD`: the kernel's own deferred-work
/// structures, or any other structure's callback field (an operations table).
fn linux_role_of_field(tag: &str, field: &str) -> Role {
    match (tag, field) {
        ("timer_list", "function") => Role::Timer,
        ("work_struct", "func") => Role::WorkItem,
        ("tasklet_struct", "func" | "callback") => Role::Tasklet,
        _ => Role::Op(format!("{tag}.{field}")),
    }
}

/// Role of a routine passed to a Linux kernel function, by argument positions.
fn linux_role_of_argument(callee: &str) -> Vec<(usize, Role)> {
    let probe = || vec![(1, Role::Op("platform_driver.probe".into()))];
    match callee {
        // `platform_driver_probe(drv, probe)` and `platform_create_bundle(drv, probe, ...)`
        // are macros of these: the probe is not in the driver structure
        "__platform_driver_probe" | "__platform_create_bundle" => return probe(),
        _ => {}
    }
    let fixed: &[(usize, Role)] = match callee {
        // `request_irq` is an inline function of <linux/interrupt.h> (its body passes the
        // handler on to `request_threaded_irq`)
        "request_irq" | "request_any_context_irq" => &[(1, Role::Irq)],
        "request_threaded_irq" => &[(1, Role::Irq), (2, Role::Irq)],
        "devm_request_irq" => &[(2, Role::Irq)],
        "devm_request_threaded_irq" | "devm_request_any_context_irq" => {
            &[(2, Role::Irq), (3, Role::Irq)]
        }
        "init_timer_key" => &[(1, Role::Timer)],
        "tasklet_init" | "tasklet_setup" => &[(1, Role::Tasklet)],
        "kthread_create_on_node" => &[(0, Role::Kthread)],
        _ => &[],
    };
    fixed.to_vec()
}

/// The (struct tag, field name) an lvalue writes, if it is a field.
fn field_of(prog: &Program, lv: &Lval) -> Option<(String, String)> {
    match lv {
        Lval::Field(_, s, i) => {
            let def = &prog.types.structs[s.0 as usize];
            let f = def.fields.as_ref()?.get(*i as usize)?;
            Some((def.name.clone(), f.name.clone()))
        }
        _ => None,
    }
}

/// The function an expression of a `return` in a `__inittest`-style check names.
fn returned_function(prog: &Program, f: FuncId) -> Option<FuncId> {
    let body = prog.func(f).body.as_ref()?;
    body.edges().find_map(|(_, e)| match &e.stmt {
        Stmt::Return(Some(rhs)) => match source_of(prog, rhs) {
            Some(Source::Func(g)) => Some(g),
            _ => None,
        },
        _ => None,
    })
}

/// Finds the entry points of a Linux kernel module.
pub fn scan_linux(prog: &Program) -> EntryMap {
    let mut map = EntryMap {
        platform: Platform::Linux,
        entries: Vec::new(),
        device_extension: None,
        missing: Vec::new(),
    };
    let found = |map: &mut EntryMap, f: FuncId, role: Role, at: Option<Loc>, how: String| {
        found_in(prog, map, f, role, at, how)
    };
    // module_init(f) defines `__inittest` returning f (and aliases init_module to it)
    for (check, role, mac) in [
        ("__inittest", Role::ModuleInit, "module_init"),
        ("__exittest", Role::ModuleExit, "module_exit"),
    ] {
        if let Some(t) = prog.func_by_name(check) {
            if let Some(g) = returned_function(prog, t) {
                found(
                    &mut map,
                    g,
                    role,
                    Some(prog.func(t).loc),
                    format!("{mac}({})", prog.func(g).name),
                );
            }
        }
    }
    for (name, role) in [
        ("init_module", Role::ModuleInit),
        ("cleanup_module", Role::ModuleExit),
    ] {
        if let Some(f) = prog.func_by_name(name) {
            if !map.entries.iter().any(|e| e.role == role) {
                found(
                    &mut map,
                    f,
                    role,
                    Some(prog.func(f).loc),
                    format!("named {name}"),
                );
            }
        }
    }
    // functions in initializers of static structures (operations tables, DECLARE_WORK)
    for init in &prog.inits {
        if let (Some((tag, field)), Some(Source::Func(g))) =
            (field_of(prog, &init.lhs), source_of(prog, &init.rhs))
        {
            let how = format!("in the initializer of a struct {tag} (.{field})");
            found(
                &mut map,
                g,
                linux_role_of_field(&tag, &field),
                Some(init.loc),
                how,
            );
        }
    }
    // stores into fields and routines handed to the kernel, in the module's code
    for f in prog.func_ids().filter(|&f| own(prog, f)) {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, e) in body.edges() {
            match &e.stmt {
                Stmt::Assign { lhs, rhs } => {
                    if let (Some((tag, field)), Some(Source::Func(g))) =
                        (field_of(prog, lhs), source_of(prog, rhs))
                    {
                        let how = format!("stored into {tag}.{field}");
                        found(
                            &mut map,
                            g,
                            linux_role_of_field(&tag, &field),
                            Some(e.loc),
                            how,
                        );
                    }
                }
                Stmt::Call {
                    callee: Callee::Direct(h),
                    args,
                    ..
                } => {
                    let name = prog.func(*h).name.as_str();
                    for (k, role) in linux_role_of_argument(name) {
                        if let Some(Source::Func(g)) = args.get(k).and_then(|a| source_of(prog, a))
                        {
                            found(&mut map, g, role, Some(e.loc), format!("passed to {name}"));
                        }
                    }
                }
                _ => {}
            }
        }
    }
    map.entries
        .sort_by(|a, b| a.role.cmp(&b.role).then(a.function.cmp(&b.function)));
    map
}
