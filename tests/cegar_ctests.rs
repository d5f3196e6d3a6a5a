//! The CEGAR loop on its own: every program of `c-tests/cegar/` is checked with
//! `slamrs check --no-explore` (abstraction, Bebop and refinement, without the directed
//! exploration that could prove or refute it on its own), and must answer its `expect:`
//! header (`safe` or `violation`, confirmed under gcc by `scripts/soundness-gcc`).
//!
//! The corpus holds programs the loop proves only through what refinement learns besides
//! predicates (`c2bp::learned`: constraints from inconsistent trace states, seed cubes from
//! steps the predicates rule out), each beside a buggy near-twin that those must not hide.
//! Adding a case is adding a file.

mod common;

use common::{c_programs, file_name, header, parallel, run_bounded, tail};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

const TIMEOUT_S: u64 = 60;

#[test]
fn cegar_alone_answers_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/cegar");
    let files = c_programs(&dir, "");
    assert!(
        files.len() >= 4,
        "expected at least 4 programs in c-tests/cegar"
    );
    let problems: Vec<String> = parallel(&files, 2, |path| {
        let name = file_name(path);
        let expect = match header(path) {
            Ok(h) => h
                .into_iter()
                .find(|(k, _)| k == "expect")
                .map(|(_, v)| v)
                .unwrap_or_default(),
            Err(e) => return Some(format!("{name}: {e}")),
        };
        if expect != "safe" && expect != "violation" {
            return Some(format!("{name}: `// expect: safe|violation` missing"));
        }
        let args: Vec<String> = [
            "check",
            &path.to_string_lossy(),
            "--no-explore",
            "--format",
            "json",
            "--timeout",
            &TIMEOUT_S.to_string(),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let run = match run_bounded(&args, Duration::from_secs(TIMEOUT_S + 30), "cegar_ctests") {
            Ok(r) => r,
            Err(e) => return Some(format!("{name}: {e}")),
        };
        let verdict = serde_json::from_str::<Value>(&run.stdout)
            .ok()
            .and_then(|j| j["verdict"].as_str().map(str::to_string))
            .unwrap_or_else(|| "(no verdict)".into());
        (verdict != expect).then(|| {
            format!(
                "{name}: expected {expect}, got {verdict} (exit {:?}, {:.1} s)\n  stdout: {}\n  stderr: {}",
                run.code,
                run.secs,
                tail(&run.stdout, 600),
                tail(&run.stderr, 600)
            )
        })
    })
    .into_iter()
    .flatten()
    .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
