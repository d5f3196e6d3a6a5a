//! The CEGAR loop: abstraction (c2bp) → model checking (Bebop) → refinement, until the
//! error is proved unreachable, a counterexample is replayed, or a limit is hit.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::reach::{Limit, Outcome as BpOutcome, Target};
use bebop::symbolic::{Stop, SymbolicOptions};
use slamrs_abstraction::c2bp::{self, Abstractor, PredicateSet};
use slamrs_abstraction::cir::{Loc, Program};
use slamrs_abstraction::frontend::models;
use slamrs_abstraction::harness;
use slamrs_refinement::explore::Explored;
use slamrs_refinement::{self as refinement, Counterexample, Refiner};

use crate::reason::{Reason, ReasonKind};

mod explorer;
use explorer::Explorer;

/// Settings of one CEGAR run.
#[derive(Clone, Debug)]
pub struct Options {
    pub entry: String,
    /// Stop (unknown) after this many abstraction–check–refine iterations.
    pub max_iterations: usize,
    /// Stop (unknown) once this moment has passed (checked between phases).
    pub deadline: Option<Instant>,
    pub abstraction: c2bp::Options,
    pub refinement: refinement::Options,
    /// Largest BDD node table of the model checker.
    pub max_bdd_nodes: usize,
    /// Write each iteration's predicates and boolean program here (`iter-N.preds`, `iter-N.bp`).
    pub save_abstractions: Option<std::path::PathBuf>,
    /// Run the directed path exploration beside the loop ([`explorer`]).
    pub explore: bool,
    /// Set by another engine of the portfolio once it answered: the loop stops (unknown).
    pub stop: Option<Arc<AtomicBool>>,
    /// The `Error` edges that are a rule's bounds (its `giveup` statements), by location:
    /// `confirm` rejects a counterexample that ends at one, and the run is then repeated
    /// with those paths cut, as for an environment model's bound ([`run`]).
    pub bounds: Vec<Loc>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            entry: "main".into(),
            max_iterations: 100,
            deadline: None,
            abstraction: c2bp::Options::default(),
            refinement: refinement::Options::default(),
            max_bdd_nodes: 1 << 24,
            save_abstractions: None,
            explore: true,
            stop: None,
            bounds: Vec::new(),
        }
    }
}

/// The answer of a CEGAR run.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The boolean program proves the error unreachable.
    Safe,
    /// A concrete run reaches the error (replayed on the interpreter).
    Violation(Box<Counterexample>),
    /// Neither, with the reason.
    Unknown(Reason),
}

/// Wall time spent in each phase, summed over the iterations.
#[derive(Clone, Debug, Default)]
pub struct PhaseTimes {
    pub abstraction: Duration,
    pub model_checking: Duration,
    pub refinement: Duration,
    /// Building and running the compiled program for the counterexample (native replay).
    pub confirmation: Duration,
    /// Random runs of the interpreter after refinement stalled ([`refinement::search`]),
    /// and waiting for the directed exploration ([`refinement::explore`]) after the loop
    /// ended without an answer.
    pub search: Duration,
}

/// Counters of a CEGAR run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub iterations: usize,
    /// Predicates in the last abstraction (including those added for temporaries).
    pub predicates: usize,
    pub times: PhaseTimes,
    /// Z3 queries of all abstractions, and `F` computations answered from the cache.
    pub abstraction_queries: u64,
    pub abstraction_cache_hits: u64,
    /// Largest BDD node count of a model-checking run.
    pub peak_bdd_nodes: u64,
    /// The mixed backend's search, when it ran.
    pub mixed: Option<crate::mixed::SearchStats>,
    /// Length of the last abstract counterexample mapped to C (edges).
    pub last_path_len: usize,
    /// Runs of the directed exploration, and the branch conditions it gave Z3 (when the
    /// answer waited for it).
    pub explored_paths: u64,
    pub exploration_queries: u64,
    /// Why refinement stalled, when it did ([`refinement::stall`]).
    pub stall: Option<refinement::Stall>,
}

