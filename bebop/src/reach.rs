//! What the engines answer: targets, outcomes, traces and statistics.

use std::time::Duration;

use crate::cfg::{Cfg, CondKind, VKind, VertexId};
use crate::state::State;

/// What to decide the reachability of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// Some assertion can fail (the `Err` vertex is reachable).
    AssertFailure,
    /// One of these vertices (e.g. all statements with a given label).
    Vertices(Vec<VertexId>),
}

impl Target {
    /// Whether `v` is a target vertex.
    pub fn contains(&self, cfg: &Cfg, v: VertexId) -> bool {
        match self {
            Target::AssertFailure => v == cfg.err,
            Target::Vertices(vs) => vs.contains(&v),
        }
    }
}

/// One step of a trace: the vertex about to execute, the call depth, and the
/// full concrete state just before it executes (as in Fig. 1 of the paper).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    pub vertex: VertexId,
    pub depth: u32,
    pub state: State,
}

/// A fully expanded trajectory from the first statement of `main` to a
/// target vertex: calls are followed by the callee's steps one level deeper,
/// and a call whose callee returns is a summary that can be shown collapsed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Trace {
    pub steps: Vec<TraceStep>,
}

/// Counters an engine reports.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub engine: &'static str,
    /// Path edges: BDD engine — distinct (vertex, ring) deltas; explicit
    /// engine — explored (vertex, entry, state) triples.
    pub path_edges: u64,
    /// Summary edges (BDD: summary deltas; explicit: exit valuations).
    pub summary_edges: u64,
    pub worklist_iterations: u64,
    /// BDD engine, when counted: path edges as pairs of valuations of the
    /// variables each set depends on.
    pub path_edge_count: f64,
    /// BDD engine, when counted: summary edges (input/output pairs).
    pub summary_edge_count: f64,
    pub peak_bdd_nodes: u64,
    pub final_bdd_nodes: u64,
    pub bdd_vars: u64,
    /// (phase name, wall time)
    pub phases: Vec<(&'static str, Duration)>,
}

/// The answer of an engine.
#[derive(Clone, Debug)]
pub enum Outcome {
    Unreachable,
    Reachable(Trace),
    /// Resource limit or unsupported size, with the reason.
    GaveUp(String),
}

/// Whether a vertex is a conditional whose false branch is the error vertex.
pub fn is_assert(cfg: &Cfg, v: VertexId) -> bool {
    matches!(
        cfg.vertex(v).kind,
        VKind::Cond {
            kind: CondKind::Assert,
            ..
        }
    )
}
