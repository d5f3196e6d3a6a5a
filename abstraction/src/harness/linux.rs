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
//! integer arguments are nondeterministic, and so are the top-level integer members of
//! those objects when the harness starts (what the kernel set them to: a platform device's
//! `id`, a file's `f_flags`; pointer members stay null, nested structures zero).
//!
//! The OS model is hostile where the kernel may be: `request_irq` may fail; `kmalloc` and
//! friends may return NULL (they are allocation sites of the driver, see the lowering). It
//! is generated from the map: each interrupt handler, timer function, work function and
//! tasklet of the map has slots of its own (what it was registered, armed, queued or
//! scheduled with), so every registered routine runs. The kernel's lock routines get
//! bodies that write only their lock ([`super::linux_locks`]).

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

/// What the harness and OS model are preprocessed after: the [`HEADERS`].
pub fn prelude() -> String {
    HEADERS
        .iter()
        .map(|h| format!("#include <{h}>\n"))
        .collect()
}

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
    "kthread_create_on_cpu",
    "call_rcu",
];

/// The event function the harness calls when the module is gone (after `module-exit`,
/// or after a failed `module-init`): rules check what must be released by then.
pub const UNLOADED: &str = "__slamrs_module_unloaded";

/// How many requests of one interrupt handler, timers armed, work items queued or tasklets
/// scheduled with one function the OS model follows at once (a module with a timer or an
/// interrupt line per channel and one function for all of them has two channels
/// followed); one more is a model bound.
pub const SLOTS: usize = 2;

/// The OS model: registration of interrupt handlers, timers, work and tasklets. It follows
/// each routine of the map separately ([`SLOTS`] requests of a handler, each with its
/// `irq` and `dev_id`; [`SLOTS`] timers armed with a function, work items queued with it,
/// tasklets scheduled with it), so a module with two timers, two handlers or one handler
/// requested for two queues has each run; one more request, timer, work item or tasklet
/// for one routine at once is a model bound ([`super::MODEL_BOUNDS`]). `free_irq` frees
/// the first request of each handler with its line and cookie.
fn os_model(
    irqs: &[String],
    timers: &[String],
    works: &[String],
    tasklets: &[(String, bool)],
) -> String {
    let mut t = String::from(
        "/* slamrs OS model: the Linux kernel services that run a module's deferred code */\n\
         void __slamrs_module_unloaded(void) { }\n\
         /* every kmalloc/kzalloc/kcalloc/kmalloc_array/vmalloc of the module calls this first */\n\
         void __slamrs_kernel_alloc(unsigned long gfp) { }\n\
         /* two objects per routine: a third one needed at once is beyond the model (a path to\n\
         \x20  one of these is UNKNOWN, harness::MODEL_BOUNDS) */\n\
         void __slamrs_bound_irq(void) { }\n\
         void __slamrs_bound_timer(void) { }\n\
         void __slamrs_bound_work(void) { }\n\
         void __slamrs_bound_tasklet(void) { }\n",
    );
    t.push_str(&irq_model(irqs));
    t.push_str(&timer_model(timers));
    t.push_str(&work_model(works));
    t.push_str(&tasklet_model(tasklets));
    t
}

