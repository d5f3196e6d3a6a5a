//! Directed exploration of a program's paths (concolic, as DART): a concrete run of the CIR
//! interpreter, its path formula built step by step ([`crate::encode::Incremental`]), and at
//! each branch the other edges' conditions given to Z3; each satisfiable one is a model
//! whose inputs drive a new run down that edge. Every other run explores the shallowest
//! branch waiting, so the search deepens loops and recursion one decision at a time; the
//! runs between take a branch waiting anywhere, at random, so a bug behind a long sequence
//! of decisions (an environment calling a driver's routines in one particular order) is
//! not left behind the exponentially many shorter sequences. A run reaching the error is
//! replayed like any counterexample.
//!
//! When every run ends normally and every other edge of every branch on them is either
//! unsatisfiable or was taken by a run, the program's execution tree has been covered: no
//! path reaches the error. This is a proof only for what the path formula over-approximates
//! (the CEGAR loop's semantics: mathematical signed arithmetic, wrapping casts and unsigned
//! arithmetic), so anything the formula or the interpreter does not follow exactly makes the
//! exploration [`Incomplete`] instead: a call of an unknown library function (which may
//! write memory the interpreter leaves alone), a function with locals in memory active
//! twice (their activations share one address in the formula), a condition without a term
//! (floating point), a query Z3 cannot decide, a run that does not follow the edge its model
//! was made for, or a run that ends at a bound, in undefined behaviour, or where the
//! interpreter cannot go.

use crate::encode::{Choice, ChoiceKind, Incremental};
use crate::path::{CirPath, PathStep};
use crate::replay::{replay, Counterexample, Replay, ReplayOracle};
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::cir::env::{classify, EnvFn};
use slamrs_abstraction::cir::{FuncId, NodeId, Program, Stmt};
use slamrs_abstraction::interp::{self, Config, IntMode, Observer, Outcome, Probe, Recording};
use slamrs_abstraction::smt::encode::Addresses;
use slamrs_abstraction::smt::solver_pool::{Arith, Limit, PooledSolver};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use z3::ast::{Bool, Int};
use z3::{Model, SatResult};

/// How much exploring to do.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Wall-clock time for the whole exploration.
    pub time: Duration,
    /// Most runs.
    pub paths: u64,
    /// Most interpreter steps per run.
    pub max_steps: u64,
    /// Z3 resource units one query may use (`rlimit`; Z3's timers are not used, see
    /// [`Limit::Resources`]).
    pub query_rlimit: u32,
    /// Set by another thread to stop the exploration (it ends as [`Incomplete::Budget`]).
    pub cancel: Option<Arc<AtomicBool>>,
    /// Set by the exploration once it can no longer prove anything (any [`Incomplete`]
    /// but the budget's): it goes on looking for a bug until the budget or `cancel` ends
    /// it, and a caller waiting for a proof can stop waiting.
    pub unprovable: Option<Arc<AtomicBool>>,
    /// Once unprovable, hunt for a bug with only a share of the time ([`Throttle`]); `None`:
    /// hunt at full speed.
    pub throttle: Option<Throttle>,
}

/// How much of its time an exploration that can no longer prove anything may spend hunting
/// for a bug while another engine (the CEGAR loop) works beside it: a hunt beside a loop
/// that goes on to prove the program doubles the CPU time of the run for nothing, so it
/// pauses between runs whenever its hunting time exceeds `free` plus `share` of the time
/// since the exploration began, until the time has grown or `lifted` is set (the loop
/// stalled and now waits for the hunt alone).
#[derive(Clone, Debug)]
pub struct Throttle {
    /// Hunting time allowed whatever the share.
    pub free: Duration,
    /// Share of the time since the exploration began that hunting may use beyond `free`.
    pub share: f64,
    /// Set by another thread to let the hunt run at full speed from then on.
    pub lifted: Arc<AtomicBool>,
}

