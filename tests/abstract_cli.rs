//! `slamrs abstract` end to end: the boolean program it prints parses and checks with
//! `slamrs bebop`, and bad predicate files give `PFILE:LINE:COL` errors with exit 2.

mod common;

use common::{scratch, slamrs, text};

const PROGRAM: &str = "extern void reach_error(void);\nint locked;\nvoid lock(void) { if (locked) reach_error(); locked = 1; }\nvoid unlock(void) { if (!locked) reach_error(); locked = 0; }\nint main(void) {\n  int x = 0;\n  lock();\n  x = 1;\n  unlock();\n  return x;\n}\n";

#[test]
fn abstract_then_bebop_proves_the_lock_discipline() {
    let d = scratch("abstract-ok");
    let c = d.join("lock.c");
    let p = d.join("lock.preds");
    let bp = d.join("lock.bp");
    std::fs::write(&c, PROGRAM).unwrap();
    std::fs::write(
        &p,
        "# the lock state\nglobal: locked == 0\nmain: x == 1  # unused\n",
    )
    .unwrap();
    let out = slamrs(&[
        "abstract",
        c.to_str().unwrap(),
        "--predicates",
        p.to_str().unwrap(),
        "-o",
        bp.to_str().unwrap(),
        "--stats",
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("predicates"),
        "{}",
        text(&out.stderr)
    );
    let bptext = std::fs::read_to_string(&bp).unwrap();
    assert!(bptext.contains("decl {locked == 0};"), "{bptext}");
    assert!(bptext.contains("{x == 1}"), "{bptext}");
    assert!(bptext.contains("assert(0)"), "{bptext}");
    let check = slamrs(&["bebop", bp.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));

    // Without the predicate the lock state is unknown and bebop finds an abstract path.
    std::fs::write(&p, "main: x == 1\n").unwrap();
    let out = slamrs(&[
        "abstract",
        c.to_str().unwrap(),
        "-p",
        p.to_str().unwrap(),
        "-o",
        bp.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let check = slamrs(&["bebop", bp.to_str().unwrap()]);
    assert_eq!(check.status.code(), Some(10), "{}", text(&check.stdout));
}

#[test]
fn bad_predicate_files_are_located_errors() {
    let d = scratch("abstract-bad");
    let c = d.join("lock.c");
    std::fs::write(&c, PROGRAM).unwrap();
    let cases: [(&str, &str); 11] = [
        ("locked == 0\n", "1:1: error: expected `SCOPE: expression`"),
        (
            "nosuch: locked == 0\n",
            "1:1: error: unknown scope `nosuch`",
        ),
        ("reach_error: locked == 0\n", "has no body"),
        ("main: y == 0\n", "1:7: error: unknown variable `y`"),
        ("\nglobal: x == 0\n", "2:9: error: unknown variable `x`"),
        ("main: x == \n", "expected an expression"),
        ("main: x == 0 0\n", "unexpected token"),
        ("main: x.f == 0\n", "not a struct"),
        (
            "global: locked == \\old(locked)\n",
            "only allowed in a function's scope",
        ),
        (
            "main: x == \\old(x)\n",
            "1:17: error: `\\old` takes a global",
        ),
        (
            "lock: locked == \\old(nosuch)\n",
            "1:22: error: unknown variable `nosuch`",
        ),
    ];
    for (i, (preds, want)) in cases.iter().enumerate() {
        let p = d.join(format!("bad{i}.preds"));
        std::fs::write(&p, preds).unwrap();
        let out = slamrs(&["abstract", c.to_str().unwrap(), "-p", p.to_str().unwrap()]);
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{preds:?}: {err}");
        assert!(err.contains(&format!("bad{i}.preds:")), "{preds:?}: {err}");
        assert!(err.contains(want), "{preds:?}: want {want:?}, got {err}");
    }
    // A missing predicate file and a missing entry function are bad input too.
    let out = slamrs(&[
        "abstract",
        c.to_str().unwrap(),
        "-p",
        d.join("none.preds").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read"));
    let p = d.join("ok.preds");
    std::fs::write(&p, "global: locked == 0\n").unwrap();
    let out = slamrs(&[
        "abstract",
        c.to_str().unwrap(),
        "-p",
        p.to_str().unwrap(),
        "--entry",
        "start",
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
}
