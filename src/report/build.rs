//! Builds the [`CheckReport`] of a finished run from the engines' [`Outcome`]: the
//! counterexample's steps grouped into source lines with their values, the locations in C
//! terms (the driver's own line for a driver), the statistics.

use std::time::Duration;

use slamrs_abstraction::cir::{Callee, FuncId, HavocKind, Loc, NodeId, Program, Stmt};
use slamrs_abstraction::frontend::models;
use slamrs_abstraction::interp::Choice;
use slamrs_refinement::{self as refinement, Counterexample};

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
    /// Names of the driver's status codes, shown beside trace values.
    pub codes: &'a super::codes::CodeNames,
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
    r.stats = stats(c.prog, outcome, c.elapsed, c.peak_rss_mb);
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
            r.undefined_behaviour = cex
                .undefined
                .iter()
                .map(|(loc, what)| format!("{}: {what}", c.prog.loc_string(*loc)))
                .collect();
            r.inputs = cex.inputs.iter().map(|&x| InputValue::of(x)).collect();
            r.error_location = Some(location(c.prog, cex.error_loc, cex.error_func));
            if c.driver {
                r.driver_location = driver_site(c.prog, cex).map(|(loc, func)| Location {
                    function: func,
                    ..location(c.prog, loc, cex.error_func)
                });
            }
            r.trace = lines(c.prog, cex, c.texts, c.codes);
            let edges: Vec<_> = cex.steps.iter().map(|s| (s.func, s.node, s.edge)).collect();
            r.waypoints = waypoints(
                c.prog,
                &edges,
                &cex.choices,
                (cex.error_func, cex.error_loc),
            );
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
    cex.steps.iter().rev().find_map(|st| {
        program_code(prog, st.loc).then(|| (st.loc, prog.func(st.func).name.clone()))
    })
}

/// True for a place in the program's own code: not generated code (a driver's harness or
/// OS model, a built-in rule: names in `<…>`), not a rule file, not a system header.
pub fn program_code(prog: &Program, loc: Loc) -> bool {
    let file = prog.file_name(loc);
    loc.line > 0
        && !prog.in_system_header(loc)
        && !file.starts_with('<')
        && !file.ends_with(".slic")
}

/// What the run depends on that a witness cannot state: a witness gives the program's
/// inputs only, and a replay of it reads zero for the rest.
fn witness_limit(prog: &Program, cex: &Counterexample) -> Option<String> {
    cex.choices.iter().find_map(|c| match c {
        Choice::Opaque { what, loc, .. } => Some(format!(
            "the run depends on {what} at {}",
            prog.loc_string(*loc)
        )),
        Choice::Uninit { loc, value } if *value != 0 => Some(format!(
            "the run reads an uninitialized value ({value}) at {}",
            prog.loc_string(*loc)
        )),
        Choice::Alloc { fails: true, .. } => {
            Some("the run needs an allocation to fail".to_string())
        }
        Choice::EnvMemory { value, .. } if *value != 0 => Some(format!(
            "the run reads {value} in memory only the environment names (an object an unknown function returned, a fixed address, the bytes past an object's end)"
        )),
        _ => None,
    })
}

