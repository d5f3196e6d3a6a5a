//! The F-Soft-style mixed symbolic backend (`--backend mixed`): exact reachability over
//! the program's labeled transition graph, with control in BDDs and data in linear
//! integer arithmetic (Wang, Yang, Ivančić, Gupta, TODAES 2009; the text is in
//! `../shared/papers/`).
//!
//! - [`ltg`]: the graph: blocks, transitions of parallel assignments, cells;
//! - [`build`]: CIR to the graph (memory through points-to, calls through return
//!   locations, a bounded stack, a finite array of objects per allocation site);
//! - [`interval`]: intervals of the cells, which bound non-linear results, rewrite
//!   wrap-arounds and decide comparisons (§5.5);
//! - [`finite`]: cells with finitely many observable values, moved into BDDs (§5.5);
//! - [`live`]: the cone of influence and live cells per block (§6.2);
//! - [`symbolic`]: the mixed representation and its operations;
//! - [`search`]: the `bfs`, `frontier` and `lockstep` fixpoints.
//!
//! [`find`] runs them in that order: build, cut the cone of influence, intervals, finite
//! cells, search; then the path's confirmation.
//!
//! A path to the error is a CIR path: the CEGAR loop's path formula gives its inputs, the
//! interpreter replays it, and the caller's confirmation (the native replay) runs it; only
//! then is it a violation. The error proved unreachable is SAFE when no construct the
//! program uses is refused (as for the CEGAR loop) and no bound of the model was reached.

pub mod build;
pub mod finite;
pub mod interval;
pub mod live;
pub mod ltg;
pub mod search;
pub mod symbolic;
#[cfg(test)]
mod tests;

use crate::cegar::{self, Confirm, Proof, Stats, Verdict};
use crate::reason::{Reason, ReasonKind};
use slamrs_abstraction::cir::{Program, Stmt};
use slamrs_refinement::{self as refinement, CirPath, Counterexample, PathStep, Refiner};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

pub use search::{SearchStats, Strategy};

/// Settings of a mixed run.
#[derive(Clone, Debug)]
pub struct Options {
    pub entry: String,
    pub strategy: Strategy,
    /// Live-variable simplification (§6.2).
    pub live: bool,
    /// Cells with finitely many observable values become control cells ([`finite`]).
    pub finite: bool,
    pub deadline: Option<Instant>,
    pub cancel: Arc<AtomicBool>,
    /// Z3's budget per query (ms of solving).
    pub query_ms: u32,
    pub max_atoms: usize,
    /// Activations of one recursive component followed at once (the stack bound).
    pub recursion_bound: u32,
    /// Objects per allocation site (the heap array's length per site).
    pub heap_bound: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            entry: "main".into(),
            strategy: Strategy::Lockstep,
            live: true,
            finite: true,
            deadline: None,
            cancel: Arc::new(AtomicBool::new(false)),
            query_ms: 2_000,
            max_atoms: 200_000,
            recursion_bound: 6,
            heap_bound: 3,
        }
    }
}

/// What a mixed run found before the caller's confirmation.
#[derive(Clone, Debug)]
pub enum Found {
    Safe,
    /// Replayed on the interpreter.
    Violation(Box<Counterexample>),
    Unknown(Reason),
}

