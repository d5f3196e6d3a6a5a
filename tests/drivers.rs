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
    for entry in std::fs::read_dir(corpus()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "c") {
            continue;
        }
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