impl Throttle {
    /// Pauses while a hunt that began at `hunt_start` (`paused` of it spent paused) is over
    /// its allowance; returns the time paused now. Stops pausing when `budget` is spent.
    fn pause(
        &self,
        budget: &Budget,
        start: Instant,
        hunt_start: Instant,
        paused: Duration,
    ) -> Duration {
        let began = Instant::now();
        loop {
            if self.lifted.load(Ordering::Acquire) || budget.spent(start) {
                break;
            }
            let now = Instant::now();
            let hunted = now
                .duration_since(hunt_start)
                .saturating_sub(paused + now.duration_since(began));
            let allowed = self.free + now.duration_since(start).mul_f64(self.share);
            if hunted <= allowed {
                break;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        began.elapsed()
    }
}

impl Budget {
    /// Whether the exploration that began at `start` must stop.
    fn spent(&self, start: Instant) -> bool {
        start.elapsed() >= self.time
            || self
                .cancel
                .as_ref()
                .is_some_and(|c| c.load(Ordering::Relaxed))
    }
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            time: Duration::from_secs(10),
            paths: 20_000,
            max_steps: 200_000,
            query_rlimit: 3_000_000,
            cancel: None,
            unprovable: None,
            throttle: None,
        }
    }
}

/// Why an exploration does not prove the error unreachable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Incomplete {
    /// The time or run budget ran out with branches left to explore.
    Budget,
    /// A run took the most steps or the deepest call stack allowed.
    StepBound,
    /// A run did something C leaves undefined, or the interpreter could not follow it.
    Interpreter(String),
    /// A call of a library function without a model (`f`), which may write memory.
    UnknownFunction(String),
    /// A function whose locals are in memory (`f`) was active twice at once.
    RecursiveMemory(String),
    /// A condition or statement the path formula has no term for (floating point).
    NoTerm,
    /// Z3 could not decide a branch's condition in time.
    SolverUnknown,
    /// A run did not take the edge its model was made for.
    Diverged,
    /// A branching node with an edge that is not an `assume`.
    UnguardedBranch,
    /// The path formula of a run is unsatisfiable: the run did something the formula does
    /// not model (a signed overflow), so its verdicts on other edges mean nothing.
    Mismatch,
    /// A loop repeats for as long as inputs say (at this location): the program has
    /// infinitely many paths ([`crate::input_loops`]).
    InputLoop(String),
}

impl fmt::Display for Incomplete {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Incomplete::Budget => write!(f, "the exploration budget ran out"),
            Incomplete::StepBound => write!(f, "a run reached the step or depth bound"),
            Incomplete::Interpreter(why) => write!(f, "a run stopped: {why}"),
            Incomplete::UnknownFunction(g) => {
                write!(f, "a run calls `{g}`, a function without a body or model")
            }
            Incomplete::RecursiveMemory(g) => write!(
                f,
                "`{g}`, whose locals are in memory, is active twice at once"
            ),
            Incomplete::NoTerm => write!(f, "a condition has no term (floating point)"),
            Incomplete::SolverUnknown => write!(f, "Z3 could not decide a branch condition"),
            Incomplete::Diverged => write!(f, "a run did not follow its model's path"),
            Incomplete::UnguardedBranch => write!(f, "a branch edge is not an assume"),
            Incomplete::Mismatch => write!(
                f,
                "a run does what its path formula does not model (a signed overflow)"
            ),
            Incomplete::InputLoop(at) => write!(
                f,
                "the loop at {at} repeats for as long as inputs say: there is no end of paths to explore"
            ),
        }
    }
}

/// Interrupts, from any thread, the Z3 query of the thread registered with it (Z3's
/// `Z3_interrupt` on that thread's context): the query ends as unknown.
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicUsize>);

impl Interrupt {
    /// Registers the calling thread's Z3 context. The thread must not end while registered
    /// (its context would be deleted under a later [`Interrupt::interrupt`]).
    pub fn register(&self) {
        let ctx = z3::Context::thread_local().get_z3_context();
        self.0.store(ctx.as_ptr() as usize, Ordering::Release);
    }

    /// Ends the registration.
    pub fn unregister(&self) {
        self.0.store(0, Ordering::Release);
    }

