//! `slamrs-refinement`: what CEGAR does with an abstract counterexample.
//!
//! Given a trace of the boolean program (from Bebop), [`Refiner::refine`]:
//! 1. maps it back to a path of CIR edges through calls and returns ([`path`]);
//! 2. builds the path's SSA formula ([`encode`]) and decides it with Z3 ([`solve`]),
//!    its slice first ([`slice`]: the branches the error depends on) when that is smaller;
//! 3. if it is feasible, replays the model's inputs on the CIR interpreter in machine
//!    integers ([`replay`]): only a replay that reaches the error is a violation;
//! 4. if it is infeasible, finds predicates from a minimal unsat core, carried backward
//!    along the path by weakest preconditions and scoped where they are needed
//!    ([`discover`]), each `v == c` with the rest of its constant family ([`families`]);
//!    on a path around a loop, or when that gives nothing new, also the atoms of
//!    interpolants of the path, generalized from projections of its prefixes
//!    ([`interpolate`]). No new predicate means no progress: the answer is then unknown.
//!
//! Z3 terms are made and dropped on the calling thread (z3's thread-local context).

pub mod constrain;
pub mod counting_loops;
pub mod discover;
pub mod encode;
pub mod explore;
pub mod families;
pub mod input_loops;
pub mod interpolate;
pub mod linear;
pub mod loops;
pub mod path;
pub mod replay;
pub mod search;
pub mod slice;
pub mod solve;
pub mod stall;

use bebop::cfg::Cfg;
use bebop::reach::Trace;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use slamrs_abstraction::analysis::Analyses;
use slamrs_abstraction::c2bp::learned::Env;
use slamrs_abstraction::c2bp::{result_var, Abstraction, PredicateSet};
use slamrs_abstraction::cir::{FuncId, Program};
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_abstraction::smt::solver_pool::Limit;
use std::sync::Arc;

pub use path::{CirPath, PathStep};
pub use replay::{CexStep, Counterexample};

/// Time a query of interpolation may take, in milliseconds of solving.
const INTERPOLANT_QUERY_MS: u32 = 500;

/// Steps a replay of a path slice may take (the slice's run is a guess: a short bound).
const SLICE_REPLAY_STEPS: u64 = 2_000_000;

/// Settings of refinement.
#[derive(Clone, Debug)]
pub struct Options {
    /// Z3 timeout per query, in milliseconds.
    pub timeout_ms: u32,
    /// Most extra queries spent minimizing an unsat core.
    pub max_core_checks: usize,
    /// Most unsat cores (independent reasons for infeasibility) learnt from one path.
    pub max_cores: usize,
    /// Steps the replay may take.
    pub replay_steps: u64,
    /// Further models tried when the replay of a feasible path over-approximated by the
    /// formula leaves the path.
    pub extra_models: usize,
    /// Add the rest of a discovered `v == c`'s constant family ([`families`]).
    pub families: bool,
    /// When to compute interpolants of an infeasible path ([`interpolate`]).
    pub interpolation: Interpolation,
    /// A feasible path whose replay stops at an access past the end of an object is
    /// replayed again with objects kept apart ([`interp::Config::objects_apart`]): a run
    /// that reaches the error so is a violation whose undefined behaviour the
    /// counterexample lists ([`Counterexample::undefined`]).
    pub objects_apart: bool,
}

/// When refinement computes interpolants of an infeasible path ([`interpolate`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interpolation {
    /// Never.
    Off,
    /// When the weakest preconditions of the unsat core give no new predicate, or the same
    /// path comes back after they were added.
    Stalled,
    /// Also on every path that goes around a loop, where weakest preconditions name one
    /// unrolling's values (`i >= 99`, then `i >= 98`, ...) and an interpolant generalizes
    /// them (`i <= k`).
    Loops,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            timeout_ms: 10_000,
            max_core_checks: 64,
            max_cores: 8,
            replay_steps: 10_000_000,
            extra_models: 8,
            families: true,
            interpolation: Interpolation::Loops,
            objects_apart: false,
        }
    }
}

