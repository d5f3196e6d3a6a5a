//! State in memory: every program of `c-tests/memory/` is checked with `slamrs check FILE
//! --format json --timeout 20` (the default configuration: the CEGAR loop with the directed
//! exploration beside it) and must answer its `expect:` header (`safe` or `violation`).
//!
//! The corpus holds driver-shaped safe/buggy twins whose proof needs predicates over state
//! behind pointers: device-extension fields, IRP status fields and out-parameters written by a
//! callee, a lock flag inside a struct, pointers that may alias, heap lists, arrays of structs
//! and a state machine in `s->state`. A wrong answer always fails. An UNKNOWN is accepted only
//! where the file records why with a `// gap: <what slamrs cannot do yet>` header, and a file
//! with a `gap:` that is now answered correctly fails too, so that the header is removed.
//! Adding a case is adding a file.

mod common;

use common::{c_programs, file_name, header, parallel, run_bounded, tail};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

/// Per program: every answered one takes under 3 s here; the two gaps use it all.
const TIMEOUT_S: u64 = 20;

#[test]
fn memory_programs_answer_as_expected() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/memory");
    let files = c_programs(&dir, "");
    assert!(
        files.len() >= 8,
        "expected at least 8 programs in c-tests/memory"
    );
    let problems: Vec<String> = parallel(&files, 2, |path| check_one(path))
        .into_iter()
        .flatten()
        .collect();
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The problem with one program's answer, if any.
fn check_one(path: &Path) -> Option<String> {
    let name = file_name(path);
    let fields = match header(path) {
        Ok(h) => h,
        Err(e) => return Some(format!("{name}: {e}")),
    };
    let value = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.clone())
    };
    let expect = value("expect").unwrap_or_default();
    if expect != "safe" && expect != "violation" {
        return Some(format!("{name}: `// expect: safe|violation` missing"));
    }
    let gap = value("gap");
    let args: Vec<String> = [
        "check",
        &path.to_string_lossy(),
        "--format",
        "json",
        "--timeout",
        &TIMEOUT_S.to_string(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let run = match run_bounded(&args, Duration::from_secs(TIMEOUT_S + 30), "memory_ctests") {
        Ok(r) => r,
        Err(e) => return Some(format!("{name}: {e}")),
    };
    let json = serde_json::from_str::<Value>(&run.stdout).ok();
    let verdict = json
        .as_ref()
        .and_then(|j| j["verdict"].as_str().map(str::to_string))
        .unwrap_or_else(|| "(no verdict)".into());
    let reason = json
        .as_ref()
        .and_then(|j| j["reason"]["message"].as_str().map(str::to_string))
        .unwrap_or_default();
    let details = || {
        format!(
            "(exit {:?}, {:.1} s)\n  stdout: {}\n  stderr: {}",
            run.code,
            run.secs,
            tail(&run.stdout, 600),
            tail(&run.stderr, 600)
        )
    };
    if verdict == expect {
        return gap.map(|g| {
            format!(
                "{name}: answered {verdict} as expected, but its header records `// gap: {g}`: \
                 the gap is closed, remove the `// gap:` line ({:.1} s)",
                run.secs
            )
        });
    }
    match (verdict.as_str(), &gap) {
        ("unknown", Some(_)) => None,
        ("unknown", None) => Some(format!(
            "{name}: expected {expect}, got unknown ({reason}); record a `// gap: <why>` \
             header if slamrs cannot answer it yet {}",
            details()
        )),
        ("safe" | "violation", _) => Some(format!(
            "{name}: WRONG ANSWER: expected {expect}, got {verdict} {}",
            details()
        )),
        _ => Some(format!(
            "{name}: expected {expect}, got {verdict} {}",
            details()
        )),
    }
}
