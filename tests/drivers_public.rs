//! Real drivers of other authors (`../shared/benchmarks/drivers-public/`, never copied into
//! the project): each is scanned as it is, with all of its source files, and must scan or
//! be refused exactly as `c-tests/drivers-public/expected.tsv` says (its `scan` rows, each
//! with the reason). A driver that scans must name at least one entry point; a refused
//! driver must be refused with a located error (`file:line:col: ...`), never a panic or a
//! kill. The statuses per rule of the same file are checked by the slow tier,
//! `scripts/drivers-public --expect c-tests/drivers-public/expected.tsv` (docs/drivers.md).
//!
//! Skipped, with a message, where `../shared` or the headers are missing.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn bench() -> PathBuf {
    root().join("../shared/benchmarks/drivers-public")
}

/// One driver of drivers.csv: its name, platform and source files.
struct Driver {
    name: String,
    os: String,
    files: Vec<PathBuf>,
}

fn drivers() -> Vec<Driver> {
    let text = std::fs::read_to_string(bench().join("drivers.csv")).expect("drivers.csv");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("header").split(',').collect();
    let col = |n: &str| header.iter().position(|h| *h == n).expect("column");
    let (name, os, dir, main, extra) = (
        col("name"),
        col("os"),
        col("dir"),
        col("main_file"),
        col("extra_files"),
    );
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            // the first five columns hold no commas
            let f: Vec<&str> = l.splitn(header.len(), ',').collect();
            let d = bench().join(f[dir]);
            let mut files = vec![d.join(f[main])];
            files.extend(
                f[extra]
                    .split_whitespace()
                    .filter(|x| x.ends_with(".c"))
                    .map(|x| d.join(x)),
            );
            Driver {
                name: f[name].to_string(),
                os: f[os].to_string(),
                files,
            }
        })
        .collect()
}

/// The `scan` rows of expected.tsv: driver → `scans` or `refused`.
fn expected_scans() -> Vec<(String, String)> {
    let path = root().join("c-tests/drivers-public/expected.tsv");
    let text = std::fs::read_to_string(&path).expect("c-tests/drivers-public/expected.tsv");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            assert!(f.len() >= 4, "expected.tsv: 4 columns needed: {l}");
            (f[1] == "scan").then(|| (f[0].to_string(), f[2].to_string()))
        })
        .collect()
}

/// What `slamrs scan` did with a driver: `scans`, `refused`, or a failure to report.
fn scan(d: &Driver) -> Result<&'static str, String> {
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .arg("scan")
        .args(&d.files)
        .args(["--timeout", "120"])
        .output()
        .expect("run slamrs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) if stdout.lines().any(is_entry) => Ok("scans"),
        Some(0) => Err("exit 0 without an entry point".into()),
        Some(2 | 20) if located(&stderr) => Ok("refused"),
        code => Err(format!(
            "exit {code:?}, not a located refusal: {}",
            stderr.lines().next().unwrap_or("")
        )),
    }
}

/// A line of the map that names an entry point (not a comment, not the platform).
fn is_entry(l: &str) -> bool {
    let l = l.trim();
    !l.is_empty() && !l.starts_with('#') && !l.starts_with("platform ")
}

/// The message names a place: `path:line:col:` (or `path:line:`).
fn located(stderr: &str) -> bool {
    stderr.lines().any(|l| {
        let mut parts = l.split(':');
        let (_, line) = (parts.next(), parts.next());
        line.is_some_and(|x| !x.is_empty() && x.chars().all(|c| c.is_ascii_digit()))
    })
}

fn headers_for(os: &str) -> bool {
    match os {
        "linux" => slamrs_abstraction::harness::kbuild::kernel_tree(None).is_ok(),
        _ => Path::new(slamrs_abstraction::harness::platform::MINGW_DDK)
            .join("wdm.h")
            .is_file(),
    }
}

#[test]
fn every_public_driver_scans_as_expected() {
    if !bench().join("drivers.csv").exists() {
        eprintln!("skipped: ../shared/benchmarks/drivers-public not beside the project");
        return;
    }
    let expected = expected_scans();
    let all = drivers();
    for d in &all {
        assert!(
            expected.iter().any(|(n, _)| *n == d.name),
            "{}: no `scan` row in c-tests/drivers-public/expected.tsv",
            d.name
        );
    }
    let todo: Vec<&Driver> = all.iter().filter(|d| headers_for(&d.os)).collect();
    if todo.len() < all.len() {
        eprintln!(
            "skipped: {} drivers whose headers are not installed (scripts/setup installs them)",
            all.len() - todo.len()
        );
    }
    let next = Mutex::new(todo.iter());
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(d) = next.lock().unwrap().next().copied() else {
                    break;
                };
                let want = &expected.iter().find(|(n, _)| *n == d.name).unwrap().1;
                let problem = match scan(d) {
                    Ok(got) if got == want => None,
                    Ok(got) => Some(format!(
                        "{}: {got}, expected {want} (update expected.tsv if this is progress)",
                        d.name
                    )),
                    Err(e) => Some(format!("{}: {e}", d.name)),
                };
                if let Some(p) = problem {
                    failures.lock().unwrap().push(p);
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
