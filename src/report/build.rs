//! Builds the [`CheckReport`] of a finished run from the engines' [`Outcome`]: the
//! counterexample's steps grouped into source lines with their values, the locations in C
//! terms (the driver's own line for a driver), the statistics.

use std::time::Duration;

use slamrs_abstraction::cir::{Loc, Program};
use slamrs_refinement::Counterexample;

use super::model::*;
use crate::cegar::{Confirmation, Outcome, Proof, Verdict};
use crate::cir_cmd::SourceCache;

/// What a report needs besides the outcome.
pub struct Context<'a> {
    pub prog: &'a Program,
    /// The C file as named on the command line.
    pub file: &'a str,
    pub checked: &'a Checked,
    /// The rule's abort messages by the location of their error edge.
    pub aborts: &'a [(Loc, String)],
    pub elapsed: Duration,
    pub peak_rss_mb: u64,
    /// The program is a driver run through its generated harness.
    pub driver: bool,
    pub entry_points: &'a [EntryPoint],
    /// Generated sources (name, text) the program was lowered with — a driver's harness
    /// and OS model — whose lines traces show although no file holds them.
    pub texts: &'a [(String, String)],
}

/// The report of `outcome`.
pub fn report(c: &Context, outcome: &Outcome) -> CheckReport {
    let verdict = match &outcome.verdict {
        Verdict::Safe => Status::Safe,
        Verdict::Violation(_) => Status::Violation,
        Verdict::Unknown(_) => Status::Unknown,
    };
    let mut r = CheckReport::new(c.file, c.checked.clone(), verdict);
    r.iterations = outcome.stats.iterations;
    r.predicates = outcome.stats.predicates;
    r.stats = stats(outcome, c.elapsed, c.peak_rss_mb);
    r.entry_points = c.entry_points.to_vec();
    r.proof = outcome.proof.map(|p| match p {
        Proof::Abstraction => ProofKind::Abstraction,
        Proof::Exploration => ProofKind::Exploration,
        Proof::Mixed => ProofKind::Mixed,
    });
    match &outcome.verdict {
        Verdict::Safe => {}
        Verdict::Unknown(why) => r.reason = Some(why.clone()),
        Verdict::Violation(cex) => {
            r.message = c
                .aborts
                .iter()
                .find(|(loc, _)| *loc == cex.error_loc)
                .map(|(_, m)| m.clone());
            r.replayed = true;
            r.native_replay = matches!(
                outcome.confirmation,
                Some(Confirmation::Native { .. } | Confirmation::NativeOnly { .. })
            );
            r.interpreter_replay =
                !matches!(outcome.confirmation, Some(Confirmation::NativeOnly { .. }));
            r.inputs = cex.inputs.iter().map(|&x| InputValue::of(x)).collect();
            r.error_location = Some(location(c.prog, cex.error_loc, cex.error_func));
            if c.driver {
                r.driver_location = driver_site(c.prog, cex).map(|(loc, func)| Location {
                    function: func,
                    ..location(c.prog, loc, cex.error_func)
                });
            }
            r.trace = lines(c.prog, cex, c.texts);
            r.waypoints = waypoints(c.prog, cex);
            r.witness_limit = witness_limit(c.prog, cex);
        }
    }
    if c.driver {
        r.status = Some(SdvStatus::of(r.verdict, r.reason.as_ref()));
    }
    r
}

fn location(prog: &Program, loc: Loc, func: slamrs_abstraction::cir::FuncId) -> Location {
    Location {
        file: prog.file_name(loc).to_string(),
        line: loc.line,
        column: loc.col,
        function: prog.func(func).name.clone(),
    }
}