impl Stats {
    /// Adds an earlier run's iterations, times and counters to these.
    fn absorb(&mut self, earlier: &Stats) {
        self.iterations += earlier.iterations;
        let (t, e) = (&mut self.times, &earlier.times);
        t.abstraction += e.abstraction;
        t.model_checking += e.model_checking;
        t.refinement += e.refinement;
        t.confirmation += e.confirmation;
        t.search += e.search;
        self.abstraction_queries += earlier.abstraction_queries;
        self.abstraction_cache_hits += earlier.abstraction_cache_hits;
        self.peak_bdd_nodes = self.peak_bdd_nodes.max(earlier.peak_bdd_nodes);
        self.explored_paths += earlier.explored_paths;
        self.exploration_queries += earlier.exploration_queries;
    }
}

/// What proved a SAFE verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proof {
    /// Bebop proved the boolean program's error unreachable.
    Abstraction,
    /// The directed exploration covered every feasible path ([`refinement::explore`]).
    Exploration,
    /// The mixed backend's exact reachability found the error unreachable ([`crate::mixed`]).
    Mixed,
}

/// What the progress callback is told after each phase.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    pub iteration: usize,
    pub phase: &'static str,
    pub stats: &'a Stats,
}

/// How a counterexample was confirmed before it was reported.
#[derive(Clone, Debug, PartialEq)]
pub enum Confirmation {
    /// The gcc-compiled program, given the counterexample's inputs, reached the same error
    /// the same way (after the interpreter did).
    Native {
        /// Wall time of the native run, in seconds.
        seconds: f64,
    },
    /// Only the CIR interpreter replayed it (native replay was turned off).
    InterpreterOnly,
    /// Only the gcc-compiled program reached the error: the interpreter cannot follow the
    /// program along the path (the reason), so the trace shows the path's statements
    /// without values.
    NativeOnly { seconds: f64, interpreter: String },
}

/// Confirms a counterexample the interpreter replayed: `Err` says why it is not reported.
pub type Confirm<'a> = dyn FnMut(&Program, &Counterexample) -> Result<Confirmation, Reason> + 'a;

/// The result of [`run`].
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdict: Verdict,
    pub stats: Stats,
    /// The predicates of the last abstraction.
    pub predicates: PredicateSet,
    /// How the violation was confirmed (violations only).
    pub confirmation: Option<Confirmation>,
    /// What proved the program safe (SAFE only).
    pub proof: Option<Proof>,
    /// The boolean program that proved it ([`Proof::Abstraction`] only): its reachable
    /// states are the proof's invariants ([`slamrs_abstraction::certificate`]).
    pub abstraction: Option<Box<ProvedBy>>,
}

/// The abstraction a SAFE verdict came from, with the program analyses it was built on
/// (what reading a certificate off it needs).
#[derive(Clone, Debug)]
pub struct ProvedBy {
    pub abstraction: c2bp::Abstraction,
    pub analyses: Arc<slamrs_abstraction::analysis::Analyses>,
}

/// Runs CEGAR on `prog` (already instrumented: its `Error` edges are the violations),
/// starting from the predicates `initial`, with the directed exploration beside it
/// ([`explorer`]) unless `opts.explore` is off.
///
/// A counterexample that `confirm` rejects after it took an unspecified choice of a
/// library model (`qsort` comparing an element with itself: allowed by the C standard,
/// not done by the real library that the native replay runs) does not end the search: the
/// run is repeated with the models' choices pinned ([`models::pin_choices`]), whose
/// violations are violations of the program (then `prog` becomes the pinned program, the
/// one the trace runs in), and whose proofs prove nothing.
pub fn run(
    prog: &mut Program,
    initial: PredicateSet,
    opts: &Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
) -> Outcome {
    let mut model_cex_rejected = false;
    let mut bound_reached = None;
    let first = {
        let mut watched = |p: &Program, cex: &Counterexample| {
            let checked = confirm(p, cex);
            if checked.is_err() && takes_model_choice(cex) {
                model_cex_rejected = true;
            }
            if harness::model_bound(&p.func(cex.error_func).name).is_some() {
                bound_reached.get_or_insert(ReasonKind::ModelBound);
            } else if opts.bounds.contains(&cex.error_loc) {
                bound_reached.get_or_insert(ReasonKind::RuleBound);
            }
            checked
        };
        run_once(prog, initial.clone(), opts, progress, &mut watched)
    };
    let Verdict::Unknown(why) = &first.verdict else {
        return first;
    };
    if let Some(kind) = bound_reached.filter(|_| opts.deadline.is_none_or(|d| Instant::now() < d)) {
        return within_bounds(prog, first, kind, opts, progress, confirm);
    }
    if !model_cex_rejected || opts.deadline.is_some_and(|d| Instant::now() >= d) {
        return first;
    }
    let mut pinned = prog.clone();
    let n = models::pin_choices(&mut pinned);
    if n == 0 {
        return first;
    }
    tracing::info!(pinned = n, "a counterexample took a library model's unspecified choice; running again with the choices pinned");
    let mut second = run_once(&mut pinned, initial, opts, progress, confirm);
    second.stats.absorb(&first.stats);
    match second.verdict {
        Verdict::Violation(_) => {
            *prog = pinned;
            second
        }
        Verdict::Safe => unknown(
            Reason::new(ReasonKind::LibraryModel, format!(
                "{why}; without the library models' unspecified calls the error is unreachable, which does not prove the program safe"
            )),
            second.stats,
            first.predicates,
        ),
        Verdict::Unknown(again) => unknown(
            why.clone().and(format_args!("without the library models' unspecified calls: {again}")),
            second.stats,
            first.predicates,
        ),
    }
}

