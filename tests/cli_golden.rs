//! Golden outputs of the researcher-facing subcommands: `slamrs cir`, `slamrs abstract` and
//! `slamrs bebop` (its trace).
//!
//! Every file of `tests/golden/cli/` names its command on an `// args: SUBCOMMAND ...` line;
//! `slamrs SUBCOMMAND FILE ...` runs from the repository root, and its exit status, stdout
//! and stderr must equal the snapshot beside the file (`NAME.out.snap`). Adding a case is
//! adding a file; `scripts/update-golden` rewrites the snapshots after a deliberate change.

use std::path::PathBuf;
use std::process::Command;

mod common;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn cli_golden_outputs() {
    let dir = root().join("tests/golden/cli");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/golden/cli")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c" || x == "bp"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 3,
        "golden cases missing in {}",
        dir.display()
    );
    for case in cases {
        let text = std::fs::read_to_string(&case).expect("case");
        let args: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("// args:"))
            .unwrap_or_else(|| panic!("{}: no `// args:` line", case.display()))
            .split_whitespace()
            .collect();
        let rel = case.strip_prefix(root()).unwrap_or(&case);
        let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
            .current_dir(root())
            .arg(args[0])
            .arg(rel)
            .args(&args[1..])
            .output()
            .expect("run slamrs");
        let shown = format!(
            "exit {}\n--- stdout\n{}--- stderr\n{}",
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        common::golden(&case, "out", &shown);
    }
}
