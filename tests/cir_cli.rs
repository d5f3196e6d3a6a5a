//! `slamrs cir` end to end: printing, `.i` input with line markers, CPPFLAGS after `--`,
//! and bad input (exit 2 with `file:line:col`).

mod common;

use common::{scratch, slamrs, text};

#[test]
fn prints_cir_with_source_lines() {
    let d = scratch("cir-print");
    let f = d.join("p.c");
    std::fs::write(
        &f,
        "int g;\nint inc(int x) {\n  return x + 1;\n}\nint main(void) {\n  int a = inc(g) ? 2 : 3;\n  return a;\n}\n",
    )
    .unwrap();
    let out = slamrs(&["cir", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("int inc(int x)"), "{s}");
    assert!(s.contains("return x + 1"), "{s}");
    // The source line is shown beside the statements lowered from it.
    assert!(s.contains("| int a = inc(g) ? 2 : 3;"), "{s}");
    assert!(s.contains("= inc(g)"), "{s}");
    let only = slamrs(&["cir", f.to_str().unwrap(), "--function", "inc"]);
    assert!(!text(&only.stdout).contains("int main"));
}

#[test]
fn cppflags_pass_through() {
    let d = scratch("cir-cppflags");
    let f = d.join("q.c");
    std::fs::write(&f, "int main(void) { return LIMIT; }\n").unwrap();
    let bad = slamrs(&["cir", f.to_str().unwrap()]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stderr).contains("q.c:1:"),
        "{}",
        text(&bad.stderr)
    );
    let good = slamrs(&["cir", f.to_str().unwrap(), "--", "-DLIMIT=7"]);
    assert_eq!(good.status.code(), Some(0), "{}", text(&good.stderr));
    assert!(text(&good.stdout).contains("return 7"));
}

#[test]
fn preprocessed_input_is_read_directly_and_markers_honoured() {
    let d = scratch("cir-dot-i");
    let f = d.join("r.i");
    std::fs::write(
        &f,
        "# 1 \"orig.c\"\n# 40 \"orig.c\"\nint main(void) {\n  return 1 +;\n}\n",
    )
    .unwrap();
    let out = slamrs(&["cir", f.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.starts_with("orig.c:41:"), "{err}");
    assert!(err.contains("return 1 +;"), "{err}");
}

#[test]
fn empty_or_definition_free_input_is_an_error() {
    let d = scratch("cir-empty");
    let empty = d.join("empty.i");
    std::fs::write(&empty, "").unwrap();
    let out = slamrs(&["cir", empty.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no function definitions"));
    let decls = d.join("decls.c");
    std::fs::write(&decls, "int f(int);\nextern int g;\n").unwrap();
    let out = slamrs(&["cir", decls.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn missing_entry_and_missing_file_are_errors() {
    let d = scratch("cir-entry");
    let f = d.join("s.c");
    std::fs::write(&f, "int main(void) { return 0; }\n").unwrap();
    let out = slamrs(&["cir", f.to_str().unwrap(), "--entry", "DriverEntry"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("`DriverEntry` is not defined"));
    let out = slamrs(&["cir", d.join("nope.c").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no such file"));
}

#[test]
fn run_executes_on_given_inputs() {
    let d = scratch("run");
    let f = d.join("r.c");
    std::fs::write(
        &f,
        "int printf(const char *, ...);\nint __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  printf(\"x=%d\\n\", x);\n  \
         if (x > 5) reach_error();\n  return x;\n}\n",
    )
    .unwrap();
    let f = f.to_str().unwrap();
    let hit = slamrs(&["run", f, "--inputs", "7"]);
    assert_eq!(hit.status.code(), Some(10));
    assert_eq!(text(&hit.stdout), "x=7\n");
    assert!(
        text(&hit.stderr).contains("error location reached at"),
        "{}",
        text(&hit.stderr)
    );
    assert!(
        text(&hit.stderr).contains("r.c:7:"),
        "{}",
        text(&hit.stderr)
    );
    let miss = slamrs(&["run", f, "--inputs", "2"]);
    assert_eq!(miss.status.code(), Some(0));
    assert!(text(&miss.stderr).contains("returned 2"));
    let short = slamrs(&["run", f]);
    assert_eq!(short.status.code(), Some(20));
    assert!(text(&short.stderr).contains("out of inputs"));
    let bad = slamrs(&["run", f, "--inputs", "x"]);
    assert_eq!(bad.status.code(), Some(2));
}
