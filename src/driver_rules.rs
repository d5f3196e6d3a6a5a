//! `slamrs check DRIVER.c` without `--rule`: every built-in rule of the driver's platform,
//! one verdict each, as Static Driver Verifier runs its rule set.
//!
//! Each rule is checked by a child `slamrs check … --rule NAME` (the same command line
//! otherwise), so a rule that times out or runs out of memory ends only its own run, and
//! `--timeout` and `--memory-limit` hold per rule. The children's reports are printed in
//! turn, then a table of the statuses. The exit status is the worst of the rules': bad
//! input (2), else a violation (10), else unknown (20), else 0 (PASS and NOT APPLICABLE).

use std::ffi::OsString;
use std::process::Command;

use slamrs_abstraction::harness::Platform;

use crate::check_cmd::{CheckArgs, Format};
use crate::exit;

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

/// The command line of this run with `--rule NAME` added (before a `--` and the CPPFLAGS).
fn child_args(rule: &str) -> Vec<OsString> {
    let mut args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let at = args.iter().position(|a| a == "--").unwrap_or(args.len());
    args.splice(at..at, [OsString::from("--rule"), OsString::from(rule)]);
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
    let json = args.format == Format::Json;
    let rules = rules_for(platform);
    let mut runs = Vec::new();
    for (i, &rule) in rules.iter().enumerate() {
        let out = match Command::new(&exe)
            .args(child_args(rule))
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
    if json {
        let results: Vec<serde_json::Value> = runs
            .iter()
            .map(|r| {
                let report = serde_json::from_str::<serde_json::Value>(r.stdout.trim())
                    .unwrap_or(serde_json::Value::Null);
                serde_json::json!({"rule": r.rule, "status": r.status, "exit": r.code, "report": report})
            })
            .collect();
        println!(
            "{}",
            serde_json::json!({"driver": args.file.display().to_string(), "platform": platform.name(), "rules": results})
        );
    } else {
        println!("== summary ({} rules)", runs.len());
        for r in &runs {
            println!("  {:<18}{}", r.rule, r.status);
        }
    }
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
