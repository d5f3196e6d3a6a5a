//! `slamrs check` on the driver-like programs of `c-tests/rules/` and the bad-input cases
//! of `c-tests/rules-bad/`.
//!
//! Each `c-tests/rules/*.c` starts with `// key: value` header lines:
//! `rule:` (a built-in rule, a `.slic` file beside the program, or `none` for the program's
//! own assertions) or `property:` (`unreach-call`, the `.prp` file beside the programs),
//! `expect:` (`safe` or `violation`), optionally `entry:`, `message:` (a substring of the rule's
//! abort message) and `inputs:` (a concrete witness used by `scripts/rules-gcc`, ignored here).
//! The program is checked with `--format json --timeout 60`; the exit status and the JSON
//! verdict must match, and a violation must come with a replayed counterexample (inputs and
//! a trace). Each `c-tests/rules-bad/*.c` gives `args:` (`{file}` is the file itself, `{dir}`
//! its directory), `expect-exit:` and one or more `stderr:` lines (substrings the error output
//! must contain). An optional `entry-return:` (`returns` or `may-not-return`) is the
//! report's `entry_return` when an abstraction proved the rule (absent otherwise).
//!
//! The programs run on two threads; every failure is collected and reported at the end.
//! `SLAMRS_RULES_FILTER=substring` restricts both tests to the matching file names.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{c_programs, file_name, header, parallel, run_bounded, tail};
use serde_json::Value;

/// `--timeout` given to `slamrs check`.
const TIMEOUT_S: u64 = 60;
/// The process is killed if it outlives its own timeout by this much.
const GRACE: Duration = Duration::from_secs(30);
/// Worker threads running the programs.
const THREADS: usize = 2;

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/rules")
}

fn bad_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/rules-bad")
}

/// The `.c` files of `dir`, sorted, restricted by `SLAMRS_RULES_FILTER`.
fn programs(dir: &Path) -> Vec<PathBuf> {
    let filter = std::env::var("SLAMRS_RULES_FILTER").unwrap_or_default();
    c_programs(dir, &filter)
}

/// How one program of `c-tests/rules/` is checked.
#[derive(Debug)]
struct Case {
    path: PathBuf,
    /// The arguments after `check FILE`, without `--format` and `--timeout`.
    spec_args: Vec<String>,
    expect_violation: bool,
    message: Option<String>,
    entry_return: Option<String>,
}

impl Case {
    fn parse(path: &Path) -> Result<Case, String> {
        let mut rule = None;
        let mut property = None;
        let mut expect = None;
        let mut entry = None;
        let mut message = None;
        let mut entry_return = None;
        for (key, value) in header(path)? {
            let slot = match key.as_str() {
                "rule" => &mut rule,
                "property" => &mut property,
                "expect" => &mut expect,
                "entry" => &mut entry,
                "message" => &mut message,
                "entry-return" => &mut entry_return,
                "inputs" => continue,
                // A misspelt key must not pass silently.
                _ => return Err(format!("unknown header key `{key}`")),
            };
            if slot.replace(value).is_some() {
                return Err(format!("header key `{key}` given twice"));
            }
        }
        let expect_violation = match expect.as_deref() {
            Some("safe") => false,
            Some("violation") => true,
            other => {
                return Err(format!(
                    "`// expect: safe|violation` missing (got {other:?})"
                ))
            }
        };
        let mut spec_args = Vec::new();
        match (rule.as_deref(), property.as_deref()) {
            (Some(_), Some(_)) => return Err("both `rule:` and `property:` given".into()),
            (None, None) => return Err("`// rule:` or `// property:` missing".into()),
            (Some("none"), None) => {}
            (Some(r), None) if r.ends_with(".slic") => {
                spec_args.push("--rule".into());
                spec_args.push(rules_dir().join(r).to_string_lossy().into_owned());
            }
            (Some(r), None) => {
                spec_args.push("--rule".into());
                spec_args.push(r.into());
            }
            (None, Some(p)) => {
                spec_args.push("--property".into());
                let prp = rules_dir().join(format!("{p}.prp"));
                if !prp.is_file() {
                    return Err(format!("no property file {}", prp.display()));
                }
                spec_args.push(prp.to_string_lossy().into_owned());
            }
        }
        if let Some(e) = entry {
            spec_args.push("--entry".into());
            spec_args.push(e);
        }
        Ok(Case {
            path: path.to_path_buf(),
            spec_args,
            expect_violation,
            message,
            entry_return,
        })
    }

