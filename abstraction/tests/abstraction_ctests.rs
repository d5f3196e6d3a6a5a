//! File-driven test of predicate abstraction: every `c-tests/abstraction/NAME.c` comes with
//! hand-picked predicates in `NAME.preds`, and its header says `// expect: safe` (Bebop
//! proves no assert of the boolean program can fail) or `// expect: unsafe` (an assert can
//! fail). Each boolean program must also print, parse back and pass the static checks.
//!
//! A program may also carry `// threads: 1 2` to check that the boolean program does not
//! depend on the number of worker threads.

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::reach::{Outcome, Target};
use bebop::symbolic::SymbolicOptions;
use slamrs_abstraction::c2bp::{parse_predicates, Abstractor, Options};
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use std::path::{Path, PathBuf};

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../c-tests/abstraction");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("c-tests/abstraction exists")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    v.sort();
    v
}

fn expectation(src: &str) -> Option<bool> {
    src.lines().find_map(|l| {
        let l = l.trim().strip_prefix("// expect:")?.trim();
        match l {
            "safe" => Some(true),
            "unsafe" => Some(false),
            _ => None,
        }
    })
}

/// Abstracts one program and decides it; `Ok(safe?)`.
fn verdict(path: &Path, threads: usize) -> Result<(bool, String), String> {
    let mut prog = load_file(path, &LoadOptions::default()).map_err(|e| e.to_string())?;
    let ptext = std::fs::read_to_string(path.with_extension("preds"))
        .map_err(|e| format!("missing predicate file: {e}"))?;
    let preds = parse_predicates(&mut prog, &ptext).map_err(|e| format!("predicates: {e}"))?;
    let opts = Options {
        threads,
        ..Options::default()
    };
    let abs = Abstractor::new()
        .abstract_program(&prog, &preds, &opts)
        .map_err(|e| e.to_string())?;
    let text = bebop::printer::print_program(&abs.program);
    let reparsed = bebop::parser::parse(&text)
        .map_err(|d| format!("BP does not parse: {}\n{text}", d.message))?;
    let diags = bebop::check::check(&reparsed);
    if let Some(d) = diags.first() {
        return Err(format!("BP invalid: {}\n{text}", d.message));
    }
    let cfg = Cfg::build(&reparsed).map_err(|e| format!("BP CFG: {e}\n{text}"))?;
    let (outcome, _) = decide(
        &cfg,
        &Target::AssertFailure,
        &Engine::Bdd(SymbolicOptions::default()),
    );
    match outcome {
        Outcome::Unreachable => Ok((true, text)),
        Outcome::Reachable(_) => Ok((false, text)),
        Outcome::GaveUp(why) => Err(format!("bebop gave up: {why}")),
    }
}

#[test]
fn abstraction_proves_the_expected_verdicts() {
    let mut failures = Vec::new();
    let all = cases();
    assert!(
        all.len() >= 10,
        "expected at least 10 programs in c-tests/abstraction"
    );
    for path in &all {
        let src = std::fs::read_to_string(path).expect("readable");
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(safe) = expectation(&src) else {
            failures.push(format!("{name}: no `// expect: safe|unsafe` header"));
            continue;
        };
        match verdict(path, 0) {
            Ok((got, text)) if got != safe => failures.push(format!(
                "{name}: expected {}, bebop says {}\n{text}",
                if safe { "safe" } else { "unsafe" },
                if got { "safe" } else { "unsafe" }
            )),
            Ok(_) => println!("{name}: {}", if safe { "safe" } else { "unsafe" }),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn boolean_program_is_independent_of_thread_count() {
    for path in cases() {
        let one = verdict(&path, 1).map(|v| v.1);
        let two = verdict(&path, 2).map(|v| v.1);
        assert_eq!(one, two, "{}", path.display());
    }
}