    /// Interrupts the registered thread's query, if a thread is registered.
    pub fn interrupt(&self) {
        let addr = self.0.load(Ordering::Acquire);
        if let Some(ptr) = std::ptr::NonNull::new(addr as *mut _) {
            // SAFETY: the address is a registered thread's Z3 context, alive while it is
            // registered (see `register`); Z3_interrupt is meant to be called from another
            // thread. The `Context` made here must not delete the context: it is forgotten.
            let ctx = unsafe { z3::Context::from_raw(ptr) };
            ctx.interrupt();
            std::mem::forget(ctx);
        }
    }
}

/// What the exploration did.
#[derive(Clone, Debug)]
pub struct Explored {
    /// A replayed counterexample, if a run reached the error.
    pub found: Option<Counterexample>,
    /// Runs made.
    pub paths: u64,
    /// Branch conditions given to Z3.
    pub queries: u64,
    /// `Ok` when the runs covered every feasible path (and `found` is `None`): the error is
    /// unreachable. Otherwise the first reason they may not have.
    pub complete: Result<(), Incomplete>,
}

/// A run to make: the model's choices and values, and the branch it was made for (the
/// parent's path, the step of the branch, the edge to take there).
struct Pending {
    choices: Vec<Choice>,
    values: Vec<i128>,
    target: Option<(Rc<Vec<PathStep>>, usize, usize)>,
}

/// Records the path of a run with call depths and callees, and what makes its formula
/// inexact.
struct PathObserver<'p> {
    prog: &'p Program,
    steps: Vec<PathStep>,
    stack: Vec<FuncId>,
    inexact: Option<Incomplete>,
}

impl PathObserver<'_> {
    fn in_memory_locals(&self, f: FuncId) -> bool {
        let func = self.prog.func(f);
        func.params.iter().chain(func.locals.iter()).any(|&v| {
            let var = self.prog.var(v);
            var.addr_taken || !self.prog.types.is_scalar(var.ty)
        })
    }
}

impl Observer for PathObserver<'_> {
    fn on_edge(&mut self, func: FuncId, node: NodeId, edge: usize) {
        self.steps.push(PathStep {
            func,
            node,
            edge,
            depth: self.stack.len().saturating_sub(1) as u32,
            callee: None,
        });
    }

    fn on_call(&mut self, _caller: FuncId, callee: FuncId) {
        let f = self.prog.func(callee);
        // an unknown function may write memory the interpreter leaves alone, unless the
        // program's environment says it has no effect but its result (SV-COMP's)
        if f.body.is_none()
            && classify(&f.name) == EnvFn::Unknown
            && !self.prog.unknown_is_pure(callee)
            && self.inexact.is_none()
        {
            self.inexact = Some(Incomplete::UnknownFunction(f.name.clone()));
        }
    }

    fn on_enter(&mut self, _caller: FuncId, callee: FuncId, _probe: &mut dyn Probe) {
        if let Some(last) = self.steps.last_mut() {
            last.callee = Some(callee);
        }
        if self.inexact.is_none() && self.stack.contains(&callee) && self.in_memory_locals(callee) {
            let name = self.prog.func(callee).name.clone();
            self.inexact = Some(Incomplete::RecursiveMemory(name));
        }
        self.stack.push(callee);
    }

    fn on_return(&mut self, _callee: FuncId, _caller: FuncId) {
        self.stack.pop();
    }
}

