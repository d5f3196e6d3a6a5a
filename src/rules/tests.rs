//! Unit tests of the rule language, properties and instrumentation. Instrumented programs
//! are run on the CIR interpreter, and abstracted and model checked with the rule's
//! initial predicates.

use super::*;
use slamrs_abstraction::c2bp::{Abstractor, Options};
use slamrs_abstraction::cir::{Loc, Program, Stmt};
use slamrs_abstraction::frontend::{load_text, LoadOptions};
use slamrs_abstraction::interp::{run_main, Config, Outcome};

fn program(src: &str) -> Program {
    load_text("t.c", src.to_string(), &LoadOptions::default()).expect("test program lowers")
}

fn rule(text: &str) -> Rule {
    parse_rule("r.slic", text).unwrap_or_else(|e| panic!("{e}"))
}

fn rule_err(text: &str) -> RuleError {
    parse_rule("r.slic", text).expect_err("the rule should not parse")
}

/// Instruments `src` for `spec` and runs it from `entry` with `inputs`.
fn run_spec(
    src: &str,
    spec: &Spec,
    entry: &str,
    inputs: &[i128],
) -> (Outcome, Instrumented, Program) {
    let mut p = program(src);
    let ins = instrument(&mut p, spec, entry).unwrap_or_else(|e| panic!("{e}"));
    let cfg = Config {
        entry: entry.to_string(),
        ..Config::default()
    };
    let run = run_main(&p, &cfg, inputs);
    (run.outcome, ins, p)
}

fn run_rule(src: &str, r: &Rule, inputs: &[i128]) -> (Outcome, Instrumented, Program) {
    run_spec(src, &Spec::Rule(r.clone()), "main", inputs)
}

/// The message of the abort the run ended at.
fn abort_message(outcome: &Outcome, ins: &Instrumented) -> String {
    let Outcome::Error { loc, .. } = outcome else {
        panic!("expected an error, got {outcome:?}");
    };
    ins.aborts
        .iter()
        .find(|(l, _)| l == loc)
        .map(|(_, m)| m.clone())
        .unwrap_or_else(|| panic!("error at {loc:?} is not among the aborts {:?}", ins.aborts))
}

fn error_loc(outcome: &Outcome) -> Loc {
    match outcome {
        Outcome::Error { loc, .. } => *loc,
        o => panic!("expected an error, got {o:?}"),
    }
}

const SPIN_DECLS: &str =
    "typedef struct { int x; } spinlock_t;\nextern void spin_lock(spinlock_t *l);\nextern void spin_unlock(spinlock_t *l);\nspinlock_t lk;\n";

// ---------------------------------------------------------------- parsing

#[test]
fn every_builtin_parses_and_is_listed() {
    let list = builtins();
    assert!(list.len() >= 3);
    for name in ["locking", "critical-region", "rcu"] {
        assert!(list.iter().any(|(n, d)| *n == name && !d.is_empty()));
    }
    for (name, _) in list {
        let r = builtin(name).unwrap_or_else(|| {
            let text = builtin_text(name).unwrap();
            panic!("{}", parse_rule(name, text).unwrap_err())
        });
        assert_eq!(r.name, name);
        assert_eq!(r.file, format!("<builtin:{name}>"));
        assert!(!r.handlers.is_empty());
    }
    assert!(builtin("no-such-rule").is_none());
}

#[test]
fn locking_observes_every_api_family() {
    let r = builtin("locking").unwrap();
    let fs = r.event_functions();
    for f in [
        "KeAcquireSpinLock",
        "KeReleaseSpinLock",
        "KeAcquireSpinLockAtDpcLevel",
        "KeReleaseSpinLockFromDpcLevel",
        "spin_lock",
        "spin_unlock",
        "spin_lock_irqsave",
        "spin_unlock_irqrestore",
        "spin_lock_irq",
        "spin_unlock_irq",
        "spin_lock_bh",
        "spin_unlock_bh",
        "mutex_lock",
        "mutex_unlock",
        "pthread_mutex_lock",
        "pthread_mutex_unlock",
        "_raw_spin_lock",
        "_raw_spin_unlock_irqrestore",
        "KfReleaseSpinLock",
        "write_lock",
        "_raw_read_unlock_bh",
    ] {
        assert!(fs.contains(&f), "{f} missing");
    }
    assert!(fs.contains(&"KeAcquireInStackQueuedSpinLock"));
    assert!(fs.contains(&"KeReleaseInStackQueuedSpinLock"));
    // two slots per family (a lock and whether it is held; a queue handle for Windows) and
    // the read-lock count
    assert_eq!(r.state.len(), 23);
}

#[test]
fn a_rule_parses_into_state_and_handlers() {
    let r = rule(
        "/* a comment */ state { int s = -1; int t; }\n// line comment\nf.entry, g.exit { if (s == 1 && !(t > 2)) abort \"bad \\\"x\\\"\"; else { s = s + $1 * 2; } }\n$entry.exit { ; }\n",
    );
    assert_eq!(r.name, "r");
    assert_eq!(r.state.len(), 2);
    assert_eq!(r.state[0].init, -1);
    assert_eq!(r.state[1].init, 0);
    assert_eq!(r.handlers.len(), 2);
    let h = &r.handlers[0];
    assert_eq!(h.events.len(), 2);
    assert_eq!(h.events[1].func, EventFunc::Named("g".into()));
    assert_eq!(h.events[1].kind, EventKind::Exit);
    assert_eq!(r.handlers[1].events[0].func, EventFunc::Entry);
    let RStmt::If { then, els, .. } = &h.body[0] else {
        panic!("{:?}", h.body[0])
    };
    assert!(matches!(&**then, RStmt::Abort { message, .. } if message == "bad \"x\""));
    assert!(els.is_some());
    assert_eq!(r.event_functions(), vec!["f", "g"]);
    assert_eq!(r.line(3).map(|l| l.starts_with("f.entry")), Some(true));
}

