//! The verdict of `slamrs check` as text or JSON: the counterexample in C terms (source
//! lines, call nesting, values of the variables involved, the inputs) and the statistics.

use std::fmt::Write;
use std::time::Duration;

use serde_json::{json, Value};
use slamrs_abstraction::cir::{Loc, Program};
use slamrs_refinement::Counterexample;

use crate::cegar::{Confirmation, Outcome, Proof, Verdict};
use crate::cir_cmd::SourceCache;

/// Everything a report shows.
pub struct Report<'a> {
    pub prog: &'a Program,
    /// What was checked (`rule locking`, `property unreach-call`, `assertions`).
    pub what: &'a str,
    pub outcome: &'a Outcome,
    /// The rule's abort messages by the location of their error edge.
    pub aborts: &'a [(Loc, String)],
    pub elapsed: Duration,
    pub peak_rss_mb: u64,
    /// Print the statistics (text form; JSON always has them).
    pub stats: bool,
    /// The program is a driver run through its generated harness: the violation's
    /// headline is the driver's own line, and replays are on the interpreter only.
    pub driver: bool,
    /// Generated sources (name, text) the program was lowered with — a driver's harness and
    /// OS model — whose lines traces show although no file holds them.
    pub texts: &'a [(String, String)],
}

/// Where a driver's counterexample last ran the driver's own code (not the harness, the OS
/// model, the rule or a kernel header): the call that broke the rule, or the `return` of
/// the entry point that left it broken.
pub fn driver_site(prog: &Program, cex: &Counterexample) -> Option<(Loc, String)> {
    use slamrs_abstraction::harness::{HARNESS_FILE, OS_MODEL_FILE};
    cex.steps.iter().rev().find_map(|st| {
        let file = prog.file_name(st.loc);
        let own = st.loc.line > 0
            && !prog.in_system_header(st.loc)
            && file != HARNESS_FILE
            && file != OS_MODEL_FILE
            && !file.starts_with("<builtin:")
            && !file.ends_with(".slic");
        own.then(|| (st.loc, prog.func(st.func).name.clone()))
    })
}

/// One line of a trace: consecutive steps on one source line at one call depth.
struct Line {
    file: String,
    line: u32,
    function: String,
    depth: u32,
    stmts: Vec<String>,
    values: Vec<(String, String)>,
    source: Option<String>,
}

/// Longest trace printed in full (text); longer ones keep their start and end.
const MAX_TEXT_LINES: usize = 400;

fn lines(prog: &Program, cex: &Counterexample, texts: &[(String, String)]) -> Vec<Line> {
    let src = SourceCache::with_texts(texts);
    let mut out: Vec<Line> = Vec::new();
    for s in &cex.steps {
        let file = prog.file_name(s.loc).to_string();
        let function = prog.func(s.func).name.clone();
        let same = out.last().is_some_and(|l| {
            l.file == file && l.line == s.loc.line && l.depth == s.depth && l.function == function
        });
        if !same {
            out.push(Line {
                source: source_line(&src, &file, s.loc.line),
                file,
                line: s.loc.line,
                function,
                depth: s.depth,
                stmts: Vec::new(),
                values: Vec::new(),
            });
        }
        let l = out.last_mut().expect("pushed above");
        l.stmts.push(s.stmt.clone());
        for (n, v) in &s.values {
            if !l.values.iter().any(|(m, _)| m == n) && !n.starts_with("tmp.") {
                l.values.push((n.clone(), v.clone()));
            }
        }
    }
    out
}

fn source_line(src: &SourceCache, file: &str, line: u32) -> Option<String> {
    if let Some(name) = file
        .strip_prefix("<builtin:")
        .and_then(|s| s.strip_suffix('>'))
    {
        return crate::rules::builtin_text(name)
            .and_then(|t| t.lines().nth(line.checked_sub(1)? as usize))
            .map(|l| l.trim().to_string());
    }
    src.line(file, line).map(|l| l.trim().to_string())
}

