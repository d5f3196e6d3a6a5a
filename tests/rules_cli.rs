//! `slamrs rules`: the list of built-in rules, `--show`, `--check`, and bad input (exit 2).

mod common;

use common::{scratch, slamrs, text};

#[test]
fn lists_every_builtin_rule_on_one_line() {
    let out = slamrs(&["rules"]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    let names = [
        "locking",
        "critical-region",
        "rcu",
        "sleep-in-atomic",
        "irq-lines",
        "module-ref",
        "irql",
        "cancel-spinlock",
        "irp-completion",
        "pending",
    ];
    assert_eq!(lines.len(), names.len(), "{stdout}");
    for (line, name) in lines.iter().zip(names) {
        assert!(line.starts_with(name), "{line}");
        assert!(
            line.len() > name.len() + 10,
            "a description follows: {line}"
        );
    }
}

#[test]
fn show_prints_the_rule_text_which_checks_clean() {
    let d = scratch("rules-show");
    for name in [
        "locking",
        "critical-region",
        "rcu",
        "irql",
        "cancel-spinlock",
        "irp-completion",
        "pending",
    ] {
        let out = slamrs(&["rules", "--show", name]);
        assert_eq!(out.status.code(), Some(0));
        let body = text(&out.stdout);
        assert!(body.contains(".entry"), "{body}");
        let path = d.join(format!("{name}.slic"));
        std::fs::write(&path, &body).unwrap();
        let out = slamrs(&["rules", "--check", path.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        assert!(
            text(&out.stdout).contains(&format!("rule `{name}` is well formed")),
            "{}",
            text(&out.stdout)
        );
    }
}

#[test]
fn unknown_rule_exits_2_with_the_list() {
    let out = slamrs(&["rules", "--show", "spinlock"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("unknown rule `spinlock`"), "{err}");
    for name in ["locking", "critical-region", "rcu"] {
        assert!(err.contains(name), "{err}");
    }
    assert!(out.stdout.is_empty());
}

#[test]
fn check_reports_rule_errors_with_their_location() {
    let d = scratch("rules-check");
    let path = d.join("bad.slic");
    std::fs::write(
        &path,
        "state { int held; }\nlock.entry {\n  if (held) abort \"twice\";\n  helt = 1;\n}\n",
    )
    .unwrap();
    let p = path.to_str().unwrap();
    let out = slamrs(&["rules", "--check", p]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(&format!("{p}:4:3: error: unknown state variable `helt`")),
        "{err}"
    );
    assert!(err.contains("4 |   helt = 1;\n  |   ^"), "{err}");
    let out = slamrs(&["rules", "--check", d.join("missing.slic").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("cannot read the rule file"));
    let out = slamrs(&["rules", "--check", "lockng"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown rule `lockng`"));
}

#[test]
fn check_summarises_a_good_rule() {
    let d = scratch("rules-good");
    let path = d.join("irql.slic");
    std::fs::write(
        &path,
        "state { int raised = 0; }\nKeRaiseIrql.entry { if (raised) abort \"raised twice\"; raised = 1; }\nKeLowerIrql.entry { raised = 0; }\n$entry.exit { if (raised) abort \"IRQL not restored\"; }\n",
    )
    .unwrap();
    let out = slamrs(&["rules", "--check", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(
        s.contains("rule `irql` is well formed: 1 state variable, 3 handlers"),
        "{s}"
    );
    assert!(
        s.contains("observes: KeRaiseIrql, KeLowerIrql, $entry"),
        "{s}"
    );
}
