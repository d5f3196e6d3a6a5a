//! `slamrs check` with native replay: a violation is reported only when the gcc-compiled
//! program confirms it, the report says how it was confirmed, and a disagreement between
//! the interpreter and the compiled program is UNKNOWN with the difference named.

mod common;

use common::{scratch, slamrs, text};
use serde_json::Value;
use std::path::PathBuf;

fn write(name: &str, src: &str) -> PathBuf {
    let p = scratch("check_native").join(name);
    std::fs::write(&p, src).unwrap();
    p
}

fn check(args: &[&str]) -> (i32, Value, String) {
    check_within(args, "60")
}

/// [`check`] with another time limit (seconds).
fn check_within(args: &[&str], timeout: &str) -> (i32, Value, String) {
    let mut all = vec!["check"];
    all.extend_from_slice(args);
    all.extend(["--format", "json", "--timeout", timeout]);
    let out = slamrs(&all);
    let json: Value = serde_json::from_str(text(&out.stdout).trim())
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", text(&out.stdout)));
    (out.status.code().unwrap_or(-1), json, text(&out.stderr))
}

#[test]
fn violations_are_confirmed_by_the_compiled_program() {
    let p = write(
        "input_bug.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { int x = __VERIFIER_nondet_int(); if (x * 3 == 21) reach_error(); return 0; }\n",
    );
    let f = p.to_str().unwrap();
    let (code, j, _) = check(&[f]);
    assert_eq!(code, 10, "{j}");
    assert_eq!(j["native_replay"], true);
    assert_eq!(j["interpreter_replay"], true);
    assert_eq!(j["inputs"], serde_json::json!([7]));
    // without native replay, the report says so
    let (code, j, _) = check(&[f, "--no-native-replay"]);
    assert_eq!(code, 10);
    assert_eq!(j["native_replay"], false);
    let out = slamrs(&["check", f, "--no-native-replay"]);
    assert!(text(&out.stdout).contains("replayed on the CIR interpreter only"));
    // --native-dir keeps the harness and the run
    let dir = scratch("check_native").join("kept");
    let _ = std::fs::remove_dir_all(&dir);
    let (code, _, _) = check(&[f, "--native-dir", dir.to_str().unwrap()]);
    assert_eq!(code, 10);
    for name in ["program.i", "harness.c", "program", "run-1.in", "run-1.log"] {
        assert!(dir.join(name).exists(), "{name} missing from --native-dir");
    }
    let log = std::fs::read_to_string(dir.join("run-1.log")).unwrap();
    assert!(log.contains("i __VERIFIER_nondet_int 7"), "{log}");
}

#[test]
fn a_disagreement_is_unknown_with_the_difference() {
    // the interpreter takes `rand()` as an unknown function's input; glibc's rand is real
    let p = write(
        "rand_bug.c",
        "#include <stdlib.h>\nextern void reach_error(void);\nint main(void) { if (rand() == 5) reach_error(); return 0; }\n",
    );
    let (code, j, _) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, 20, "{j}");
    let reason = j["reason"]["message"].as_str().unwrap_or("");
    assert!(
        reason.contains("native replay disagrees") && reason.contains("without reaching the error"),
        "{reason}"
    );
}

/// `qsort` may compare an element with itself (the C standard leaves the comparisons
/// unspecified, and the model makes any); glibc's does not for two elements. A trace
/// through such a comparison is rejected by the native replay, and the search goes on
/// with the model's unspecified calls left out.
#[test]
fn a_library_models_unspecified_calls_do_not_hide_a_real_bug() {
    let cmp = "#include <stdlib.h>\nextern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
               static int cmp(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; COND return (x > y) - (x < y); }\n\
               int main(void) { int v[2]; v[0] = __VERIFIER_nondet_int(); v[1] = 5; qsort(v, 2, sizeof v[0], cmp); return 0; }\n";
    // equal values: a self-comparison reaches the error for any input, the real one needs 5
    let p = write(
        "qsort_equal_bug.c",
        &cmp.replace("COND", "if (x == y) reach_error();"),
    );
    let (code, j, _) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, 10, "{j}");
    assert_eq!(j["native_replay"], true);
    assert_eq!(j["inputs"], serde_json::json!([5]));
    // a second comparison: only the unspecified calls make one for two elements
    let q = write(
        "qsort_second_compare.c",
        &cmp.replace("static int cmp", "static int calls;\nstatic int cmp")
            .replace("COND", "if (++calls > 1) reach_error();"),
    );
    // the first run, the pinned run after it and their native replays take 30 s on a quiet
    // machine: more time than the others, so that a loaded one does not time out first
    let (code, j, _) = check_within(&[q.to_str().unwrap()], "180");
    assert_eq!(code, 20, "{j}");
    let reason = j["reason"]["message"].as_str().unwrap_or("");
    assert!(
        reason.contains("native replay disagrees")
            && reason
                .contains("without the library models' unspecified calls the error is unreachable"),
        "{reason}"
    );
}

#[test]
fn the_compiled_program_confirms_what_the_interpreter_cannot_follow() {
    let p = write(
        "float_bug.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { int k = __VERIFIER_nondet_int(); double d = 0.1 * k; if (k == 3 && d != 0.3) reach_error(); return 0; }\n",
    );
    let (code, j, _) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, 10, "{j}");
    assert_eq!(j["native_replay"], true);
    assert_eq!(j["interpreter_replay"], false);
    assert_eq!(j["inputs"], serde_json::json!([3]));
    // and a program whose float condition never holds is not reported
    let q = write(
        "float_safe.c",
        "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n\
         int main(void) { int k = __VERIFIER_nondet_int(); double d = k; if (k == 3 && d != 3.0) reach_error(); return 0; }\n",
    );
    let (code, j, _) = check(&[q.to_str().unwrap()]);
    assert_eq!(code, 20, "{j}");
}

#[test]
fn unsupported_constructs_are_unknown_not_bad_input() {
    let p = write(
        "vla2d.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) { int n = __VERIFIER_nondet_int(); int g[2][n]; return 0; }\n",
    );
    let (code, j, stderr) = check(&[p.to_str().unwrap()]);
    assert_eq!(code, 20, "{j}");
    let reason = j["reason"]["message"].as_str().unwrap_or("");
    assert!(reason.starts_with("unsupported construct: "), "{reason}");
    assert!(reason.contains("vla2d.c:2:"), "{reason}");
    assert!(stderr.contains("unsupported"), "{stderr}");
}