/// After `first` ended at a path that reaches a bound (`kind`: an environment model's, or
/// the rule's `giveup`): checks again with the paths cut at every bound
/// ([`harness::end_paths_at_bounds`], [`Options::bounds`]), from the predicates `first`
/// ended with. A violation found so is a real one (replayed like every other) and is the
/// answer; anything else leaves `first`'s UNKNOWN, with what the second check found added
/// to its reason.
fn within_bounds(
    prog: &mut Program,
    first: Outcome,
    kind: ReasonKind,
    opts: &Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
) -> Outcome {
    let Verdict::Unknown(why) = &first.verdict else {
        return first;
    };
    let mut cut = prog.clone();
    if harness::end_paths_at_bounds(&mut cut) + end_paths_at(&mut cut, &opts.bounds) == 0 {
        return first;
    }
    tracing::info!(
        "a path reached a bound of a model or of the rule; checking the paths within the bounds"
    );
    let mut second = run_once(&mut cut, first.predicates.clone(), opts, progress, confirm);
    second.stats.absorb(&first.stats);
    match second.verdict {
        Verdict::Violation(_) => {
            *prog = cut;
            second
        }
        Verdict::Safe => unknown(
            Reason::new(kind, match kind {
                ReasonKind::RuleBound => format!("{why}; on the paths within the rule's bounds no violation is reachable, which does not prove the program correct"),
                _ => format!("{why}; on the paths within the models' bounds no violation is reachable, which does not prove the driver correct"),
            }),
            second.stats,
            first.predicates,
        ),
        Verdict::Unknown(again) => unknown(
            why.clone().and(format_args!("within the {} bounds: {again}", match kind {
                ReasonKind::RuleBound => "rule's",
                _ => "models'",
            })),
            second.stats,
            first.predicates,
        ),
    }
}

/// Makes the `Error` edges at `locs` (a rule's `giveup`s) end the path without an error;
/// the number of edges changed.
fn end_paths_at(prog: &mut Program, locs: &[Loc]) -> usize {
    let mut changed = 0;
    for body in prog.functions.iter_mut().filter_map(|f| f.body.as_mut()) {
        for e in body.nodes.iter_mut().flat_map(|n| n.edges.iter_mut()) {
            if e.stmt == slamrs_abstraction::cir::Stmt::Error && locs.contains(&e.loc) {
                e.stmt = slamrs_abstraction::cir::Stmt::Halt { code: None };
                changed += 1;
            }
        }
    }
    changed
}

/// True if the counterexample made a library model take one of its unspecified choices
/// (a nonzero choice: pinned, they are all zero).
fn takes_model_choice(cex: &Counterexample) -> bool {
    cex.choices.iter().any(|c| {
        matches!(c, slamrs_abstraction::interp::Choice::Input { func, value } if func == models::CHOICE && *value != 0)
    })
}

