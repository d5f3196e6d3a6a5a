//! Program analyses on CIR: points-to, call graph, MOD/REF, liveness, strongly connected
//! components, and a checker that
//! validates points-to results against concrete runs of the interpreter.
//!
//! All analyses are whole-program, flow-insensitive where noted, and sound for the
//! environment model of docs/cir.md: calls to unknown external functions are assumed to do
//! everything the model allows.
//!
//! [`Analyses`] bundles the three every consumer needs (points-to, call graph, MOD/REF):
//! the CEGAR loop computes them once and hands the same value to c2bp, refinement and the
//! directed exploration.

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

use crate::cir::Program;

/// Points-to, call graph and MOD/REF of one program, computed together.
///
/// Valid for the program they were computed on and for what refinement adds to it later
/// (the pseudo variables `\result` and `\old(g)` of predicates: scalars whose address is
/// never taken, which no statement reads or writes, so no analysis result changes).
#[derive(Clone, Debug)]
pub struct Analyses {
    pub pt: PointsTo,
    pub cg: CallGraph,
    pub modref: ModRef,
}

impl Analyses {
    /// The analyses of `prog`.
    pub fn compute(prog: &Program) -> Analyses {
        let _span = tracing::info_span!("analyses").entered();
        let pt = PointsTo::compute(prog);
        let cg = CallGraph::build(prog, &pt);
        let modref = ModRef::compute(prog, &pt, &cg);
        Analyses { pt, cg, modref }
    }
}
