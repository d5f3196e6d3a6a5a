//! Program analyses on CIR: points-to, call graph, MOD/REF, liveness, strongly connected
//! components, and a checker that
//! validates points-to results against concrete runs of the interpreter.
//!
//! All analyses are whole-program, flow-insensitive where noted, and sound for the
//! environment model of docs/cir.md: calls to unknown external functions are assumed to do
//! everything the model allows.

pub mod callgraph;
pub mod layout;
pub mod liveness;
pub mod modref;
pub mod points_to;
pub mod scc;
pub mod soundness;

#[cfg(test)]
pub(crate) mod test_util;

pub use callgraph::{CallEdge, CallGraph};
pub use liveness::Liveness;
pub use modref::ModRef;
pub use points_to::{AbsLoc, AbsObj, CallSite, Layout, PointsTo, SiteTargets};
pub use soundness::{PointsToChecker, Violation};