/// Explores the paths of `prog` from `entry` (`entry_name` is its name) within `budget`.
pub fn explore(
    prog: &Program,
    pt: &PointsTo,
    addrs: &Addresses,
    entry: FuncId,
    budget: &Budget,
) -> Explored {
    let _span = tracing::info_span!("explore").entered();
    let start = Instant::now();
    let entry_name = prog.func(entry).name.clone();
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps: budget.max_steps,
        max_depth: 10_000,
        entry: entry_name.clone(),
        record_path: false,
        objects_apart: false,
    };
    let mut out = Explored {
        found: None,
        paths: 0,
        queries: 0,
        complete: Ok(()),
    };
    let note = |out: &mut Explored, why: Incomplete| {
        if out.complete.is_ok() {
            tracing::debug!(%why, "the exploration is incomplete");
            if why != Incomplete::Budget {
                if let Some(flag) = &budget.unprovable {
                    flag.store(true, Ordering::Release);
                }
            }
            out.complete = Err(why);
        }
    };
    if let Some(at) = crate::input_loops::input_controlled_loop(prog, pt, entry) {
        note(&mut out, Incomplete::InputLoop(prog.loc_string(at)));
    }
    // pending runs: by the shallowest branch (ties: first found first), and at random
    let mut pending: Vec<Option<Pending>> = vec![Some(Pending {
        choices: Vec::new(),
        values: Vec::new(),
        target: None,
    })];
    let mut queue: BinaryHeap<Reverse<(usize, usize)>> = BinaryHeap::new();
    queue.push(Reverse((0, 0)));
    let mut waiting: Vec<usize> = vec![0];
    let mut rng = 0x2545_f491_4f6c_dd1d_u64;
    // the hunt after the exploration became unprovable: when it began, time spent paused
    let mut hunt: Option<(Instant, Duration)> = None;
    loop {
        if let (Err(why), Some(throttle)) = (&out.complete, &budget.throttle) {
            if *why != Incomplete::Budget {
                let (since, paused) = hunt.get_or_insert_with(|| (Instant::now(), Duration::ZERO));
                *paused += throttle.pause(budget, start, *since, *paused);
            }
        }
        let id = if out.paths % 2 == 1 {
            random_waiting(&mut waiting, &pending, &mut rng)
        } else {
            shallowest_waiting(&mut queue, &pending)
        };
        let Some(id) = id else {
            break;
        };
        if out.paths >= budget.paths || budget.spent(start) {
            note(&mut out, Incomplete::Budget);
            break;
        }
        let Some(p) = pending[id].take() else {
            continue;
        };
        out.paths += 1;
        let mut inner = ReplayOracle::new(&p.choices, &p.values);
        let mut oracle = Recording::new(&mut inner);
        let mut obs = PathObserver {
            prog,
            steps: Vec::new(),
            stack: vec![entry],
            inexact: None,
        };
        let run = interp::run(prog, &cfg, &mut oracle, &mut obs);
        match &run.outcome {
            Outcome::Error { .. } => {
                let (choices, values) = crate::search::as_model(&oracle.choices);
                match replay(
                    prog,
                    &entry_name,
                    &choices,
                    &values,
                    Default::default(),
                    budget.max_steps,
                    None,
                ) {
                    Replay::Reached(cex) => {
                        tracing::info!(paths = out.paths, "an explored path reached the error");
                        out.found = Some(cex);
                        return out;
                    }
                    Replay::Missed(why, ..) => {
                        tracing::warn!(%why, "the replay of a run that reached the error missed it");
                        note(&mut out, Incomplete::Interpreter(why));
                    }
                }
            }
            Outcome::Return { .. } | Outcome::Exit { .. } | Outcome::AssumeFailed { .. } => {}
            Outcome::StepBound => note(&mut out, Incomplete::StepBound),
            Outcome::OutOfInputs { .. } => note(
                &mut out,
                Incomplete::Interpreter("the run had no value for an input".into()),
            ),
            Outcome::Undefined { reason, .. } | Outcome::Unsupported { reason, .. } => {
                note(&mut out, Incomplete::Interpreter(reason.clone()))
            }
        }
        drop(oracle);
        if let Some(why) = obs.inexact.take() {
            note(&mut out, why);
        }
        // the run must have taken the edge its model was made for
        let bound = match &p.target {
            None => 0,
            Some((parent, k, alt)) => {
                let followed = obs.steps.len() > *k
                    && obs.steps[..*k] == parent[..*k]
                    && obs.steps[*k].func == parent[*k].func
                    && obs.steps[*k].node == parent[*k].node
                    && obs.steps[*k].edge == *alt;
                if !followed {
                    note(&mut out, Incomplete::Diverged);
                }
                k + 1
            }
        };
        let path = Rc::new(obs.steps);
        let found = branch_alternatives(
            prog,
            pt,
            addrs,
            entry,
            (budget, start),
            &path,
            bound,
            &mut out,
        );
        let found = match found {
            Ok(f) => f,
            Err(why) => {
                note(&mut out, why);
                continue;
            }
        };
        for (k, alt, choices, values) in found {
            pending.push(Some(Pending {
                choices,
                values,
                target: Some((path.clone(), k, alt)),
            }));
            queue.push(Reverse((k, pending.len() - 1)));
            waiting.push(pending.len() - 1);
        }
    }
    tracing::info!(
        paths = out.paths,
        queries = out.queries,
        complete = out.complete.is_ok(),
        ms = start.elapsed().as_millis() as u64,
        "exploration done"
    );
    out
}