fn abort_message(r: &Report, cex: &Counterexample) -> Option<String> {
    r.aborts
        .iter()
        .find(|(loc, _)| *loc == cex.error_loc)
        .map(|(_, m)| m.clone())
}

/// The text report.
pub fn text(r: &Report) -> String {
    let mut s = String::new();
    let o = r.outcome;
    match &o.verdict {
        Verdict::Safe if o.proof == Some(Proof::Exploration) => {
            let _ = writeln!(
                s,
                "SAFE: {} holds (every feasible path explored: {} paths, {} branch queries, after {} iterations of refinement; {:.2} s)",
                r.what,
                o.stats.explored_paths,
                o.stats.exploration_queries,
                o.stats.iterations,
                r.elapsed.as_secs_f64()
            );
        }
        Verdict::Safe if o.proof == Some(Proof::Mixed) => {
            let m = o.stats.mixed.clone().unwrap_or_default();
            let _ = writeln!(
                s,
                "SAFE: {} holds (mixed symbolic reachability: {} blocks, {} cells, {} iterations; {:.2} s)",
                r.what,
                m.blocks,
                m.cells,
                m.iterations,
                r.elapsed.as_secs_f64()
            );
        }
        Verdict::Safe => {
            let _ = writeln!(
                s,
                "SAFE: {} holds ({} predicates, {} iterations, {:.2} s)",
                r.what,
                o.stats.predicates,
                o.stats.iterations,
                r.elapsed.as_secs_f64()
            );
        }
        Verdict::Unknown(why) => {
            let _ = writeln!(s, "UNKNOWN: {why}");
            let _ = writeln!(
                s,
                "({} after {}, {:.2} s)",
                r.what,
                effort(o),
                r.elapsed.as_secs_f64()
            );
        }
        Verdict::Violation(cex) => {
            let msg = abort_message(r, cex)
                .unwrap_or_else(|| "an error location is reachable".to_string());
            let _ = writeln!(s, "VIOLATION of {}: {msg}", r.what);
            if let Some((loc, func)) = r.driver.then(|| driver_site(r.prog, cex)).flatten() {
                let _ = writeln!(s, "  in the driver at {} in {func}", r.prog.loc_string(loc));
            }
            let _ = writeln!(
                s,
                "  error reached at {} in {}",
                r.prog.loc_string(cex.error_loc),
                r.prog.func(cex.error_func).name
            );
            let inputs: Vec<String> = cex.inputs.iter().map(|v| v.to_string()).collect();
            let how = match &o.confirmation {
                Some(Confirmation::Native { .. }) => {
                    "replayed on the CIR interpreter and as the gcc-compiled program"
                }
                Some(Confirmation::NativeOnly { .. }) => {
                    "replayed as the gcc-compiled program (the CIR interpreter cannot follow this program: the trace is the path, without values)"
                }
                _ if r.driver => {
                    "replayed on the CIR interpreter only (a driver runs on its harness and OS model, not natively)"
                }
                _ => "replayed on the CIR interpreter only (native replay turned off)",
            };
            let _ = writeln!(
                s,
                "Counterexample, {how} (inputs in order: [{}]):",
                inputs.join(", ")
            );
            let ls = lines(r.prog, cex, r.texts);
            let skip = ls.len().saturating_sub(MAX_TEXT_LINES);
            for (i, l) in ls.iter().enumerate() {
                if skip > 0 && i == MAX_TEXT_LINES / 4 {
                    let _ = writeln!(s, "  ... {skip} lines ...");
                }
                if skip > 0 && i >= MAX_TEXT_LINES / 4 && i < MAX_TEXT_LINES / 4 + skip {
                    continue;
                }
                let indent = crate::indent::by_depth(l.depth, "  ");
                let body = l.source.clone().unwrap_or_else(|| l.stmts.join("; "));
                let vals = if l.values.is_empty() {
                    String::new()
                } else {
                    let v: Vec<String> =
                        l.values.iter().map(|(n, v)| format!("{n} = {v}")).collect();
                    format!("    // {}", v.join(", "))
                };
                let file = short(&l.file);
                let _ = writeln!(s, "  {file}:{:<5} {indent}{body}{vals}", l.line);
            }
            let _ = writeln!(s, "({}, {:.2} s)", effort(o), r.elapsed.as_secs_f64());
        }
    }
    if r.stats {
        let st = &o.stats;
        let t = &st.times;
        let _ = writeln!(
            s,
            "stats: {} iterations, {} predicates; abstraction {:.3} s ({} Z3 queries, {} cache hits), model checking {:.3} s (peak {} BDD nodes), refinement {:.3} s, search {:.3} s, native replay {:.3} s; total {:.3} s, peak memory {} MB",
            st.iterations,
            st.predicates,
            t.abstraction.as_secs_f64(),
            st.abstraction_queries,
            st.abstraction_cache_hits,
            t.model_checking.as_secs_f64(),
            st.peak_bdd_nodes,
            t.refinement.as_secs_f64(),
            t.search.as_secs_f64(),
            t.confirmation.as_secs_f64(),
            r.elapsed.as_secs_f64(),
            r.peak_rss_mb
        );
        if let Some(m) = &st.mixed {
            let c = &m.counters;
            let _ = writeln!(
                s,
                "mixed: {} blocks, {} cells ({} finite), {} back edges; {} iterations, peak {} atoms, peak {} linear constraints per atom, peak {} BDD nodes per atom; {} images, {} quantifier eliminations, {} Z3 queries",
                m.blocks,
                m.cells,
                m.finite_cells,
                m.back_edges,
                m.iterations,
                m.peak_atoms,
                c.peak_constraints,
                c.peak_bdd_nodes,
                c.images,
                c.eliminations,
                c.queries
            );
        }
    }
    s
}

