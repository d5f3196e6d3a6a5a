//! Broken and unsupported C: every file in `c-tests/frontend-bad/*.c` is loaded with
//! `frontend::load_file` and must give the error its header announces (kind, line, file,
//! message) or, for documented sound over-approximations, load with the announced warning.
//! Nothing may panic.
//!
//! Header (the first line starting with `// expect:`):
//! ```text
//! // expect: error   kind: unsupported   file: x.h   line: 7   message: variable-length|VLA
//! // expect: accepted   warning: inline assembly
//! ```
//! `kind` (syntax, preprocess, unsupported, invalid, io), `file` (a suffix of the reported
//! file name) and `line` are optional. `message` and `warning` are case-insensitive
//! substrings; `a|b` accepts either. Set `SLAMRS_CTESTS_FILTER=name` to run only the files
//! whose name contains `name`.

mod common;

use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{load_file, ErrorKind, FrontendError, LoadOptions};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// What a file's header says must happen.
#[derive(Debug, PartialEq, Eq)]
enum Expect {
    Error {
        kind: Option<ErrorKind>,
        file: Option<String>,
        line: Option<u32>,
        message: Vec<String>,
    },
    Accepted {
        warning: Vec<String>,
    },
}

const KEYS: [&str; 6] = ["expect", "kind", "file", "line", "message", "warning"];

/// Split `expect: error   kind: syntax   line: 7` into (key, value) pairs. A key is one of
/// [`KEYS`] followed by `:` at the start or after whitespace; its value runs to the next key.
fn fields(line: &str) -> Vec<(&'static str, String)> {
    let mut starts: Vec<(usize, &'static str)> = Vec::new();
    for key in KEYS {
        let pat = format!("{key}:");
        let mut from = 0;
        while let Some(i) = line[from..].find(&pat) {
            let at = from + i;
            let boundary = at == 0 || line[..at].ends_with(char::is_whitespace);
            if boundary {
                starts.push((at, key));
            }
            from = at + pat.len();
        }
    }
    starts.sort();
    starts
        .iter()
        .enumerate()
        .map(|(i, &(at, key))| {
            let end = starts.get(i + 1).map_or(line.len(), |n| n.0);
            (key, line[at + key.len() + 1..end].trim().to_string())
        })
        .collect()
}

fn parse_kind(s: &str) -> Result<ErrorKind, String> {
    Ok(match s.to_ascii_lowercase().as_str() {
        "syntax" => ErrorKind::Syntax,
        "preprocess" => ErrorKind::Preprocess,
        "unsupported" => ErrorKind::Unsupported,
        "invalid" => ErrorKind::Invalid,
        "io" => ErrorKind::Io,
        other => return Err(format!("unknown kind `{other}`")),
    })
}

fn alternatives(s: &str) -> Vec<String> {
    s.split('|')
        .map(|a| a.trim().to_ascii_lowercase())
        .filter(|a| !a.is_empty())
        .collect()
}

/// Read the `// expect:` header of a corpus file.
fn parse_expect(text: &str) -> Result<Expect, String> {
    let line = text
        .lines()
        .map(str::trim)
        .find_map(|l| {
            l.strip_prefix("//")
                .map(str::trim)
                .filter(|c| c.starts_with("expect:"))
        })
        .ok_or("no `// expect:` header")?;
    let fields = fields(line);
    let get = |k: &str| {
        fields
            .iter()
            .find(|(key, _)| *key == k)
            .map(|(_, v)| v.as_str())
    };
    match get("expect") {
        Some("error") => Ok(Expect::Error {
            kind: get("kind").map(parse_kind).transpose()?,
            file: get("file").map(str::to_string),
            line: get("line")
                .map(|l| l.parse().map_err(|e| format!("bad line `{l}`: {e}")))
                .transpose()?,
            message: alternatives(get("message").ok_or("an error needs `message:`")?),
        }),
        Some("accepted") => Ok(Expect::Accepted {
            warning: get("warning").map(alternatives).unwrap_or_default(),
        }),
        other => Err(format!(
            "`expect:` must be error or accepted, not {other:?}"
        )),
    }
}

fn contains_any(haystack: &str, needles: &[String]) -> bool {
    let h = haystack.to_ascii_lowercase();
    needles.iter().any(|n| h.contains(n.as_str()))
}

/// Compare a load result with the expectation; a description of each difference.
fn check(expect: &Expect, result: &Result<Program, FrontendError>) -> Vec<String> {
    let mut problems = Vec::new();
    match (expect, result) {
        (
            Expect::Error {
                kind,
                file,
                line,
                message,
            },
            Err(e),
        ) => {
            if let Some(k) = kind {
                if e.kind != *k {
                    problems.push(format!("kind {:?}, expected {k:?}", e.kind));
                }
            }
            if let Some(l) = line {
                match &e.pos {
                    Some(p) if p.line == *l => {}
                    Some(p) => problems.push(format!("line {}, expected {l}", p.line)),
                    None => problems.push(format!("no position, expected line {l}")),
                }
            }
            if let Some(f) = file {
                match &e.pos {
                    Some(p) if p.file.ends_with(f.as_str()) => {}
                    Some(p) => problems.push(format!("file `{}`, expected `{f}`", p.file)),
                    None => problems.push(format!("no position, expected file `{f}`")),
                }
            }
            if !contains_any(&e.message, message) {
                problems.push(format!("message does not contain {}", message.join(" or ")));
            }
            if !problems.is_empty() {
                problems.push(format!("the error was: {e}"));
            }
        }
        (Expect::Error { .. }, Ok(p)) => problems.push(format!(
            "loaded without error ({} functions, {} warnings)",
            p.functions.len(),
            p.warnings.len()
        )),
        (Expect::Accepted { warning }, Ok(p)) => {
            if !warning.is_empty() && !p.warnings.iter().any(|w| contains_any(&w.message, warning))
            {
                let got: Vec<&str> = p.warnings.iter().map(|w| w.message.as_str()).collect();
                problems.push(format!(
                    "no warning containing {}; warnings: {got:?}",
                    warning.join(" or ")
                ));
            }
        }
        (Expect::Accepted { .. }, Err(e)) => problems.push(format!("rejected: {e}")),
    }
    problems
}

/// Load one file (catching panics) and check it; the problems found.
fn check_file(path: &Path) -> Vec<String> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return vec![format!("cannot read: {e}")],
    };
    let expect = match parse_expect(&String::from_utf8_lossy(&bytes)) {
        Ok(e) => e,
        Err(e) => return vec![format!("header: {e}")],
    };
    let loaded = catch_unwind(AssertUnwindSafe(|| {
        load_file(path, &LoadOptions::default())
    }));
    match loaded {
        Ok(result) => check(&expect, &result),
        Err(_) => vec!["load_file panicked".into()],
    }
}

