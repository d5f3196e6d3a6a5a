//! Drivers without `main` (c-tests/drivers/): entry-point discovery against the expected
//! map beside each driver (`NAME.scan`, written by `slamrs scan`), rules that do not apply,
//! and bad input (a malformed map, a driver without entry points). Needs mingw-w64's DDK
//! headers (scripts/setup installs them); without them each test says so and passes.

use std::path::{Path, PathBuf};
use std::process::Command;

fn slamrs() -> Command {
    Command::new(env!("CARGO_BIN_EXE_slamrs"))
}

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/drivers")
}

/// Whether Debian's configured kernel headers are installed (Linux drivers are skipped,
/// with a message, where they are not).
fn linux_headers_installed() -> bool {
    let ok = slamrs_abstraction::harness::kbuild::kernel_tree(None).is_ok();
    if !ok {
        eprintln!("skipped: the Linux drivers of the corpus (no configured kernel headers; scripts/setup installs linux-headers-amd64)");
    }
    ok
}

/// The corpus drivers whose headers are installed, sorted.
fn drivers() -> Vec<PathBuf> {
    let linux = linux_headers_installed();
    let mut out: Vec<PathBuf> = std::fs::read_dir(corpus())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .filter(|p| {
            linux
                || !p
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with("linux_")
        })
        .collect();
    out.sort();
    out
}

fn headers_installed() -> bool {
    let ok = Path::new(slamrs_abstraction::harness::platform::MINGW_DDK)
        .join("wdm.h")
        .is_file();
    if !ok {
        eprintln!("skipped: mingw-w64's DDK headers are not installed (scripts/setup installs mingw-w64-common and gcc-mingw-w64-x86-64)");
    }
    ok
}

#[test]
fn scan_finds_the_expected_entry_points() {
    if !headers_installed() {
        return;
    }
    let mut n = 0;
    for path in drivers() {
        let expected = std::fs::read_to_string(path.with_extension("scan"))
            .unwrap_or_else(|_| panic!("{}: no .scan file beside it", path.display()));
        let rel = format!(
            "c-tests/drivers/{}",
            path.file_name().unwrap().to_string_lossy()
        );
        let out = slamrs()
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["scan", &rel])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{rel}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            expected,
            "{rel}: the map changed"
        );
        n += 1;
    }
    assert!(n >= 2, "the corpus has {n} drivers");
}

#[test]
fn scan_stops_at_its_memory_limit_with_a_typed_reason() {
    if !headers_installed() {
        return;
    }
    // every process uses more than 1 MB: the watchdog stops the scan at its first look
    let out = slamrs()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "scan",
            "c-tests/drivers/linux_platform_ok.c",
            "--memory-limit",
            "1",
        ])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(20), "{err}");
    assert!(err.contains("reason: memory-limit"), "{err}");
}

#[test]
fn a_rule_the_driver_never_exercises_is_not_applicable() {
    if !headers_installed() {
        return;
    }
    let out = slamrs()
        .args(["check", "--rule", "locking"])
        .arg(corpus().join("wdm_helpers_no_locks.c"))
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("status: NOT APPLICABLE"), "{stdout}");
    assert!(stdout.contains("dpc TickDpc"), "{stdout}");
}

