//! `slamrs check DRIVER.c` without `--rule`: every built-in rule of the driver's platform,
//! one verdict each, as Static Driver Verifier runs its rule set.
//!
//! Each rule is checked by a child `slamrs check … --rule NAME` (the same command line
//! otherwise), so a rule that times out or runs out of memory ends only its own run, and
//! `--timeout` and `--memory-limit` hold per rule. The children's reports are printed in
//! turn, then a table of the statuses (text); or, for JSON and SARIF, read as JSON reports
//! and written as one [`DriverReport`] or one SARIF log with a result per rule. The exit
//! status is the worst of the rules': bad input (2), else a violation (10), else unknown
//! (20), else 0 (PASS and NOT APPLICABLE).

use std::ffi::OsString;
use std::process::Command;

use slamrs_abstraction::harness::Platform;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::check_cmd::{CheckArgs, Format};
use crate::exit;
use crate::report::{sarif, CheckReport};

/// The JSON report of a driver checked against every rule of its platform.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct DriverReport {
    /// The driver's file, as named on the command line.
    pub driver: String,
    /// `wdm` or `linux`.
    pub platform: String,
    pub rules: Vec<RuleResult>,
}

/// One rule's run on a driver.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct RuleResult {
    pub rule: String,
    /// The SDV status (`PASS`, `DEFECT`, `TIMEOUT`, `SPACEOUT`, `GIVEUP`, `NOT APPLICABLE`,
    /// or `ERROR` when the run printed no report).
    pub status: String,
    /// The run's exit status (none when it was killed by a signal).
    pub exit: Option<i32>,
    /// The run's report (none when it printed none).
    pub report: Option<CheckReport>,
}

/// The built-in rules that apply to drivers of `platform`, in the order they are run.
pub fn rules_for(platform: Platform) -> &'static [&'static str] {
    match platform {
        Platform::Wdm => &[
            "locking",
            "irql",
            "cancel-spinlock",
            "critical-region",
            "irp-completion",
            "pending",
        ],
        Platform::Linux => &[
            "locking",
            "sleep-in-atomic",
            "irq-lines",
            "rcu",
            "module-ref",
        ],
    }
}

/// What one rule's run said.
struct RuleRun {
    rule: &'static str,
    code: Option<i32>,
    status: String,
    stdout: String,
}

/// The SDV-style status in a child's report (`status: …` in text, `"status"` in JSON), or
/// one from its exit code.
fn status_of(stdout: &str, code: Option<i32>) -> String {
    if let Some(s) = serde_json::from_str::<serde_json::Value>(stdout.trim())
        .ok()
        .and_then(|v| v["status"].as_str().map(str::to_string))
    {
        return s;
    }
    if let Some(s) = stdout
        .lines()
        .rev()
        .find_map(|l| l.strip_prefix("status: "))
    {
        return s.trim().to_string();
    }
    match code.and_then(|c| u8::try_from(c).ok()) {
        Some(exit::SAFE) => "PASS".into(),
        Some(exit::VIOLATION) => "DEFECT".into(),
        Some(exit::BAD_INPUT) => "ERROR".into(),
        _ => "GIVEUP".into(),
    }
}

/// The command line of this run with `--rule NAME` added and the output options replaced
/// by `--format FORMAT` to stdout (all before a `--` and the CPPFLAGS).
fn child_args(rule: &str, format: &str) -> Vec<OsString> {
    let given: Vec<OsString> = std::env::args_os().skip(1).collect();
    let end = given.iter().position(|a| a == "--").unwrap_or(given.len());
    let mut args = Vec::new();
    let mut i = 0;
    while i < end {
        let a = given[i].to_string_lossy();
        if a == "--format" || a == "--output" || a == "-o" {
            i += 2;
            continue;
        }
        if a.starts_with("--format=")
            || a.starts_with("--output=")
            || (a.starts_with("-o") && a.len() > 2 && !a.starts_with("--"))
        {
            i += 1;
            continue;
        }
        args.push(given[i].clone());
        i += 1;
    }
    args.extend([
        OsString::from("--rule"),
        OsString::from(rule),
        OsString::from("--format"),
        OsString::from(format),
    ]);
    args.extend(given[end..].iter().cloned());
    args
}

