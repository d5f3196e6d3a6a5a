//! Differential test: every program in `c-tests/frontend/*.c` is compiled with gcc (linked
//! with `c-tests/frontend/harness/env.c`) and lowered to CIR; both are run on each
//! `// inputs:` line of the program's header, and their standard output and exit status must
//! agree exactly. The CIR interpreter runs in machine-integer mode (the x86-64 LP64 widths
//! gcc uses).
//!
//! Status conventions (shared with env.c): an error location (`reach_error`,
//! `__VERIFIER_error`, a failing `assert`) is status 99, running out of inputs 98, a failed
//! `__VERIFIER_assume` 97, `exit(n)` and `return n` from `main` are `n & 255`, and `abort()`
//! is death by SIGABRT.
//!
//! Every run also checks points-to soundness: each pointer the interpreter stores must be in
//! the points-to set the analysis computed for the location it is stored to.
//!
//! gcc is required (scripts/setup installs it). Set `SLAMRS_CTESTS_FILTER=name` to run only
//! the programs whose file name contains `name`.

mod common;

use common::{RunResult, Status};
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::analysis::soundness::PointsToChecker;
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{run, Config, IntMode, SeqOracle};
use std::sync::atomic::{AtomicU64, Ordering};

/// Pointer stores checked against the points-to sets, over all runs.
static POINTER_STORES_CHECKED: AtomicU64 = AtomicU64::new(0);
use std::path::{Path, PathBuf};

/// Run the lowered program on `inputs` in machine-integer mode, checking every stored
/// pointer against the points-to sets `pt`.
fn interpret(prog: &Program, pt: &PointsTo, inputs: &[i128]) -> Result<RunResult, String> {
    let cfg = Config {
        int_mode: IntMode::Machine,
        ..Config::default()
    };
    let mut oracle = SeqOracle::new(inputs.to_vec());
    let mut checker = PointsToChecker::new(prog, pt);
    let r = run(prog, &cfg, &mut oracle, &mut checker);
    POINTER_STORES_CHECKED.fetch_add(checker.checked(), Ordering::Relaxed);
    if !checker.is_sound() {
        return Err(format!(
            "points-to analysis unsound on this run:\n{}",
            checker.report()
        ));
    }
    let status = common::outcome_status(prog, &r.outcome).map_err(|why| {
        format!(
            "{why}\n    output so far:\n{}",
            common::show_output(&r.output, 20)
        )
    })?;
    Ok(RunResult {
        stdout: r.output,
        status,
    })
}

/// Compare one run; a readable description of the difference if there is one.
fn compare(expected: &RunResult, actual: &RunResult) -> Option<String> {
    if expected == actual {
        return None;
    }
    let mut msg = String::new();
    if expected.status != actual.status {
        msg.push_str(&format!(
            "    status: gcc {} vs interpreter {}\n",
            expected.status, actual.status
        ));
    }
    if let Some(line) = common::first_difference(&expected.stdout, &actual.stdout) {
        msg.push_str(&format!("    output differs from line {line}\n"));
        msg.push_str("    gcc:\n");
        msg.push_str(&common::show_output(&expected.stdout, 40));
        msg.push_str("    interpreter:\n");
        msg.push_str(&common::show_output(&actual.stdout, 40));
    }
    Some(msg)
}

/// Check one program: the number of runs compared, and the failures found (a failure to
/// read, compile or lower the program is one failure and no run).
fn check_program(path: &Path, env_obj: &Path, scratch: &Path) -> (usize, Vec<String>) {
    match prepare(path, env_obj, scratch) {
        Ok((runs, bin, prog)) => compare_runs(path, &runs, &bin, &prog),
        Err(e) => (0, vec![e]),
    }
}

/// Read the header, compile with gcc and lower to CIR.
fn prepare(
    path: &Path,
    env_obj: &Path,
    scratch: &Path,
) -> Result<(Vec<Vec<i128>>, PathBuf, Program), String> {
    let name = common::short_name(path);
    let text = std::fs::read(path)
        .map(|b| String::from_utf8_lossy(&b).into_owned())
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    let runs = common::program_inputs(&text).map_err(|e| format!("{name}: header: {e}"))?;
    let bin = common::compile_program(path, &[env_obj], scratch)
        .map_err(|e| format!("{name}: gcc failed:\n{e}"))?;
    let prog = load_file(path, &LoadOptions::default())
        .map_err(|e| format!("{name}: frontend error: {e}"))?;
    Ok((runs, bin, prog))
}

