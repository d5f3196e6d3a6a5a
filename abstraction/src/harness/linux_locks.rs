//! The Linux OS model's synchronization and freeing routines: bodies for the out-of-line
//! kernel routines behind `spin_lock`, `read_lock`, `mutex_lock`, `down_read`, `down`,
//! `rcu_read_lock` and `kfree` that write nothing but the lock they are given.
//!
//! Without a body such a routine is unknown kernel code: the driver's memory reachable
//! from its argument escapes (`spin_lock(&priv->lock)` hands out all of `*priv`), and
//! every unknown call may then write all of it, so a fact about `priv->irq` does not
//! survive a locked region. The kernel's routines change the lock word and nothing the
//! driver owns; the model's bodies give the lock an arbitrary value (a local declared
//! without an initializer is arbitrary in CIR), so a driver that reads its lock
//! (`spin_is_locked`) sees any state, and return values (`spin_trylock`,
//! `mutex_lock_interruptible`, the saved IRQ flags) are arbitrary. `kfree` and friends
//! end the driver's use of the object and write nothing it may read. A routine is
//! defined only when the module declares it as a function of the kernel headers (a
//! configuration that makes it a macro or an inline function leaves it alone).

use super::declared_without_body;
use crate::cir::Program;

/// The lock types the routines take, by family.
const SPIN: &str = "raw_spinlock_t";
const RW: &str = "rwlock_t";
const MUTEX: &str = "struct mutex";
const RWSEM: &str = "struct rw_semaphore";
const SEM: &str = "struct semaphore";

/// What a routine returns besides writing its lock.
#[derive(Clone, Copy)]
enum Ret {
    Void,
    /// Any `int` (`trylock`, `_interruptible`, `_killable`).
    Int,
    /// Any `unsigned long` (saved IRQ flags).
    Flags,
}

/// Routines that write their first argument's lock: (name, lock type, extra parameters
/// after the lock, result).
const LOCK_ROUTINES: &[(&str, &str, &str, Ret)] = &[
    ("_raw_spin_lock", SPIN, "", Ret::Void),
    ("_raw_spin_lock_nested", SPIN, ", int subclass", Ret::Void),
    ("_raw_spin_lock_bh", SPIN, "", Ret::Void),
    ("_raw_spin_lock_irq", SPIN, "", Ret::Void),
    ("_raw_spin_lock_irqsave", SPIN, "", Ret::Flags),
    (
        "_raw_spin_lock_irqsave_nested",
        SPIN,
        ", int subclass",
        Ret::Flags,
    ),
    ("_raw_spin_trylock", SPIN, "", Ret::Int),
    ("_raw_spin_trylock_bh", SPIN, "", Ret::Int),
    ("_raw_spin_unlock", SPIN, "", Ret::Void),
    ("_raw_spin_unlock_bh", SPIN, "", Ret::Void),
    ("_raw_spin_unlock_irq", SPIN, "", Ret::Void),
    (
        "_raw_spin_unlock_irqrestore",
        SPIN,
        ", unsigned long flags",
        Ret::Void,
    ),
    ("_raw_read_lock", RW, "", Ret::Void),
    ("_raw_write_lock", RW, "", Ret::Void),
    ("_raw_write_lock_nested", RW, ", int subclass", Ret::Void),
    ("_raw_read_lock_bh", RW, "", Ret::Void),
    ("_raw_write_lock_bh", RW, "", Ret::Void),
    ("_raw_read_lock_irq", RW, "", Ret::Void),
    ("_raw_write_lock_irq", RW, "", Ret::Void),
    ("_raw_read_lock_irqsave", RW, "", Ret::Flags),
    ("_raw_write_lock_irqsave", RW, "", Ret::Flags),
    ("_raw_read_trylock", RW, "", Ret::Int),
    ("_raw_write_trylock", RW, "", Ret::Int),
    ("_raw_read_unlock", RW, "", Ret::Void),
    ("_raw_write_unlock", RW, "", Ret::Void),
    ("_raw_read_unlock_bh", RW, "", Ret::Void),
    ("_raw_write_unlock_bh", RW, "", Ret::Void),
    ("_raw_read_unlock_irq", RW, "", Ret::Void),
    ("_raw_write_unlock_irq", RW, "", Ret::Void),
    (
        "_raw_read_unlock_irqrestore",
        RW,
        ", unsigned long flags",
        Ret::Void,
    ),
    (
        "_raw_write_unlock_irqrestore",
        RW,
        ", unsigned long flags",
        Ret::Void,
    ),
    (
        "__mutex_init",
        MUTEX,
        ", const char *name, struct lock_class_key *key",
        Ret::Void,
    ),
    ("mutex_lock", MUTEX, "", Ret::Void),
    ("mutex_lock_interruptible", MUTEX, "", Ret::Int),
    ("mutex_lock_killable", MUTEX, "", Ret::Int),
    ("mutex_trylock", MUTEX, "", Ret::Int),
    ("mutex_unlock", MUTEX, "", Ret::Void),
    (
        "__init_rwsem",
        RWSEM,
        ", const char *name, struct lock_class_key *key",
        Ret::Void,
    ),
    ("down_read", RWSEM, "", Ret::Void),
    ("down_read_interruptible", RWSEM, "", Ret::Int),
    ("down_read_killable", RWSEM, "", Ret::Int),
    ("down_read_trylock", RWSEM, "", Ret::Int),
    ("down_write", RWSEM, "", Ret::Void),
    ("down_write_killable", RWSEM, "", Ret::Int),
    ("down_write_trylock", RWSEM, "", Ret::Int),
    ("up_read", RWSEM, "", Ret::Void),
    ("up_write", RWSEM, "", Ret::Void),
    ("downgrade_write", RWSEM, "", Ret::Void),
    ("down", SEM, "", Ret::Void),
    ("down_interruptible", SEM, "", Ret::Int),
    ("down_killable", SEM, "", Ret::Int),
    ("down_trylock", SEM, "", Ret::Int),
    ("down_timeout", SEM, ", long timeout", Ret::Int),
    ("up", SEM, "", Ret::Void),
];