/// Interrupt handlers in the OS model: `request_threaded_irq` (and the managed variant) takes a slot of the handler, `free_irq` frees one.
fn irq_model(irqs: &[String]) -> String {
    let mut t = String::new();
    // interrupt handlers: up to SLOTS requests of each handler at once
    for k in 0..irqs.len() {
        t.push_str(&irq_decls(k));
    }
    // the request: the same body for the managed variant (freed by the device core when
    // the device goes, so not an event of the rules that pair requests with `free_irq`)
    let mut request = String::from(
        "{\n    if (__VERIFIER_nondet_int())\n        return -16; /* -EBUSY: the line is taken */\n",
    );
    for (k, f) in irqs.iter().enumerate() {
        let mut take = String::new();
        for j in 0..SLOTS {
            let (on, no, dev) = irq_slot(k, j);
            take.push_str(&format!(
                "if (!{on}) {{ {on} = 1; {no} = irq; {dev} = dev; }}\n        else "
            ));
        }
        request.push_str(&format!(
            "    if (handler == {f} || thread_fn == {f}) {{\n        {take}__slamrs_bound_irq();\n    }}\n"
        ));
    }
    request.push_str("    return 0;\n}\n");
    t.push_str(
        "int request_threaded_irq(unsigned int irq, irq_handler_t handler, irq_handler_t thread_fn,\n\
         \x20                        unsigned long flags, const char *name, void *dev)\n",
    );
    t.push_str(&request);
    t.push_str(
        "int devm_request_threaded_irq(struct device *owner, unsigned int irq, irq_handler_t handler,\n\
         \x20                             irq_handler_t thread_fn, unsigned long flags, const char *name,\n\
         \x20                             void *dev)\n",
    );
    t.push_str(&request);
    // one request freed: the first slot of each handler with the line and cookie (a
    // threaded request set a slot of both its handlers)
    t.push_str("const void *free_irq(unsigned int irq, void *dev_id)\n{\n");
    for k in 0..irqs.len() {
        let mut c = String::from("    ");
        for j in 0..SLOTS {
            let (on, no, dev) = irq_slot(k, j);
            if j > 0 {
                c.push_str("    else ");
            }
            c.push_str(&format!(
                "if ({on} && irq == {no} && dev_id == {dev})\n        {on} = 0;\n"
            ));
        }
        t.push_str(&c);
    }
    t.push_str("    return 0;\n}\n");
    t
}

/// Timers in the OS model: armed with their function in a slot, deleted from it.
fn timer_model(timers: &[String]) -> String {
    let mut t = String::new();
    // timers: armed with their function (also one initialized statically), up to
    // SLOTS of each function at once
    for k in 0..timers.len() {
        t.push_str(&TIMERS.decls(k));
    }
    t.push_str(
        "void init_timer_key(struct timer_list *timer, void (*func)(struct timer_list *),\n\
         \x20                   unsigned int flags, const char *name, struct lock_class_key *key)\n{\n\
         \x20   timer->function = func;\n    timer->flags = flags;\n",
    );
    for k in 0..timers.len() {
        t.push_str(&TIMERS.forget(k, "timer"));
    }
    t.push_str("}\n");
    t.push_str("static int __slamrs_arm(struct timer_list *timer)\n{\n");
    for (k, f) in timers.iter().enumerate() {
        // armed already: re-armed in its slot; else the first free slot; else the bound
        let take = TIMERS.take(k, "timer", "return 1", "return 0");
        t.push_str(&format!(
            "    if (timer->function == {f}) {{\n{take}        __slamrs_bound_timer();\n    }}\n"
        ));
    }
    t.push_str("    return 0;\n}\n");
    t.push_str(
        "int mod_timer(struct timer_list *timer, unsigned long expires)\n{\n    timer->expires = expires;\n    return __slamrs_arm(timer);\n}\n\
         void add_timer(struct timer_list *timer)\n{\n    __slamrs_arm(timer);\n}\n\
         int timer_delete(struct timer_list *timer)\n{\n    int was = 0;\n",
    );
    for k in 0..timers.len() {
        t.push_str(&TIMERS.cancel(k, "timer"));
    }
    t.push_str(
        "    return was;\n}\n\
         int timer_delete_sync(struct timer_list *timer)\n{\n    return timer_delete(timer);\n}\n",
    );
    t
}