/// One CEGAR run ([`run`] without the retry).
fn run_once(
    prog: &mut Program,
    initial: PredicateSet,
    opts: &Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
) -> Outcome {
    let Some(entry) = prog
        .func_by_name(&opts.entry)
        .filter(|&f| prog.func(f).body.is_some())
    else {
        let why = Reason::new(
            ReasonKind::NoEntry,
            format!("entry function `{}` is not defined", opts.entry),
        );
        return unknown(why, Stats::default(), initial);
    };
    let mut refiner = Refiner::new(prog, entry, opts.refinement.clone());
    let explorer = Explorer::spawn(prog, refiner.analyses(), entry, opts.deadline, opts.explore);
    let _relay = opts.stop.clone().map(|s| explorer.stop_on(s));
    match run_loop(
        prog,
        &mut refiner,
        initial,
        opts,
        progress,
        confirm,
        &explorer,
    ) {
        LoopEnd::Done(outcome) => {
            explorer.cancel();
            outcome
        }
        LoopEnd::Unknown {
            mut why,
            mut stats,
            preds,
            stalled,
        } => {
            if stalled {
                // never give up on a bug a concrete run finds
                let searched = stall_search(prog, opts, &mut stats);
                if let Some(cex) = searched.found {
                    explorer.cancel();
                    return confirmed_violation(prog, cex, Some(why), confirm, stats, preds);
                }
                why = why.and(format_args!(
                    "{} interpreter run(s) with random inputs did not reach the error",
                    searched.runs
                ));
            }
            let t = Instant::now();
            let explored = explorer.wait();
            stats.times.search += t.elapsed();
            from_exploration(prog, entry, explored, why, confirm, stats, preds)
        }
    }
}

/// How the loop ended: with an answer, or UNKNOWN for `why` (`stalled`: refinement could
/// not decide the path or made no progress, so a search may still find the bug).
enum LoopEnd {
    Done(Outcome),
    Unknown {
        why: Reason,
        stats: Stats,
        preds: PredicateSet,
        stalled: bool,
    },
}

/// The loop's end where refinement stalled: the random search runs after it, unless it ran
/// already (`searched`: its runs; a second search would repeat the first, its seeds being
/// fixed).
fn stalled_end(why: Reason, stats: Stats, preds: PredicateSet, searched: Option<u64>) -> LoopEnd {
    match searched {
        None => LoopEnd::Unknown {
            why,
            stats,
            preds,
            stalled: true,
        },
        Some(runs) => LoopEnd::Unknown {
            why: why.and(format_args!(
                "{runs} interpreter run(s) with random inputs did not reach the error"
            )),
            stats,
            preds,
            stalled: false,
        },
    }
}

fn unknown(why: Reason, stats: Stats, predicates: PredicateSet) -> Outcome {
    Outcome {
        verdict: Verdict::Unknown(why),
        stats,
        predicates,
        confirmation: None,
        proof: None,
        abstraction: None,
    }
}