/// What refinement concluded about one abstract trace.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The trace is real: a concrete run reaching the error, replayed on the interpreter.
    Violation(Counterexample),
    /// The trace is spurious; these many predicates (or learnt cubes) were added to the set.
    Refined {
        added: usize,
        /// No predicate was new: only constraints or seed cubes ([`constrain`]) were
        /// learnt, where refinement used to stall (the loop searches for a bug then).
        learnt_only: bool,
        /// Length of the CIR path and of its minimal unsat core.
        path_len: usize,
        core_len: usize,
    },
    /// Neither: the reason.
    Unknown(String),
    /// The trace is spurious, but refinement found nothing that rules it out; with where
    /// the abstraction lets it through ([`stall`]).
    NoProgress(Stall),
    /// The path is feasible, but the interpreter cannot follow the program along it
    /// (floating point, ...): a counterexample from the path and the model, which only a
    /// native replay can confirm; `why` is the reason it is unknown otherwise.
    Unconfirmed { cex: Counterexample, why: String },
}

/// Why refinement stalled on a spurious trace.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoProgress {
    /// The same CIR path came back after the predicates found for it were added.
    SamePath,
    /// No predicate found for the path's unsat cores was new.
    NoNewPredicate,
}

/// A stall: its kind and its diagnosis ([`stall::diagnose`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stall {
    pub kind: NoProgress,
    pub diagnosis: stall::Diagnosis,
}

impl NoProgress {
    /// A short identifier (JSON, tables).
    pub fn id(self) -> &'static str {
        match self {
            NoProgress::SamePath => "same-path",
            NoProgress::NoNewPredicate => "no-new-predicate",
        }
    }
}

impl std::fmt::Display for NoProgress {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            NoProgress::SamePath => "refinement made no progress: the same spurious path came back after its predicates were added",
            NoProgress::NoNewPredicate => "refinement made no progress: no new predicate explains why the path is infeasible",
        })
    }
}

/// Refines abstract traces of one program. Keeps the analyses the encoding needs and the
/// paths already refined (a path seen twice means the predicates did not help).
pub struct Refiner {
    entry: FuncId,
    /// Points-to, call graph and MOD/REF, computed once ([`Refiner::analyses`]).
    analyses: Arc<Analyses>,
    addrs: Addresses,
    families: families::Families,
    /// The program's loop heads and constants, for interpolation.
    facts: interpolate::Facts,
    seen: HashSet<Vec<(u32, u32, usize)>>,
    /// Infeasible paths decided again with memory as bytes without effect (the same cores,
    /// or no answer: [`Refiner::decide_path`]); past [`MAX_SAME_IN_BYTES`] no infeasible
    /// path is.
    same_in_bytes: u32,
    opts: Options,
}

/// Infeasible paths a run decides again with memory as bytes without effect before it
/// stops doing so:
/// on SLAM's floppy2, whose pointers into an IRP come from integer arithmetic (so every read
/// may meet a byte write), each took 4 s and none differed.
const MAX_SAME_IN_BYTES: u32 = 1;

/// The share of a path query's time limit each query of the byte model gets (it answers
/// what the per-width arrays answered wrongly quickly, or not at all: on a Windows
/// sample's 700-step paths its queries ran 8-9 s without changing the answer).
const BYTES_TIME_SHARE: u32 = 4;

impl Refiner {
    /// Prepares refinement of `prog` from `entry` (a function with a body). Creates the
    /// `\result` pseudo variables predicates may need.
    pub fn new(prog: &mut Program, entry: FuncId, opts: Options) -> Refiner {
        let defined: Vec<FuncId> = prog
            .func_ids()
            .filter(|&f| prog.func(f).body.is_some())
            .collect();
        for f in defined {
            let returns_scalar = prog
                .types
                .fn_sig(prog.func(f).ty)
                .is_some_and(|s| prog.types.is_scalar(s.ret));
            if returns_scalar {
                result_var(prog, f);
            }
        }
        let analyses = Arc::new(Analyses::compute(prog));
        let addrs = Addresses::new(prog);
        let families = families::Families::compute(prog);
        let facts = interpolate::Facts::compute(prog);
        Refiner {
            entry,
            analyses,
            addrs,
            families,
            facts,
            seen: HashSet::default(),
            same_in_bytes: 0,
            opts,
        }
    }

