//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `slamrs` binary with `args`.
pub fn slamrs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .args(args)
        .output()
        .expect("run slamrs")
}

/// Bytes as (lossy) text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}
