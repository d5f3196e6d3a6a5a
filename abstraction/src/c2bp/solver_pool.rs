//! Reusable Z3 solvers. Z3 sets a solver up on its first assertion (parameters, tactics),
//! which costs more than most of the small queries of abstraction and refinement. A
//! [`PooledSolver`] is a solver of this thread's pool with one scope pushed; dropping it
//! pops the scope and returns the solver to the pool.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Deref;
use z3::{Params, Solver};

thread_local! {
    /// Idle solvers of this thread, by their timeout in milliseconds and arithmetic.
    static POOL: RefCell<HashMap<(Limit, Arith), Vec<Solver>>> = RefCell::new(HashMap::new());
}

/// How a solver's queries are bounded.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// Wall-clock milliseconds per query (Z3's `timeout`: a timer thread per query).
    Timeout(u32),
    /// Z3's resource units per query (`rlimit`: counted by the solving thread itself, no
    /// timer). Z3 4.8.12's timers are not safe when several threads query at a high rate:
    /// the heap was corrupted (glibc "corrupted unsorted chunks") in 9 of 16 loaded runs
    /// with the directed exploration querying beside c2bp, and in none of 16 with
    /// `rlimit` (docs/cegar.md).
    Resources(u32),
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

/// A solver with a per-query timeout and no assertions of earlier users.
pub struct PooledSolver {
    solver: Option<Solver>,
    key: (Limit, Arith),
}

impl PooledSolver {
    /// A solver from this thread's pool (or a new one) whose queries time out after
    /// `timeout_ms`, with a fresh scope pushed.
    pub fn new(timeout_ms: u32) -> PooledSolver {
        Self::with(Limit::Timeout(timeout_ms), Arith::Default)
    }

    /// A pooled solver whose queries are bounded by `limit`, with the arithmetic solver
    /// `arith`.
    pub fn with(limit: Limit, arith: Arith) -> PooledSolver {
        let key = (limit, arith);
        let pooled = POOL.with(|p| p.borrow_mut().get_mut(&key).and_then(Vec::pop));
        let solver = pooled.unwrap_or_else(|| {
            let s = Solver::new();
            let mut p = Params::new();
            match limit {
                Limit::Timeout(ms) => p.set_u32("timeout", ms),
                Limit::Resources(r) => p.set_u32("rlimit", r),
            }
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