/// The abstraction–check–refine iterations.
fn run_loop(
    prog: &mut Program,
    refiner: &mut Refiner,
    initial: PredicateSet,
    opts: &Options,
    progress: &mut dyn FnMut(&Progress),
    confirm: &mut Confirm,
    explorer: &Explorer,
) -> LoopEnd {
    let entry = refiner.entry();
    let mut stats = Stats::default();
    let mut preds = initial;
    let give_up = |why, stats, preds| LoopEnd::Unknown {
        why,
        stats,
        preds,
        stalled: false,
    };
    let abstractor =
        Abstractor::with_cancel(explorer.decided_flag()).with_analyses(refiner.analyses());
    // the runs of the random search, once it ran (it runs once, where refinement first
    // stalls or learns only cubes)
    let mut searched: Option<u64> = None;
    let mut aopts = opts.abstraction.clone();
    aopts.entry = opts.entry.clone();
    let out_of_time = |stats: &Stats| {
        if opts
            .stop
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Acquire))
        {
            return Some(Reason::new(
                ReasonKind::Cancelled,
                "another engine of the portfolio answered first",
            ));
        }
        if explorer.decided() {
            return Some(Reason::new(
                ReasonKind::Cancelled,
                "the directed exploration answered first",
            ));
        }
        opts.deadline.is_some_and(|d| Instant::now() >= d).then(|| {
            Reason::new(
                ReasonKind::Timeout,
                format!("timeout in iteration {}", stats.iterations),
            )
        })
    };
    loop {
        stats.iterations += 1;
        let it = stats.iterations;
        let _span = tracing::info_span!("iteration", n = it, predicates = preds.len()).entered();
        if it > opts.max_iterations {
            stats.iterations -= 1;
            let why = Reason::new(
                ReasonKind::IterationLimit,
                format!("iteration limit ({}) reached", opts.max_iterations),
            );
            return give_up(why, stats, preds);
        }
        if let Some(why) = out_of_time(&stats) {
            return give_up(why, stats, preds);
        }
        // abstraction
        let t = Instant::now();
        let abs = match abstractor.abstract_program(prog, &preds, &aopts) {
            Ok(a) => a,
            Err(e) => {
                let why = match (out_of_time(&stats), &e) {
                    (Some(why), c2bp::AbsError::Cancelled) => why,
                    (_, c2bp::AbsError::NoEntry(_)) => {
                        Reason::new(ReasonKind::NoEntry, e.to_string())
                    }
                    (None, c2bp::AbsError::Cancelled) => {
                        Reason::new(ReasonKind::Cancelled, e.to_string())
                    }
                };
                return give_up(why, stats, preds);
            }
        };
        stats.times.abstraction += t.elapsed();
        if let Some(dir) = &opts.save_abstractions {
            save_abstraction(dir, it, prog, &abs);
        }
        stats.predicates = abs.preds.len();
        stats.abstraction_queries += abs.stats.queries;
        stats.abstraction_cache_hits += abs.stats.cache_hits;
        progress(&Progress {
            iteration: it,
            phase: "abstraction",
            stats: &stats,
        });
        if let Some(why) = out_of_time(&stats) {
            return give_up(why, stats, preds);
        }
        // model checking
        let t = Instant::now();
        let cfg = match Cfg::build(&abs.program) {
            Ok(c) => c,
            Err(e) => {
                let why = Reason::new(
                    ReasonKind::InternalError,
                    format!("internal error: the boolean program is malformed: {e}"),
                );
                return give_up(why, stats, preds);
            }
        };
        let engine = Engine::Bdd(SymbolicOptions {
            max_nodes: opts.max_bdd_nodes,
            stop: Stop {
                flag: Some(explorer.decided_flag()),
                deadline: opts.deadline,
            },
            ..SymbolicOptions::default()
        });
        let (outcome, bstats) = {
            let _s = tracing::info_span!("model_checking").entered();
            decide(&cfg, &Target::AssertFailure, &engine)
        };
        stats.times.model_checking += t.elapsed();
        stats.peak_bdd_nodes = stats.peak_bdd_nodes.max(bstats.peak_bdd_nodes);
        progress(&Progress {
            iteration: it,
            phase: "model checking",
            stats: &stats,
        });
        let trace = match outcome {
            BpOutcome::Unreachable => {
                return match refused(prog, entry) {
                    Some(why) => give_up(why, stats, abs.preds),
                    None => {
                        let predicates = abs.preds.clone();
                        LoopEnd::Done(Outcome {
                            abstraction: Some(Box::new(ProvedBy {
                                abstraction: abs,
                                analyses: refiner.analyses(),
                            })),
                            ..safe(Proof::Abstraction, stats, predicates)
                        })
                    }
                };
            }
            BpOutcome::GaveUp(why) => {
                // stopped for the deadline or the exploration's answer: say which
                let why = out_of_time(&stats).unwrap_or_else(|| {
                    let kind = match why.limit {
                        Limit::Stopped => ReasonKind::Cancelled,
                        Limit::TimeLimit => ReasonKind::Timeout,
                        Limit::NodeTable => ReasonKind::BddNodeLimit,
                        Limit::States => ReasonKind::StateLimit,
                        Limit::Internal => ReasonKind::InternalError,
                    };
                    Reason::new(kind, format!("the model checker gave up: {why}"))
                });
                return give_up(why, stats, preds);
            }
            BpOutcome::Reachable(trace) => trace,
        };
        if let Some(why) = out_of_time(&stats) {
            return give_up(why, stats, preds);
        }
        // refinement
        let t = Instant::now();
        let result = {
            let _s = tracing::info_span!("refinement").entered();
            refiner.refine(prog, &abs, &cfg, &trace, &mut preds)
        };
        stats.times.refinement += t.elapsed();
        match result {
            refinement::Outcome::Violation(cex) => {
                return LoopEnd::Done(confirmed_violation(prog, cex, None, confirm, stats, preds));
            }
            refinement::Outcome::Unknown(why) => {
                let why = Reason::new(ReasonKind::RefinementStalled, why);
                return stalled_end(why, stats, preds, searched);
            }
            refinement::Outcome::NoProgress(stalled) => {
                let why = Reason::new(ReasonKind::RefinementStalled, stalled.kind.to_string());
                stats.stall = Some(stalled);
                return stalled_end(why, stats, preds, searched);
            }
            refinement::Outcome::Unconfirmed { cex, why } => {
                let t = Instant::now();
                let checked = {
                    let _s = tracing::info_span!("confirm").entered();
                    confirm(prog, &cex)
                };
                stats.times.confirmation += t.elapsed();
                return match checked {
                    Ok(Confirmation::Native { seconds }) => LoopEnd::Done(Outcome {
                        verdict: Verdict::Violation(Box::new(cex)),
                        confirmation: Some(Confirmation::NativeOnly {
                            seconds,
                            interpreter: why,
                        }),
                        stats,
                        predicates: preds,
                        proof: None,
                        abstraction: None,
                    }),
                    Ok(_) => give_up(Reason::new(ReasonKind::Unconfirmed, why), stats, preds),
                    Err(e) => give_up(
                        Reason::new(e.kind, format!("{why}; {}", e.message)),
                        stats,
                        preds,
                    ),
                };
            }
            refinement::Outcome::Refined {
                path_len,
                learnt_only,
                ..
            } => {
                if learnt_only && searched.is_none() {
                    // where refinement used to stall: search for a bug once, as a stall
                    // would, before refining on with what it learnt
                    let result = stall_search(prog, opts, &mut stats);
                    searched = Some(result.runs);
                    if let Some(cex) = result.found {
                        let why = Reason::new(
                            ReasonKind::RefinementStalled,
                            "refinement learnt only constraints",
                        );
                        return LoopEnd::Done(confirmed_violation(
                            prog,
                            cex,
                            Some(why),
                            confirm,
                            stats,
                            preds,
                        ));
                    }
                }
                stats.last_path_len = path_len;
                progress(&Progress {
                    iteration: it,
                    phase: "refinement",
                    stats: &stats,
                });
            }
        }
    }
}