    /// The program's analyses, computed once after the pseudo variables were added: the
    /// same value for c2bp ([`slamrs_abstraction::c2bp::Abstractor::with_analyses`]) and
    /// the directed exploration.
    pub fn analyses(&self) -> Arc<Analyses> {
        self.analyses.clone()
    }

    /// The entry function.
    pub fn entry(&self) -> FuncId {
        self.entry
    }

    /// Explores `prog`'s paths from the entry function ([`explore`]): a counterexample, or
    /// a proof that none exists when the exploration covers every path.
    pub fn explore(&self, prog: &Program, budget: &explore::Budget) -> explore::Explored {
        explore::explore(prog, &self.analyses.pt, &self.addrs, self.entry, budget)
    }

    /// Decides the path's slice ([`slice`]) when it is smaller than the path: infeasible
    /// (with its cores), or feasible with a model whose replay reaches the error (a real
    /// run may take a loop more times than the abstract path). `None`: the whole path must
    /// be decided.
    fn slice(
        &self,
        prog: &Program,
        path: &CirPath,
        formula: &encode::PathFormula,
    ) -> Option<slice::Decided> {
        let _s = tracing::info_span!("slice").entered();
        let t0 = std::time::Instant::now();
        let keep = slice::relevant_assumes(prog, &self.analyses.pt, &self.analyses.modref, path);
        let ms = t0.elapsed().as_millis() as u64;
        let assumes = formula.guards.len();
        let kept = formula
            .guards
            .iter()
            .filter(|(_, step)| keep.contains(step))
            .count();
        tracing::info!(assumes, kept, ms, "path slice");
        if kept == assumes {
            return None;
        }
        match solve::decide_slice(
            formula,
            &keep,
            self.opts.max_core_checks,
            self.opts.max_cores,
        ) {
            solve::Feasibility::Infeasible(cores) => Some(slice::Decided::Infeasible(cores)),
            solve::Feasibility::Unknown(_) => None,
            solve::Feasibility::Feasible(values) => {
                let entry = prog.func(self.entry).name.clone();
                match replay::replay(
                    prog,
                    &entry,
                    &formula.choices,
                    &values,
                    solve::env_memory(formula),
                    self.opts.replay_steps.min(SLICE_REPLAY_STEPS),
                    None,
                ) {
                    replay::Replay::Reached(cex) => {
                        tracing::info!("the slice's replay reached the error");
                        Some(slice::Decided::Violation(cex))
                    }
                    replay::Replay::Missed(why, ..) => {
                        tracing::info!(%why, "the slice's replay missed the error");
                        None
                    }
                }
            }
        }
    }

    /// Adds the candidate invariants ([`loops::candidates`]) of the loops `path` runs
    /// through that are new; returns how many.
    fn loop_invariants(
        &self,
        prog: &mut Program,
        path: &CirPath,
        preds: &mut PredicateSet,
    ) -> usize {
        let mut added = 0;
        for (f, e) in loops::candidates(prog, path) {
            let e = discover::normalize(linear::simplify_atom(prog, e));
            if preds.add(prog, Some(f), e) {
                added += 1;
            }
        }
        tracing::info!(added, "candidate loop invariants");
        added
    }

    /// Adds the predicates of interpolants of the infeasible `path` ([`interpolate`]);
    /// returns how many are new.
    fn interpolants(&self, prog: &mut Program, path: &CirPath, preds: &mut PredicateSet) -> usize {
        let _s = tracing::info_span!("interpolate").entered();
        let rlimit = Limit::millis(INTERPOLANT_QUERY_MS).units();
        let atoms = interpolate::interpolants(
            prog,
            &self.analyses.pt,
            &self.addrs,
            path,
            self.entry,
            &self.facts,
            rlimit,
        );
        let found =
            discover::carry_atoms(prog, &self.analyses.pt, &self.analyses.modref, path, &atoms);
        let mut added = 0;
        for (scope, e) in found {
            if preds.add(prog, scope, e) {
                added += 1;
            }
        }
        tracing::info!(added, "interpolant predicates");
        added
    }