/// Work items in the OS model (delayed work as its work item): queued with their function in a slot, cancelled from it.
fn work_model(works: &[String]) -> String {
    let mut t = String::new();
    // work items: queued with their function, up to SLOTS of each at once
    for k in 0..works.len() {
        t.push_str(&WORKS.decls(k));
    }
    t.push_str(
        "bool queue_work_on(int cpu, struct workqueue_struct *wq, struct work_struct *work)\n{\n",
    );
    for (k, f) in works.iter().enumerate() {
        let take = WORKS.take(k, "work", "return 0", "return 1");
        t.push_str(&format!(
            "    if (work->func == {f}) {{\n{take}        __slamrs_bound_work();\n    }}\n"
        ));
    }
    t.push_str("    return 1;\n}\n");
    t.push_str("bool cancel_work_sync(struct work_struct *work)\n{\n    int was = 0;\n");
    for k in 0..works.len() {
        t.push_str(&WORKS.cancel(k, "work"));
    }
    t.push_str("    return was;\n}\n");
    // delayed work: its work item, queued at once (the delay is not modelled)
    t.push_str(
        "bool queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,\n\
         \x20                          unsigned long delay)\n{\n    return queue_work_on(cpu, wq, &dwork->work);\n}\n\
         bool mod_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work *dwork,\n\
         \x20                        unsigned long delay)\n{\n    return !queue_work_on(cpu, wq, &dwork->work);\n}\n\
         bool cancel_delayed_work(struct delayed_work *dwork)\n{\n    return cancel_work_sync(&dwork->work);\n}\n\
         bool cancel_delayed_work_sync(struct delayed_work *dwork)\n{\n    return cancel_work_sync(&dwork->work);\n}\n",
    );
    t
}

/// Tasklets in the OS model: scheduled with their function in a slot, killed from it.
fn tasklet_model(tasklets: &[(String, bool)]) -> String {
    let mut t = String::new();
    // tasklets: scheduled with their function, up to SLOTS of each at once
    for k in 0..tasklets.len() {
        t.push_str(&TASKLETS.decls(k));
    }
    t.push_str(
        "void tasklet_init(struct tasklet_struct *t, void (*func)(unsigned long), unsigned long data)\n{\n\
         \x20   t->func = func;\n    t->data = data;\n    t->use_callback = 0;\n}\n\
         void tasklet_setup(struct tasklet_struct *t, void (*callback)(struct tasklet_struct *))\n{\n\
         \x20   t->callback = callback;\n    t->use_callback = 1;\n}\n\
         void __tasklet_schedule(struct tasklet_struct *t)\n{\n",
    );
    for (k, (f, pointer)) in tasklets.iter().enumerate() {
        let test = if *pointer {
            format!("t->use_callback && t->callback == {f}")
        } else {
            format!("!t->use_callback && t->func == {f}")
        };
        let take = TASKLETS.take(k, "t", "return", "return");
        t.push_str(&format!(
            "    if ({test}) {{\n{take}        __slamrs_bound_tasklet();\n    }}\n"
        ));
    }
    t.push_str("}\nvoid tasklet_kill(struct tasklet_struct *t)\n{\n");
    for k in 0..tasklets.len() {
        t.push_str(&TASKLETS.forget(k, "t"));
    }
    t.push_str("}\n");
    t
}

/// One kind of deferred object the Linux model follows in [`SLOTS`] per routine: for
/// routine `k`, slot `j` is the object `__slamrs_{kind}{k}_{j}` with its flag
/// `__slamrs_{kind}_{flag}{k}_{j}`, and `__slamrs_{kind}_arg{k}` passes a slot's object to
/// the routine's unit function.
struct Slots {
    kind: &'static str,
    flag: &'static str,
    ty: &'static str,
}

const TIMERS: Slots = Slots {
    kind: "timer",
    flag: "armed",
    ty: "struct timer_list",
};
const WORKS: Slots = Slots {
    kind: "work",
    flag: "queued",
    ty: "struct work_struct",
};
const TASKLETS: Slots = Slots {
    kind: "tasklet",
    flag: "scheduled",
    ty: "struct tasklet_struct",
};

impl Slots {
    fn slot(&self, k: usize, j: usize) -> String {
        format!("__slamrs_{}{k}_{j}", self.kind)
    }

    fn flag(&self, k: usize, j: usize) -> String {
        format!("__slamrs_{}_{}{k}_{j}", self.kind, self.flag)
    }

    fn arg(&self, k: usize) -> String {
        format!("__slamrs_{}_arg{k}", self.kind)
    }

