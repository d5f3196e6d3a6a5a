//! The environment of a Linux kernel module: a harness that calls its `module_init`
//! routine and then the callbacks it registered, and an OS model of the kernel services
//! that register and run deferred work.
//!
//! The harness (`__slamrs_main`):
//! - calls the `module-init` routine; a nonzero result ends the run (the module is not
//!   loaded, nothing else is called);
//! - then any number of times, in any order: a callback of an operations structure with
//!   the pairing the kernel guarantees — `file_operations`: `open` first (an absent `open`
//!   always succeeds), the other operations of that file only while it is open, `release`
//!   closes it; a driver structure (one with `probe`): `probe` first, the others only while
//!   probed, `remove`/`disconnect` unbinds; callbacks of any other structure at any time —
//!   or an interrupt handler registered with `request_irq` (with its `irq` and `dev_id`),
//!   an armed timer, a queued work item or a scheduled tasklet;
//! - then closes an open file, unbinds a probed device, and calls `module-exit`.
//!
//! Each call goes through a unit function (rules check "when the entry point returns" at
//! its exit). A callback's pointer arguments point at one static object per pointee type,
//! shared by all callbacks (so `file->private_data` set by `open` is what `read` sees);
//! integer arguments are nondeterministic.
//!
//! The OS model is hostile where the kernel may be: `request_irq` may fail; `kmalloc` and
//! friends may return NULL (they are allocation sites of the driver, see the lowering).

use super::{unit_name, EntryMap, Harness, Role, HARNESS_FILE, HARNESS_MAIN, OS_MODEL_FILE};
use crate::cir::{FuncId, Program, Ty, TypeKind};

/// Headers the harness and OS model need, included into the module's unit (`-include`).
pub const HEADERS: &[&str] = &[
    "linux/module.h",
    "linux/fs.h",
    "linux/interrupt.h",
    "linux/timer.h",
    "linux/workqueue.h",
    "linux/slab.h",
];

/// What the harness and OS model are preprocessed after.
pub const PRELUDE: &str = "#include <linux/module.h>\n#include <linux/fs.h>\n#include <linux/interrupt.h>\n#include <linux/timer.h>\n#include <linux/workqueue.h>\n#include <linux/slab.h>\n";

/// Kernel routines that call the module back (the OS model defines the ones it models;
/// a call handing code to another is refused).
pub const CALLS_BACK: &[&str] = &[
    "request_threaded_irq",
    "request_any_context_irq",
    "devm_request_threaded_irq",
    "init_timer_key",
    "queue_work_on",
    "queue_delayed_work_on",
    "tasklet_init",
    "tasklet_setup",
    "kthread_create_on_node",
    "call_rcu",
];

/// The event function the harness calls when the module is gone (after `module-exit`,
/// or after a failed `module-init`): rules check what must be released by then.
pub const UNLOADED: &str = "__slamrs_module_unloaded";

/// The OS model: registration of interrupt handlers, timers, work and tasklets (one of
/// each is followed; a second registration replaces the first).
pub const OS_MODEL: &str = r#"
/* slamrs OS model: the Linux kernel services that run a module's deferred code */
void __slamrs_module_unloaded(void) { }
/* every kmalloc/kzalloc/kcalloc/kmalloc_array/vmalloc of the module calls this first */
void __slamrs_kernel_alloc(unsigned long gfp) { }
static irq_handler_t __slamrs_irq_handler;
static irq_handler_t __slamrs_irq_thread;
static unsigned int __slamrs_irq_no;
static void *__slamrs_irq_dev;

int request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,
                         unsigned long flags, const char *name, void *dev)
{
    if (__VERIFIER_nondet_int())
        return -16; /* -EBUSY: the line is taken */
    __slamrs_irq_handler = handler;
    __slamrs_irq_thread = thread_fn;
    __slamrs_irq_no = irq;
    __slamrs_irq_dev = dev;
    return 0;
}

const void *free_irq(unsigned int irq, void *dev_id)
{
    if (irq == __slamrs_irq_no && dev_id == __slamrs_irq_dev) {
        __slamrs_irq_handler = 0;
        __slamrs_irq_thread = 0;
    }
    return 0;
}

