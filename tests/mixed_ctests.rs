//! The mixed backend (`slamrs check --backend mixed`) on every corpus with a known truth:
//! `c-tests/soundness`, `loops`, `recursion`, `cegar` and `rules`. The CEGAR loop's own
//! corpus tests hold it to the same truths, so a mixed verdict that matches the truth agrees
//! with the CEGAR loop wherever both answer.
//!
//! Headers as in `c-tests/README.md`: `expect:` (`safe` or `violation`), and `rule:` (a
//! built-in rule, a `.slic` file beside the program, or `none`) or `property:`. Each
//! program is checked with `--timeout` [`TIMEOUT_S`] (`SLAMRS_MIXED_TIMEOUT` overrides it; the
//! floors below hold for the default); a wrong verdict (VIOLATION on a safe
//! program, SAFE on a buggy one) or a panic fails the test; UNKNOWN is allowed (the backend
//! refuses recursion and gives up on loops without a finite reachable set). The table of
//! answers per corpus is printed (`--nocapture`), and a floor on the correct answers per
//! corpus keeps the backend from silently getting worse.
//!
//! `SLAMRS_MIXED_FILTER=substring` restricts the run to the matching file names;
//! `SLAMRS_MIXED_BACKEND=portfolio` runs the portfolio instead (the same truths and floors:
//! how the two engines together do on the corpora).

mod common;

use common::{c_programs, file_name, header, parallel, run_bounded};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// `--timeout` of each check: short, so that the test stays fast (the answers the mixed
/// backend gives come in well under a second; the full picture is in docs/BENCHMARKS.md).
const TIMEOUT_S: u64 = 2;

fn timeout_s() -> u64 {
    std::env::var("SLAMRS_MIXED_TIMEOUT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(TIMEOUT_S)
}
const THREADS: usize = 2;

/// Corpus directory and the fewest correct answers it must get: measured with the default
/// timeout on 99fa8c9 (116, 36, 21, 6, 33), less a margin for a loaded machine.
const CORPORA: &[(&str, usize)] = &[
    ("c-tests/soundness", 108),
    ("c-tests/loops", 31),
    ("c-tests/recursion", 18),
    ("c-tests/cegar", 5),
    ("c-tests/rules", 28),
];

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Verdict {
    Safe,
    Violation,
    Unknown,
    Error,
}

fn spec_args(path: &Path) -> Result<(Vec<String>, Verdict), String> {
    let dir = path.parent().expect("a directory");
    let mut args = Vec::new();
    let mut expect = None;
    for (k, v) in header(path)? {
        match k.as_str() {
            "expect" => {
                expect = Some(match v.as_str() {
                    "safe" => Verdict::Safe,
                    "violation" => Verdict::Violation,
                    other => return Err(format!("bad expect `{other}`")),
                })
            }
            "rule" if v == "none" => {}
            "rule" if v.ends_with(".slic") => {
                args.push("--rule".into());
                args.push(dir.join(&v).to_string_lossy().into_owned());
            }
            "rule" => {
                args.push("--rule".into());
                args.push(v);
            }
            "property" => {
                args.push("--property".into());
                args.push(dir.join(format!("{v}.prp")).to_string_lossy().into_owned());
            }
            "entry" => {
                args.push("--entry".into());
                args.push(v);
            }
            _ => {}
        }
    }
    Ok((args, expect.ok_or("no `// expect:`")?))
}

fn check(path: &Path) -> Result<(Verdict, Verdict, String), String> {
    let (spec, expect) = spec_args(path)?;
    let mut args: Vec<String> = vec![
        "check".into(),
        path.to_string_lossy().into_owned(),
        "--backend".into(),
        std::env::var("SLAMRS_MIXED_BACKEND").unwrap_or_else(|_| "mixed".into()),
        "--format".into(),
        "json".into(),
        "--timeout".into(),
        timeout_s().to_string(),
    ];
    args.extend(spec);
    let run = run_bounded(&args, Duration::from_secs(timeout_s() + 30), "mixed-ctests")?;
    if run.stderr.contains("panicked") {
        return Err(format!("panic: {}", common::tail(&run.stderr, 1500)));
    }
    let json: Option<Value> = serde_json::from_str(run.stdout.trim()).ok();
    let verdict = match (run.code, json.as_ref().and_then(|j| j["verdict"].as_str())) {
        (Some(0), Some("safe")) => Verdict::Safe,
        (Some(10), Some("violation")) => Verdict::Violation,
        (Some(20), Some("unknown")) => Verdict::Unknown,
        (Some(2), _) => Verdict::Error,
        (code, _) => {
            return Err(format!(
                "exit {code:?}: {}\n{}",
                common::tail(&run.stdout, 600),
                common::tail(&run.stderr, 600)
            ))
        }
    };
    let reason = json
        .as_ref()
        .and_then(|j| j["reason"]["message"].as_str())
        .unwrap_or("")
        .to_string();
    Ok((expect, verdict, reason))
}

#[test]
fn mixed_backend_agrees_with_the_truth_on_the_corpora() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let filter = std::env::var("SLAMRS_MIXED_FILTER").unwrap_or_default();
    let mut failures = Vec::new();
    let mut table = String::from("corpus | programs | correct | unknown | rejected\n");
    for &(dir, floor) in CORPORA {
        let files = c_programs(&root.join(dir), &filter);
        let results = parallel(&files, THREADS, |f: &PathBuf| check(f));
        let (mut correct, mut unknown, mut rejected) = (0, 0, 0);
        for (f, r) in files.iter().zip(results) {
            match r {
                Err(e) => failures.push(format!("{}: {e}", file_name(f))),
                Ok((expect, got, why)) => match got {
                    Verdict::Unknown => {
                        unknown += 1;
                        eprintln!("unknown {}: {why}", file_name(f));
                    }
                    Verdict::Error => rejected += 1,
                    g if g == expect => correct += 1,
                    g => failures.push(format!(
                        "WRONG {}: expected {expect:?}, the mixed backend says {g:?}",
                        file_name(f)
                    )),
                },
            }
        }
        table.push_str(&format!(
            "{dir} | {} | {correct} | {unknown} | {rejected}\n",
            files.len()
        ));
        if filter.is_empty() && timeout_s() >= TIMEOUT_S && correct < floor {
            failures.push(format!(
                "{dir}: {correct} correct answers, fewer than the {floor} measured before"
            ));
        }
    }
    eprintln!("{table}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