    /// The statics of routine `k`: its argument and its slots.
    fn decls(&self, k: usize) -> String {
        let mut c = format!("static {} *{};\n", self.ty, self.arg(k));
        for j in 0..SLOTS {
            c.push_str(&format!(
                "static {} *{};\nstatic int {};\n",
                self.ty,
                self.slot(k, j),
                self.flag(k, j)
            ));
        }
        c
    }

    /// Code that puts `obj` into one of routine `k`'s slots: an object already in a set
    /// slot leaves with `again`; else the first free slot takes it and the code leaves with
    /// `taken`; else it falls through (to the routine's bound).
    fn take(&self, k: usize, obj: &str, again: &str, taken: &str) -> String {
        let mut c = String::new();
        for j in 0..SLOTS {
            let (slot, flag) = (self.slot(k, j), self.flag(k, j));
            c.push_str(&format!(
                "        if ({flag} && {slot} == {obj})\n            {again};\n"
            ));
        }
        for j in 0..SLOTS {
            let (slot, flag) = (self.slot(k, j), self.flag(k, j));
            c.push_str(&format!(
                "        if (!{flag}) {{\n            {slot} = {obj};\n            {flag} = 1;\n            {taken};\n        }}\n"
            ));
        }
        c
    }

    /// Code that clears the flag of a slot of routine `k` holding `obj`.
    fn forget(&self, k: usize, obj: &str) -> String {
        (0..SLOTS)
            .map(|j| {
                format!(
                    "    if ({obj} == {})\n        {} = 0;\n",
                    self.slot(k, j),
                    self.flag(k, j)
                )
            })
            .collect()
    }

    /// Code that clears the flag of a set slot of routine `k` holding `obj`, with `was = 1`.
    fn cancel(&self, k: usize, obj: &str) -> String {
        (0..SLOTS)
            .map(|j| {
                let (slot, flag) = (self.slot(k, j), self.flag(k, j));
                format!("    if ({obj} == {slot} && {flag}) {{ was = 1; {flag} = 0; }}\n")
            })
            .collect()
    }

    /// The harness's cases for routine `k`: each set slot may run the unit `unit` on its
    /// object.
    fn cases(&self, k: usize, unit: &str) -> Vec<String> {
        (0..SLOTS)
            .map(|j| {
                let (slot, flag, arg) = (self.slot(k, j), self.flag(k, j), self.arg(k));
                format!(
                    "if ({flag}) {{ {flag} = 0; {arg} = {slot}; {unit}(); }} /* {} */",
                    self.kind
                )
            })
            .collect()
    }
}

/// Slot `j` of interrupt handler `k`: its flag (requested and not freed), line and cookie.
fn irq_slot(k: usize, j: usize) -> (String, String, String) {
    (
        format!("__slamrs_irq_on{k}_{j}"),
        format!("__slamrs_irq_no{k}_{j}"),
        format!("__slamrs_irq_dev{k}_{j}"),
    )
}

/// The line and cookie the harness passes to interrupt handler `k`'s unit function.
fn irq_args(k: usize) -> (String, String) {
    (
        format!("__slamrs_irq_arg_no{k}"),
        format!("__slamrs_irq_arg_dev{k}"),
    )
}

/// The statics of interrupt handler `k`: its arguments and its [`SLOTS`] requests.
fn irq_decls(k: usize) -> String {
    let (ano, adev) = irq_args(k);
    let mut c = format!("static unsigned int {ano};\nstatic void *{adev};\n");
    for j in 0..SLOTS {
        let (on, no, dev) = irq_slot(k, j);
        c.push_str(&format!(
            "static int {on};\nstatic unsigned int {no};\nstatic void *{dev};\n"
        ));
    }
    c
}