/// The waypoints of a run that took `edges` (function, node, edge index) with the input
/// choices `choices` and reached the error `error` (function, location), in order: every
/// input read (its value is the run's next input choice; a library model's own choice is
/// not an input; one read in generated code is placed at the program's last line before
/// it), every branch of the program's own code decided (an `assume` edge of a node with
/// several edges: the first edge is the condition's true side), and the target: the error,
/// or, when the error is in generated code (a rule's instrumentation), the program's last
/// line before it. `slamrs validate` compares a witness with the waypoints of its replay.
pub fn waypoints(
    prog: &Program,
    edges: &[(FuncId, NodeId, usize)],
    choices: &[Choice],
    error: (FuncId, Loc),
) -> Vec<Waypoint> {
    let mut inputs = inputs_along(prog, edges, choices).into_iter().peekable();
    let mut out = Vec::new();
    let mut last_own = None;
    for (i, &(f, n, e)) in edges.iter().enumerate() {
        let Some(node) = prog
            .func(f)
            .body
            .as_ref()
            .and_then(|b| b.nodes.get(n.0 as usize))
        else {
            continue;
        };
        let Some(edge) = node.edges.get(e) else {
            continue;
        };
        let own = program_code(prog, edge.loc);
        if own {
            last_own = Some((edge.loc, f));
        }
        if inputs.peek().is_some_and(|(at, _, _)| *at == i) {
            // an input read in generated code (a rule's handler around the call of an
            // unknown function) is placed at the program's line that led there: the call
            let at = match last_own {
                Some((loc, func)) if !own => location(prog, loc, func),
                _ => location(prog, edge.loc, f),
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
        if matches!(edge.stmt, Stmt::Assume(_)) && node.edges.len() > 1 && own {
            out.push(Waypoint {
                kind: WaypointKind::Branch { taken: e == 0 },
                location: location(prog, edge.loc, f),
            });
        }
    }
    let (error_func, error_loc) = error;
    let target = if program_code(prog, error_loc) {
        Some((error_loc, error_func))
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

/// Which edges of a run read its inputs: the `n`-th edge (of `edges`, in order) read an
/// input of `function` that returned `value`, for each (n, function, value). A run's input
/// choices (`choices`, in order) are matched to its `havoc` edges of inputs and to its calls
/// of functions without a body that the choice names (an unknown function's result is an
/// input). A library model's own choices are matched but not returned: they are not the
/// program's inputs.
fn inputs_along(
    prog: &Program,
    edges: &[(FuncId, NodeId, usize)],
    choices: &[Choice],
) -> Vec<(usize, String, i128)> {
    let mut pending = choices
        .iter()
        .filter_map(|c| match c {
            Choice::Input { func, value } => Some((func.as_str(), *value)),
            _ => None,
        })
        .peekable();
    let mut out = Vec::new();
    for (i, &(f, n, e)) in edges.iter().enumerate() {
        let Some(next) = pending.peek().copied() else {
            break;
        };
        let Some(edge) = prog
            .func(f)
            .body
            .as_ref()
            .and_then(|b| b.nodes.get(n.0 as usize))
            .and_then(|node| node.edges.get(e))
        else {
            continue;
        };
        let reads = match &edge.stmt {
            Stmt::Havoc {
                why: HavocKind::Input(name),
                ..
            } => name == next.0,
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            } => prog.func(*g).body.is_none() && prog.func(*g).name == next.0,
            _ => false,
        };
        if reads {
            pending.next();
            if next.0 != models::CHOICE {
                out.push((i, next.0.to_string(), next.1));
            }
        }
    }
    out
}

/// The counterexample's steps grouped into lines: consecutive steps on one source line at
/// one call depth.
fn lines(
    prog: &Program,
    cex: &Counterexample,
    texts: &[(String, String)],
    codes: &super::codes::CodeNames,
) -> Vec<TraceLine> {
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
                    value: codes.annotate(v).unwrap_or_else(|| v.clone()),
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

fn stats(prog: &Program, o: &Outcome, elapsed: Duration, peak_rss_mb: u64) -> Stats {
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
        stall: st.stall.as_ref().map(|x| stall_stats(prog, x)),
    }
}

fn stall_stats(prog: &Program, s: &refinement::Stall) -> StallStats {
    use refinement::stall::StallCause as C;
    let d = &s.diagnosis;
    StallStats {
        kind: match s.kind {
            refinement::NoProgress::SamePath => StallKind::SamePath,
            refinement::NoProgress::NoNewPredicate => StallKind::NoNewPredicate,
        },
        cause: match &d.cause {
            C::ExternalCall { .. } => StallCause::ExternalCall,
            C::WriteThroughPointer => StallCause::WriteThroughPointer,
            C::CallEntry => StallCause::CallEntry,
            C::CallReturn => StallCause::CallReturn,
            C::CoarseCubes => StallCause::CoarseCubes,
            C::Nondeterminism => StallCause::Nondeterminism,
            C::MissingMemoryPredicate => StallCause::MissingMemoryPredicate,
            C::MissingPredicate => StallCause::MissingPredicate,
            C::Undiagnosed => StallCause::Undiagnosed,
        },
        function: match &d.cause {
            C::ExternalCall { function } => Some(function.clone()),
            _ => None,
        },
        location: d.at.map(|(f, loc)| location(prog, loc, f)),
        predicate: d.predicate.clone(),
        message: d.cause.to_string(),
    }
}