/// Runs the mixed backend on `prog` (instrumented: its `Error` edges are the violations).
/// Violations are replayed on the interpreter; the caller confirms them natively.
pub fn find(prog: &mut Program, opts: &Options) -> (Found, Stats) {
    let _s = tracing::info_span!("mixed").entered();
    let start = Instant::now();
    let mut stats = Stats::default();
    let Some(entry) = prog
        .func_by_name(&opts.entry)
        .filter(|&f| prog.func(f).body.is_some())
    else {
        let why = Reason::new(
            ReasonKind::NoEntry,
            format!("entry function `{}` is not defined", opts.entry),
        );
        return (Found::Unknown(why), stats);
    };
    let refiner = Refiner::new(prog, entry, refinement::Options::default());
    let analyses = refiner.analyses();
    let bounds = build::Bounds {
        recursion: opts.recursion_bound,
        heap: opts.heap_bound,
    };
    let mut ltg = match build::build(prog, &analyses, entry, bounds) {
        Ok(g) => g,
        Err(e) => {
            let why = Reason::new(ReasonKind::Unsupported, format!("mixed backend: {e}"));
            return (Found::Unknown(why), stats);
        }
    };
    if opts.live {
        live::drop_irrelevant(&mut ltg);
    }
    let applied = interval::apply(&mut ltg);
    let finite_cells = if opts.finite {
        finite::encode(&mut ltg)
    } else {
        0
    };
    tracing::info!(
        blocks = ltg.blocks.len(),
        finite_cells,
        bounded = applied.bounded,
        unwrapped = applied.unwrapped,
        transitions = ltg.transitions.len(),
        cells = ltg.cells.len(),
        smashed = ltg.smashed.len(),
        "transition graph"
    );
    let sopts = search::SearchOptions {
        strategy: opts.strategy,
        live: opts.live,
        deadline: opts.deadline,
        cancel: opts.cancel.clone(),
        query_ms: opts.query_ms,
        max_atoms: opts.max_atoms,
    };
    let (found, mut sstats) = search::search(&ltg, &sopts);
    sstats.blocks = ltg.blocks.len() as u64;
    sstats.cells = ltg.cells.len() as u64;
    sstats.finite_cells = finite_cells as u64;
    stats.times.model_checking = start.elapsed();
    stats.mixed = Some(sstats);
    let found = match found {
        search::Found::Unreachable => match cegar::refused(prog, entry) {
            Some(why) => Found::Unknown(why),
            None => Found::Safe,
        },
        search::Found::BoundReached(bounds) => Found::Unknown(Reason::new(
            ReasonKind::ModelBound,
            format!(
                "the mixed backend reached a bound of its model ({}); within the bounds the error is unreachable",
                bounds.join("; ")
            ),
        )),
        search::Found::Stopped(search::Stopped::Deadline) => Found::Unknown(Reason::new(
            ReasonKind::Timeout,
            "timeout (mixed backend)",
        )),
        search::Found::Stopped(search::Stopped::Cancelled) => Found::Unknown(Reason::new(
            ReasonKind::Cancelled,
            "the other engine of the portfolio answered first",
        )),
        search::Found::Stopped(search::Stopped::BddFull(n)) => Found::Unknown(Reason::new(
            ReasonKind::BddNodeLimit,
            format!("the mixed backend's BDD node table is full ({n} nodes)"),
        )),
        search::Found::Stopped(search::Stopped::AtomLimit(n)) => Found::Unknown(Reason::new(
            ReasonKind::StateLimit,
            format!("the mixed backend stored more than {n} atoms"),
        )),
        search::Found::Error(path) => {
            let path = cir_path(prog, &ltg, &path);
            stats.last_path_len = path.steps.len();
            let t = Instant::now();
            let outcome = refiner.confirm(prog, &path);
            stats.times.refinement += t.elapsed();
            match outcome {
                refinement::Outcome::Violation(cex) => Found::Violation(Box::new(cex)),
                refinement::Outcome::Unknown(why) => Found::Unknown(Reason::new(
                    ReasonKind::RefinementStalled,
                    format!(
                        "the mixed backend's path to the error is not a run of the program: {why}{}",
                        approximated(&ltg)
                    ),
                )),
                refinement::Outcome::Unconfirmed { why, .. } => {
                    Found::Unknown(Reason::new(ReasonKind::Unconfirmed, why))
                }
                other => Found::Unknown(Reason::new(
                    ReasonKind::InternalError,
                    format!("unexpected confirmation: {other:?}"),
                )),
            }
        }
    };
    (found, stats)
}

/// What the transition graph over-approximates, for an unconfirmed path.
fn approximated(ltg: &ltg::Ltg) -> String {
    if ltg.smashed.is_empty() {
        return String::new();
    }
    let mut names = ltg.smashed.clone();
    names.truncate(5);
    format!(
        " (objects not expanded into cells, read as arbitrary values: {})",
        names.join(", ")
    )
}

/// Runs the mixed backend and confirms its violation with `confirm`.
pub fn run(prog: &mut Program, opts: &Options, confirm: &mut Confirm) -> cegar::Outcome {
    let (found, stats) = find(prog, opts);
    outcome(prog, found, stats, confirm)
}

/// The outcome of a mixed run's finding, confirming a violation with `confirm`.
pub fn outcome(
    prog: &Program,
    found: Found,
    stats: Stats,
    confirm: &mut Confirm,
) -> cegar::Outcome {
    match found {
        Found::Safe => cegar::Outcome {
            verdict: Verdict::Safe,
            stats,
            predicates: Default::default(),
            confirmation: None,
            proof: Some(Proof::Mixed),
            abstraction: None,
        },
        Found::Violation(cex) => {
            cegar::confirmed_violation(prog, *cex, None, confirm, stats, Default::default())
        }
        Found::Unknown(why) => cegar::Outcome {
            verdict: Verdict::Unknown(why),
            stats,
            predicates: Default::default(),
            confirmation: None,
            proof: None,
            abstraction: None,
        },
    }
}

/// The CIR path of a path of transitions: their edges, with call depths.
pub fn cir_path(prog: &Program, ltg: &ltg::Ltg, path: &[ltg::TransId]) -> CirPath {
    let mut steps = Vec::new();
    let mut depth = 0u32;
    for &t in path {
        for s in &ltg.trans(t).steps {
            steps.push(PathStep {
                func: s.func,
                node: s.node,
                edge: s.edge,
                depth,
                callee: s.callee,
            });
            let stmt = &prog
                .func(s.func)
                .body
                .as_ref()
                .expect("path functions have bodies")
                .node(s.node)
                .edges[s.edge]
                .stmt;
            if s.callee.is_some() {
                depth += 1;
            } else if matches!(stmt, Stmt::Return(_)) {
                depth = depth.saturating_sub(1);
            }
        }
    }
    CirPath {
        steps,
        ..Default::default()
    }
}
