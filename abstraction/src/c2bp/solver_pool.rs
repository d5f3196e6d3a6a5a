//! Reusable Z3 solvers. Z3 sets a solver up on its first assertion (parameters, tactics),
//! which costs more than most of the small queries of abstraction and refinement. A
//! [`PooledSolver`] is a solver of this thread's pool with one scope pushed; dropping it
//! pops the scope and returns the solver to the pool.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::Deref;
use z3::{Params, Solver};

thread_local! {
    /// Idle solvers of this thread, by their timeout in milliseconds.
    static POOL: RefCell<HashMap<u32, Vec<Solver>>> = RefCell::new(HashMap::new());
}

/// A solver with a per-query timeout and no assertions of earlier users.
pub struct PooledSolver {
    solver: Option<Solver>,
    timeout_ms: u32,
}

impl PooledSolver {
    /// A solver from this thread's pool (or a new one) whose queries time out after
    /// `timeout_ms`, with a fresh scope pushed.
    pub fn new(timeout_ms: u32) -> PooledSolver {
        let pooled = POOL.with(|p| p.borrow_mut().get_mut(&timeout_ms).and_then(Vec::pop));
        let solver = pooled.unwrap_or_else(|| {
            let s = Solver::new();
            let mut p = Params::new();
            p.set_u32("timeout", timeout_ms);
            s.set_params(&p);
            s
        });
        solver.push();
        PooledSolver {
            solver: Some(solver),
            timeout_ms,
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
            POOL.with(|p| p.borrow_mut().entry(self.timeout_ms).or_default().push(s));
        }
    }
}

impl std::fmt::Debug for PooledSolver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PooledSolver(timeout {} ms)", self.timeout_ms)
    }
}