/// Routines that write nothing the driver may read: (name, parameters).
const QUIET_ROUTINES: &[(&str, &str)] = &[
    ("kfree", "const void *objp"),
    ("kfree_sensitive", "const void *objp"),
    ("kvfree", "const void *addr"),
    ("__rcu_read_lock", "void"),
    ("__rcu_read_unlock", "void"),
];

/// The C text of the models for the routines `prog` declares (empty if none).
pub fn models(prog: &Program) -> String {
    let mut t = String::new();
    for &(name, lock, extra, ret) in LOCK_ROUTINES {
        if !declared_without_body(prog, name) {
            continue;
        }
        let (ty, result) = match ret {
            Ret::Void => ("void", String::new()),
            Ret::Int => ("int", "    return __VERIFIER_nondet_int();\n".to_string()),
            Ret::Flags => (
                "unsigned long",
                "    return __VERIFIER_nondet_ulong();\n".to_string(),
            ),
        };
        t.push_str(&format!(
            "{ty} {name}({lock} *lock{extra})\n{{\n    {lock} __slamrs_any;\n    *lock = __slamrs_any;\n{result}}}\n"
        ));
    }
    for &(name, params) in QUIET_ROUTINES {
        if declared_without_body(prog, name) {
            t.push_str(&format!("void {name}({params})\n{{\n}}\n"));
        }
    }
    if t.is_empty() {
        return t;
    }
    format!(
        "/* slamrs OS model: kernel synchronization routines write only their lock */\n\
         extern int __VERIFIER_nondet_int(void);\n\
         extern unsigned long __VERIFIER_nondet_ulong(void);\n{t}"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only the routines the module declares get a body, the bodies lower with the
    /// declarations, and a lock routine writes the lock it is given and nothing else the
    /// caller can see (its body's only memory write is `*lock`).
    #[test]
    fn declared_routines_get_bodies_that_write_their_lock() {
        use crate::cir::{Lval, Stmt};
        use crate::frontend::{load_text, LoadOptions};
        let decls = r#"
            typedef struct { int val; } raw_spinlock_t;
            struct mutex { long owner; int wait; };
            void _raw_spin_lock(raw_spinlock_t *lock);
            unsigned long _raw_spin_lock_irqsave(raw_spinlock_t *lock);
            int mutex_trylock(struct mutex *lock);
            void kfree(const void *objp);
            struct dev { raw_spinlock_t lock; int irq; };
            int main(void) { return 0; }
        "#;
        let prog = load_text("decls.c", decls.into(), &LoadOptions::default()).expect("loads");
        let text = models(&prog);
        for name in [
            "_raw_spin_lock",
            "_raw_spin_lock_irqsave",
            "mutex_trylock",
            "kfree",
        ] {
            assert!(
                text.contains(&format!(" {name}(")),
                "{name} is modelled:\n{text}"
            );
        }
        assert!(
            !text.contains("mutex_unlock"),
            "undeclared routines are left out"
        );
        // the pipeline preprocesses the model; load_text reads C without comments
        let code: String = text
            .lines()
            .filter(|l| !l.starts_with("/*"))
            .map(|l| format!("{l}\n"))
            .collect();
        let whole = format!("{decls}\n{code}");
        let prog = load_text("whole.c", whole, &LoadOptions::default()).expect("the models lower");
        let f = prog.func_by_name("_raw_spin_lock").expect("defined");
        let lock = prog.func(f).params[0];
        let body = prog.func(f).body.as_ref().expect("a body");
        let writes: Vec<&Lval> = body
            .nodes
            .iter()
            .flat_map(|n| &n.edges)
            .filter_map(|e| match &e.stmt {
                Stmt::Assign { lhs, .. } => Some(lhs),
                _ => None,
            })
            .filter(|l| !matches!(l, Lval::Var(v) if prog.var(*v).frame_of() == Some(f)))
            .collect();
        assert_eq!(writes.len(), 1, "one write outside the frame: {writes:?}");
        assert!(
            matches!(writes[0], Lval::Deref(p) if matches!(&p.kind,
                crate::cir::ExprKind::Read(l) if **l == Lval::Var(lock))),
            "the write is *lock: {writes:?}"
        );
    }

    #[test]
    fn every_routine_is_named_once() {
        let mut names: Vec<&str> = LOCK_ROUTINES
            .iter()
            .map(|r| r.0)
            .chain(QUIET_ROUTINES.iter().map(|r| r.0))
            .collect();
        let n = names.len();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), n);
    }
}
