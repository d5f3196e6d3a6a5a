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
    GaveUp(GiveUp),
}

/// What made an engine give up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The caller's stop flag was set (another search answered first).
    Stopped,
    /// The caller's deadline passed.
    TimeLimit,
    /// The BDD node table is full or passed its node limit.
    NodeTable,
    /// The explicit engine's state or enumeration limits.
    States,
    /// A bug: a trace that cannot be built or does not replay.
    Internal,
}

/// Why an engine gave up: the limit, and the message for a person.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GiveUp {
    pub limit: Limit,
    pub message: String,
}

impl GiveUp {
    /// The outcome of giving up for `limit`.
    pub fn outcome(limit: Limit, message: impl Into<String>) -> Outcome {
        Outcome::GaveUp(GiveUp {
            limit,
            message: message.into(),
        })
    }
}

impl std::fmt::Display for GiveUp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
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