#[test]
fn precedence_is_c_precedence() {
    let r = rule("state { int s = 1 + 2 * 3 - (8 >> 2); }\nf.entry { s = 1 + 2 * 3; }");
    assert_eq!(r.state[0].init, 5);
    let RStmt::Assign { value, .. } = &r.handlers[0].body[0] else {
        panic!()
    };
    let RExprKind::Binary(RBinOp::Add, _, b) = &value.kind else {
        panic!("{value:?}")
    };
    assert!(matches!(b.kind, RExprKind::Binary(RBinOp::Mul, ..)));
}

#[test]
fn parse_errors_have_positions() {
    let cases: &[(&str, u32, u32, &str)] = &[
        (
            "state { int s; }\nf.entry { t = 1; }",
            2,
            11,
            "unknown state variable `t`",
        ),
        (
            "f.entry { if ($return) abort \"x\"; }",
            1,
            15,
            "only available in exit events",
        ),
        (
            "f.exit { if ($0) abort \"x\"; }",
            1,
            14,
            "numbered from `$1`",
        ),
        ("f.exit { if ($foo) abort \"x\"; }", 1, 14, "unknown `$foo`"),
        (
            "state { int s; }\nf.entry { $1 = 2; }",
            2,
            11,
            "cannot be assigned",
        ),
        (
            "state { int s; int s; }\nf.entry { }",
            1,
            20,
            "declared twice",
        ),
        ("state { int s; }", 1, 17, "at least one event handler"),
        ("state { int s; }\nf.entry { s = 1 }", 2, 17, "expected `;`"),
        ("/* open\nf.entry {}", 1, 1, "unterminated `/*`"),
        ("f.entry { abort \"no end; }", 1, 17, "unterminated string"),
        ("f.begin { }", 1, 3, "expected `entry` or `exit`"),
        ("$start.entry { }", 1, 1, "only `$entry`"),
        (
            "state { int s = 1 / 0; }\nf.entry {}",
            1,
            19,
            "division by zero",
        ),
        (
            "state { int s = 4294967296; }\nf.entry {}",
            1,
            17,
            "does not fit",
        ),
        (
            "state { int s = x; }\nf.entry {}",
            1,
            17,
            "a variable in a constant initializer",
        ),
        ("state { long s; }\nf.entry {}", 1, 9, "expected `int`"),
        ("f.entry { abort x; }", 1, 17, "abort message"),
        (
            "f.entry { s = 99999999999999999999999; }",
            1,
            15,
            "too large",
        ),
        ("f.entry { @ }", 1, 11, "unexpected character `@`"),
        ("f.entry { if (1) abort \"a\"; ", 1, 29, "expected `}`"),
    ];
    for (text, line, col, msg) in cases {
        let e = rule_err(text);
        assert_eq!(e.file, "r.slic");
        assert!(e.message.contains(msg), "{text:?}: {e}");
        assert_eq!((e.line, e.col), (*line, *col), "{text:?}: {e}");
    }
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    let text = format!(
        "state {{ int s; }}\nf.entry {{ s = {}1{}; }}",
        "(".repeat(5000),
        ")".repeat(5000)
    );
    assert!(rule_err(&text).message.contains("nests too deeply"));
    let text = format!("f.entry {{ {} }}", "{".repeat(5000));
    assert!(rule_err(&text).message.contains("nests too deeply"));
    let text = format!(
        "state {{ int s; }}\nf.entry {{ s = {}1; }}",
        "-".repeat(5000)
    );
    assert!(rule_err(&text).message.contains("nests too deeply"));
}

#[test]
fn garbage_never_panics() {
    let samples = [
        "",
        "$",
        "\"",
        "/*",
        "state",
        "state {",
        "state { int",
        "f",
        "f.",
        "f.entry",
        "f.entry {",
        "f.entry { if",
        "f.entry { if (",
        "f.entry { if (1",
        "f.entry { if (1)",
        "0x",
        "08",
        "f.entry { x = ; }",
        "f.entry, { }",
        "\u{00e9}.entry {}",
        "f.entry { abort \"\\q\"; }",
    ];
    for s in samples {
        let _ = parse_rule("g.slic", s);
        let _ = parse_property("g.prp", s);
    }
}

#[test]
fn rule_errors_display_as_file_line_col() {
    let e = rule_err("state { int s; }\nf.entry { t = 1; }");
    assert_eq!(
        e.to_string(),
        "r.slic:2:11: error: unknown state variable `t`"
    );
    assert_eq!(
        RuleError::whole("x.slic", "gone").to_string(),
        "x.slic: error: gone"
    );
}