/// The waiting run with the shallowest branch (`None`: nothing waits).
fn shallowest_waiting(
    queue: &mut BinaryHeap<Reverse<(usize, usize)>>,
    pending: &[Option<Pending>],
) -> Option<usize> {
    while let Some(Reverse((_, id))) = queue.pop() {
        if pending[id].is_some() {
            return Some(id);
        }
    }
    None
}

/// A waiting run chosen uniformly at random (xorshift on `rng`; `None`: nothing waits).
/// `waiting` keeps the runs the other order took until they are drawn here.
fn random_waiting(
    waiting: &mut Vec<usize>,
    pending: &[Option<Pending>],
    rng: &mut u64,
) -> Option<usize> {
    while !waiting.is_empty() {
        let r = crate::search::xorshift64(rng);
        let id = waiting.swap_remove((r % waiting.len() as u64) as usize);
        if pending[id].is_some() {
            return Some(id);
        }
    }
    None
}

/// A branch to explore: (step, edge to take, the model's choices and values).
type Alternative = (usize, usize, Vec<Choice>, Vec<i128>);

/// Encodes `path` and, at each branching node from step `bound` on, asks Z3 whether each
/// edge not taken could be; returns a model for each one that could. `Err` when the path
/// formula cannot follow the path (the alternatives found before are lost with it: the
/// exploration is incomplete anyway).
#[allow(clippy::too_many_arguments)]
fn branch_alternatives(
    prog: &Program,
    pt: &PointsTo,
    addrs: &Addresses,
    entry: FuncId,
    (budget, start): (&Budget, Instant),
    path: &[PathStep],
    bound: usize,
    out: &mut Explored,
) -> Result<Vec<Alternative>, Incomplete> {
    let mut inc = Incremental::new(prog, pt, addrs, entry, budget.query_rlimit)
        .map_err(|_| Incomplete::NoTerm)?;
    let cir = CirPath {
        steps: path.to_vec(),
        ..Default::default()
    };
    let mut found = Vec::new();
    let mut incomplete = None;
    for (i, s) in path.iter().enumerate() {
        let body = prog
            .func(s.func)
            .body
            .as_ref()
            .expect("run functions have bodies");
        let edges = &body.nodes[s.node.0 as usize].edges;
        if i >= bound && edges.len() > 1 {
            for (j, e) in edges.iter().enumerate() {
                if j == s.edge {
                    continue;
                }
                let Stmt::Assume(c) = &e.stmt else {
                    incomplete.get_or_insert(Incomplete::UnguardedBranch);
                    continue;
                };
                if budget.spent(start) {
                    return Err(Incomplete::Budget);
                }
                let Ok(cond) = inc.condition(s.func, c) else {
                    incomplete.get_or_insert(Incomplete::NoTerm);
                    continue;
                };
                out.queries += 1;
                match decide(&inc, &cond, budget.query_rlimit) {
                    (SatResult::Unsat, _) => {}
                    (SatResult::Unknown, _) => {
                        incomplete.get_or_insert(Incomplete::SolverUnknown);
                    }
                    (SatResult::Sat, model) => {
                        let choices = inc.choices().to_vec();
                        let values = model_values(model.as_ref(), &choices);
                        found.push((i, j, choices, values));
                    }
                }
            }
        }
        match inc.step(&cir, i) {
            Ok(Some(g)) => inc.solver().assert(&g),
            Ok(None) => {}
            Err(_) => return Err(incomplete.unwrap_or(Incomplete::NoTerm)),
        }
    }
    // the formula must agree with the run it was built from: otherwise its verdicts on the
    // other edges mean nothing (arithmetic the formula does not model, such as a signed
    // overflow)
    match decide(&inc, &Bool::from_bool(true), budget.query_rlimit).0 {
        SatResult::Sat => {}
        SatResult::Unsat => {
            incomplete.get_or_insert(Incomplete::Mismatch);
        }
        SatResult::Unknown => {
            incomplete.get_or_insert(Incomplete::SolverUnknown);
        }
    }
    if let Some(why) = incomplete {
        if out.complete.is_ok() {
            out.complete = Err(why);
        }
    }
    Ok(found)
}

