//! The report as text for a terminal: the verdict's headline, the counterexample as source
//! lines indented by call depth with the values after each line, and the statistics.

use std::fmt::Write;

use super::model::*;

/// Longest trace printed in full; longer ones keep their start and end.
const MAX_TEXT_LINES: usize = 400;

/// The text report (`stats`: also print the totals).
pub fn render(r: &CheckReport, stats: bool) -> String {
    let mut s = String::new();
    let what = r.checked.phrase();
    let secs = r.stats.total_s;
    match r.verdict {
        Status::Safe => {
            let _ = match (r.proof, &r.stats.mixed) {
                (Some(ProofKind::Exploration), _) => writeln!(
                    s,
                    "SAFE: {what} holds (every feasible path explored: {}, {}, after {} of refinement; {secs:.2} s)",
                    count(r.stats.explored_paths as usize, "path"),
                    count(r.stats.exploration_queries as usize, "branch query"),
                    count(r.iterations, "iteration")
                ),
                (Some(ProofKind::Mixed), m) => {
                    let m = m.clone().unwrap_or_default();
                    writeln!(
                        s,
                        "SAFE: {what} holds (mixed symbolic reachability: {}, {}, {}; {secs:.2} s)",
                        count(m.blocks as usize, "block"),
                        count(m.cells as usize, "cell"),
                        count(m.iterations as usize, "iteration")
                    )
                }
                _ => writeln!(
                    s,
                    "SAFE: {what} holds ({}, {}, {secs:.2} s)",
                    count(r.predicates, "predicate"),
                    count(r.iterations, "iteration")
                ),
            };
            entry_return_note(&mut s, r);
        }
        Status::Unknown => {
            let why = r.reason.as_ref().map(|w| w.message.as_str()).unwrap_or("");
            let _ = writeln!(s, "UNKNOWN: {why}");
            let _ = writeln!(s, "({what}: {}, {secs:.2} s)", effort(r));
        }
        Status::NotApplicable => {
            let _ = writeln!(
                s,
                "NOT APPLICABLE: {what}: the driver calls none of the functions it observes"
            );
        }
        Status::Error => {
            if let Some(e) = &r.error {
                let _ = writeln!(s, "{}", e.message);
            }
        }
        Status::Violation => violation(&mut s, r, &what),
    }
    if stats
        && matches!(
            r.verdict,
            Status::Safe | Status::Violation | Status::Unknown
        )
    {
        totals(&mut s, &r.stats);
    }
    if let Some(t) = &r.task {
        let expected = match t.expected_verdict {
            Some(true) => "true (the property holds)",
            Some(false) => "false (the property is violated)",
            None => "no verdict",
        };
        let judged = match t.agrees(r.verdict) {
            Some(true) => ": the answer is the expected one",
            Some(false) => ": the answer is NOT the expected one",
            None => "",
        };
        let _ = writeln!(s, "task {}: expects {expected}{judged}", t.file);
    }
    if let Some(st) = r.status {
        let _ = writeln!(s, "status: {}", st.name());
    }
    s
}

/// The report's first line (what `-o FILE` leaves on stdout).
/// The note on runs that never return from the entry function, when it may have some.
fn entry_return_note(s: &mut String, r: &CheckReport) {
    if r.entry_return == Some(crate::report::model::EntryReturn::MayNotReturn) {
        let _ = writeln!(
            s,
            "note: the entry function may not return on some runs (by the final abstraction): \
             the rule's checks when it returns say nothing about runs that go on forever"
        );
    }
}

pub fn headline(r: &CheckReport) -> String {
    let full = render(r, false);
    match full.lines().next() {
        Some(l) => format!("{l}\n"),
        None => String::new(),
    }
}