#[test]
fn properties_parse() {
    let p = parse_property(
        "u.prp",
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\n",
    )
    .unwrap();
    assert_eq!(p.entry, "main");
    assert_eq!(p.error_functions, vec!["reach_error", "__VERIFIER_error"]);
    let p = parse_property(
        "u.prp",
        "CHECK(init(start()),\n  LTL(G!call(__VERIFIER_error())))\nCHECK( init(start()), LTL(G ! call(fail())) )",
    )
    .unwrap();
    assert_eq!(p.entry, "start");
    assert_eq!(p.error_functions, vec!["__VERIFIER_error", "fail"]);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/benchmarks/sv-comp/c/properties/unreach-call.prp"
    ));
    if let Ok(text) = text {
        assert_eq!(parse_property("x", &text).unwrap().entry, "main");
    }
}

#[test]
fn other_properties_are_unsupported() {
    for (text, line, col) in [
        ("CHECK( init(main()), LTL(G valid-free) )", 1, 22),
        ("CHECK( init(main()), LTL(G ! overflow) )", 1, 22),
        ("CHECK( init(main()), LTL(F end) )", 1, 22),
        (
            "COVER( init(main()), FQL(COVER EDGES(@DECISIONEDGE)) )",
            1,
            1,
        ),
    ] {
        let e = parse_property("p.prp", text).unwrap_err();
        assert!(e.message.contains("unsupported property"), "{text}: {e}");
        assert_eq!((e.line, e.col), (line, col), "{text}: {e}");
    }
    let e = parse_property(
        "p.prp",
        "CHECK( init(main()), LTL(G ! call(reach_error())) ",
    )
    .unwrap_err();
    assert!(e.message.contains("expected `)`"), "{e}");
    let e = parse_property("p.prp", "  \n").unwrap_err();
    assert!(e.message.contains("empty property file"), "{e}");
    let e = parse_property(
        "p.prp",
        "CHECK( init(main()), LTL(G ! call(reach_error())) )\nCHECK( init(other()), LTL(G ! call(reach_error())) )",
    )
    .unwrap_err();
    assert_eq!((e.line, e.col), (2, 13));
}