/// The work behind an answer: the CEGAR loop's iterations and predicates, or the mixed
/// backend's search iterations when it alone ran.
fn effort(o: &crate::cegar::Outcome) -> String {
    match &o.stats.mixed {
        Some(m) if o.stats.iterations == 0 => {
            format!("{} iterations of the mixed backend's search", m.iterations)
        }
        _ => format!(
            "{} iterations, {} predicates",
            o.stats.iterations, o.stats.predicates
        ),
    }
}

fn short(file: &str) -> &str {
    file.rsplit('/').next().unwrap_or(file)
}

fn stats_json(r: &Report) -> Value {
    let st = &r.outcome.stats;
    json!({
        "iterations": st.iterations,
        "predicates": st.predicates,
        "abstraction_s": st.times.abstraction.as_secs_f64(),
        "model_checking_s": st.times.model_checking.as_secs_f64(),
        "refinement_s": st.times.refinement.as_secs_f64(),
        "search_s": st.times.search.as_secs_f64(),
        "explored_paths": st.explored_paths,
        "exploration_queries": st.exploration_queries,
        "native_replay_s": st.times.confirmation.as_secs_f64(),
        "z3_queries": st.abstraction_queries,
        "cache_hits": st.abstraction_cache_hits,
        "peak_bdd_nodes": st.peak_bdd_nodes,
        "total_s": r.elapsed.as_secs_f64(),
        "peak_memory_mb": r.peak_rss_mb,
        "mixed": st.mixed.as_ref().map(|m| json!({
            "blocks": m.blocks,
            "cells": m.cells,
            "finite_cells": m.finite_cells,
            "back_edges": m.back_edges,
            "iterations": m.iterations,
            "peak_atoms": m.peak_atoms,
            "peak_constraints": m.counters.peak_constraints,
            "peak_bdd_nodes": m.counters.peak_bdd_nodes,
            "images": m.counters.images,
            "eliminations": m.counters.eliminations,
            "z3_queries": m.counters.queries,
        })),
    })
}