static struct timer_list *__slamrs_timer;
static int __slamrs_timer_armed;

void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),
                    unsigned int flags, const char *name, struct lock_class_key *key)
{
    timer->function = func;
    timer->flags = flags;
    __slamrs_timer = timer;
    __slamrs_timer_armed = 0;
}

int mod_timer(struct timer_list *timer, unsigned long expires)
{
    int was = timer == __slamrs_timer && __slamrs_timer_armed;
    timer->expires = expires;
    if (timer == __slamrs_timer)
        __slamrs_timer_armed = 1;
    return was;
}

void add_timer(struct timer_list *timer)
{
    if (timer == __slamrs_timer)
        __slamrs_timer_armed = 1;
}

int timer_delete(struct timer_list *timer)
{
    int was = timer == __slamrs_timer && __slamrs_timer_armed;
    if (timer == __slamrs_timer)
        __slamrs_timer_armed = 0;
    return was;
}

int timer_delete_sync(struct timer_list *timer)
{
    return timer_delete(timer);
}

static struct work_struct *__slamrs_work;
static int __slamrs_work_queued;

bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work)
{
    if (work == __slamrs_work && __slamrs_work_queued)
        return 0;
    __slamrs_work = work;
    __slamrs_work_queued = 1;
    return 1;
}

bool cancel_work_sync(struct work_struct *work)
{
    int was = work == __slamrs_work && __slamrs_work_queued;
    if (was)
        __slamrs_work_queued = 0;
    return was;
}

static struct tasklet_struct *__slamrs_tasklet;
static int __slamrs_tasklet_scheduled;

void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data)
{
    t->func = func;
    t->data = data;
    t->use_callback = 0;
    __slamrs_tasklet = t;
}

void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *))
{
    t->callback = callback;
    t->use_callback = 1;
    __slamrs_tasklet = t;
}

void __tasklet_schedule(struct tasklet_struct *t)
{
    if (t == __slamrs_tasklet)
        __slamrs_tasklet_scheduled = 1;
}

void tasklet_kill(struct tasklet_struct *t)
{
    if (t == __slamrs_tasklet)
        __slamrs_tasklet_scheduled = 0;
}
"#;

/// Structures whose callbacks come in a bound/unbound pairing: (bind field, unbind fields).
fn pairing(tag: &str, fields: &[&str]) -> Option<(&'static str, &'static [&'static str])> {
    if tag == "file_operations" {
        return Some(("open", &["release"]));
    }
    if fields.contains(&"probe") {
        return Some(("probe", &["remove", "disconnect", "remove_new"]));
    }
    None
}

/// How the harness passes the arguments of `f`: per parameter, an expression.
struct Args<'p> {
    prog: &'p Program,
    /// Static objects declared so far: (pointee type, C declaration, name).
    objects: Vec<(Ty, String)>,
    decls: String,
}

impl<'p> Args<'p> {
    fn object_for(&mut self, pointee: Ty) -> String {
        if let Some((_, n)) = self.objects.iter().find(|(t, _)| *t == pointee) {
            return n.clone();
        }
        let types = &self.prog.types;
        let name = format!("__slamrs_obj{}", self.objects.len());
        let decl = match types.kind(pointee) {
            TypeKind::Struct(s) => {
                let def = &types.structs[s.0 as usize];
                if def.name.starts_with('<') || def.fields.is_none() {
                    None
                } else {
                    let kw = if def.is_union { "union" } else { "struct" };
                    Some(format!("static {kw} {} {name};\n", def.name))
                }
            }
            _ => None,
        };
        let decl = decl.unwrap_or_else(|| {
            let size = types.size_of(pointee).unwrap_or(0).max(4096);
            format!("static char {name}[{size}] __attribute__((__aligned__(64)));\n")
        });
        self.decls.push_str(&decl);
        self.objects.push((pointee, name.clone()));
        name
    }

