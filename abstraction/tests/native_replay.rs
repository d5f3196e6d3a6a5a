//! Native replay (`slamrs_abstraction::native`): a run of the CIR interpreter, replayed as
//! the gcc-compiled program, must be confirmed when both read the program the same way,
//! and must be refused — with the difference named — when they do not.

use slamrs_abstraction::cir::{DataModel, HavocKind, Loc, Program, Ty};
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{
    self, Choice, Config, IntMode, NoObserver, Oracle, Outcome, Recording,
};
use slamrs_abstraction::native::{
    self, ErrorSpec, FnHooks, Hooks, Monitor, NativeEvent, NativeSpec, Request, Verdict,
};
use std::path::{Path, PathBuf};

fn write(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("native_replay");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// Inputs in order; uninitialized values and allocation failures as given.
struct TestOracle {
    inputs: Vec<i128>,
    uninit: i128,
    fail_allocs: bool,
}

impl Oracle for TestOracle {
    fn next(&mut self, why: &HavocKind, _ty: Ty, _p: &Program, _l: Loc) -> Option<i128> {
        Some(match why {
            HavocKind::Input(_) if self.inputs.is_empty() => 0,
            HavocKind::Input(_) => self.inputs.remove(0),
            HavocKind::Uninit => self.uninit,
            HavocKind::Opaque(_) => 0,
        })
    }
    fn alloc_fails(&mut self, _site: slamrs_abstraction::cir::AllocId) -> bool {
        self.fail_allocs
    }
}

/// Interprets `path` with `oracle`; the choices and where the error was reached.
fn interpret(prog: &Program, oracle: TestOracle) -> (Vec<Choice>, Loc) {
    let mut inner = oracle;
    let mut rec = Recording::new(&mut inner);
    let cfg = Config {
        int_mode: IntMode::Machine,
        ..Config::default()
    };
    let run = interp::run(prog, &cfg, &mut rec, &mut NoObserver);
    match run.outcome {
        Outcome::Error { loc, .. } => (rec.choices, loc),
        o => panic!("the interpreter did not reach the error: {o:?}"),
    }
}

fn harness(path: &Path, prog: &Program, spec: &NativeSpec) -> native::Harness {
    native::build(&Request {
        file: path,
        cppflags: &[],
        data_model: DataModel::Lp64,
        prog,
        spec,
        keep_dir: None,
        run_timeout_s: 10.0,
    })
    .unwrap_or_else(|e| panic!("the harness does not build: {e}"))
}

fn assertions() -> NativeSpec {
    NativeSpec {
        entry: "main".into(),
        errors: ErrorSpec::Assertions,
        monitor: None,
    }
}

fn load(path: &Path) -> Program {
    load_file(path, &LoadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn confirms_what_both_read_alike() {
    let p = write(
        "alike.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n#include <stdlib.h>\n\
         struct s { unsigned f : 3; } __attribute__((packed));\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  struct s v; int u;\n  v.f = x;\n\
           int *q = malloc(sizeof *q);\n  if (!q && v.f == 2 && u == 7) reach_error();\n  free(q);\n  return 0;\n}\n",
    );
    let prog = load(&p);
    let h = harness(&p, &prog, &assertions());
    let (choices, loc) = interpret(
        &prog,
        TestOracle {
            inputs: vec![10],
            uninit: 7,
            fail_allocs: true,
        },
    );
    match h.replay(&prog, &choices, loc) {
        Verdict::Confirmed(run) => {
            assert!(run.events.contains(&NativeEvent::Input {
                func: "__VERIFIER_nondet_int".into(),
                value: 10
            }));
            assert!(run.events.contains(&NativeEvent::Alloc(true)));
            assert!(matches!(run.events.last(), Some(NativeEvent::Error(_))));
        }
        Verdict::Disagrees { why, run } => panic!("{why}: {run:?}"),
    }
}

#[test]
fn a_library_function_is_the_real_one() {
    // the interpreter takes `rand()` as an unknown function's input; the compiled program
    // calls glibc's rand, which never returns 5 first
    let p = write(
        "rand.c",
        "#include <stdlib.h>\nextern void reach_error(void);\nint main(void) { if (rand() == 5) reach_error(); return 0; }\n",
    );
    let prog = load(&p);
    let h = harness(&p, &prog, &assertions());
    let (choices, loc) = interpret(
        &prog,
        TestOracle {
            inputs: vec![5],
            uninit: 0,
            fail_allocs: false,
        },
    );
    match h.replay(&prog, &choices, loc) {
        Verdict::Disagrees { why, .. } => {
            assert!(why.contains("without reaching the error"), "{why}")
        }
        Verdict::Confirmed(run) => panic!("confirmed: {run:?}"),
    }
}

#[test]
fn the_error_site_must_match() {
    let p = write(
        "sites.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x == 1) reach_error();\n  if (x == 2) reach_error();\n  return 0;\n}\n",
    );
    let prog = load(&p);
    let h = harness(&p, &prog, &assertions());
    let (choices, first) = interpret(
        &prog,
        TestOracle {
            inputs: vec![1],
            uninit: 0,
            fail_allocs: false,
        },
    );
    let (_, second) = interpret(
        &prog,
        TestOracle {
            inputs: vec![2],
            uninit: 0,
            fail_allocs: false,
        },
    );
    assert!(matches!(
        h.replay(&prog, &choices, first),
        Verdict::Confirmed(_)
    ));
    match h.replay(&prog, &choices, second) {
        Verdict::Disagrees { why, .. } => assert!(why.contains(":5:"), "{why}"),
        Verdict::Confirmed(_) => panic!("a different call site was accepted"),
    }
}

#[test]
fn unknown_functions_are_stubbed_with_inputs() {
    let p = write(
        "extern.c",
        "extern void reach_error(void);\nextern int read_sensor(int channel);\nextern long g_counter;\n\
         int main(void) { int (*f)(int) = read_sensor; if (f(3) == 42 && g_counter == 0) reach_error(); return 0; }\n",
    );
    let prog = load(&p);
    let h = harness(&p, &prog, &assertions());
    let (choices, loc) = interpret(
        &prog,
        TestOracle {
            inputs: vec![42],
            uninit: 0,
            fail_allocs: false,
        },
    );
    match h.replay(&prog, &choices, loc) {
        Verdict::Confirmed(run) => assert!(run.events.contains(&NativeEvent::Input {
            func: "read_sensor".into(),
            value: 42
        })),
        Verdict::Disagrees { why, run } => panic!("{why}: {run:?}"),
    }
}

#[test]
fn a_rule_monitor_runs_in_the_compiled_program() {
    // `lock` has no body (the harness wraps it), `unlock` has one (handlers are spliced)
    let p = write(
        "rule.c",
        "extern void lock(int *l);\nvoid unlock(int *l) { *l = 0; }\n\
         int main(void) { int m = 0; lock(&m); unlock(&m); lock(&m); lock(&m); return 0; }\n",
    );
    let prog = load(&p);
    let abort_at = Loc {
        file: slamrs_abstraction::cir::FileId(7),
        line: 3,
        col: 4,
    };
    let monitor = Monitor {
        state: vec![0],
        pointer_state: vec![false],
        functions: vec![
            FnHooks {
                func: "lock".into(),
                hooks: Hooks {
                    entry: format!(
                        "if ({s} == 1) {{ {a} }} {s} = 1; if ({arg} == 0) {{ {a} }}",
                        s = native::state_var(0),
                        a = native::abort_call(0),
                        arg = native::arg(1)
                    ),
                    exit: String::new(),
                },
            },
            FnHooks {
                func: "unlock".into(),
                hooks: Hooks {
                    entry: String::new(),
                    exit: format!("{} = 0;", native::state_var(0)),
                },
            },
        ],
        entry: Hooks::default(),
        aborts: vec![abort_at],
    };
    let spec = NativeSpec {
        entry: "main".into(),
        errors: ErrorSpec::Rule,
        monitor: Some(monitor),
    };
    let h = harness(&p, &prog, &spec);
    match h.replay(&prog, &[], abort_at) {
        Verdict::Confirmed(run) => assert_eq!(run.events.last(), Some(&NativeEvent::Abort(0))),
        Verdict::Disagrees { why, run } => panic!("{why}: {run:?}"),
    }
}

#[test]
fn the_program_may_define_libc_names() {
    // a driver's own `read`, `write`, `open` and `calloc` must not disturb the harness
    let p = write(
        "libc_names.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int open(int dev) { return dev + 1; }\nint read(int dev) { return dev * 2; }\n\
         int write(int dev, int v) { return dev + v; }\nvoid *calloc(unsigned long n, unsigned long s) { return 0; }\n\
         int main(void) { int d = open(__VERIFIER_nondet_int()); if (write(read(d), 1) == 9 && !calloc(1, 1)) reach_error(); return 0; }\n",
    );
    let prog = load(&p);
    let h = harness(&p, &prog, &assertions());
    let (choices, loc) = interpret(
        &prog,
        TestOracle {
            inputs: vec![3],
            uninit: 0,
            fail_allocs: false,
        },
    );
    match h.replay(&prog, &choices, loc) {
        Verdict::Confirmed(_) => {}
        Verdict::Disagrees { why, run } => panic!("{why}: {run:?}"),
    }
}