    /// Adds constraints that rule out the inconsistent states of `trace` ([`constrain`]);
    /// returns how many are new.
    fn constrain(
        &self,
        prog: &Program,
        abs: &Abstraction,
        cfg: &Cfg,
        trace: &Trace,
        preds: &mut PredicateSet,
    ) -> usize {
        let _s = tracing::info_span!("constrain").entered();
        let env = Env {
            prog,
            pt: &self.analyses.pt,
            modref: &self.analyses.modref,
            addrs: &self.addrs,
            entry: self.entry,
            wrap_ints: slamrs_abstraction::c2bp::Options::default().wrap_ints,
            timeout_ms: self.opts.timeout_ms,
        };
        constrain::learn(&env, abs, cfg, trace, preds)
    }

    /// A stall of kind `kind` on `trace` (whose C path is `path`, infeasible for the
    /// reasons `cores`), with its diagnosis: where the abstraction loses one of the facts
    /// the cores' predicates state.
    #[allow(clippy::too_many_arguments)]
    fn stalled(
        &self,
        kind: NoProgress,
        prog: &mut Program,
        abs: &Abstraction,
        cfg: &Cfg,
        trace: &Trace,
        path: &CirPath,
        cores: &[Vec<usize>],
    ) -> Outcome {
        let mut relevant = Vec::new();
        for core in cores {
            let found =
                discover::discover(prog, &self.analyses.pt, &self.analyses.modref, path, core);
            relevant.extend(found.into_iter().map(|(_, e)| e));
        }
        let prog = &*prog;
        let diagnosis = stall::diagnose(&stall::Stalled {
            prog,
            pt: &self.analyses.pt,
            addrs: &self.addrs,
            entry: self.entry,
            abs,
            cfg,
            trace,
            path,
            relevant: &relevant,
        });
        Outcome::NoProgress(Stall { kind, diagnosis })
    }

    /// Decides a CIR path to the error found by another engine (the mixed backend): a
    /// violation replayed on the interpreter, or why not. Nothing is refined.
    pub fn confirm(&self, prog: &Program, path: &CirPath) -> Outcome {
        let formula = {
            let _s = tracing::info_span!("path_formula", edges = path.steps.len()).entered();
            match encode::encode(
                prog,
                &self.analyses.pt,
                &self.addrs,
                path,
                self.entry,
                self.opts.timeout_ms,
            ) {
                Ok(f) => f,
                Err(e) => return Outcome::Unknown(format!("cannot encode the path: {}", e.0)),
            }
        };
        let verdict = {
            let _s = tracing::info_span!("feasibility").entered();
            solve::decide(&formula, 0, 1)
        };
        match verdict {
            solve::Feasibility::Unknown(why) => {
                Outcome::Unknown(format!("Z3 could not decide a path: {why}"))
            }
            solve::Feasibility::Feasible(values) => {
                let _s = tracing::info_span!("replay").entered();
                self.replay_feasible(prog, path, &formula, values)
            }
            solve::Feasibility::Infeasible(_) => {
                Outcome::Unknown("the path to the error is infeasible in the path formula".into())
            }
        }
    }