#[test]
fn load_rule_resolves_builtins_files_and_reports_unknown_names() {
    assert_eq!(load_rule("rcu").unwrap().name, "rcu");
    let e = load_rule("lockin").unwrap_err();
    assert!(e.message.contains("unknown rule `lockin`"), "{e}");
    assert!(e.message.contains("locking, critical-region, rcu"), "{e}");
    let e = load_rule("/nonexistent/x.slic").unwrap_err();
    assert!(e.message.contains("cannot read"), "{e}");
    let dir = std::env::temp_dir().join(format!("slamrs-rules-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.slic");
    std::fs::write(&path, "state { int n; }\nf.entry { n = n + 1; }\n").unwrap();
    let r = load_rule(path.to_str().unwrap()).unwrap();
    assert_eq!(r.name, "mine");
    assert_eq!(r.file, path.to_str().unwrap());
    std::fs::write(&path, "state { int n; }\nf.entry { m = 1; }\n").unwrap();
    let e = load_rule(path.to_str().unwrap()).unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.line, e.col),
        (path.to_str().unwrap(), 2, 11)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------- instrumentation: rules

#[test]
fn giveup_ends_the_path_at_a_bound_that_is_no_abort() {
    let r = rule(
        "state { int n = 0; }\nlock.entry {\n  if (n == 1) giveup \"two locks\";\n  n = n + 1;\n}\n",
    );
    let RStmt::If { then, .. } = &r.handlers[0].body[0] else {
        panic!("{:?}", r.handlers[0].body)
    };
    assert_eq!(
        **then,
        RStmt::GiveUp {
            message: "two locks".into(),
            pos: Pos { line: 3, col: 15 }
        }
    );
    let src =
        "typedef struct { int x; } lock_t; extern void lock(lock_t *l); lock_t a, b;\nint main(void) { lock(&a); lock(&b); return 0; }\n";
    let (out, ins, p) = run_rule(src, &r, &[]);
    let loc = error_loc(&out);
    assert_eq!(p.file_name(loc), "r.slic");
    assert_eq!((loc.line, loc.col), (3, 15));
    assert_eq!(ins.bounds, vec![(loc, "two locks".to_string())]);
    assert!(
        ins.aborts.iter().all(|(l, _)| *l != loc),
        "{:?}",
        ins.aborts
    );
    // one lock: no bound reached
    let src = "typedef struct { int x; } lock_t; extern void lock(lock_t *l); lock_t a;\nint main(void) { lock(&a); return 0; }\n";
    let (out, _, _) = run_rule(src, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    // the native monitor ends the run there too (as an abort at its own location)
    let m = native::monitor(&r, ins.rule_file.unwrap());
    assert_eq!(m.aborts, vec![loc]);
    // errors
    let e = rule_err("f.entry { giveup; }");
    assert!(e.message.contains("the giveup message (a string)"), "{e}");
    let e = rule_err("state { int giveup = 0; }\nf.entry { }");
    assert_eq!(e.line, 1, "{e}");
}

#[test]
fn double_acquire_ends_at_the_abort() {
    let src = format!(
        "{SPIN_DECLS}int main(void) {{ spin_lock(&lk); spin_lock(&lk); spin_unlock(&lk); return 0; }}\n"
    );
    let r = builtin("locking").unwrap();
    let (out, ins, p) = run_rule(&src, &r, &[]);
    assert!(abort_message(&out, &ins).contains("double acquire"));
    let loc = error_loc(&out);
    assert_eq!(p.file_name(loc), "<builtin:locking>");
    assert_eq!(Some(loc.file), ins.rule_file);
    let line = r.line(loc.line).unwrap();
    assert!(
        line.contains("abort") && line.contains("spin lock is acquired"),
        "{line}"
    );
    assert_eq!(ins.observed, vec!["spin_lock", "spin_unlock"]);
    assert_eq!(ins.synthetic.len(), 2);
    assert!(p.func_by_name("slic_spin_lock").is_some());
}

#[test]
fn a_correct_program_returns_normally() {
    let src = format!(
        "{SPIN_DECLS}int work(int n) {{ int i; for (i = 0; i < n; i++) {{ spin_lock(&lk); spin_unlock(&lk); }} return n; }}\nint main(void) {{ return work(3); }}\n"
    );
    let (out, ins, _) = run_rule(&src, &builtin("locking").unwrap(), &[]);
    assert_eq!(out, Outcome::Return { value: Some(3) });
    assert!(!ins.aborts.is_empty());
}

#[test]
fn release_without_acquire_and_lock_held_at_exit() {
    let r = builtin("locking").unwrap();
    let src = format!("{SPIN_DECLS}int main(void) {{ spin_unlock(&lk); return 0; }}\n");
    let (out, ins, _) = run_rule(&src, &r, &[]);
    assert!(abort_message(&out, &ins).contains("spin lock is released but it is not held"));
    let src = format!(
        "{SPIN_DECLS}int main(void) {{ int x = __VERIFIER_nondet_int(); spin_lock(&lk); if (x) return 1; spin_unlock(&lk); return 0; }}\n"
    );
    let (out, ins, _) = run_rule(&src, &r, &[1]);
    assert!(abort_message(&out, &ins).contains("still held when the entry function returns"));
    let (out, _, _) = run_rule(&src, &r, &[0]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
}

#[test]
fn windows_and_pthread_families_are_independent() {
    let src = "typedef unsigned long KSPIN_LOCK; typedef unsigned char KIRQL;\n\
        extern void KeAcquireSpinLock(KSPIN_LOCK *l, KIRQL *irql);\n\
        extern void KeReleaseSpinLock(KSPIN_LOCK *l, KIRQL irql);\n\
        extern int pthread_mutex_lock(void *m); extern int pthread_mutex_unlock(void *m);\n\
        KSPIN_LOCK sl; int m;\n\
        int main(void) { KIRQL irql; KeAcquireSpinLock(&sl, &irql); pthread_mutex_lock(&m);\n\
          pthread_mutex_unlock(&m); KeReleaseSpinLock(&sl, irql); KeReleaseSpinLock(&sl, irql); return 0; }\n";
    // inputs: the lock and the IRQL the acquire writes (its outputs), the two pthread
    // results, the lock each release writes
    let (out, ins, _) = run_rule(src, &builtin("locking").unwrap(), &[0; 6]);
    assert!(abort_message(&out, &ins).contains("Windows spin lock is released"));
}

#[test]
fn trylock_acquires_only_when_it_succeeds() {
    let src = "typedef struct { int x; } mutex_t; extern int mutex_trylock(mutex_t *m); extern void mutex_unlock(mutex_t *m); mutex_t m;\n\
        int main(void) { if (mutex_trylock(&m)) { mutex_unlock(&m); } return 0; }\n";
    let r = builtin("locking").unwrap();
    let (out, _, _) = run_rule(src, &r, &[1]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    let (out, _, _) = run_rule(src, &r, &[0]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    // Unlocking after a failed trylock is a violation.
    let src = "typedef struct { int x; } mutex_t; extern int mutex_trylock(mutex_t *m); extern void mutex_unlock(mutex_t *m); mutex_t m;\n\
        int main(void) { mutex_trylock(&m); mutex_unlock(&m); return 0; }\n";
    let (out, ins, _) = run_rule(src, &r, &[0]);
    assert!(abort_message(&out, &ins).contains("mutex is released but it is not held"));
    let (out, _, _) = run_rule(src, &r, &[1]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
}

#[test]
fn critical_region_and_rcu_rules() {
    let cr = builtin("critical-region").unwrap();
    let src = "extern void KeEnterCriticalRegion(void); extern void KeLeaveCriticalRegion(void);\n\
        int main(void) { KeEnterCriticalRegion(); KeEnterCriticalRegion(); KeLeaveCriticalRegion(); KeLeaveCriticalRegion(); KeLeaveCriticalRegion(); return 0; }\n";
    let (out, ins, _) = run_rule(src, &cr, &[]);
    assert!(abort_message(&out, &ins).contains("outside a critical region"));
    let src = "extern void KeEnterCriticalRegion(void); extern void KeLeaveCriticalRegion(void);\n\
        int main(void) { KeEnterCriticalRegion(); KeEnterCriticalRegion(); KeLeaveCriticalRegion(); return 0; }\n";
    let (out, ins, _) = run_rule(src, &cr, &[]);
    assert!(abort_message(&out, &ins).contains("still open"));

    let rcu = builtin("rcu").unwrap();
    let src = "extern void rcu_read_lock(void); extern void rcu_read_unlock(void); extern void msleep(unsigned int ms);\n\
        int main(void) { rcu_read_lock(); rcu_read_lock(); rcu_read_unlock(); msleep(10); rcu_read_unlock(); return 0; }\n";
    let (out, ins, _) = run_rule(src, &rcu, &[]);
    assert!(abort_message(&out, &ins).contains("may sleep"));
    let src = "extern void rcu_read_lock(void); extern void rcu_read_unlock(void); extern void msleep(unsigned int ms);\n\
        int main(void) { rcu_read_lock(); rcu_read_unlock(); msleep(10); return 0; }\n";
    let (out, _, _) = run_rule(src, &rcu, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
}

#[test]
fn events_on_defined_functions_are_spliced() {
    let r = rule(
        "state { int held; }\nacquire.entry { if (held) abort \"twice\"; held = 1; }\nacquire.exit { if ($return != $1) abort \"wrong result\"; }\nrelease.entry { held = 0; }\n",
    );
    let src = "int acquire(int k) { k = k + 1; return k - 1; }\nvoid release(void) { }\n\
        int main(void) { int r = acquire(7); release(); r = acquire(r); return r; }\n";
    let (out, ins, p) = run_rule(src, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(7) });
    assert!(ins.synthetic.is_empty());
    let acq = p.func_by_name("acquire").unwrap();
    let names: Vec<_> = p
        .func(acq)
        .locals
        .iter()
        .map(|v| p.var(*v).name.clone())
        .collect();
    assert!(
        names.contains(&"$1".to_string()) && names.contains(&"$return".to_string()),
        "{names:?}"
    );
    let src =
        "int acquire(int k) { return k; }\nint main(void) { acquire(1); acquire(2); return 0; }\n";
    let (out, ins, _) = run_rule(src, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "twice");
}

#[test]
fn events_do_not_nest_in_the_bodies_of_observed_functions() {
    // `api_lock` (a body, as an inline header function) calls `raw_lock` (no body); the
    // rule observes both spellings, so each call counts once whichever the program uses
    let r = rule(
        "state { int held; }\napi_lock.entry, raw_lock.entry, wrap_lock.entry { if (held) abort \"twice\"; held = 1; }\nraw_unlock.entry { if (!held) abort \"not held\"; held = 0; }\n",
    );
    let decls = "# 1 \"/usr/include/lockapi.h\" 1 3\n\
        typedef struct { int x; } lock_t; extern void raw_lock(lock_t *l); extern void raw_unlock(lock_t *l);\n\
        static void helper(lock_t *l) { raw_lock(l); }\n\
        static inline void api_lock(lock_t *l) { helper(l); }\n\
        static inline void wrap_lock(lock_t *l) { api_lock(l); }\n\
        # 2 \"t.c\" 2\nlock_t lk;\n";
    let ok = format!(
        "{decls}int main(void) {{ api_lock(&lk); raw_unlock(&lk); raw_lock(&lk); raw_unlock(&lk); wrap_lock(&lk); raw_unlock(&lk); return 0; }}\n"
    );
    let (out, ins, p) = run_rule(&ok, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    // `api_lock` is called inside `wrap_lock`: that call goes to an uninstrumented copy
    // (beside the wrappers of `raw_lock` and `raw_unlock`)
    assert_eq!(ins.synthetic.len(), 3, "{:?}", ins.synthetic);
    assert!(p.func_by_name("slic_raw_lock").is_some());
    let twice = format!("{decls}int main(void) {{ api_lock(&lk); raw_lock(&lk); return 0; }}\n");
    let (out, ins, _) = run_rule(&twice, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "twice");
    // a helper the program also calls itself is not inside: its call is an event
    // (and `api_lock`'s call of it goes to a copy)
    let shared = format!(
        "{decls}int main(void) {{ helper(&lk); raw_unlock(&lk); api_lock(&lk); raw_unlock(&lk); helper(&lk); return 0; }}\n"
    );
    let (out, _, _) = run_rule(&shared, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    // the program's own observed functions are not the library's: their calls are events
    let own = "typedef struct { int x; } lock_t; extern void raw_lock(lock_t *l); lock_t lk;\n\
        void api_lock(lock_t *l) { raw_lock(l); }\n\
        int main(void) { api_lock(&lk); return 0; }\n";
    let (out, ins, _) = run_rule(own, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "twice");
}

#[test]
fn arguments_and_results_of_external_functions() {
    let r = rule(
        "state { int last = -1; }\nget.exit { if ($return == $1 && $2 > 0 || last == 5) abort \"same\"; last = $return; }\n",
    );
    let src = "extern int get(int a, long b);\nint main(void) { get(3, 1); get(4, 0); return get(5, 1); }\n";
    // get(3,1) returns 0; get(4,0) returns 4 ($2 == 0: no abort) and sets last = 4;
    // get(5,1) returns 9.
    let (out, _, _) = run_spec(src, &Spec::Rule(r.clone()), "main", &[0, 4, 9]);
    assert_eq!(out, Outcome::Return { value: Some(9) });
    let (out, ins, _) = run_spec(src, &Spec::Rule(r.clone()), "main", &[3]);
    assert_eq!(abort_message(&out, &ins), "same");
    let (out, ins, _) = run_spec(src, &Spec::Rule(r), "main", &[5, 1]);
    assert_eq!(abort_message(&out, &ins), "same");
}

#[test]
fn values_with_short_circuit_operators() {
    let r = rule("state { int a; int b; }\nf.entry { a = $1 > 0 && $1 < 10; b = !a || $1 == 3; if (a + b == 2) abort \"both\"; }\n");
    let src = "extern void f(int x);\nint main(void) { f(20); f(5); f(3); return 0; }\n";
    let (out, ins, _) = run_rule(src, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "both");
}

#[test]
fn pointer_arguments_compare_with_pointers_and_null() {
    let r = rule("state { int seen; }\nuse.entry { if ($1 == 0) abort \"null\"; if ($1 != $2) seen = seen + 1; }\n");
    // `const`: inputs of the unknown function, not outputs it writes (and takes inputs for)
    let src = "extern void use(const int *p, const int *q); int g, h;\nint main(void) { use(&g, &g); use(&g, &h); use(0, &g); return 0; }\n";
    let (out, ins, _) = run_rule(src, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "null");
    let e = instrument(
        &mut program(src),
        &Spec::Rule(rule("state { int s; }\nuse.entry { s = $1; }\n")),
        "main",
    )
    .unwrap_err();
    assert!(e.message.contains("only integers"), "{e}");
    let e = instrument(
        &mut program(src),
        &Spec::Rule(rule(
            "state { int s; }\nuse.entry { if ($1 == 1) s = 1; }\n",
        )),
        "main",
    )
    .unwrap_err();
    assert!(
        e.message
            .contains("comparison of a pointer with an integer"),
        "{e}"
    );
}

#[test]
fn calls_through_pointers_reach_the_wrapper() {
    let src = format!(
        "{SPIN_DECLS}struct ops {{ void (*lock)(spinlock_t *); }};\nstruct ops o = {{ spin_lock }};\n\
         int main(void) {{ void (*f)(spinlock_t *) = spin_lock; f(&lk); o.lock(&lk); return 0; }}\n"
    );
    let (out, ins, _) = run_rule(&src, &builtin("locking").unwrap(), &[]);
    assert!(abort_message(&out, &ins).contains("double acquire"));
}

#[test]
fn entry_exit_runs_only_for_the_first_activation() {
    let r = builtin("locking").unwrap();
    let src = format!(
        "{SPIN_DECLS}int depth;\nint main(void) {{ if (depth == 0) {{ depth = 1; spin_lock(&lk); main(); spin_unlock(&lk); }} return 0; }}\n"
    );
    let (out, ins, p) = run_rule(&src, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    assert!(p.func_by_name("slic_main_rec").is_some());
    assert!(ins
        .synthetic
        .contains(&p.func_by_name("slic_main_rec").unwrap()));
    let src = format!(
        "{SPIN_DECLS}int depth;\nint main(void) {{ if (depth == 0) {{ depth = 1; main(); spin_lock(&lk); }} return 0; }}\n"
    );
    let (out, ins, _) = run_rule(&src, &r, &[]);
    assert!(abort_message(&out, &ins).contains("still held"));
}

#[test]
fn unprototyped_external_functions_get_a_wrapper_from_their_calls() {
    let src = "extern void spin_lock(); extern void spin_unlock();\nint a;\nint main(void) { spin_lock(&a); spin_unlock(&a); spin_unlock(&a); return 0; }\n";
    let (out, ins, _) = run_rule(src, &builtin("locking").unwrap(), &[]);
    assert!(abort_message(&out, &ins).contains("spin lock is released but it is not held"));
    let src = "extern void spin_lock();\nint a;\nint main(void) { spin_lock(&a); spin_lock(1); return 0; }\n";
    let e = instrument(
        &mut program(src),
        &Spec::Rule(builtin("locking").unwrap()),
        "main",
    )
    .unwrap_err();
    assert!(e.message.contains("pass different arguments"), "{e}");
    assert_eq!(e.file, "<builtin:locking>");
}

#[test]
fn names_do_not_clash_with_the_program() {
    let src = format!(
        "{SPIN_DECLS}int slic_spin1 = 5;\nvoid slic_spin_lock(void) {{ }}\nint main(void) {{ slic_spin_lock(); spin_lock(&lk); spin_unlock(&lk); return slic_spin1; }}\n"
    );
    let (out, _, p) = run_rule(&src, &builtin("locking").unwrap(), &[]);
    assert_eq!(out, Outcome::Return { value: Some(5) });
    assert!(p.func_by_name("slic_spin_lock_").is_some());
    assert!(p.vars.iter().any(|v| v.name == "slic_spin1_"));
}

#[test]
fn semantic_errors_against_the_program() {
    let src = "extern void f(int a); extern void *malloc(unsigned long n); void v(void) { }\nint main(void) { f(1); v(); malloc(4); return 0; }\n";
    let check = |text: &str, line: u32, col: u32, msg: &str| {
        let e = instrument(&mut program(src), &Spec::Rule(rule(text)), "main").unwrap_err();
        assert!(e.message.contains(msg), "{text}: {e}");
        assert_eq!(
            (e.file.as_str(), e.line, e.col),
            ("r.slic", line, col),
            "{text}: {e}"
        );
    };
    check(
        "state { int s; }\nf.entry { s = $2; }",
        2,
        15,
        "`$2`: `f` has 1 parameter",
    );
    check(
        "state { int s; }\nv.exit { s = $return; }",
        2,
        14,
        "`v` returns void",
    );
    check(
        "state { int s; }\nmalloc.entry { s = 1; }",
        2,
        1,
        "cannot observe calls of `malloc`",
    );
    // Events on functions the program does not know are unused, not errors.
    let mut p = program(src);
    let ins = instrument(
        &mut p,
        &Spec::Rule(rule("state { int s; }\nnothere.entry { s = 1; }")),
        "main",
    )
    .unwrap();
    assert!(ins.observed.is_empty());
    assert!(ins.aborts.is_empty());
    // A missing entry function.
    let e = instrument(&mut program(src), &Spec::Assertions, "drv").unwrap_err();
    assert!(
        e.message.contains("entry function `drv` is not defined"),
        "{e}"
    );
    assert_eq!(e.file, "t.c");
    let e = instrument(&mut program(src), &Spec::Assertions, "f").unwrap_err();
    assert!(e.message.contains("declared but not defined"), "{e}");
}

#[test]
fn rules_turn_the_programs_own_errors_into_halts() {
    let src = format!(
        "{SPIN_DECLS}extern void reach_error(void);\nint main(void) {{ int x = __VERIFIER_nondet_int(); if (x) reach_error(); spin_lock(&lk); spin_unlock(&lk); return 0; }}\n"
    );
    let (out, _, p) = run_rule(&src, &builtin("locking").unwrap(), &[1]);
    assert_eq!(out, Outcome::Exit { code: None });
    for f in &p.functions {
        if let Some(b) = &f.body {
            for (_, e) in b.edges() {
                if e.stmt == Stmt::Error {
                    assert_eq!(p.file_name(e.loc), "<builtin:locking>");
                }
            }
        }
    }
}

#[test]
fn initial_predicates_come_from_the_rule() {
    let src = "extern int get(int a); extern void spin_lock(int *l); extern void spin_unlock(int *l); int l;\n\
        int main(void) { spin_lock(&l); spin_unlock(&l); return get(1); }\n";
    let mut r = builtin("locking").unwrap();
    r.handlers.push(
        rule("get.exit { if ($return > 2) abort \"big\"; }")
            .handlers
            .remove(0),
    );
    let mut p = program(src);
    let ins = instrument(&mut p, &Spec::Rule(r), "main").unwrap();
    let text = ins.predicates.to_file(&p);
    assert!(text.contains("global: slic_spin1_held == 0"), "{text}");
    // the comparisons of the lock with the slots, at the calls too
    assert!(text.contains("global: (void *)&l == slic_spin1"), "{text}");
    assert!(
        text.contains("slic_spin_unlock: (void *)$1 == (void *)&l"),
        "{text}"
    );
    assert!(text.contains("slic_get: $return <= 2"), "{text}");
    assert!(
        !text.contains("slic_ke"),
        "unused families add no predicates: {text}"
    );
}

/// Abstracts an instrumented program with the rule's initial predicates and asks bebop
/// whether an error is reachable.
fn abstract_and_check(src: &str, r: &Rule) -> bool {
    let mut p = program(src);
    let ins = instrument(&mut p, &Spec::Rule(r.clone()), "main").unwrap();
    let options = Options {
        entry: "main".into(),
        threads: 1,
        ..Options::default()
    };
    let abs = Abstractor::new()
        .abstract_program(&p, &ins.predicates, &options)
        .unwrap_or_else(|e| panic!("{e}"));
    let text = bebop::printer::print_program(&abs.program);
    bebop::parser::parse(&text).unwrap_or_else(|d| panic!("{}\n{text}", d.message));
    assert!(bebop::check::check(&abs.program).is_empty(), "{text}");
    let cfg = bebop::cfg::Cfg::build(&abs.program).unwrap();
    let engine = bebop::driver::Engine::Explicit(Default::default());
    match bebop::driver::decide(&cfg, &bebop::reach::Target::AssertFailure, &engine).0 {
        bebop::reach::Outcome::Unreachable => false,
        bebop::reach::Outcome::Reachable(_) => true,
        bebop::reach::Outcome::GaveUp(why) => panic!("{why}"),
    }
}

#[test]
fn instrumented_programs_abstract_and_the_rule_predicates_prove_them() {
    let r = builtin("locking").unwrap();
    let safe = format!(
        "{SPIN_DECLS}void helper(void) {{ spin_lock(&lk); spin_unlock(&lk); }}\nint main(void) {{ int i; for (i = 0; i < 10; i++) helper(); if (__VERIFIER_nondet_int()) {{ spin_lock(&lk); spin_unlock(&lk); }} return 0; }}\n"
    );
    assert!(!abstract_and_check(&safe, &r));
    let buggy = format!(
        "{SPIN_DECLS}void helper(void) {{ spin_lock(&lk); }}\nint main(void) {{ helper(); if (__VERIFIER_nondet_int()) spin_unlock(&lk); return 0; }}\n"
    );
    assert!(abstract_and_check(&buggy, &r));
}

// ---------------------------------------------------------------- assertions and properties

const SVCOMP: &str =
    "extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
    void reach_error() { __assert_fail(\"0\", \"t.c\", 2, \"reach_error\"); }\n\
    int main(void) { int x = __VERIFIER_nondet_int();\n\
      if (x == 1) __assert_fail(\"x\", \"t.c\", 4, \"main\");\n\
      if (x == 2) reach_error();\n\
      return 0; }\n";

#[test]
fn the_property_is_about_the_error_call_only() {
    let prop = Spec::Property(
        parse_property(
            "p.prp",
            "CHECK( init(main()), LTL(G ! call(reach_error())) )",
        )
        .unwrap(),
    );
    let (out, ins, _) = run_spec(SVCOMP, &prop, "main", &[2]);
    let loc = error_loc(&out);
    assert_eq!(loc.line, 5, "the error is at the call");
    assert_eq!(abort_message(&out, &ins), "`reach_error` is called");
    let (out, _, _) = run_spec(SVCOMP, &prop, "main", &[1]);
    assert_eq!(out, Outcome::Exit { code: None });
    let (out, _, _) = run_spec(SVCOMP, &prop, "main", &[0]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
}

#[test]
fn assertions_keep_every_error_and_add_error_calls() {
    let (out, ins, _) = run_spec(SVCOMP, &Spec::Assertions, "main", &[1]);
    assert_eq!(error_loc(&out).line, 4);
    assert!(abort_message(&out, &ins).contains("error location"));
    let (out, ins, _) = run_spec(SVCOMP, &Spec::Assertions, "main", &[2]);
    assert_eq!(error_loc(&out).line, 5);
    assert_eq!(abort_message(&out, &ins), "`reach_error` is called");
    // An empty reach_error body still makes its calls errors, also through a pointer.
    let src = "void reach_error(void) {}\nint main(void) { void (*e)(void) = reach_error; if (__VERIFIER_nondet_int()) e(); return 0; }\n";
    let (out, _, p) = run_spec(src, &Spec::Assertions, "main", &[1]);
    let Outcome::Error { func, .. } = out else {
        panic!("{out:?}")
    };
    assert_eq!(p.func(func).name, "reach_error");
}

#[test]
fn verifier_error_always_counts() {
    let src = "extern void __VERIFIER_error(void);\nint main(void) { if (__VERIFIER_nondet_int()) __VERIFIER_error(); return 0; }\n";
    let prop = Spec::Property(Property {
        entry: "main".into(),
        error_functions: vec!["reach_error".into()],
    });
    let (out, ins, _) = run_spec(src, &prop, "main", &[1]);
    assert_eq!(abort_message(&out, &ins), "`__VERIFIER_error` is called");
    // With an assertion as well, the two kinds of error locations cannot be told apart.
    let src = "extern void __VERIFIER_error(void); extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
        int main(void) { if (__VERIFIER_nondet_int()) __VERIFIER_error(); __assert_fail(\"a\", \"t.c\", 2, \"main\"); return 0; }\n";
    let e = instrument(&mut program(src), &prop, "main").unwrap_err();
    assert!(e.message.contains("cannot tell them apart"), "{e}");
    assert_eq!((e.file.as_str(), e.line), ("t.c", 1));
}

#[test]
fn named_events_on_the_entry_function_run_on_every_activation() {
    let r = rule(
        "state { int n; int m; }\nmain.entry { n = n + 1; }\nmain.exit { m = m + 1; }\n$entry.exit { if (m != 2 || n != 2) abort \"counts\"; }\n",
    );
    let src = "int d;\nint main(void) { if (d == 0) { d = 1; main(); } return 0; }\n";
    let (out, _, _) = run_rule(src, &r, &[]);
    assert_eq!(out, Outcome::Return { value: Some(0) });
    let src = "int main(void) { return 0; }\n";
    let (out, ins, _) = run_rule(src, &r, &[]);
    assert_eq!(abort_message(&out, &ins), "counts");
}

#[test]
fn a_missing_entry_names_the_c_file_even_after_includes() {
    let dir = std::env::temp_dir().join(format!("slamrs-rules-entry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let c = dir.join("drv.c");
    std::fs::write(
        &c,
        "#include <stddef.h>\nint helper(void) { return (int)sizeof(size_t); }\n",
    )
    .unwrap();
    let mut p = slamrs_abstraction::frontend::load_file(&c, &LoadOptions::default()).unwrap();
    let e = instrument(&mut p, &Spec::Rule(builtin("locking").unwrap()), "main").unwrap_err();
    assert_eq!(
        e.to_string(),
        format!(
            "{}: error: the entry function `main` is not defined in the program",
            c.display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn handlers_that_cannot_matter_are_not_instrumented() {
    // No rcu_read_lock: the depth stays 0, so msleep's handler is empty and not observed.
    let src = "extern void msleep(unsigned int ms);\nint main(void) { msleep(1); return 0; }\n";
    let mut p = program(src);
    let ins = instrument(&mut p, &Spec::Rule(builtin("rcu").unwrap()), "main").unwrap();
    assert!(ins.observed.is_empty(), "{:?}", ins.observed);
    assert!(ins.aborts.is_empty() && ins.predicates.is_empty());
    assert!(p.func_by_name("slic_msleep").is_none());
}

#[test]
fn mangled_rules_give_errors_or_instrument_never_panic() {
    let base = program(&format!(
        "{SPIN_DECLS}extern int mutex_trylock(int *m); extern void mutex_unlock(int *m); int m;\n\
         int main(void) {{ spin_lock(&lk); if (mutex_trylock(&m)) mutex_unlock(&m); spin_unlock(&lk); return 0; }}\n"
    ));
    let text = builtin_text("locking").unwrap();
    let chars: Vec<char> = text.chars().collect();
    let mut parsed = 0;
    for cut in (0..chars.len()).step_by(3) {
        let truncated: String = chars[..cut].iter().collect();
        let deleted: String = chars[..cut].iter().chain(&chars[cut + 1..]).collect();
        for t in [truncated, deleted] {
            match parse_rule("m.slic", &t) {
                Ok(r) => {
                    parsed += 1;
                    let mut p = base.clone();
                    if let Err(e) = instrument(&mut p, &Spec::Rule(r), "main") {
                        assert!(!e.message.contains("internal error"), "{e}\n{t}");
                    }
                }
                Err(e) => assert!(e.line >= 1 && e.col >= 1, "{e}"),
            }
        }
    }
    assert!(parsed > 10);
}
