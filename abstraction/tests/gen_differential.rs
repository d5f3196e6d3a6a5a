//! Differential test on generated programs: `slamrs_abstraction::testgen` writes small
//! UB-free C programs; each is compiled with gcc (linked with
//! `c-tests/frontend/harness/env.c`) and lowered to CIR, both are run on the program's
//! inputs, and stdout and exit status must agree (interpreter in machine-integer mode).
//!
//! `SLAMRS_GEN_PROGRAMS` sets the number of programs (default 30), `SLAMRS_GEN_SEED` the
//! first seed (default 0). A failing program is kept in the report by its seed; regenerate it
//! with `testgen::generate(seed, &GenConfig::default())`.

mod common;

use common::{RunResult, Status};
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{run, Config, IntMode, NoObserver, SeqOracle};
use slamrs_abstraction::testgen::{generate, GenConfig};
use std::path::Path;

fn env_number(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn interpret(prog: &Program, inputs: &[i128]) -> Result<RunResult, String> {
    let cfg = Config {
        int_mode: IntMode::Machine,
        ..Config::default()
    };
    let mut oracle = SeqOracle::new(inputs.to_vec());
    let r = run(prog, &cfg, &mut oracle, &mut NoObserver);
    Ok(RunResult {
        status: common::outcome_status(prog, &r.outcome)?,
        stdout: r.output,
    })
}

/// Write, compile, run and interpret the program for `seed`; a description of any failure.
fn check_seed(seed: u64, env_obj: &Path, dir: &Path) -> Option<String> {
    let prog = generate(seed, &GenConfig::default());
    let src = dir.join(format!("gen_{seed}.c"));
    if let Err(e) = std::fs::write(&src, &prog.source) {
        return Some(format!("seed {seed}: cannot write {}: {e}", src.display()));
    }
    let fail = |what: String| Some(format!("seed {seed}: {what}\n{}", prog.source));
    let bin = match common::compile_program(&src, &[env_obj], dir) {
        Ok(b) => b,
        Err(e) => return fail(format!("gcc failed: {e}")),
    };
    let expected = match common::run_binary(&bin, &prog.inputs) {
        Ok(r) => r,
        Err(e) => return fail(format!("gcc run: {e}")),
    };
    let cir = match load_file(&src, &LoadOptions::default()) {
        Ok(p) => p,
        Err(e) => return fail(format!("frontend error: {e}")),
    };
    match interpret(&cir, &prog.inputs) {
        Err(e) => fail(e),
        Ok(actual) if actual == expected => None,
        Ok(actual) => {
            let line = common::first_difference(&expected.stdout, &actual.stdout);
            fail(format!(
                "mismatch: gcc {} vs interpreter {}, output differs at line {line:?}\n  gcc:\n{}  interpreter:\n{}",
                expected.status,
                actual.status,
                common::show_output(&expected.stdout, 30),
                common::show_output(&actual.stdout, 30)
            ))
        }
    }
}

#[test]
fn interpreter_agrees_with_gcc_on_generated_programs() {
    let n = env_number("SLAMRS_GEN_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-differential");
    let env_obj = common::compile_env_stub(&scratch.path)
        .unwrap_or_else(|e| panic!("gcc is required for this test: {e}"));
    let failures: Vec<String> = (first..first + n)
        .filter_map(|seed| check_seed(seed, &env_obj, &scratch.path))
        .collect();
    eprintln!(
        "generated differential: {n} programs from seed {first}, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {n} generated programs disagree:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The generator's UB-freedom claim, checked by gcc's sanitizers on the same programs.
#[test]
fn generated_programs_are_free_of_undefined_behaviour() {
    let n = env_number("SLAMRS_GEN_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-sanitize");
    let env_src = common::env_stub_source();
    for seed in first..first + n {
        let prog = generate(seed, &GenConfig::default());
        let src = scratch.path.join(format!("gen_{seed}.c"));
        std::fs::write(&src, &prog.source).unwrap();
        let bin = scratch.path.join(format!("gen_{seed}"));
        common::gcc(&[
            "-O0".as_ref(),
            "-w".as_ref(),
            "-fsanitize=undefined".as_ref(),
            "-fno-sanitize-recover=all".as_ref(),
            "-o".as_ref(),
            bin.as_os_str(),
            src.as_os_str(),
            env_src.as_os_str(),
        ])
        .unwrap_or_else(|e| panic!("seed {seed}: gcc: {e}\n{}", prog.source));
        let env = [("UBSAN_OPTIONS", "halt_on_error=1:exitcode=77")];
        let r = common::run_binary_with_env(&bin, &prog.inputs, &env)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}\n{}", prog.source));
        // Generated programs return a value below 64; 77 is the sanitizer's report.
        assert!(
            matches!(r.status, Status::Code(c) if c < 64),
            "seed {seed}: ended with {} (sanitizer report?)\n{}",
            r.status,
            prog.source
        );
    }
}