    /// Decides `path` (its slice first): the cores of an infeasible path, or the outcome
    /// that ends this refinement (a violation, a feasible path whose replay misses, a path
    /// Z3 or the encoding cannot decide). A path whose memory the per-width arrays may
    /// misread (integers written with one width and read with another) is decided again with
    /// memory as bytes before its answer is trusted.
    fn decide_path(
        &mut self,
        prog: &Program,
        path: &CirPath,
    ) -> Result<Vec<Vec<usize>>, Box<Outcome>> {
        let formula = {
            let _s = tracing::info_span!("path_formula", edges = path.steps.len()).entered();
            match encode::encode(
                prog,
                &self.analyses.pt,
                &self.addrs,
                path,
                self.entry,
                self.opts.timeout_ms,
            ) {
                Ok(f) => f,
                Err(e) => {
                    return Err(Box::new(Outcome::Unknown(format!(
                        "cannot encode the path: {}",
                        e.0
                    ))));
                }
            }
        };
        let verdict = {
            let _s = tracing::info_span!("feasibility").entered();
            match self.slice(prog, path, &formula) {
                // the slice decides: it is infeasible (so is the path, for the slice's
                // reasons, which leave out the loops and calls the error does not depend on)
                // or it leads to a real run of the error
                Some(slice::Decided::Infeasible(cores)) => solve::Feasibility::Infeasible(cores),
                Some(slice::Decided::Violation(cex)) => {
                    return Err(Box::new(Outcome::Violation(cex)))
                }
                None => solve::decide(&formula, self.opts.max_core_checks, self.opts.max_cores),
            }
        };
        Ok(match verdict {
            solve::Feasibility::Unknown(why) => {
                return Err(Box::new(Outcome::Unknown(format!(
                    "Z3 could not decide a path: {why}"
                ))))
            }
            solve::Feasibility::Feasible(values) => {
                let _s = tracing::info_span!("replay").entered();
                let first = self.replay_feasible(prog, path, &formula, values);
                if formula.first_mixed_read.is_none() || matches!(first, Outcome::Violation(_)) {
                    return Err(Box::new(first));
                }
                // the model may rest on a read of memory the path wrote with another
                // width: decide the path again with memory as bytes (once per run at
                // most: a replay that misses ends the run)
                match self.decide_in_bytes(prog, path) {
                    Some(Ok(outcome @ Outcome::Violation(_))) => return Err(Box::new(outcome)),
                    Some(Err(cores)) => cores,
                    _ => return Err(Box::new(first)),
                }
            }
            // per-width arrays do not see a word read of bytes written one by one: a path
            // whose cores may rest on such a read (one at or before their last step) is
            // decided again with memory as bytes before refinement rests on them
            solve::Feasibility::Infeasible(cores)
                if self.same_in_bytes < MAX_SAME_IN_BYTES
                    && formula
                        .first_mixed_read
                        .is_some_and(|k| cores.iter().flatten().any(|&s| s >= k)) =>
            {
                match self.decide_in_bytes(prog, path) {
                    Some(Ok(outcome)) => return Err(Box::new(outcome)),
                    Some(Err(exact)) if exact != cores => exact,
                    _ => {
                        self.same_in_bytes += 1;
                        cores
                    }
                }
            }
            solve::Feasibility::Infeasible(cores) => cores,
        })
    }

    /// Decides `path` again with the integers in memory as bytes
    /// ([`encode::encode_bytes`]): `Ok` with the outcome of replaying its model when it is
    /// feasible, `Err` with its cores when it is not; `None` when it cannot be encoded or
    /// decided.
    fn decide_in_bytes(
        &self,
        prog: &Program,
        path: &CirPath,
    ) -> Option<Result<Outcome, Vec<Vec<usize>>>> {
        let _s = tracing::info_span!("bytes").entered();
        let formula = encode::encode_bytes(
            prog,
            &self.analyses.pt,
            &self.addrs,
            path,
            self.entry,
            self.opts.timeout_ms / BYTES_TIME_SHARE,
        )
        .ok()?;
        // minimal cores as a path's (unminimized ones gave hundreds of predicates and a
        // stall on a Linux watchdog driver)
        match solve::decide(&formula, self.opts.max_core_checks, self.opts.max_cores) {
            solve::Feasibility::Feasible(values) => {
                tracing::info!("the path is feasible with memory as bytes");
                Some(Ok(self.replay_feasible(prog, path, &formula, values)))
            }
            solve::Feasibility::Infeasible(cores) => {
                tracing::info!(
                    cores = cores.len(),
                    "the path is infeasible with memory as bytes"
                );
                Some(Err(cores))
            }
            solve::Feasibility::Unknown(_) => None,
        }
    }