/// Checks every rule of `platform` on the driver; returns the exit status.
pub fn run(args: &CheckArgs, platform: Platform) -> u8 {
    let exe = match std::env::current_exe() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("error: cannot find the slamrs executable to run each rule: {e}");
            return exit::BAD_INPUT;
        }
    };
    if args.format == Format::Html {
        eprintln!(
            "error: --format html shows one rule's counterexample: add --rule NAME (one of {})",
            rules_for(platform).join(", ")
        );
        return exit::BAD_INPUT;
    }
    let json = args.format != Format::Text;
    let rules = rules_for(platform);
    let mut runs = Vec::new();
    for (i, &rule) in rules.iter().enumerate() {
        let out = match Command::new(&exe)
            .args(child_args(rule, if json { "json" } else { "text" }))
            .stderr(std::process::Stdio::inherit())
            .output()
        {
            Ok(o) => o,
            Err(e) => {
                eprintln!("error: cannot run slamrs for rule {rule}: {e}");
                return exit::BAD_INPUT;
            }
        };
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        let code = out.status.code();
        let run = RuleRun {
            rule,
            code,
            status: status_of(&stdout, code),
            stdout,
        };
        if !json {
            // the driver's entry points are printed once
            let mut lines = run.stdout.lines().peekable();
            if i > 0 && lines.peek().is_some_and(|l| l.starts_with("driver (")) {
                lines.next();
            }
            if i == 0 {
                if let Some(l) = lines.next_if(|l| l.starts_with("driver (")) {
                    println!("{l}");
                }
            }
            println!("== rule {rule}");
            for l in lines {
                println!("{l}");
            }
        }
        let bad = run.code == Some(i32::from(exit::BAD_INPUT));
        runs.push(run);
        if bad {
            // the driver itself is bad input: the other rules would say the same
            break;
        }
    }
    let code = worst(&runs);
    if json {
        let report = DriverReport {
            driver: args.file.display().to_string(),
            platform: platform.name().to_string(),
            rules: runs
                .iter()
                .map(|r| RuleResult {
                    rule: r.rule.to_string(),
                    status: r.status.clone(),
                    exit: r.code,
                    report: serde_json::from_str::<CheckReport>(r.stdout.trim()).ok(),
                })
                .collect(),
        };
        let text = if args.format == Format::Sarif {
            let reports: Vec<CheckReport> = report
                .rules
                .iter()
                .filter_map(|r| r.report.clone())
                .collect();
            sarif::render(&reports, code)
        } else {
            serde_json::to_string(&report).unwrap_or_default()
        };
        match &args.output {
            Some(path) => {
                if let Err(e) = std::fs::write(path, format!("{text}\n")) {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    return exit::BAD_INPUT;
                }
            }
            None => println!("{text}"),
        }
    } else {
        println!("== summary ({} rules)", runs.len());
        for r in &runs {
            println!("  {:<18}{}", r.rule, r.status);
        }
    }
    code
}

/// The worst exit status of the rules' runs.
fn worst(runs: &[RuleRun]) -> u8 {
    let codes: Vec<u8> = runs
        .iter()
        .map(|r| {
            r.code
                .and_then(|c| u8::try_from(c).ok())
                .unwrap_or(exit::UNKNOWN)
        })
        .collect();
    if codes.contains(&exit::BAD_INPUT) {
        exit::BAD_INPUT
    } else if codes.contains(&exit::VIOLATION) {
        exit::VIOLATION
    } else if codes.contains(&exit::UNKNOWN) || codes.iter().any(|&c| c != exit::SAFE) {
        exit::UNKNOWN
    } else {
        exit::SAFE
    }
}