/// Whether `cond` can hold after the path so far, with a model if it can. The path's
/// solver uses Z3's legacy arithmetic, fast on the long, mostly fixed-valued formulas of
/// concrete paths but incomplete on non-linear ones; what it cannot decide goes to a solver
/// with the default arithmetic.
fn decide(inc: &Incremental, cond: &Bool, rlimit: u32) -> (SatResult, Option<Model>) {
    let solver = inc.solver();
    match solver.check_assumptions(std::slice::from_ref(cond)) {
        SatResult::Sat => return (SatResult::Sat, solver.get_model()),
        SatResult::Unsat => return (SatResult::Unsat, None),
        SatResult::Unknown => {}
    }
    let fallback = PooledSolver::with(Limit::Resources(rlimit), Arith::Default);
    for a in solver.get_assertions() {
        fallback.assert(&a);
    }
    fallback.assert(cond);
    match fallback.check() {
        SatResult::Sat => (SatResult::Sat, fallback.get_model()),
        r => (r, None),
    }
}

/// The values of `choices` in `model` (0 without one).
fn model_values(model: Option<&Model>, choices: &[Choice]) -> Vec<i128> {
    let Some(model) = model else {
        return vec![0; choices.len()];
    };
    choices
        .iter()
        .map(|c| {
            let sym = Int::new_const(format!("fresh{}", c.sym));
            let v = model
                .eval(&sym, true)
                .and_then(|v| v.as_i128())
                .unwrap_or(0);
            match c.kind {
                ChoiceKind::AllocFails(_) => v.clamp(0, 1),
                _ => v,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    fn explore_src(src: &str, paths: u64) -> Explored {
        let text = format!(
            "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);\n{src}"
        );
        let prog = load_text("t.c", text, &LoadOptions::default()).expect("loads");
        let entry = prog.func_by_name("main").expect("main");
        let pt = PointsTo::compute(&prog);
        let addrs = Addresses::new(&prog);
        let budget = Budget {
            paths,
            time: Duration::from_secs(60),
            ..Budget::default()
        };
        explore(&prog, &pt, &addrs, entry, &budget)
    }

    #[test]
    fn bounded_loop_is_covered() {
        let out = explore_src(
            "int main() { int n = __VERIFIER_nondet_int(), i, s = 0;
               if (n < 0 || n > 20) return 0;
               for (i = 0; i < n; i++) s += 2;
               if (s != 2 * n) reach_error();
               return 0; }",
            1000,
        );
        assert!(out.found.is_none());
        assert_eq!(out.complete, Ok(()));
        // n < 0, n > 20, and n = 0..20
        assert_eq!(out.paths, 23);
    }

    #[test]
    fn bug_at_one_value_after_a_loop() {
        let out = explore_src(
            "int main() { int n = __VERIFIER_nondet_int(), i, s = 0;
               if (n < 0 || n > 50) return 0;
               for (i = 0; i < n; i++) s += 3;
               if (s == 111) reach_error();
               return 0; }",
            1000,
        );
        let cex = out.found.expect("n = 37 reaches the error");
        assert_eq!(cex.inputs, vec![37]);
    }

    #[test]
    fn bug_at_a_recursion_depth() {
        let out = explore_src(
            "int depth(int n) { if (n <= 0) return 0; return 1 + depth(n - 1); }
             int main() { int n = __VERIFIER_nondet_int();
               if (n < 0 || n > 30) return 0;
               if (depth(n) == 17) reach_error();
               return 0; }",
            1000,
        );
        assert_eq!(out.found.expect("n = 17").inputs, vec![17]);
    }

    /// Explores a program whose loop repeats for as long as inputs say (unprovable from its
    /// first run: a bug hunt) with a throttle allowing no hunting time at all.
    fn throttled_hunt(lifted: bool) -> Explored {
        let text = "extern void reach_error(void); extern int __VERIFIER_nondet_int(void);
             int main() { int k = 0; while (__VERIFIER_nondet_int()) k++;
               if (k < 0) reach_error(); return 0; }";
        let prog = load_text("t.c", text.into(), &LoadOptions::default()).expect("loads");
        let entry = prog.func_by_name("main").expect("main");
        let pt = PointsTo::compute(&prog);
        let addrs = Addresses::new(&prog);
        let budget = Budget {
            paths: 40,
            time: Duration::from_millis(300),
            throttle: Some(Throttle {
                free: Duration::ZERO,
                share: 0.0,
                lifted: Arc::new(AtomicBool::new(lifted)),
            }),
            ..Budget::default()
        };
        explore(&prog, &pt, &addrs, entry, &budget)
    }

    #[test]
    fn a_throttled_hunt_pauses_until_the_throttle_is_lifted() {
        let paused = throttled_hunt(false);
        assert!(matches!(paused.complete, Err(Incomplete::InputLoop(_))));
        // at most the first run (whose hunting time may still round to the allowance of
        // zero), then nothing until the budget's time is over
        assert!(paused.paths <= 1, "{} paths", paused.paths);
        let lifted = throttled_hunt(true);
        assert!(lifted.paths > 1, "{} paths", lifted.paths);
        assert!(lifted.found.is_none());
    }

    #[test]
    fn unbounded_loop_runs_out_of_budget() {
        let out = explore_src(
            "int main() { int n = __VERIFIER_nondet_int(), i = 0;
               while (i < n) i++;
               if (i < 0) reach_error();
               return 0; }",
            50,
        );
        assert!(out.found.is_none());
        assert_eq!(out.complete, Err(Incomplete::Budget));
    }

    #[test]
    fn unknown_function_is_not_covered() {
        // `touch` may write what `p` points to (docs/cir.md), but its parameter is not an
        // output (a `const` pointee): the runs leave `x` alone, and cover nothing
        let out = explore_src(
            "extern void touch(const int *p);
             int main() { int x = 0; touch(&x); if (x == 5) reach_error(); return 0; }",
            100,
        );
        assert!(out.found.is_none());
        assert_eq!(
            out.complete,
            Err(Incomplete::UnknownFunction("touch".into()))
        );
        // nor with an output parameter on a program the rule instrumentation has not made
        // its writes explicit in (`frontend::havoc_outputs`)
        let out = explore_src(
            "extern void touch(int *p);
             int main() { int x = 0; touch(&x); if (x == 5) reach_error(); return 0; }",
            100,
        );
        assert!(out.found.is_none());
    }

    #[test]
    fn recursion_with_locals_in_memory_is_not_covered() {
        // every activation's `x` has one address in the path formula
        let out = explore_src(
            "int f(int n) { int x = n; int *p = &x; if (n > 0) f(n - 1); return *p; }
             int main() { int n = __VERIFIER_nondet_int();
               if (n < 0 || n > 3) return 0;
               if (f(n) != n) reach_error();
               return 0; }",
            100,
        );
        assert!(out.found.is_none());
        assert_eq!(out.complete, Err(Incomplete::RecursiveMemory("f".into())));
    }

    #[test]
    fn floating_point_condition_is_not_covered() {
        let out = explore_src(
            "int main() { int n = __VERIFIER_nondet_int(); double d = n * 0.5;
               if (n < 0 || n > 4) return 0;
               if (d > 1.75) { if (n != 4) reach_error(); }
               return 0; }",
            100,
        );
        assert!(out.found.is_none());
        // the interpreter does not run floating point; where it does, the condition has no
        // term
        assert!(
            matches!(
                out.complete,
                Err(Incomplete::Interpreter(_) | Incomplete::NoTerm)
            ),
            "{:?}",
            out.complete
        );
    }
}