/// The JSON report (one object).
pub fn json(r: &Report) -> String {
    let o = r.outcome;
    let (verdict, reason) = match &o.verdict {
        Verdict::Safe => ("safe", None),
        Verdict::Violation(_) => ("violation", None),
        Verdict::Unknown(why) => ("unknown", Some(why.clone())),
    };
    let mut v = json!({
        "verdict": verdict,
        "checked": r.what,
        "reason": reason,
        "message": null,
        "iterations": o.stats.iterations,
        "predicates": o.stats.predicates,
        "proof": o.proof.map(|p| match p {
            Proof::Abstraction => "abstraction",
            Proof::Exploration => "exploration",
            Proof::Mixed => "mixed",
        }),
        "replayed": false,
        "inputs": [],
        "trace": [],
        "stats": stats_json(r),
    });
    if r.driver {
        v["status"] = json!(sdv_status(&o.verdict));
    }
    if let Verdict::Violation(cex) = &o.verdict {
        v["message"] = json!(abort_message(r, cex));
        v["replayed"] = json!(true);
        v["native_replay"] = json!(matches!(
            o.confirmation,
            Some(Confirmation::Native { .. } | Confirmation::NativeOnly { .. })
        ));
        v["interpreter_replay"] = json!(!matches!(
            o.confirmation,
            Some(Confirmation::NativeOnly { .. })
        ));
        v["inputs"] = Value::Array(
            cex.inputs
                .iter()
                .map(|&x| {
                    i64::try_from(x)
                        .map(Value::from)
                        .unwrap_or_else(|_| Value::from(x.to_string()))
                })
                .collect(),
        );
        if let Some((loc, func)) = r.driver.then(|| driver_site(r.prog, cex)).flatten() {
            v["driver_location"] = json!({
                "file": r.prog.file_name(loc),
                "line": loc.line,
                "column": loc.col,
                "function": func,
            });
        }
        v["error"] = json!({
            "file": r.prog.file_name(cex.error_loc),
            "line": cex.error_loc.line,
            "function": r.prog.func(cex.error_func).name,
        });
        v["trace"] = Value::Array(
            lines(r.prog, cex, r.texts)
                .into_iter()
                .map(|l| {
                    json!({
                        "file": l.file,
                        "line": l.line,
                        "function": l.function,
                        "depth": l.depth,
                        "source": l.source,
                        "statements": l.stmts,
                        "values": l.values.into_iter().map(|(k, v)| (k, json!(v))).collect::<serde_json::Map<_, _>>(),
                    })
                })
                .collect(),
        );
    }
    v.to_string()
}

/// The report of a run stopped by the watchdog (time or memory limit).
pub fn interrupted(
    what: &str,
    reason: &str,
    iteration: usize,
    predicates: usize,
    peak_mb: u64,
    as_json: bool,
) -> String {
    if as_json {
        let v = json!({
            "verdict": "unknown",
            "checked": what,
            "reason": reason,
            "message": null,
            "iterations": iteration,
            "predicates": predicates,
            "replayed": false,
            "inputs": [],
            "trace": [],
            "stats": { "iterations": iteration, "predicates": predicates, "peak_memory_mb": peak_mb },
        });
        format!("{v}\n")
    } else {
        format!(
            "UNKNOWN: {reason}\n({what} after {iteration} iterations, {predicates} predicates)\n"
        )
    }
}

/// The verdict as Static Driver Verifier names it.
pub fn sdv_status(v: &Verdict) -> &'static str {
    match v {
        Verdict::Safe => "PASS",
        Verdict::Violation(_) => "DEFECT",
        Verdict::Unknown(why) if why.starts_with("timeout") => "TIMEOUT",
        Verdict::Unknown(why) if why.starts_with("memory limit") => "SPACEOUT",
        Verdict::Unknown(_) => "GIVEUP",
    }
}