fn safe(proof: Proof, stats: Stats, predicates: PredicateSet) -> Outcome {
    Outcome {
        verdict: Verdict::Safe,
        stats,
        predicates,
        confirmation: None,
        proof: Some(proof),
        abstraction: None,
    }
}

/// The answer after the loop said UNKNOWN for `why`: the exploration's, if it found a
/// counterexample (once confirmed) or covered every path (SAFE, unless the program uses a
/// construct slamrs refuses); otherwise UNKNOWN for `why` and the exploration's reason.
fn from_exploration(
    prog: &Program,
    entry: slamrs_abstraction::cir::FuncId,
    explored: Option<Explored>,
    why: Reason,
    confirm: &mut Confirm,
    mut stats: Stats,
    predicates: PredicateSet,
) -> Outcome {
    let Some(explored) = explored else {
        return unknown(why, stats, predicates);
    };
    stats.explored_paths = explored.paths;
    stats.exploration_queries = explored.queries;
    if let Some(cex) = explored.found {
        return confirmed_violation(prog, cex, Some(why), confirm, stats, predicates);
    }
    match explored.complete {
        Ok(()) => match refused(prog, entry) {
            Some(refusal) => unknown(refusal, stats, predicates),
            None => safe(Proof::Exploration, stats, predicates),
        },
        Err(_) if explored.paths == 0 => unknown(why, stats, predicates),
        Err(incomplete) => unknown(
            why.and(format_args!(
                "{} explored path(s) did not reach the error ({incomplete})",
                explored.paths
            )),
            stats,
            predicates,
        ),
    }
}

/// Random runs of the interpreter for a bug, for [`RANDOM_SEARCH_TIME`] at most (and not
/// past the deadline); their time counts as search.
fn stall_search(prog: &Program, opts: &Options, stats: &mut Stats) -> refinement::search::Searched {
    let t = Instant::now();
    let mut budget = refinement::search::Budget {
        time: RANDOM_SEARCH_TIME,
        stop: opts.stop.clone(),
        ..Default::default()
    };
    budget.min_runs = RANDOM_SEARCH_MIN_RUNS;
    if let Some(d) = opts.deadline {
        let left = d.saturating_duration_since(t);
        if left < RANDOM_SEARCH_TIME {
            budget.min_runs = 0; // the user's time limit comes first
        }
        budget.time = budget.time.min(left);
    }
    let searched = refinement::search::random_runs(prog, &opts.entry, &budget);
    stats.times.search += t.elapsed();
    searched
}

