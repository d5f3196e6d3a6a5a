//! `slamrs bebop` end to end, driven by the files in
//! `bebop/tests/programs/`: `good/*.bp` carry `// expect: label L reachable`
//! or `// expect: assert unreachable` lines, checked with both engines;
//! `bad/*.bp` carry `// expect-error: LINE:COL: text`, checked against the
//! first diagnostic (exit status 2).

mod common;

use common::slamrs;
use std::path::{Path, PathBuf};

fn programs(dir: &str) -> Vec<PathBuf> {
    let d = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("bebop/tests/programs")
        .join(dir);
    let mut v: Vec<PathBuf> = std::fs::read_dir(&d)
        .expect("programs dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "bp"))
        .collect();
    v.sort();
    v
}

#[test]
fn good_programs_have_the_expected_verdicts() {
    let mut checked = 0;
    for path in programs("good") {
        let src = std::fs::read_to_string(&path).unwrap();
        let file = path.to_str().unwrap();
        for line in src.lines().filter_map(|l| l.strip_prefix("// expect: ")) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let (label, verdict) = match words.as_slice() {
                ["label", l, v] => (Some(*l), *v),
                ["assert", v] => (None, *v),
                _ => panic!("{file}: bad expectation `{line}`"),
            };
            let want = match verdict {
                "reachable" => 10,
                "unreachable" => 0,
                _ => panic!("{file}: bad verdict `{verdict}`"),
            };
            for engine in ["bdd", "explicit"] {
                let mut args = vec!["bebop", file, "--engine", engine];
                if let Some(l) = label {
                    args.extend(["--label", l]);
                }
                let out = slamrs(&args);
                assert_eq!(
                    out.status.code(),
                    Some(want),
                    "{file} {line} ({engine}):\n{}{}",
                    String::from_utf8_lossy(&out.stdout),
                    String::from_utf8_lossy(&out.stderr)
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} expectations");
}

#[test]
fn bad_programs_get_located_diagnostics_and_exit_2() {
    let bad = programs("bad");
    assert!(bad.len() >= 10);
    for path in bad {
        let src = std::fs::read_to_string(&path).unwrap();
        let file = path.to_str().unwrap();
        let expect = src
            .lines()
            .find_map(|l| l.strip_prefix("// expect-error: "))
            .unwrap_or_else(|| panic!("{file}: no expect-error line"));
        let out = slamrs(&["bebop", file]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        let first = err.lines().next().unwrap_or("");
        assert!(first.starts_with(&format!("{file}:")), "{file}: {first}");
        // `LINE:COL: text` or just `text`.
        let (loc, text) = match expect.split_once(": ") {
            Some((l, t)) if l.contains(':') => (Some(l), t),
            _ => match expect.strip_suffix(':') {
                Some(l) => (Some(l), ""),
                None => (None, expect),
            },
        };
        if let Some(loc) = loc {
            assert!(
                first.starts_with(&format!("{file}:{loc}: error:")),
                "{file}: expected location {loc}, got: {first}"
            );
        }
        assert!(
            first.contains(text),
            "{file}: expected `{text}` in: {first}"
        );
        assert!(err.contains(" | "), "{file}: no source line shown:\n{err}");
        assert!(!err.contains("panicked"), "{file}: {err}");
    }
}

#[test]
fn fig1_trace_matches_the_paper() {
    let fig1 = concat!(env!("CARGO_MANIFEST_DIR"), "/bebop/examples/fig1.bp");
    let out = slamrs(&["bebop", fig1, "--label", "R"]);
    assert_eq!(out.status.code(), Some(10));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("label R is REACHABLE"), "{text}");
    // g must be 1 initially (the paper's footnote 2), and h = !g = 0 at the calls.
    let first = text.lines().nth(2).unwrap();
    assert!(
        first.contains("h := !g;") && first.ends_with("g=1"),
        "{first}"
    );
    assert!(
        text.contains("A(g, h);") && text.contains("g=1 h=0"),
        "{text}"
    );
    // Both engines, JSON: the trace starts in main and ends at R.
    for engine in ["bdd", "explicit"] {
        let out = slamrs(&[
            "bebop", fig1, "--label", "R", "--engine", engine, "--format", "json",
        ]);
        assert_eq!(out.status.code(), Some(10));
        let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(j["verdict"], "reachable");
        let steps = j["trace"].as_array().unwrap();
        assert_eq!(steps[0]["proc"], "main");
        assert_eq!(steps[0]["values"]["g"], true);
        assert!(steps.last().unwrap()["statement"]
            .as_str()
            .unwrap()
            .starts_with("R:"));
    }
}

#[test]
fn usage_errors_exit_2() {
    let fig1 = concat!(env!("CARGO_MANIFEST_DIR"), "/bebop/examples/fig1.bp");
    for args in [
        vec!["bebop", "/nonexistent/x.bp"],
        vec!["bebop", fig1, "--label", "NoSuchLabel"],
        vec!["bebop", fig1, "--engine", "magic"],
        vec!["frobnicate"],
    ] {
        let out = slamrs(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn stats_and_collapse() {
    let fig1 = concat!(env!("CARGO_MANIFEST_DIR"), "/bebop/examples/fig1.bp");
    let out = slamrs(&["bebop", fig1, "--label", "R", "--stats", "--collapse"]);
    let text = String::from_utf8_lossy(&out.stdout);
    for key in [
        "peak BDD nodes",
        "path edge sets",
        "summary edge sets",
        "worklist iterations",
        "time search",
    ] {
        assert!(text.contains(key), "missing {key}: {text}");
    }
    assert!(text.contains("[summary:"), "{text}");
}

/// `bebop/tests/programs/loop/*.bp` carry `// expect: may-loop F loops|returns`
/// and `// expect: ctl P FORMULA holds|fails` lines, checked with both engines
/// (the BDD engine with its lasso or explanation, the explicit oracle's verdict).
#[test]
fn loop_and_ctl_programs_have_the_expected_answers() {
    let mut checked = 0;
    for path in programs("loop") {
        let src = std::fs::read_to_string(&path).unwrap();
        let file = path.to_str().unwrap();
        for line in src.lines().filter_map(|l| l.strip_prefix("// expect: ")) {
            let (kind, rest) = line.split_once(' ').expect("kind");
            let (proc, rest) = rest.split_once(' ').expect("procedure");
            let (question, verdict) = rest.rsplit_once(' ').unwrap_or(("", rest));
            let want = match verdict {
                "loops" | "fails" => 10,
                "returns" | "holds" => 0,
                _ => panic!("{file}: bad verdict `{verdict}`"),
            };
            for engine in ["bdd", "explicit"] {
                let args: Vec<&str> = match kind {
                    "may-loop" => vec!["bebop", file, "--engine", engine, "--may-loop", proc],
                    "ctl" => vec![
                        "bebop", file, "--engine", engine, "--ctl", question, "--proc", proc,
                    ],
                    _ => panic!("{file}: bad expectation `{line}`"),
                };
                let out = slamrs(&args);
                let stdout = String::from_utf8_lossy(&out.stdout);
                assert_eq!(
                    out.status.code(),
                    Some(want),
                    "{file} {line} ({engine}):\n{stdout}{}",
                    String::from_utf8_lossy(&out.stderr)
                );
                if engine == "bdd" && want == 10 {
                    assert!(
                        stdout.contains("replayed"),
                        "{file} {line}: no replayed trace:\n{stdout}"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 40, "only {checked} expectations");
}

/// A bad `--ctl` formula, an unknown variable or procedure: a located error, exit 2.
#[test]
fn bad_loop_and_ctl_questions_are_errors() {
    let file = "bebop/tests/programs/loop/lock_bug.bp";
    for (args, wanted) in [
        (
            vec!["--ctl", "AG(locked -> "],
            "--ctl:1:14: error: expected a formula",
        ),
        (
            vec!["--ctl", "AG(lockd)"],
            "--ctl:1:4: error: `lockd` is not a variable of `main`",
        ),
        (
            vec!["--ctl", "busy", "--proc", "nope"],
            "error: no procedure `nope`",
        ),
        (vec!["--may-loop", "nope"], "error: no procedure `nope`"),
    ] {
        let mut all = vec!["bebop", file];
        all.extend(args.iter().copied());
        let out = slamrs(&all);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(wanted), "{args:?}: {stderr}");
    }
}