fn violation(s: &mut String, r: &CheckReport, what: &str) {
    let msg = r
        .message
        .clone()
        .unwrap_or_else(|| "an error location is reachable".to_string());
    let _ = writeln!(s, "VIOLATION of {what}: {msg}");
    let driver = !r.entry_points.is_empty();
    if let Some(at) = &r.driver_location {
        let _ = writeln!(
            s,
            "  in the driver at {}:{}:{} in {}",
            at.file, at.line, at.column, at.function
        );
    }
    if let Some(at) = &r.error_location {
        let _ = writeln!(
            s,
            "  error reached at {}:{}:{} in {}",
            at.file, at.line, at.column, at.function
        );
    }
    let inputs: Vec<String> = r.inputs.iter().map(|v| v.to_string()).collect();
    let how = match (r.interpreter_replay, r.native_replay) {
        (true, false) if !r.undefined_behaviour.is_empty() => {
            "replayed on the CIR interpreter with objects kept apart (the run has undefined behaviour, below, that the compiled program need not repeat)"
        }
        (true, true) => "replayed on the CIR interpreter and as the gcc-compiled program",
        (false, _) => {
            "replayed as the gcc-compiled program (the CIR interpreter cannot follow this program: the trace is the path, without values)"
        }
        (true, false) if driver => {
            "replayed on the CIR interpreter only (a driver runs on its harness and OS model, not natively)"
        }
        (true, false) => "replayed on the CIR interpreter only (native replay turned off)",
    };
    let _ = writeln!(
        s,
        "Counterexample, {how} (inputs in order: [{}]):",
        inputs.join(", ")
    );
    for ub in &r.undefined_behaviour {
        let _ = writeln!(s, "  undefined behaviour: {ub}");
    }
    let ls = &r.trace;
    let skip = ls.len().saturating_sub(MAX_TEXT_LINES);
    for (i, l) in ls.iter().enumerate() {
        if skip > 0 && i == MAX_TEXT_LINES / 4 {
            let _ = writeln!(s, "  ... {skip} lines ...");
        }
        if skip > 0 && i >= MAX_TEXT_LINES / 4 && i < MAX_TEXT_LINES / 4 + skip {
            continue;
        }
        let indent = crate::indent::by_depth(l.depth, "  ");
        let body = l.source.clone().unwrap_or_else(|| l.statements.join("; "));
        let vals = if l.values.is_empty() {
            String::new()
        } else {
            let v: Vec<String> = l
                .values
                .iter()
                .map(|v| format!("{} = {}", v.name, v.value))
                .collect();
            format!("    // {}", v.join(", "))
        };
        let file = short(&l.file);
        let _ = writeln!(s, "  {file}:{:<5} {indent}{body}{vals}", l.line);
    }
    let _ = writeln!(s, "({}, {:.2} s)", effort(r), r.stats.total_s);
}

fn totals(s: &mut String, st: &Stats) {
    let _ = writeln!(
        s,
        "stats: {} iterations, {} predicates; abstraction {:.3} s ({} Z3 queries, {} cache hits), model checking {:.3} s (peak {} BDD nodes), refinement {:.3} s, search {:.3} s, native replay {:.3} s; total {:.3} s, peak memory {} MB",
        st.iterations,
        st.predicates,
        st.abstraction_s,
        st.z3_queries,
        st.cache_hits,
        st.model_checking_s,
        st.peak_bdd_nodes,
        st.refinement_s,
        st.search_s,
        st.native_replay_s,
        st.total_s,
        st.peak_memory_mb
    );
    if let Some(x) = &st.stall {
        let at = x
            .location
            .as_ref()
            .map(|l| format!(" at {}:{}:{} in `{}`", l.file, l.line, l.column, l.function))
            .unwrap_or_default();
        let pred = x
            .predicate
            .as_ref()
            .map(|p| format!(" (predicate {p})"))
            .unwrap_or_default();
        let _ = writeln!(s, "stall: {}{at}{pred}", x.message);
    }
    if let Some(m) = &st.mixed {
        let _ = writeln!(
            s,
            "mixed: {} blocks, {} cells ({} finite), {} back edges; {} iterations, peak {} atoms, peak {} linear constraints per atom, peak {} BDD nodes per atom; {} images, {} quantifier eliminations, {} Z3 queries",
            m.blocks,
            m.cells,
            m.finite_cells,
            m.back_edges,
            m.iterations,
            m.peak_atoms,
            m.peak_constraints,
            m.peak_bdd_nodes,
            m.images,
            m.eliminations,
            m.z3_queries
        );
    }
}

/// The work behind an answer: the CEGAR loop's iterations and predicates, or the mixed
/// backend's search iterations when it alone ran.
fn effort(r: &CheckReport) -> String {
    match &r.stats.mixed {
        Some(m) if r.iterations == 0 => format!(
            "{} of the mixed backend's search",
            count(m.iterations as usize, "iteration")
        ),
        _ => format!(
            "{}, {}",
            count(r.iterations, "iteration"),
            count(r.predicates, "predicate")
        ),
    }
}

/// `1 iteration`, `2 iterations`, `1 branch query`, `2 branch queries`.
fn count(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else if let Some(stem) = word.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {word}s")
    }
}

fn short(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}
