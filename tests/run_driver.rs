//! `slamrs run DRIVER.c --rule R --runs N`: the program `slamrs check --rule R` verifies
//! (the driver under its harness, instrumented for the rule), run on random inputs. A
//! corpus driver with a lock leak that random inputs reach is caught within 50 runs, with
//! the driver's line; a driver that obeys the rule is not; `--runs` on an ordinary program;
//! `--rule` on a program that is no driver is bad usage. The Linux drivers need Debian's
//! configured kernel headers (scripts/setup installs them); without them the tests say so
//! and pass.

mod common;

use std::path::PathBuf;

use common::{scratch, slamrs, text};

fn corpus(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("c-tests/drivers")
        .join(name)
        .display()
        .to_string()
}

fn linux_headers_installed() -> bool {
    let ok = slamrs_abstraction::harness::kbuild::kernel_tree(None).is_ok();
    if !ok {
        eprintln!(
            "skipped: no configured kernel headers (scripts/setup installs linux-headers-amd64)"
        );
    }
    ok
}

#[test]
fn random_runs_reach_a_drivers_lock_leak() {
    if !linux_headers_installed() {
        return;
    }
    // the timer callback returns with the lock held on its error path
    let f = corpus("linux_timer_lock_leak.c");
    let out = slamrs(&[
        "run", &f, "--rule", "locking", "--runs", "50", "--seed", "0",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(10), "{err}");
    assert!(err.contains("reaches the error"), "{err}");
    assert!(err.contains("inputs used: ["), "{err}");
    assert!(
        err.contains("driver location: ") && err.contains("linux_timer_lock_leak.c:"),
        "{err}"
    );
}

#[test]
fn random_runs_of_a_driver_that_obeys_the_rule_find_nothing() {
    if !linux_headers_installed() {
        return;
    }
    let f = corpus("linux_platform_ok.c");
    let out = slamrs(&[
        "run", &f, "--rule", "locking", "--runs", "50", "--seed", "0",
    ]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("reaches the error"), "{err}");
    assert_eq!(err.matches("(seed ").count(), 50, "{err}");
}

#[test]
fn a_wdm_driver_runs_under_its_harness() {
    // DriverEntry, AddDevice and the dispatch loop of the harness: no lock is leaked
    let f = corpus("wdm_built_ioctl_ok.c");
    let out = slamrs(&["run", &f, "--rule", "locking", "--runs", "20"]);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("no error in 20 runs"), "{err}");
}

#[test]
fn many_runs_of_a_program_and_bad_usage() {
    let d = scratch("run-many");
    let f = d.join("m.c");
    std::fs::write(
        &f,
        "int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\n\
         int main(void) {\n  int x = __VERIFIER_nondet_int();\n  \
         if (x == 3) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let f = f.to_str().unwrap();
    let hit = slamrs(&["run", f, "--runs", "200", "--seed", "5"]);
    let err = text(&hit.stderr);
    assert_eq!(hit.status.code(), Some(10), "{err}");
    assert!(
        err.contains("program location: ") && err.contains("m.c:5:"),
        "{err}"
    );
    let none = slamrs(&["run", f, "--runs", "0"]);
    assert_eq!(none.status.code(), Some(0), "{}", text(&none.stderr));
    // --rule is for drivers
    let bad = slamrs(&["run", f, "--rule", "locking"]);
    assert_eq!(bad.status.code(), Some(2), "{}", text(&bad.stderr));
    assert!(text(&bad.stderr).contains("is for drivers"));
    // more files only with --rule; --runs with --inputs conflict
    assert_eq!(slamrs(&["run", f, f]).status.code(), Some(2));
    assert_eq!(
        slamrs(&["run", f, "--runs", "3", "--inputs", "1"])
            .status
            .code(),
        Some(2)
    );
}