    /// The arguments of a callback called by the harness.
    fn for_callback(&mut self, f: FuncId) -> String {
        let params = self.prog.func(f).params.clone();
        let mut out = Vec::new();
        for p in params {
            let ty = self.prog.var(p).ty;
            let types = &self.prog.types;
            let a = match types.kind(ty).clone() {
                TypeKind::Pointer(t) if matches!(types.kind(t), TypeKind::Function(..)) => {
                    "0".to_string()
                }
                TypeKind::Pointer(t) => format!("(void *)&{}", self.object_for(t)),
                _ if types.is_integer(ty) => "__VERIFIER_nondet_long()".to_string(),
                _ => "0".to_string(),
            };
            out.push(a);
        }
        out.join(", ")
    }
}

/// Builds the harness and OS model for a Linux module's map; an error says what the map
/// lacks.
pub fn harness(map: &EntryMap, prog: &Program) -> Result<Harness, String> {
    let Some(init) = map
        .functions_with(|r| *r == Role::ModuleInit)
        .first()
        .map(|e| e.function.clone())
    else {
        return Err(
            "no module_init routine: the entry-point map has no module-init routine (name one in a map file with --entry-map)"
                .to_string(),
        );
    };
    let mut args = Args {
        prog,
        objects: Vec::new(),
        decls: String::new(),
    };
    let mut units = Vec::new();
    let mut defs = String::new();
    let mut unit = |role: &Role, f: &str, call: String| -> Result<String, String> {
        let fid = prog
            .func_by_name(f)
            .ok_or_else(|| format!("`{f}` is not a function of the module"))?;
        let void = matches!(prog.types.kind(prog.func(fid).ty), TypeKind::Function(sig) if matches!(prog.types.kind(sig.ret), TypeKind::Void));
        let name = format!("__slamrs_{}", unit_name(role, f).replace('.', "_"));
        let body = if void {
            format!("{f}({call}); return 0;")
        } else {
            format!("return (long){f}({call});")
        };
        defs.push_str(&format!(
            "/* {} */\nstatic long {name}(void) {{ {body} }}\n",
            role.name()
        ));
        units.push((name.clone(), role.clone(), f.to_string()));
        Ok(name)
    };
    let init_call = {
        let f = prog
            .func_by_name(&init)
            .ok_or("module-init routine missing")?;
        args.for_callback(f)
    };
    let init_unit = unit(&Role::ModuleInit, &init, init_call)?;
    // callbacks of operations structures, grouped by structure
    let mut groups: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for e in map.functions_with(|r| matches!(r, Role::Op(_))) {
        let Role::Op(sf) = &e.role else { continue };
        let Some((tag, field)) = sf.split_once('.') else {
            continue;
        };
        match groups.iter_mut().find(|(t, _)| t == tag) {
            Some((_, v)) => v.push((field.to_string(), e.function.clone())),
            None => groups.push((
                tag.to_string(),
                vec![(field.to_string(), e.function.clone())],
            )),
        }
    }
    let mut cases: Vec<String> = Vec::new();
    let mut finish = String::new();
    let mut state = String::new();
    for (g, (tag, members)) in groups.iter().enumerate() {
        let fields: Vec<&str> = members.iter().map(|(f, _)| f.as_str()).collect();
        let pair = pairing(tag, &fields);
        let bound = format!("__slamrs_bound{g}");
        if pair.is_some() {
            state.push_str(&format!("    int {bound} = 0; /* {tag} */\n"));
        }
        let mut bind_present = false;
        for (field, f) in members {
            let fid = prog.func_by_name(f).ok_or("callback missing")?;
            let call = args.for_callback(fid);
            let role = Role::Op(format!("{tag}.{field}"));
            let u = unit(&role, f, call)?;
            match pair {
                Some((bind, _)) if field == bind => {
                    bind_present = true;
                    cases.push(format!(
                        "if (!{bound} && {u}() == 0) {bound} = 1; /* {tag}.{field} */"
                    ));
                }
                Some((_, unbind)) if unbind.contains(&field.as_str()) => {
                    cases.push(format!(
                        "if ({bound}) {{ {u}(); {bound} = 0; }} /* {tag}.{field} */"
                    ));
                    finish.push_str(&format!("    if ({bound}) {{ {u}(); {bound} = 0; }}\n"));
                }
                Some(_) => cases.push(format!("if ({bound}) {u}(); /* {tag}.{field} */")),
                None => cases.push(format!("{u}(); /* {tag}.{field} */")),
            }
        }
        if let (Some((bind, _)), false) = (pair, bind_present) {
            // no routine for the binding call: the kernel's default succeeds
            cases.push(format!(
                "{bound} = 1; /* {tag}.{bind}: the kernel's default */"
            ));
        }
    }
    // deferred code the OS model runs
    for e in map.functions_with(|r| *r == Role::Irq) {
        let fid = prog
            .func_by_name(&e.function)
            .ok_or("irq handler missing")?;
        let n = prog.func(fid).params.len();
        let call = if n == 2 {
            "__slamrs_irq_no, __slamrs_irq_dev".to_string()
        } else {
            args.for_callback(fid)
        };
        let u = unit(&Role::Irq, &e.function, call)?;
        cases.push(format!(
            "if (__slamrs_irq_handler == {f} || __slamrs_irq_thread == {f}) {u}(); /* irq */",
            f = e.function
        ));
    }
    for e in map.functions_with(|r| *r == Role::Timer) {
        let u = unit(&Role::Timer, &e.function, "__slamrs_timer".to_string())?;
        cases.push(format!(
            "if (__slamrs_timer_armed && __slamrs_timer->function == {f}) {{ __slamrs_timer_armed = 0; {u}(); }} /* timer */",
            f = e.function
        ));
    }
    for e in map.functions_with(|r| *r == Role::WorkItem) {
        let u = unit(&Role::WorkItem, &e.function, "__slamrs_work".to_string())?;
        cases.push(format!(
            "if (__slamrs_work_queued && __slamrs_work->func == {f}) {{ __slamrs_work_queued = 0; {u}(); }} /* work */",
            f = e.function
        ));
    }
    for e in map.functions_with(|r| *r == Role::Tasklet) {
        let fid = prog.func_by_name(&e.function).ok_or("tasklet missing")?;
        let pointer = prog
            .func(fid)
            .params
            .first()
            .is_some_and(|p| matches!(prog.types.kind(prog.var(*p).ty), TypeKind::Pointer(_)));
        let (call, test) = if pointer {
            ("__slamrs_tasklet", "__slamrs_tasklet->callback")
        } else {
            ("__slamrs_tasklet->data", "__slamrs_tasklet->func")
        };
        let u = unit(&Role::Tasklet, &e.function, call.to_string())?;
        cases.push(format!(
            "if (__slamrs_tasklet_scheduled && {test} == {f}) {{ __slamrs_tasklet_scheduled = 0; {u}(); }} /* tasklet */",
            f = e.function
        ));
    }
    let exit = match map.functions_with(|r| *r == Role::ModuleExit).first() {
        Some(e) => {
            let fid = prog
                .func_by_name(&e.function)
                .ok_or("module-exit missing")?;
            let call = args.for_callback(fid);
            Some(unit(&Role::ModuleExit, &e.function, call)?)
        }
        None => None,
    };
    let mut t = String::new();
    t.push_str("/* slamrs harness: the Linux kernel calling the module's entry points */\n");
    t.push_str(&args.decls);
    t.push_str(&defs);
    t.push_str(&format!("int {HARNESS_MAIN}(void)\n{{\n"));
    t.push_str(&state);
    t.push_str(&format!(
        "    if ({init_unit}() != 0) {{\n        {UNLOADED}();\n        return 0;\n    }}\n"
    ));
    if !cases.is_empty() {
        t.push_str(
            "    while (__VERIFIER_nondet_int()) {\n        switch (__VERIFIER_nondet_int()) {\n",
        );
        for (i, c) in cases.iter().enumerate() {
            t.push_str(&format!("        case {i}: {c} break;\n"));
        }
        t.push_str("        default: break;\n        }\n    }\n");
    }
    t.push_str(&finish);
    if let Some(u) = &exit {
        t.push_str(&format!("    {u}();\n"));
    }
    t.push_str(&format!("    {UNLOADED}();\n    return 0;\n}}\n"));
    Ok(Harness {
        texts: vec![
            (OS_MODEL_FILE.to_string(), OS_MODEL.to_string()),
            (HARNESS_FILE.to_string(), t),
        ],
        units,
    })
}