    /// Replays a feasible path's model on the interpreter (and a few other models where
    /// the formula approximates): the violation, or why it is not one.
    fn replay_feasible(
        &self,
        prog: &Program,
        path: &CirPath,
        formula: &encode::PathFormula,
        values: Vec<i128>,
    ) -> Outcome {
        let entry = prog.func(self.entry).name.clone();
        let mut result = replay::replay(
            prog,
            &entry,
            &formula.choices,
            &values,
            solve::env_memory(formula),
            self.opts.replay_steps,
            None,
        );
        // Where the formula over-approximates (memory havocked by `memcpy`, a
        // product it cannot express), another model may be one the program can
        // really follow: try a few.
        let mut last = values;
        let mut tries = 0;
        while matches!(result, replay::Replay::Missed(..))
            && !formula.approximations.is_empty()
            && tries < self.opts.extra_models
        {
            tries += 1;
            let Some(next) = solve::next_model(formula, &last) else {
                break;
            };
            result = replay::replay(
                prog,
                &entry,
                &formula.choices,
                &next,
                solve::env_memory(formula),
                self.opts.replay_steps,
                None,
            );
            last = next;
        }
        if self.opts.objects_apart
            && matches!(
                result,
                replay::Replay::Missed(_, _, replay::Stop::OutOfBounds)
            )
        {
            if let Some(cex) = self.replay_apart(prog, &entry, formula, &last) {
                result = replay::Replay::Reached(cex);
            }
        }
        match result {
            replay::Replay::Reached(cex) => Outcome::Violation(cex),
            replay::Replay::Missed(why, taken, stop) => {
                let diverged = path
                    .steps
                    .iter()
                    .zip(&taken)
                    .position(|(p, &(f, n, e))| (p.func, p.node, p.edge) != (f, n, e))
                    .map(|k| {
                        let loc = path.edge(prog, k).loc;
                        format!("; it left the path at step {k} ({})", prog.loc_string(loc))
                    })
                    .unwrap_or_default();
                let why = format!("{why}{diverged}");
                let approx = if formula.approximations.is_empty() {
                    String::new()
                } else {
                    format!(
                        " (the path formula approximates: {})",
                        formula.approximations.join("; ")
                    )
                };
                let why = format!(
                    "a path to the error is feasible in the path formula, but its replay on the interpreter did not reach the error: {why}{approx}"
                );
                match (stop == replay::Stop::CannotFollow)
                    .then(|| replay::from_model(prog, path, &formula.choices, &last))
                    .flatten()
                {
                    Some(cex) => Outcome::Unconfirmed { cex, why },
                    None => Outcome::Unknown(why),
                }
            }
        }
    }

    /// Replays the model `values` of `formula` again with objects apart
    /// ([`Options::objects_apart`]): the counterexample, with the undefined behaviour it
    /// went through, if that run reaches the error.
    fn replay_apart(
        &self,
        prog: &Program,
        entry: &str,
        formula: &encode::PathFormula,
        values: &[i128],
    ) -> Option<Counterexample> {
        let apart = replay::replay(
            prog,
            entry,
            &formula.choices,
            values,
            solve::env_memory(formula),
            self.opts.replay_steps,
            Some(&self.addrs),
        );
        match apart {
            replay::Replay::Reached(cex) => Some(cex),
            replay::Replay::Missed(why, ..) => {
                tracing::info!(%why, "the replay with objects apart missed the error");
                None
            }
        }
    }