    /// Runs the check; `Err` describes every way the outcome differs from the header.
    fn run(&self) -> Result<(), String> {
        let mut args: Vec<String> = vec!["check".into(), self.path.to_string_lossy().into()];
        args.extend(self.spec_args.iter().cloned());
        args.extend(["--format", "json", "--timeout"].map(String::from));
        args.push(TIMEOUT_S.to_string());
        let run = run_bounded(
            &args,
            Duration::from_secs(TIMEOUT_S) + GRACE,
            "rules-ctests-out",
        )?;
        let context = || {
            format!(
                "  command: slamrs {}\n  exit: {:?}, {:.1} s\n  stdout: {}\n  stderr: {}",
                args.join(" "),
                run.code,
                run.secs,
                tail(&run.stdout, 1500),
                tail(&run.stderr, 1500)
            )
        };
        let mut problems = Vec::new();
        let (want_code, want_verdict) = if self.expect_violation {
            (10, "violation")
        } else {
            (0, "safe")
        };
        if run.code != Some(want_code) {
            problems.push(format!("exit status {:?}, expected {want_code}", run.code));
        }
        if run.stderr.contains("panicked") {
            problems.push("slamrs panicked".into());
        }
        match serde_json::from_str::<Value>(run.stdout.trim()) {
            Err(e) => problems.push(format!("stdout is not one JSON object: {e}")),
            Ok(json) => problems.extend(self.check_json(&json, want_verdict)),
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(format!("{}\n{}", problems.join("; "), context()))
        }
    }

    fn check_json(&self, json: &Value, want_verdict: &str) -> Vec<String> {
        let mut problems = Vec::new();
        let verdict = json["verdict"].as_str().unwrap_or("<missing>");
        if verdict != want_verdict {
            let reason = json["reason"]["message"].as_str().unwrap_or("");
            problems.push(format!(
                "verdict {verdict} (reason: {reason:?}), expected {want_verdict}"
            ));
        }
        for key in ["iterations", "predicates"] {
            if !json[key].is_u64() {
                problems.push(format!("`{key}` is not a count: {}", json[key]));
            }
        }
        if let Some(want) = &self.entry_return {
            let by_abstraction = json["proof"].as_str() == Some("abstraction");
            let got = &json["entry_return"];
            let ok = if by_abstraction {
                got.as_str() == Some(want.as_str())
            } else {
                got.is_null()
            };
            if !ok {
                problems.push(format!(
                    "entry_return {got} (proof {}), expected {want} for a proof by abstraction",
                    json["proof"]
                ));
            }
        }
        if !self.expect_violation || verdict != "violation" {
            return problems;
        }
        if json["replayed"] != Value::Bool(true) {
            problems.push(format!(
                "the counterexample was not replayed (replayed: {})",
                json["replayed"]
            ));
        }
        match json["inputs"].as_array() {
            Some(inputs) if inputs.iter().all(|v| v.is_i64() || v.is_u64()) => {}
            _ => problems.push(format!(
                "`inputs` is not a list of integers: {}",
                json["inputs"]
            )),
        }
        if json["trace"].as_array().is_none_or(|t| t.is_empty()) {
            problems.push("`trace` is missing or empty".into());
        }
        if let Some(want) = &self.message {
            let got = json["message"].as_str().unwrap_or("");
            if !got.contains(want.as_str()) {
                problems.push(format!("abort message {got:?} does not contain {want:?}"));
            }
        }
        problems
    }
}