/// The harness's cases for interrupt handler `k`: a request not yet freed may raise the
/// interrupt at any time, again and again, with its line and cookie.
fn irq_cases(k: usize, unit: &str) -> Vec<String> {
    let (ano, adev) = irq_args(k);
    (0..SLOTS)
        .map(|j| {
            let (on, no, dev) = irq_slot(k, j);
            format!("if ({on}) {{ {ano} = {no}; {adev} = {dev}; {unit}(); }} /* irq */")
        })
        .collect()
}

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
    /// Statements giving the objects' integer members arbitrary values (what the kernel
    /// set them to: a platform device's `id`, a file's `f_flags`, an inode's `i_rdev`).
    inputs: String,
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
                    if !def.is_union {
                        for f in def.fields.iter().flatten() {
                            if types.is_integer(f.ty) && !f.name.starts_with('<') {
                                let m = format!("{name}.{}", f.name);
                                self.inputs.push_str(&format!(
                                    "    {m} = (__typeof__({m}))__VERIFIER_nondet_long();\n"
                                ));
                            }
                        }
                    }
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
                // a structure passed by value (`pm_message_t` of a `suspend` callback):
                // the static object of its type, when C can name the type
                TypeKind::Struct(s)
                    if types.structs[s.0 as usize].fields.is_some()
                        && !types.structs[s.0 as usize].name.starts_with('<') =>
                {
                    self.object_for(ty)
                }
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
        inputs: String::new(),
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
    let mut irqs = Vec::new();
    for (k, e) in map
        .functions_with(|r| *r == Role::Irq)
        .into_iter()
        .enumerate()
    {
        let fid = prog
            .func_by_name(&e.function)
            .ok_or("irq handler missing")?;
        let n = prog.func(fid).params.len();
        let call = if n == 2 {
            let (no, dev) = irq_args(k);
            format!("{no}, {dev}")
        } else {
            args.for_callback(fid)
        };
        let u = unit(&Role::Irq, &e.function, call)?;
        cases.extend(irq_cases(k, &u));
        irqs.push(e.function.clone());
    }
    let mut timers = Vec::new();
    for (k, e) in map
        .functions_with(|r| *r == Role::Timer)
        .into_iter()
        .enumerate()
    {
        let u = unit(&Role::Timer, &e.function, TIMERS.arg(k))?;
        cases.extend(TIMERS.cases(k, &u));
        timers.push(e.function.clone());
    }
    let mut works = Vec::new();
    for (k, e) in map
        .functions_with(|r| *r == Role::WorkItem)
        .into_iter()
        .enumerate()
    {
        let u = unit(&Role::WorkItem, &e.function, WORKS.arg(k))?;
        cases.extend(WORKS.cases(k, &u));
        works.push(e.function.clone());
    }
    let mut tasklets = Vec::new();
    for (k, e) in map
        .functions_with(|r| *r == Role::Tasklet)
        .into_iter()
        .enumerate()
    {
        let fid = prog.func_by_name(&e.function).ok_or("tasklet missing")?;
        let pointer = prog
            .func(fid)
            .params
            .first()
            .is_some_and(|p| matches!(prog.types.kind(prog.var(*p).ty), TypeKind::Pointer(_)));
        let call = if pointer {
            TASKLETS.arg(k)
        } else {
            format!("{}->data", TASKLETS.arg(k))
        };
        let u = unit(&Role::Tasklet, &e.function, call)?;
        cases.extend(TASKLETS.cases(k, &u));
        tasklets.push((e.function.clone(), pointer));
    }
    let mut kthreads = Vec::new();
    for (k, e) in map
        .functions_with(|r| *r == Role::Kthread)
        .into_iter()
        .enumerate()
    {
        let u = unit(&Role::Kthread, &e.function, super::linux_threads::arg(k))?;
        cases.extend(super::linux_threads::cases(k, &u));
        kthreads.push(e.function.clone());
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
    t.push_str(&args.inputs);
    t.push_str(&super::linux_params::havoc(&super::linux_params::params(
        prog,
    )));
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
            (
                OS_MODEL_FILE.to_string(),
                os_model(&irqs, &timers, &works, &tasklets)
                    + &super::linux_locks::models(prog)
                    + &super::linux_threads::model(prog, &kthreads),
            ),
            (HARNESS_FILE.to_string(), t),
        ],
        units,
    })
}
