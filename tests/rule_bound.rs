//! A rule's `giveup` statement end to end (docs/rules.md): a check whose path ends at one is
//! UNKNOWN with reason kind `rule-bound` — never SAFE, never a violation — on every backend;
//! a real violation beside it is still found; `slamrs validate` rejects a witness whose
//! run ends at one.

mod common;

use common::{scratch, slamrs, text};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// A rule that follows two locks at once and gives up at a third.
const RULE: &str = r#"
state { int n = 0; }
lock.entry {
  if (n == 2) giveup "more than two locks held at once";
  n = n + 1;
}
unlock.entry {
  if (n == 0) abort "released but not held";
  n = n - 1;
}
"#;

/// Takes a third lock on some runs (`mode == 1`); with `BUG`, releases one lock too many
/// on others (`mode == 2`), a real violation.
const PROGRAM: &str = r#"
extern void lock(int *l);
extern void unlock(int *l);
extern int __VERIFIER_nondet_int(void);
int a, b, c;
int main(void) {
  int mode = __VERIFIER_nondet_int();
  lock(&a); lock(&b);
  if (mode == 1) { lock(&c); unlock(&c); }
  unlock(&b); unlock(&a);
#ifdef BUG
  if (mode == 2) unlock(&a);
#endif
  return 0;
}
"#;

fn files(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let rule = dir.join("bound.slic");
    let prog = dir.join("prog.c");
    std::fs::write(&rule, RULE).unwrap();
    std::fs::write(&prog, PROGRAM).unwrap();
    (rule, prog)
}

/// `slamrs check` with JSON output: exit status and report.
fn check(prog: &Path, rule: &Path, extra: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec![
        "check",
        prog.to_str().unwrap(),
        "--rule",
        rule.to_str().unwrap(),
        "--format",
        "json",
        "--timeout",
        "60",
    ];
    args.extend_from_slice(extra);
    let out = slamrs(&args);
    let report: Value = serde_json::from_str(&text(&out.stdout))
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&out.stdout), text(&out.stderr)));
    (out.status.code(), report)
}

#[test]
fn a_path_to_giveup_is_unknown_rule_bound_on_every_backend() {
    let (rule, prog) = files("rule_bound_unknown");
    for backend in ["cegar", "mixed", "portfolio"] {
        for explore in [true, false] {
            let mut extra = vec!["--backend", backend];
            if !explore {
                extra.push("--no-explore");
            }
            let (code, r) = check(&prog, &rule, &extra);
            assert_eq!(code, Some(20), "{backend} explore={explore}: {r}");
            assert_eq!(r["verdict"], "unknown", "{backend}: {r}");
            assert_eq!(r["reason"]["kind"], "rule-bound", "{backend}: {r}");
            let msg = r["reason"]["message"].as_str().unwrap();
            assert!(
                msg.contains("more than two locks held at once") && msg.contains("bound.slic:4:"),
                "{backend}: {msg}"
            );
        }
    }
}

#[test]
fn a_violation_beside_a_giveup_is_still_found() {
    let (rule, prog) = files("rule_bound_and_bug");
    for backend in ["cegar", "portfolio"] {
        for explore in [true, false] {
            let mut extra = vec!["--backend", backend, "--", "-DBUG"];
            if !explore {
                extra.insert(2, "--no-explore");
            }
            let (code, r) = check(&prog, &rule, &extra);
            assert_eq!(code, Some(10), "{backend} explore={explore}: {r}");
            assert_eq!(r["message"], "released but not held", "{backend}: {r}");
        }
    }
    // the mixed backend alone does not search again within the bounds: never SAFE though
    let (code, r) = check(&prog, &rule, &["--backend", "mixed", "--", "-DBUG"]);
    assert!(code == Some(10) || code == Some(20), "{r}");
    assert_ne!(r["verdict"], "safe", "{r}");
}

#[test]
fn without_the_third_lock_the_rule_holds() {
    let dir = scratch("rule_bound_safe");
    let rule = dir.join("bound.slic");
    let prog = dir.join("prog.c");
    std::fs::write(&rule, RULE).unwrap();
    std::fs::write(&prog, PROGRAM.replace("lock(&c); unlock(&c);", "")).unwrap();
    let (code, r) = check(&prog, &rule, &[]);
    assert_eq!(code, Some(0), "{r}");
}
