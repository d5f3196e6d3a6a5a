//! Reusable Z3 solvers. Z3 sets a solver up on its first assertion (parameters, tactics),
//! which costs more than most of the small queries of abstraction and refinement. A
//! [`PooledSolver`] is a solver of this thread's pool with one scope pushed; dropping it
//! pops the scope and returns the solver to the pool.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::ops::Deref;
use z3::{Params, Solver};

thread_local! {
    /// Idle solvers of this thread, by their limit and arithmetic.
    static POOL: RefCell<HashMap<(Limit, Arith), Vec<Solver>>> = RefCell::new(HashMap::default());
}

/// How a solver's queries are bounded.
///
/// Only by Z3's resource units (`rlimit`), counted by the solving thread itself, never by
/// Z3's `timeout`, for two reasons. Z3 4.8.12's timers are not safe when several threads
/// query at a high rate: the heap was corrupted (glibc "corrupted unsorted chunks") in 9 of
/// 16 loaded runs with the directed exploration querying beside c2bp, and in none of 16 with
/// `rlimit` (docs/cegar.md). And they are slow: each query with a timeout hands a timer
/// thread its job through a condition variable and spins (`sched_yield`) until the thread
/// lets go of it; on the abstraction's thousands of small queries that was most of the
/// process's CPU time, in the kernel (floppy_simpl4.cil-2: 3.4 s system time of 3.6 s).
/// Resource limits also make a run's answers independent of the machine's load.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Z3's resource units per query.
    Resources(u32),
}

/// Z3 resource units per millisecond of solving, to turn the time limits users give into
/// resource limits: measured on the project's machine kind with a hard non-linear query
/// (1 M units in 0.6 s, 20 M in 2.9 s, 50 M in 6.5 s: about 8 M per second once started).
pub const UNITS_PER_MS: u32 = 8_000;

impl Limit {
    /// About `ms` milliseconds of solving ([`UNITS_PER_MS`]).
    pub fn millis(ms: u32) -> Limit {
        Limit::Resources(ms.saturating_mul(UNITS_PER_MS))
    }

    /// The resource units per query.
    pub fn units(self) -> u32 {
        let Limit::Resources(r) = self;
        r
    }
}

/// Which of Z3's arithmetic solvers a solver uses.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Arith {
    /// Z3's default.
    Default,
    /// The older simplex-based solver (`smt.arith.solver=2`): much faster on the
    /// non-linear queries of long concrete paths, where every factor but one is bounded to
    /// a single value (measured in docs/BENCHMARKS.md).
    Legacy,
}

/// A solver with a per-query limit and no assertions of earlier users.
pub struct PooledSolver {
    solver: Option<Solver>,
    key: (Limit, Arith),
}

impl PooledSolver {
    /// A solver from this thread's pool (or a new one) whose queries may take about
    /// `timeout_ms` of solving ([`Limit::millis`]), with a fresh scope pushed.
    pub fn new(timeout_ms: u32) -> PooledSolver {
        Self::with(Limit::millis(timeout_ms), Arith::Default)
    }

    /// A pooled solver whose queries are bounded by `limit`, with the arithmetic solver
    /// `arith`.
    pub fn with(limit: Limit, arith: Arith) -> PooledSolver {
        let key = (limit, arith);
        let pooled = POOL.with(|p| p.borrow_mut().get_mut(&key).and_then(Vec::pop));
        let solver = pooled.unwrap_or_else(|| {
            let s = Solver::new();
            let mut p = Params::new();
            let Limit::Resources(r) = limit;
            p.set_u32("rlimit", r);
            if arith == Arith::Legacy {
                p.set_u32("smt.arith.solver", 2);
            }
            s.set_params(&p);
            s
        });
        solver.push();
        PooledSolver {
            solver: Some(solver),
            key,
        }
    }
}

impl PooledSolver {
    /// The limit each of this solver's queries has.
    pub fn limit(&self) -> Limit {
        self.key.0
    }

    /// Runs `f` with each query of this solver bounded by `limit` instead (Z3 reads `rlimit`
    /// from the solver's parameters at every check); the solver's own limit is restored
    /// afterwards.
    pub fn limited<R>(&self, limit: Limit, f: impl FnOnce() -> R) -> R {
        let set = |l: Limit| {
            let mut p = Params::new();
            p.set_u32("rlimit", l.units());
            self.set_params(&p);
        };
        set(limit);
        let r = f();
        set(self.key.0);
        r
    }
}

impl Deref for PooledSolver {
    type Target = Solver;
    fn deref(&self) -> &Solver {
        self.solver.as_ref().expect("present until dropped")
    }
}

impl Drop for PooledSolver {
    fn drop(&mut self) {
        if let Some(s) = self.solver.take() {
            s.pop(1);
            POOL.with(|p| p.borrow_mut().entry(self.key).or_default().push(s));
        }
    }
}

impl std::fmt::Debug for PooledSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PooledSolver({:?}, {:?})", self.key.0, self.key.1)
    }
}
