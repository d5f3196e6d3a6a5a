//! Random runs of the SV-COMP tasks of `../shared/benchmarks/sv-comp/tasks.csv`: each task is
//! loaded (ILP32), its points-to sets computed, and the interpreter runs it in machine-integer
//! mode with a `RandomOracle` for several seeds, with the points-to soundness checker as
//! observer.
//!
//! Asserted: no run stores a pointer outside its points-to set; no run ends `Unsupported`
//! (the interpreter follows everything these programs do); and no run of a task whose
//! expected verdict is `true` reaches an error location (those programs are safe, so that
//! would be a bug in lowering or in the interpreter). Runs of `false` tasks that reach the
//! error are reported as evidence, not required.
//!
//! `SLAMRS_SVCOMP_RUNS` sets the number of seeds per task (default [`DEFAULT_RUNS`]),
//! `SLAMRS_SVCOMP_STEPS` the step bound (default [`DEFAULT_STEPS`]).

use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::analysis::soundness::PointsToChecker;
use slamrs_abstraction::cir::{DataModel, Loc, Program};
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{run, Config, IntMode, Outcome, RandomOracle};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;

/// Seeds per task.
const DEFAULT_RUNS: u64 = 20;

/// Edges per run.
const DEFAULT_STEPS: u64 = 20_000;

/// The outcome kinds, in the order of the summary's columns.
const KINDS: [&str; 8] = [
    "error",
    "return",
    "exit",
    "assume-failed",
    "step-bound",
    "out-of-inputs",
    "undefined",
    "unsupported",
];

fn show_loc(prog: &Program, loc: Loc) -> String {
    let file = prog
        .files
        .get(loc.file.0 as usize)
        .map(String::as_str)
        .unwrap_or("?");
    let file = file.rsplit('/').next().unwrap_or(file);
    format!("{file}:{}:{}", loc.line, loc.col)
}

fn env_number(var: &str, default: u64) -> u64 {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{var}={v} is not a number")),
        _ => default,
    }
}

/// A task of tasks.csv: its path (relative to the benchmark directory) and whether it is
/// expected to be safe.
struct Task {
    path: String,
    safe: bool,
}

/// The tasks of `tasks.csv` (columns `path,property,expected_verdict,...`).
fn read_tasks(text: &str) -> Vec<Task> {
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let col = |name: &str| {
        header
            .iter()
            .position(|h| h.trim() == name)
            .unwrap_or_else(|| panic!("tasks.csv has no `{name}` column"))
    };
    let (path_col, verdict_col) = (col("path"), col("expected_verdict"));
    lines
        .filter_map(|l| {
            let cols: Vec<&str> = l.split(',').collect();
            let path = cols.get(path_col)?.trim();
            (!path.is_empty()).then(|| Task {
                path: path.to_string(),
                safe: cols.get(verdict_col).map(|v| v.trim()) == Some("true"),
            })
        })
        .collect()
}

#[test]
fn tasks_csv_columns_are_read_by_name() {
    let tasks =
        read_tasks("path,property,expected_verdict\na.c,unreach-call,true\n\nb.c,x,false\n");
    let got: Vec<(&str, bool)> = tasks.iter().map(|t| (t.path.as_str(), t.safe)).collect();
    assert_eq!(got, [("a.c", true), ("b.c", false)]);
}

#[test]
fn svcomp_tasks_run_soundly_in_the_interpreter() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/benchmarks/sv-comp");
    let csv = root.join("tasks.csv");
    let Ok(text) = std::fs::read_to_string(&csv) else {
        println!(
            "note: {} not found; SV-COMP interpreter test skipped",
            csv.display()
        );
        return;
    };
    let runs = env_number("SLAMRS_SVCOMP_RUNS", DEFAULT_RUNS);
    let steps = env_number("SLAMRS_SVCOMP_STEPS", DEFAULT_STEPS);
    let tasks = read_tasks(&text);
    assert!(!tasks.is_empty(), "no tasks in {}", csv.display());
    let opts = LoadOptions {
        data_model: DataModel::Ilp32,
        entry: Some("main".into()),
        ..LoadOptions::default()
    };
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps: steps,
        ..Config::default()
    };
    let start = Instant::now();
    let mut failures: Vec<String> = Vec::new();
    let mut evidence: Vec<String> = Vec::new();
    let mut totals: BTreeMap<&str, u64> = BTreeMap::new();
    let (mut stores, mut total_steps) = (0u64, 0u64);
    println!(
        "{:<48} {:>5} {}",
        "task",
        "safe",
        KINDS.map(|k| format!("{k:>13}")).join(" ")
    );
    for task in &tasks {
        let prog = match load_file(&root.join(&task.path), &opts) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{}: does not load: {e}", task.path));
                continue;
            }
        };
        let pt = PointsTo::compute(&prog);
        let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
        let mut first_error: Option<(u64, String)> = None;
        for seed in 0..runs {
            let mut oracle = RandomOracle::new(seed);
            let mut checker = PointsToChecker::new(&prog, &pt);
            let r = run(&prog, &cfg, &mut oracle, &mut checker);
            stores += checker.checked();
            total_steps += r.steps;
            *counts.entry(Outcome::kind_name(&r.outcome)).or_default() += 1;
            if !checker.is_sound() {
                failures.push(format!(
                    "{} (seed {seed}): points-to unsound:\n{}",
                    task.path,
                    checker.report()
                ));
            }
            match &r.outcome {
                Outcome::Unsupported { loc, reason } => failures.push(format!(
                    "{} (seed {seed}): unsupported at {}: {reason}",
                    task.path,
                    show_loc(&prog, *loc)
                )),
                Outcome::Error { loc, .. } if first_error.is_none() => {
                    first_error = Some((seed, show_loc(&prog, *loc)));
                }
                _ => {}
            }
        }
        if let Some((seed, at)) = first_error {
            let n = counts.get("error").copied().unwrap_or(0);
            if task.safe {
                failures.push(format!(
                    "{}: expected safe, but {n} of {runs} runs reach an error (first: seed {seed}, at {at})",
                    task.path
                ));
            } else {
                evidence.push(format!(
                    "{}: {n} of {runs} runs reach the error (first: seed {seed}, at {at})",
                    task.path
                ));
            }
        }
        let name = task.path.rsplit('/').next().unwrap_or(&task.path);
        println!(
            "{name:<48} {:>5} {}",
            task.safe,
            KINDS
                .map(|k| format!("{:>13}", counts.get(k).copied().unwrap_or(0)))
                .join(" ")
        );
        for (k, n) in counts {
            *totals.entry(k).or_default() += n;
        }
    }
    println!(
        "{:<48} {:>5} {}",
        "total",
        "",
        KINDS
            .map(|k| format!("{:>13}", totals.get(k).copied().unwrap_or(0)))
            .join(" ")
    );
    println!(
        "{} tasks x {runs} random runs (machine integers, {steps} steps): {total_steps} steps, {stores} pointer stores checked against points-to, {:.1} s",
        tasks.len(),
        start.elapsed().as_secs_f64()
    );
    if !evidence.is_empty() {
        println!("unsafe tasks whose error a random run reached:");
        for e in &evidence {
            println!("  {e}");
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