/// Where a driver's counterexample last ran the driver's own code (not the harness, the OS
/// model, the rule or a kernel header): the call that broke the rule, or the `return` of
/// the entry point that left it broken.
fn driver_site(prog: &Program, cex: &Counterexample) -> Option<(Loc, String)> {
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

/// What the run depends on that a witness cannot state: a witness gives the program's
/// inputs only, and a replay of it reads zero for the rest.
fn witness_limit(prog: &Program, cex: &Counterexample) -> Option<String> {
    use slamrs_abstraction::interp::Choice;
    cex.choices.iter().find_map(|c| match c {
        Choice::Asm { loc, .. } => Some(format!(
            "the run depends on the output of inline assembly at {}",
            prog.loc_string(*loc)
        )),
        Choice::Uninit { loc, value } if *value != 0 => Some(format!(
            "the run reads an uninitialized value ({value}) at {}",
            prog.loc_string(*loc)
        )),
        Choice::Alloc { fails: true, .. } => {
            Some("the run needs an allocation to fail".to_string())
        }
        _ => None,
    })
}

/// The counterexample's waypoints, in order: every input read (its value is the run's next
/// input choice; a library model's own choice is not an input; one read in generated code
/// is placed at the program's last line before it), every branch of the
/// program's own files decided (an `assume` edge of a node with several edges: the first
/// edge is the condition's true side), and the target: the error location, or, when the
/// error is in generated code (a rule's instrumentation), the last step in a file of the
/// program.
fn waypoints(prog: &Program, cex: &Counterexample) -> Vec<Waypoint> {
    use slamrs_abstraction::cir::Stmt;
    let edges: Vec<_> = cex.steps.iter().map(|s| (s.func, s.node, s.edge)).collect();
    let inputs = crate::witness::inputs_along(prog, &edges, &cex.choices);
    let mut inputs = inputs.into_iter().peekable();
    let own = |loc: Loc| {
        let f = prog.file_name(loc);
        loc.line > 0 && !f.starts_with('<') && !prog.in_system_header(loc)
    };
    let mut out = Vec::new();
    let mut last_own = None;
    for (i, st) in cex.steps.iter().enumerate() {
        let Some(node) = prog
            .func(st.func)
            .body
            .as_ref()
            .and_then(|b| b.nodes.get(st.node.0 as usize))
        else {
            continue;
        };
        let Some(edge) = node.edges.get(st.edge) else {
            continue;
        };
        if own(edge.loc) {
            last_own = Some((edge.loc, st.func));
        }
        if inputs.peek().is_some_and(|(at, _, _)| *at == i) {
            // an input read in generated code (a rule's handler around the call of an
            // unknown function) is placed at the program's line that led there: the call
            let at = match last_own {
                Some((loc, func)) if !own(edge.loc) => location(prog, loc, func),
                _ => location(prog, edge.loc, st.func),
            };
            if let Some((_, function, value)) = inputs.next() {
                out.push(Waypoint {
                    kind: WaypointKind::Input {
                        function,
                        value: InputValue::of(value),
                    },
                    location: at,
                });
            }
            continue;
        }
        if matches!(edge.stmt, Stmt::Assume(_)) && node.edges.len() > 1 && own(edge.loc) {
            out.push(Waypoint {
                kind: WaypointKind::Branch {
                    taken: st.edge == 0,
                },
                location: location(prog, edge.loc, st.func),
            });
        }
    }
    let target = if own(cex.error_loc) {
        Some((cex.error_loc, cex.error_func))
    } else {
        last_own
    };
    if let Some((loc, func)) = target {
        out.push(Waypoint {
            kind: WaypointKind::Target,
            location: location(prog, loc, func),
        });
    }
    out
}

/// The counterexample's steps grouped into lines: consecutive steps on one source line at
/// one call depth.
fn lines(prog: &Program, cex: &Counterexample, texts: &[(String, String)]) -> Vec<TraceLine> {
    let src = SourceCache::with_texts(texts);
    let mut out: Vec<TraceLine> = Vec::new();
    for s in &cex.steps {
        let file = prog.file_name(s.loc).to_string();
        let function = prog.func(s.func).name.clone();
        let same = out.last().is_some_and(|l| {
            l.file == file && l.line == s.loc.line && l.depth == s.depth && l.function == function
        });
        if !same {
            out.push(TraceLine {
                source: source_line(&src, &file, s.loc.line),
                file,
                line: s.loc.line,
                function,
                depth: s.depth,
                statements: Vec::new(),
                values: Vec::new(),
            });
        }
        let Some(l) = out.last_mut() else { continue };
        l.statements.push(s.stmt.clone());
        for (n, v) in &s.values {
            if !l.values.iter().any(|m| &m.name == n) && !n.starts_with("tmp.") {
                l.values.push(NamedValue {
                    name: n.clone(),
                    value: v.clone(),
                });
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

fn stats(o: &Outcome, elapsed: Duration, peak_rss_mb: u64) -> Stats {
    let st = &o.stats;
    Stats {
        iterations: st.iterations,
        predicates: st.predicates,
        abstraction_s: st.times.abstraction.as_secs_f64(),
        model_checking_s: st.times.model_checking.as_secs_f64(),
        refinement_s: st.times.refinement.as_secs_f64(),
        search_s: st.times.search.as_secs_f64(),
        explored_paths: st.explored_paths,
        exploration_queries: st.exploration_queries,
        native_replay_s: st.times.confirmation.as_secs_f64(),
        z3_queries: st.abstraction_queries,
        cache_hits: st.abstraction_cache_hits,
        peak_bdd_nodes: st.peak_bdd_nodes,
        total_s: elapsed.as_secs_f64(),
        peak_memory_mb: peak_rss_mb,
        mixed: st.mixed.as_ref().map(|m| MixedStats {
            blocks: m.blocks,
            cells: m.cells,
            finite_cells: m.finite_cells,
            back_edges: m.back_edges,
            iterations: m.iterations,
            peak_atoms: m.peak_atoms,
            peak_constraints: m.counters.peak_constraints,
            peak_bdd_nodes: m.counters.peak_bdd_nodes,
            images: m.counters.images,
            eliminations: m.counters.eliminations,
            z3_queries: m.counters.queries,
        }),
    }
}
