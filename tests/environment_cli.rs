//! The two readings of a program's environment (docs/cegar.md, "The environment"): every
//! program of `c-tests/environment/` is checked under its SV-COMP property with
//! `--environment svcomp` and with `--environment hostile` (the CEGAR loop alone,
//! `--no-explore`), and must answer what its header says for each:
//!
//! ```c
//! // svcomp: safe
//! // hostile: unknown external-call
//! ```
//!
//! A verdict (`safe`, `violation`, `unknown`), and for an unknown answer optionally the cause
//! refinement's stall diagnosis must give (`stats.stall.cause` in the JSON report). Adding a
//! case is adding a file.

mod common;

use common::{c_programs, file_name, header, parallel, run_bounded, tail};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

const TIMEOUT_S: u64 = 30;

#[test]
fn each_reading_of_the_environment_answers_as_expected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let files = c_programs(&root.join("c-tests/environment"), "");
    let prp = root.join("c-tests/rules/unreach-call.prp");
    assert!(files.len() >= 4, "expected programs in c-tests/environment");
    let mut runs = Vec::new();
    for path in &files {
        let h = header(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for reading in ["svcomp", "hostile"] {
            let expect = h
                .iter()
                .find(|(k, _)| k == reading)
                .map(|(_, v)| v.clone())
                .unwrap_or_else(|| panic!("{}: `// {reading}:` missing", file_name(path)));
            runs.push((path.clone(), reading, expect));
        }
    }
    let problems: Vec<String> = parallel(&runs, 2, |(path, reading, expect)| {
        let name = format!("{} ({reading})", file_name(path));
        let mut want = expect.split_whitespace();
        let verdict_wanted = want.next().unwrap_or_default().to_string();
        let cause_wanted = want.next().map(str::to_string);
        let args: Vec<String> = [
            "check",
            &path.to_string_lossy(),
            "--property",
            &prp.to_string_lossy(),
            "--environment",
            reading,
            "--no-explore",
            "--format",
            "json",
            "--timeout",
            &TIMEOUT_S.to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let run = match run_bounded(&args, Duration::from_secs(TIMEOUT_S + 30), "environment") {
            Ok(r) => r,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        let json: Value = match serde_json::from_str(&run.stdout) {
            Ok(j) => j,
            Err(e) => {
                return Some(format!(
                    "{name}: no JSON report ({e}): {}",
                    tail(&run.stderr, 600)
                ))
            }
        };
        let verdict = json["verdict"].as_str().unwrap_or("(none)");
        if verdict != verdict_wanted {
            return Some(format!(
                "{name}: {verdict}, expected {verdict_wanted} ({})",
                json["reason"]["message"].as_str().unwrap_or("")
            ));
        }
        if let Some(cause) = cause_wanted {
            let got = json["stats"]["stall"]["cause"]
                .as_str()
                .unwrap_or("(no stall)");
            if got != cause {
                return Some(format!("{name}: stall cause {got}, expected {cause}"));
            }
        }
        None
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The stall's diagnosis names the call that lost the fact, where it is and the predicate.
#[test]
fn a_stall_names_the_external_call_that_loses_the_fact() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("c-tests/environment/undefined_pure_safe.c");
    let prp = root.join("c-tests/rules/unreach-call.prp");
    let args: Vec<String> = [
        "check",
        &file.to_string_lossy(),
        "--property",
        &prp.to_string_lossy(),
        "--environment",
        "hostile",
        "--no-explore",
        "--format",
        "json",
        "--timeout",
        &TIMEOUT_S.to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let run = run_bounded(&args, Duration::from_secs(TIMEOUT_S + 30), "environment")
        .expect("slamrs runs");
    let json: Value = serde_json::from_str(&run.stdout).expect("a JSON report");
    let stall = &json["stats"]["stall"];
    assert_eq!(stall["kind"], "same-path", "{stall}");
    assert_eq!(stall["cause"], "external-call", "{stall}");
    assert_eq!(stall["function"], "log_event", "{stall}");
    assert_eq!(stall["location"]["line"], 17, "{stall}");
    assert_eq!(stall["location"]["function"], "main", "{stall}");
    assert_eq!(stall["predicate"], "{state == 1}", "{stall}");
}

/// Without native replay, a violation whose path a `va_arg` value steers is not confirmed
/// (slamrs reads the argument as arbitrary; only the compiled program knows it), and one
/// whose path no such value reaches is (c-tests/soundness/variadic_*_bug.c).
#[test]
fn violations_that_depend_on_a_variadic_argument_need_the_compiled_program() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (name, verdict) in [
        ("variadic_sum_bug.c", "unknown"),
        ("variadic_format_bug.c", "violation"),
    ] {
        let file = root.join("c-tests/soundness").join(name);
        let args: Vec<String> = [
            "check",
            &file.to_string_lossy(),
            "--no-native-replay",
            "--no-explore",
            "--format",
            "json",
            "--timeout",
            &TIMEOUT_S.to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let run = run_bounded(&args, Duration::from_secs(TIMEOUT_S + 30), "environment")
            .expect("slamrs runs");
        let json: Value = serde_json::from_str(&run.stdout).expect("a JSON report");
        assert_eq!(
            json["verdict"],
            verdict,
            "{name}: {}",
            tail(&run.stdout, 20)
        );
        if verdict == "unknown" {
            assert_eq!(json["reason"]["kind"], "unconfirmed", "{name}");
            let msg = json["reason"]["message"].as_str().unwrap_or_default();
            assert!(msg.contains("va_arg"), "{name}: {msg}");
        }
    }
}
