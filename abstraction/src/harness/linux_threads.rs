//! The Linux OS model's kernel threads: `kthread_create` / `kthread_run` create a thread
//! that runs a function of the module; the harness runs it.
//!
//! Each thread function of the entry-point map has [`super::linux::SLOTS`] thread slots: a
//! static `task_struct` handed out as the thread, and the thread's state — free, created
//! (`kthread_create`), woken (`wake_up_process`; `kthread_run` does both), exited (the
//! harness ran the function). The harness may run a woken thread's function at any point
//! among the other entry points, once, to its end: `kthread_should_stop()` is arbitrary, so
//! the function's loop may end after any number of rounds. `kthread_stop` reaps the thread
//! (its slot is free again); a thread stopped before the harness ran it never runs, as a
//! kernel thread stopped before it starts. Creating may fail (`ERR_PTR(-ENOMEM)`). A third
//! thread of one function not stopped, or a thread function the map does not name, is a
//! model bound (`__slamrs_bound_kthread`, [`super::MODEL_BOUNDS`]).
//!
//! `kthread_create_on_node` is variadic (its name format's arguments), so the model defines
//! `__slamrs_override_kthread_create_on_node` with the fixed parameters and every call is
//! redirected to it ([`super::overrides`]). Only routines the module declares are defined.

use super::declared_without_body;
use super::linux::SLOTS;
use crate::cir::Program;

/// Slot `j` of thread function `k`: its task, state and data.
fn slot(k: usize, j: usize) -> (String, String, String) {
    (
        format!("__slamrs_task{k}_{j}"),
        format!("__slamrs_task_state{k}_{j}"),
        format!("__slamrs_task_data{k}_{j}"),
    )
}

/// What the harness passes to thread function `k`'s unit.
pub fn arg(k: usize) -> String {
    format!("__slamrs_kthread_arg{k}")
}

/// The harness's cases for thread function `k`: a woken thread may run, once.
pub fn cases(k: usize, unit: &str) -> Vec<String> {
    (0..SLOTS)
        .map(|j| {
            let (_, state, data) = slot(k, j);
            format!(
                "if ({state} == 2) {{ {state} = 3; {} = {data}; {unit}(); }} /* kthread */",
                arg(k)
            )
        })
        .collect()
}

/// The model for the thread functions `functions` (the map's, in order), or nothing if
/// the module creates no kernel thread.
pub fn model(prog: &Program, functions: &[String]) -> String {
    if !declared_without_body(prog, "kthread_create_on_node") {
        return String::new();
    }
    let mut t = String::from(
        "/* slamrs OS model: kernel threads (state 0 free, 1 created, 2 woken, 3 exited) */\n\
         extern int __VERIFIER_nondet_int(void);\n\
         void __slamrs_bound_kthread(void) { }\n",
    );
    for k in 0..functions.len() {
        t.push_str(&format!("static void *{};\n", arg(k)));
        for j in 0..SLOTS {
            let (task, state, data) = slot(k, j);
            t.push_str(&format!(
                "static struct task_struct {task};\nstatic int {state};\nstatic void *{data};\n"
            ));
        }
    }
    t.push_str(
        "struct task_struct *__slamrs_override_kthread_create_on_node(int (*threadfn)(void *data),\n\
         \x20   void *data, int node, const char namefmt[])\n{\n\
         \x20   if (__VERIFIER_nondet_int())\n        return ERR_PTR(-12); /* -ENOMEM */\n",
    );
    for (k, f) in functions.iter().enumerate() {
        let mut take = String::new();
        for j in 0..SLOTS {
            let (task, state, d) = slot(k, j);
            take.push_str(&format!(
                "        if ({state} == 0) {{ {state} = 1; {d} = data; return &{task}; }}\n"
            ));
        }
        t.push_str(&format!(
            "    if (threadfn == {f}) {{\n{take}        __slamrs_bound_kthread();\n        return ERR_PTR(-12);\n    }}\n"
        ));
    }
    t.push_str("    __slamrs_bound_kthread();\n    return ERR_PTR(-12);\n}\n");
    let each_slot = |body: &dyn Fn(&str, &str) -> String| -> String {
        let mut c = String::new();
        for k in 0..functions.len() {
            for j in 0..SLOTS {
                let (task, state, _) = slot(k, j);
                c.push_str(&body(&task, &state));
            }
        }
        c
    };
    if declared_without_body(prog, "wake_up_process") {
        t.push_str("int wake_up_process(struct task_struct *tsk)\n{\n");
        t.push_str(&each_slot(&|task, state| {
            format!("    if (tsk == &{task}) {{\n        if ({state} == 1) {{ {state} = 2; return 1; }}\n        return 0;\n    }}\n")
        }));
        t.push_str("    return __VERIFIER_nondet_int() != 0;\n}\n");
    }
    if declared_without_body(prog, "kthread_stop") {
        t.push_str("int kthread_stop(struct task_struct *k)\n{\n");
        t.push_str(&each_slot(&|task, state| {
            format!("    if (k == &{task}) {{\n        {state} = 0;\n        return __VERIFIER_nondet_int();\n    }}\n")
        }));
        t.push_str("    return __VERIFIER_nondet_int();\n}\n");
    }
    if declared_without_body(prog, "kthread_should_stop") {
        t.push_str(
            "bool kthread_should_stop(void)\n{\n    return __VERIFIER_nondet_int() != 0;\n}\n",
        );
    }
    t
}