/// Longest random search when refinement stalls.
const RANDOM_SEARCH_TIME: Duration = Duration::from_secs(3);

/// Runs the random search makes when refinement stalls however long they take (unless the
/// time limit is near), so that a bug it finds within them is found on a slow or loaded
/// machine too (wdm_dpc_lock_leak's is the 163rd run).
const RANDOM_SEARCH_MIN_RUNS: u64 = 1000;

/// The outcome for a counterexample the interpreter replayed: a violation once `confirm`
/// accepts it, otherwise UNKNOWN with its reason (after the reason the search that found
/// it started from, if it came from one).
pub(crate) fn confirmed_violation(
    prog: &Program,
    cex: Counterexample,
    stalled: Option<Reason>,
    confirm: &mut Confirm,
    mut stats: Stats,
    predicates: PredicateSet,
) -> Outcome {
    let t = Instant::now();
    let checked = {
        let _s = tracing::info_span!("confirm").entered();
        confirm(prog, &cex)
    };
    stats.times.confirmation += t.elapsed();
    let (verdict, confirmation) = match checked {
        Ok(c) => (Verdict::Violation(Box::new(cex)), Some(c)),
        Err(why) => match stalled {
            Some(stalled) => (Verdict::Unknown(stalled.and(why)), None),
            None => (Verdict::Unknown(why), None),
        },
    };
    Outcome {
        verdict,
        stats,
        predicates,
        confirmation,
        proof: None,
        abstraction: None,
    }
}

/// Why a proof of the abstraction is not a proof of the program: a construct slamrs does
/// not model exactly ([`slamrs_abstraction::cir::Construct`]) in a function the entry
/// function may reach (directly, or through any function whose address is taken).
pub(crate) fn refused(prog: &Program, entry: slamrs_abstraction::cir::FuncId) -> Option<Reason> {
    use slamrs_abstraction::cir::{Callee, ExprKind, FuncId, Stmt};
    if prog.refusals.is_empty() {
        return None;
    }
    let mut seen = rustc_hash::FxHashSet::default();
    let mut stack = vec![entry];
    let address_taken: Vec<FuncId> = prog
        .func_ids()
        .filter(|&f| prog.func(f).addr_taken)
        .collect();
    let mut indirect_done = false;
    while let Some(f) = stack.pop() {
        if !seen.insert(f) {
            continue;
        }
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, e) in body.edges() {
            if let Stmt::Call { callee, args, .. } = &e.stmt {
                match callee {
                    Callee::Direct(g) => stack.push(*g),
                    Callee::Indirect(_) if !indirect_done => {
                        indirect_done = true;
                        stack.extend(address_taken.iter().copied());
                    }
                    Callee::Indirect(_) => {}
                }
                // functions passed to a library function may be called from it
                for a in args {
                    if let ExprKind::Func(g) = a.kind {
                        stack.push(g);
                    }
                }
            }
        }
    }
    prog.refusals
        .iter()
        .find(|r| seen.contains(&r.func))
        .map(|r| {
            Reason::new(
                ReasonKind::Unsupported,
                format!(
                    "the abstraction proves the property, but the program uses {} at {}",
                    r.construct,
                    prog.loc_string(r.loc)
                ),
            )
        })
}

/// Writes `iter-N.preds` and `iter-N.bp` into `dir`; failures are logged, not fatal.
fn save_abstraction(dir: &std::path::Path, it: usize, prog: &Program, abs: &c2bp::Abstraction) {
    let files = [
        (format!("iter-{it}.preds"), abs.preds.to_file(prog)),
        (
            format!("iter-{it}.bp"),
            bebop::printer::print_program(&abs.program),
        ),
    ];
    for (name, text) in files {
        let path = dir.join(name);
        if let Err(e) = std::fs::write(&path, text) {
            tracing::warn!("cannot write {}: {e}", path.display());
        }
    }
}

#[cfg(test)]
mod tests;