#[test]
fn a_malformed_map_is_a_located_error() {
    if !headers_installed() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("slamrs-drivers-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let map = dir.join("bad.map");
    // (map text, expected error) for the leaking driver
    let cases = [
        (
            "platform wdm\ndriver-entry DriverEntry\ndispatch:IRP_MJ_NOPE DispatchIoctl\n",
            "bad.map:3:1: error: unknown role `dispatch:IRP_MJ_NOPE`",
        ),
        // a function the driver does not define
        (
            "platform wdm\ndriver-entry DriverEntry\nunload NoSuchRoutine\n",
            "bad.map:3:8: error: `NoSuchRoutine` (unload) is not a function",
        ),
        // a device extension type the driver does not define
        (
            "platform wdm\ndriver-entry DriverEntry\ndevice-extension struct _NO_SUCH_EXTENSION\n",
            "bad.map:3:1: error: `struct _NO_SUCH_EXTENSION` (device-extension) is not a struct",
        ),
        (
            "platform wdm\ndriver-entry DriverEntry\ndevice-extension struct\n",
            "bad.map:3:18: error: `device-extension` needs a type",
        ),
    ];
    for (text, expected) in cases {
        std::fs::write(&map, text).unwrap();
        let out = slamrs()
            .args(["check", "--rule", "locking", "--entry-map"])
            .arg(&map)
            .arg(corpus().join("wdm_ioctl_lock_leak.c"))
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(expected), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_driver_without_entry_points_is_refused() {
    if !headers_installed() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("slamrs-noentry-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("helpers_only.c");
    std::fs::write(
        &src,
        "#include <wdm.h>\nULONG Twice(ULONG x) { return 2 * x; }\n",
    )
    .unwrap();
    let out = slamrs()
        .args(["check", "--rule", "locking"])
        .arg(&src)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("no entry point found"), "{stderr}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Linux bad input: an edited map with an unknown role, a missing kernel header, a tree
/// that is not a kernel build tree, a module without entry points — each exit 2 with a
/// message saying where or what.
#[test]
fn linux_bad_input_is_a_located_error() {
    if !linux_headers_installed() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("slamrs-linux-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let driver = corpus().join("linux_read_lock_leak.c");
    let map = dir.join("bad.map");
    std::fs::write(
        &map,
        "platform linux\nmodule-init demo_init\nop:file_operations demo_read\n",
    )
    .unwrap();
    let missing = dir.join("missing_header.c");
    std::fs::write(
        &missing,
        "#include <linux/module.h>\n#include <linux/no_such_header.h>\nint x;\n",
    )
    .unwrap();
    let helpers = dir.join("helpers_only.c");
    std::fs::write(
        &helpers,
        "#include <linux/module.h>\nint twice(int x) { return 2 * x; }\n",
    )
    .unwrap();
    let cases: Vec<(Vec<std::ffi::OsString>, String)> = vec![
        (
            vec![
                "--entry-map".into(),
                map.clone().into(),
                driver.clone().into(),
            ],
            "bad.map:3:1: error: unknown role `op:file_operations` (expected module-init".into(),
        ),
        (
            vec![missing.clone().into()],
            "missing_header.c:2:10: error: preprocessor: linux/no_such_header.h".into(),
        ),
        (
            vec![
                "--kernel-headers".into(),
                dir.clone().into(),
                driver.clone().into(),
            ],
            "not a configured kernel build tree".into(),
        ),
        (vec![helpers.clone().into()], "no entry point found".into()),
    ];
    for (args, expected) in cases {
        let out = slamrs()
            .args(["check", "--rule", "locking"])
            .args(&args)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(&expected), "{args:?}: {stderr}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// One rule's expected status from a driver's `slamrs-expect:` line: `rule=STATUS` must
/// come out exactly; `rule=STATUS?` is the truth slamrs does not reach yet (it may give up
/// or time out, never answer the opposite); `rule=GIVEUP:KIND` also names the reason's
/// kind (`rule-bound`, ...).
struct Expect {
    rule: String,
    status: String,
    reason: Option<String>,
    may_give_up: bool,
}

fn expectations(text: &str) -> Vec<Expect> {
    let line = text
        .lines()
        .find_map(|l| l.split_once("slamrs-expect:").map(|(_, r)| r))
        .unwrap_or("");
    line.split_whitespace()
        .filter_map(|w| w.split_once('='))
        .map(|(rule, st)| {
            let may_give_up = st.ends_with('?');
            let st = st.trim_end_matches('?');
            let (st, reason) = match st.split_once(':') {
                Some((st, kind)) => (st, Some(kind.to_string())),
                None => (st, None),
            };
            Expect {
                rule: rule.to_string(),
                status: st.replace('-', " "),
                reason,
                may_give_up,
            }
        })
        .collect()
}

/// Every corpus driver, all rules of its platform (`slamrs check DRIVER.c`, one verdict per
/// rule): each status as its header comment says, every DEFECT replayed with its headline
/// in the driver. Drivers run two at a time.
#[test]
fn every_driver_gets_its_expected_status_per_rule() {
    if !headers_installed() {
        return;
    }
    let drivers = drivers();
    assert!(
        drivers.len() >= 15,
        "the corpus has {} drivers",
        drivers.len()
    );
    let queue = std::sync::Mutex::new(drivers);
    let failures = std::sync::Mutex::new(Vec::<String>::new());
    let counts = std::sync::Mutex::new((0usize, 0usize, 0usize)); // checked, as expected, `?` gave up
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let Some(path) = queue.lock().unwrap().pop() else {
                    break;
                };
                let name = path.file_name().unwrap().to_string_lossy().into_owned();
                let text = std::fs::read_to_string(&path).unwrap();
                let expect = expectations(&text);
                if expect.is_empty() {
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("{name}: no `slamrs-expect:` line"));
                    continue;
                }
                // a driver with a known give-up gets less time
                let timeout = if expect.iter().any(|e| e.may_give_up) { "30" } else { "120" };
                let out = slamrs()
                    .args(["check", "--timeout", timeout, "--format", "json"])
                    .arg(&path)
                    .output()
                    .unwrap();
                let stdout = String::from_utf8_lossy(&out.stdout);
                let v: serde_json::Value = match serde_json::from_str(stdout.trim()) {
                    Ok(v) => v,
                    Err(e) => {
                        failures.lock().unwrap().push(format!(
                            "{name}: not JSON ({e}): {stdout}\n{}",
                            String::from_utf8_lossy(&out.stderr)
                        ));
                        continue;
                    }
                };
                let rules = v["rules"].as_array().cloned().unwrap_or_default();
                for r in &rules {
                    let rule = r["rule"].as_str().unwrap_or("");
                    let status = r["status"].as_str().unwrap_or("");
                    if status == "DEFECT" {
                        let rep = &r["report"];
                        let at = rep["driver_location"]["file"].as_str().unwrap_or("");
                        if rep["replayed"] != serde_json::json!(true) || !at.ends_with(&name) {
                            failures.lock().unwrap().push(format!(
                                "{name}: rule {rule}: a DEFECT not replayed or not located in the driver: {rep}"
                            ));
                        }
                    }
                    let Some(e) = expect.iter().find(|e| e.rule == rule) else {
                        if status == "DEFECT" {
                            failures
                                .lock()
                                .unwrap()
                                .push(format!("{name}: rule {rule}: DEFECT, not expected"));
                        }
                        continue;
                    };
                    let mut c = counts.lock().unwrap();
                    c.0 += 1;
                    let gave_up = matches!(status, "GIVEUP" | "TIMEOUT" | "SPACEOUT");
                    let kind = r["report"]["reason"]["kind"].as_str().unwrap_or("");
                    if status == e.status && e.reason.as_deref().is_some_and(|k| k != kind) {
                        failures.lock().unwrap().push(format!(
                            "{name}: rule {rule}: {status} with reason `{kind}`, expected `{}`",
                            e.reason.as_deref().unwrap_or("")
                        ));
                    } else if status == e.status {
                        c.1 += 1;
                    } else if e.may_give_up && gave_up {
                        c.2 += 1;
                    } else {
                        failures.lock().unwrap().push(format!(
                            "{name}: rule {rule}: {status}, expected {}{}",
                            e.status,
                            if e.may_give_up { " (or giving up)" } else { "" }
                        ));
                    }
                }
                for e in &expect {
                    if !rules.iter().any(|r| r["rule"] == e.rule.as_str()) {
                        failures
                            .lock()
                            .unwrap()
                            .push(format!("{name}: rule {} was not checked", e.rule));
                    }
                }
            });
        }
    });
    let (checked, exact, gave_up) = *counts.lock().unwrap();
    eprintln!("{checked} rule checks: {exact} as expected, {gave_up} known give-ups (`?`)");
    let failures = failures.into_inner().unwrap();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