/// Run the gcc binary and the interpreter on every input vector and compare.
fn compare_runs(
    path: &Path,
    runs: &[Vec<i128>],
    bin: &Path,
    prog: &Program,
) -> (usize, Vec<String>) {
    let name = common::short_name(path);
    let mut failures = Vec::new();
    let pt = PointsTo::compute(prog);
    for inputs in runs {
        let shown = common::show_inputs(inputs);
        let expected = match common::run_binary(bin, inputs) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{name} [inputs: {shown}]: gcc run: {e}"));
                continue;
            }
        };
        match interpret(prog, &pt, inputs) {
            Ok(actual) => {
                if let Some(diff) = compare(&expected, &actual) {
                    failures.push(format!("{name} [inputs: {shown}]: mismatch\n{diff}"));
                }
            }
            Err(e) => failures.push(format!(
                "{name} [inputs: {shown}]: {e}\n    gcc gave {}:\n{}",
                expected.status,
                common::show_output(&expected.stdout, 20)
            )),
        }
    }
    (runs.len(), failures)
}

#[test]
fn interpreter_agrees_with_gcc() {
    let dir = common::corpus_dir("frontend");
    let files = common::filter_by_env(common::c_files(&dir), "SLAMRS_CTESTS_FILTER");
    assert!(!files.is_empty(), "no programs found in {}", dir.display());
    let scratch = common::ScratchDir::new("gcc-differential");
    let env_obj = common::compile_env_stub(&scratch.path)
        .unwrap_or_else(|e| panic!("gcc is required for this test: {e}"));
    let (mut programs_ok, mut runs) = (0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    for path in &files {
        let (n, f) = check_program(path, &env_obj, &scratch.path);
        runs += n;
        if f.is_empty() {
            programs_ok += 1;
        }
        failures.extend(f);
    }
    eprintln!(
        "gcc differential: {} programs ({programs_ok} agreeing on every run), {runs} runs compared, {} pointer stores checked against points-to, {} failures",
        files.len(),
        POINTER_STORES_CHECKED.load(Ordering::Relaxed),
        failures.len()
    );
    if !failures.is_empty() {
        panic!(
            "{} mismatches between gcc and the CIR interpreter:\n\n{}",
            failures.len(),
            failures.join("\n")
        );
    }
}

/// The gcc side of the conventions: env.c and the runner map each way a program can end to
/// the status the interpreter's outcome is compared with.
#[test]
fn gcc_side_status_conventions() {
    let scratch = common::ScratchDir::new("gcc-conventions");
    let env_obj = common::compile_env_stub(&scratch.path)
        .unwrap_or_else(|e| panic!("gcc is required for this test: {e}"));
    let cases: [(&str, &str, &[i128], Status, &str); 9] = [
        ("ret", "return 300;", &[], Status::Code(44), ""),
        ("ret_neg", "return -1;", &[], Status::Code(255), ""),
        ("exit", "printf(\"a\"); exit(7);", &[], Status::Code(7), "a"),
        (
            "abort",
            "printf(\"b\\n\"); abort();",
            &[],
            Status::Signal(6),
            "b\n",
        ),
        (
            "error",
            "printf(\"c\"); reach_error(); return 0;",
            &[],
            Status::Code(99),
            "c",
        ),
        (
            "assert",
            "assert(__VERIFIER_nondet_int() > 0); return 1;",
            &[-3],
            Status::Code(99),
            "",
        ),
        (
            "assume",
            "__VERIFIER_assume(__VERIFIER_nondet_int()); return 1;",
            &[0],
            Status::Code(97),
            "",
        ),
        (
            "inputs",
            "int a = __VERIFIER_nondet_int(); printf(\"%d\", a); return __VERIFIER_nondet_int();",
            &[5],
            Status::Code(98),
            "5",
        ),
        (
            "types",
            "unsigned char c = __VERIFIER_nondet_uchar(); long l = __VERIFIER_nondet_long(); \
             printf(\"%u %ld\", c, l); return __VERIFIER_nondet_bool();",
            &[255, -9000000000, 1],
            Status::Code(1),
            "255 -9000000000",
        ),
    ];
    for (name, body, inputs, status, stdout) in cases {
        let src = scratch.path.join(format!("{name}.c"));
        let text = format!(
            "#include <assert.h>\n#include <stdio.h>\n#include <stdlib.h>\n\
             int __VERIFIER_nondet_int(void); unsigned char __VERIFIER_nondet_uchar(void);\n\
             long __VERIFIER_nondet_long(void); _Bool __VERIFIER_nondet_bool(void);\n\
             void __VERIFIER_assume(int); void reach_error(void);\n\
             int main(void) {{ {body} }}\n"
        );
        std::fs::write(&src, text).unwrap();
        let bin = common::compile_program(&src, &[&env_obj], &scratch.path)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let r = common::run_binary(&bin, inputs).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.status, status, "{name}");
        assert_eq!(String::from_utf8_lossy(&r.stdout), stdout, "{name}");
    }
}