#[test]
fn bad_inputs_give_located_errors_or_warnings() {
    let dir = common::corpus_dir("frontend-bad");
    let files = common::filter_by_env(common::c_files(&dir), "SLAMRS_CTESTS_FILTER");
    assert!(!files.is_empty(), "no files in {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let problems = check_file(path);
        if !problems.is_empty() {
            failures.push(format!(
                "{}:\n    {}",
                common::short_name(path),
                problems.join("\n    ")
            ));
        }
    }
    eprintln!(
        "bad input: {} files, {} as announced",
        files.len(),
        files.len() - failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {} bad-input files did not behave as announced:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n\n")
    );
}

#[test]
fn headers_are_parsed() {
    assert_eq!(
        parse_expect("// expect: error   kind: syntax   line: 7   message: variable-length|VLA\n"),
        Ok(Expect::Error {
            kind: Some(ErrorKind::Syntax),
            file: None,
            line: Some(7),
            message: vec!["variable-length".into(), "vla".into()],
        })
    );
    assert_eq!(
        parse_expect("// expect: accepted   warning: inline assembly\nint x;"),
        Ok(Expect::Accepted {
            warning: vec!["inline assembly".into()]
        })
    );
    assert_eq!(
        parse_expect("// expect: error file: a/b.h line: 3 message: x"),
        Ok(Expect::Error {
            kind: None,
            file: Some("a/b.h".into()),
            line: Some(3),
            message: vec!["x".into()],
        })
    );
    assert!(parse_expect("// expect: error line: 3").is_err());
    assert!(parse_expect("// expect: maybe").is_err());
    assert!(parse_expect("int main(void) { return 0; }").is_err());
    assert!(parse_expect("// expect: error kind: weird message: x").is_err());
}

#[test]
fn every_bad_file_has_a_valid_header() {
    let dir = common::corpus_dir("frontend-bad");
    for path in common::c_files(&dir) {
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        if let Err(e) = parse_expect(&text) {
            panic!("{}: {e}", path.display());
        }
    }
}
