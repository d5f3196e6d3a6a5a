//! The shared layer for CIR in Z3: what c2bp, refinement (path formulas, unsat cores) and
//! the directed exploration all use to reason about C with Z3, kept out of any one of them.
//!
//! - [`term`]: logical terms over program locations, and their construction from CIR
//!   expressions and lvalues (the memory model: plain symbols for scalars whose address is
//!   never taken, uninterpreted memory per access kind elsewhere, points-to cells on every
//!   access);
//! - [`encode`]: terms into Z3 (linear integer arithmetic plus uninterpreted functions) and
//!   the fixed addresses of objects ([`encode::Addresses`]);
//! - [`solver_pool`]: reusable Z3 solvers per thread, bounded by resource units.

pub mod encode;
pub mod solver_pool;
pub mod term;