    /// Examines one trace of `abs` (whose CFG is `cfg`); on a spurious trace adds
    /// predicates to `preds`.
    pub fn refine(
        &mut self,
        prog: &mut Program,
        abs: &Abstraction,
        cfg: &Cfg,
        trace: &Trace,
        preds: &mut PredicateSet,
    ) -> Outcome {
        let procs: HashMap<String, FuncId> = abs
            .procs
            .iter()
            .map(|(&f, sig)| (sig.name.clone(), f))
            .collect();
        let path = {
            let _s = tracing::info_span!("map_trace", steps = trace.steps.len()).entered();
            match path::map_trace(prog, cfg, &procs, trace) {
                Ok(p) => p,
                Err(e) => return Outcome::Unknown(format!("cannot map the trace to C: {}", e.0)),
            }
        };
        let key: Vec<(u32, u32, usize)> = path
            .steps
            .iter()
            .map(|s| (s.func.0, s.node.0, s.edge))
            .collect();
        // the path with each counting loop it leaves run as often as the program runs it
        let normalized = counting_loops::normalize(prog, &path);
        let path = match normalized.path {
            Some(p) => {
                tracing::debug!(
                    from = path.steps.len(),
                    to = p.steps.len(),
                    "counting loops run their rounds"
                );
                p
            }
            None => path,
        };
        let cores = match self.decide_path(prog, &path) {
            Ok(cores) => cores,
            Err(outcome) => return *outcome,
        };
        let core_len = cores.iter().map(Vec::len).sum();
        let _s = tracing::info_span!("discover", cores = cores.len(), core_len).entered();
        if !self.seen.insert(key) {
            // the same path again: it unrolls a loop the predicates cannot summarize;
            // try candidate invariants of the loops it runs through
            let mut added = self.loop_invariants(prog, &path, preds);
            if added == 0 && self.opts.interpolation != Interpolation::Off {
                added = self.interpolants(prog, &path, preds);
            }
            let learnt_only = added == 0;
            if added == 0 {
                added = self.constrain(prog, abs, cfg, trace, preds);
            }
            if added == 0 {
                return self.stalled(NoProgress::SamePath, prog, abs, cfg, trace, &path, &cores);
            }
            return Outcome::Refined {
                added,
                learnt_only,
                path_len: path.steps.len(),
                core_len,
            };
        }
        let mut added = 0;
        if tracing::enabled!(tracing::Level::TRACE) {
            for (i, st) in path.steps.iter().enumerate() {
                let e = path.edge(prog, i);
                tracing::trace!(
                    "step {i} {:indent$}{} {}: {}",
                    "",
                    prog.func(st.func).name,
                    prog.loc_string(e.loc),
                    slamrs_abstraction::cir::print::stmt(prog, &e.stmt),
                    indent = 2 * st.depth as usize
                );
            }
        }
        if tracing::enabled!(tracing::Level::DEBUG) {
            for core in &cores {
                let shown: Vec<String> = core
                    .iter()
                    .map(|&i| {
                        let e = path.edge(prog, i);
                        format!(
                            "step {i} {} {}",
                            prog.loc_string(e.loc),
                            slamrs_abstraction::cir::print::stmt(prog, &e.stmt)
                        )
                    })
                    .collect();
                tracing::debug!(core = %shown.join(" | "), "unsat core");
            }
        }
        for core in &cores {
            let found =
                discover::discover(prog, &self.analyses.pt, &self.analyses.modref, &path, core);
            for (scope, e) in found {
                if !preds.add(prog, scope, e.clone()) {
                    continue;
                }
                added += 1;
                if self.opts.families {
                    for s in self.families.siblings(&e) {
                        if preds.add(prog, scope, s) {
                            added += 1;
                        }
                    }
                }
            }
        }
        let interpolate = match self.opts.interpolation {
            Interpolation::Off => false,
            Interpolation::Stalled => added == 0,
            Interpolation::Loops => {
                added == 0 || { self.facts.unrolls_a_loop(&path, &normalized.headers) }
            }
        };
        if interpolate {
            added += self.interpolants(prog, &path, preds);
        }
        let learnt_only = added == 0;
        if added == 0 {
            added = self.constrain(prog, abs, cfg, trace, preds);
        }
        if added == 0 {
            return self.stalled(
                NoProgress::NoNewPredicate,
                prog,
                abs,
                cfg,
                trace,
                &path,
                &cores,
            );
        }
        Outcome::Refined {
            added,
            learnt_only,
            path_len: path.steps.len(),
            core_len,
        }
    }
}