#[test]
fn rules_programs_have_their_expected_verdicts() {
    let files = programs(&rules_dir());
    if std::env::var("SLAMRS_RULES_FILTER").is_err() {
        // The corpus stays large and balanced: a checker answering always one way fails.
        let cases: Vec<Case> = files.iter().filter_map(|p| Case::parse(p).ok()).collect();
        let buggy = cases.iter().filter(|c| c.expect_violation).count();
        let safe = cases.len() - buggy;
        assert!(
            files.len() >= 24 && safe >= 10 && buggy >= 10,
            "c-tests/rules has {} programs, {safe} safe and {buggy} buggy",
            files.len()
        );
    }
    let outcomes = parallel(&files, THREADS, |path| {
        let start = Instant::now();
        let r = Case::parse(path).and_then(|case| case.run());
        (r, start.elapsed().as_secs_f64())
    });
    let mut failures = Vec::new();
    for (path, (outcome, secs)) in files.iter().zip(&outcomes) {
        match outcome {
            Ok(()) => eprintln!("ok   {} ({secs:.1} s)", file_name(path)),
            Err(e) => {
                eprintln!("FAIL {} ({secs:.1} s)", file_name(path));
                failures.push(format!("{}: {e}", file_name(path)));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} programs failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// One `c-tests/rules-bad/` case.
fn bad_case(path: &Path) -> Result<(), String> {
    let mut args = None;
    let mut exit = None;
    let mut stderr_want = Vec::new();
    for (key, value) in header(path)? {
        match key.as_str() {
            "args" => args = Some(value),
            "expect-exit" => exit = Some(value),
            "stderr" => stderr_want.push(value),
            _ => return Err(format!("unknown header key `{key}`")),
        }
    }
    let (Some(args), Some(exit)) = (args, exit) else {
        return Err("header needs `// args:`, `// expect-exit:` and `// stderr:`".into());
    };
    if stderr_want.is_empty() {
        return Err("header needs at least one `// stderr:` line".into());
    }
    let exit: i32 = exit
        .parse()
        .map_err(|_| format!("bad expect-exit {exit:?}"))?;
    let file = path.to_string_lossy();
    let dir = bad_dir();
    let dir = dir.to_string_lossy();
    let args: Vec<String> = args
        .split_whitespace()
        .map(|a| a.replace("{file}", &file).replace("{dir}", &dir))
        .collect();
    let run = run_bounded(
        &args,
        Duration::from_secs(TIMEOUT_S) + GRACE,
        "rules-ctests-out",
    )?;
    let mut problems = Vec::new();
    if run.code != Some(exit) {
        problems.push(format!("exit status {:?}, expected {exit}", run.code));
    }
    for want in &stderr_want {
        if !run.stderr.contains(want.as_str()) {
            problems.push(format!("stderr does not contain {want:?}"));
        }
    }
    if run.stderr.contains("panicked") {
        problems.push("slamrs panicked".into());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{}\n  command: slamrs {}\n  stdout: {}\n  stderr: {}",
            problems.join("; "),
            args.join(" "),
            tail(&run.stdout, 1000),
            tail(&run.stderr, 1000)
        ))
    }
}

#[test]
fn rules_bad_input_is_exit_2_with_a_clear_message() {
    let files = programs(&bad_dir());
    if std::env::var("SLAMRS_RULES_FILTER").is_err() {
        assert!(
            files.len() >= 4,
            "only {} cases in c-tests/rules-bad",
            files.len()
        );
    }
    let outcomes = parallel(&files, THREADS, |path| bad_case(path));
    let failures: Vec<String> = files
        .iter()
        .zip(&outcomes)
        .filter_map(|(p, r)| r.as_ref().err().map(|e| format!("{}: {e}", file_name(p))))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} bad-input cases failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

/// The README's command, in the default text format: a violation with the rule's message and
/// a trace through the driver's source lines.
#[test]
fn readme_example_driver_reports_the_missing_release() {
    let path = rules_dir().join("example_spinlock_driver.c");
    let args: Vec<String> = ["check", &path.to_string_lossy(), "--rule", "locking"]
        .map(String::from)
        .to_vec();
    let run = run_bounded(&args, Duration::from_secs(120), "rules-ctests-out").unwrap();
    let show = format!(
        "stdout:\n{}\nstderr:\n{}",
        tail(&run.stdout, 4000),
        tail(&run.stderr, 2000)
    );
    assert_eq!(run.code, Some(10), "{show}");
    let lower = run.stdout.to_lowercase();
    assert!(lower.contains("violation"), "no verdict line: {show}");
    // The trace is in C terms: it shows the acquire and the early return of the error path.
    assert!(
        run.stdout
            .contains("KeAcquireSpinLock(&ext->StatsLock, &irql)"),
        "the trace does not show the acquire: {show}"
    );
    assert!(
        run.stdout.contains("return status; /* BUG"),
        "the trace does not show the early return: {show}"
    );
}
