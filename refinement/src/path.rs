//! From a Bebop trace of the boolean program back to a path of CIR edges.
//!
//! c2bp labels the first statement of each CIR node `n<k>` and the first statement of each
//! edge of a branching node `n<k>_<e>` (see `c2bp::node_label`). Walking the trace, a node
//! label says where control is; an edge label (or the single edge of a node) says which CIR
//! edge is taken. Calls to procedures push a frame; the trace's depth says when they return.

use bebop::cfg::{Cfg, VKind};
use bebop::reach::Trace;
use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::cir::{Edge, FuncId, NodeId, Program, Stmt};

/// One CIR edge taken on the path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathStep {
    pub func: FuncId,
    pub node: NodeId,
    /// Index of the edge in the node's `edges`.
    pub edge: usize,
    /// Call depth (the entry function is 0).
    pub depth: u32,
    /// For a call of a function with a body whose steps follow: the function entered.
    pub callee: Option<FuncId>,
}

/// A path through the CIR program, from the entry function's first node to an error edge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CirPath {
    pub steps: Vec<PathStep>,
    /// For a path mapped from a Bebop trace ([`map_trace`]): the index of the trace step
    /// at which each step's CIR edge begins (the state before it); empty otherwise.
    pub at_trace: Vec<usize>,
}

impl CirPath {
    /// The CIR edge of step `i`.
    pub fn edge<'p>(&self, prog: &'p Program, i: usize) -> &'p Edge {
        let s = &self.steps[i];
        &prog
            .func(s.func)
            .body
            .as_ref()
            .expect("path functions have bodies")
            .nodes[s.node.0 as usize]
            .edges[s.edge]
    }

    /// The statement of step `i`.
    pub fn stmt<'p>(&self, prog: &'p Program, i: usize) -> &'p Stmt {
        &self.edge(prog, i).stmt
    }
}

/// Why a trace could not be mapped back to CIR.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError(pub String);

/// `n<k>` or `n<k>_<e>`.
pub(crate) fn parse_label(l: &str) -> Option<(u32, Option<usize>)> {
    let rest = l.strip_prefix('n')?;
    let (k, e) = match rest.split_once('_') {
        Some((k, e)) => (k, Some(e)),
        None => (rest, None),
    };
    if k.is_empty() || !k.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let k = k.parse().ok()?;
    match e {
        None => Some((k, None)),
        Some(e) if !e.is_empty() && e.bytes().all(|b| b.is_ascii_digit()) => {
            Some((k, Some(e.parse().ok()?)))
        }
        Some(_) => None,
    }
}

struct Frame {
    func: FuncId,
    /// Node whose edge is not chosen yet.
    at: Option<NodeId>,
}

/// Maps a trace of the boolean program of `prog` back to CIR. `procs` names the function of
/// each procedure.
pub fn map_trace(
    prog: &Program,
    cfg: &Cfg,
    procs: &HashMap<String, FuncId>,
    trace: &Trace,
) -> Result<CirPath, MapError> {
    let mut path = CirPath::default();
    let mut stack: Vec<Frame> = Vec::new();
    let mut pending_call: Option<FuncId> = None;
    for (t, step) in trace.steps.iter().enumerate() {
        let v = cfg.vertex(step.vertex);
        let Some(p) = v.proc else {
            continue; // the error vertex
        };
        let pname = &cfg.procs[p as usize].name;
        let depth = step.depth as usize;
        // returns
        while stack.len() > depth + 1 {
            stack.pop();
        }
        if stack.len() == depth {
            let func = match pending_call.take() {
                Some(f) => f,
                None if depth == 0 => *procs
                    .get(pname)
                    .ok_or_else(|| MapError(format!("procedure `{pname}` has no C function")))?,
                None => return Err(MapError("a call without a call statement".into())),
            };
            stack.push(Frame { func, at: None });
        }
        let frame = stack
            .last_mut()
            .ok_or_else(|| MapError("trace depth out of order".into()))?;
        let body = prog
            .func(frame.func)
            .body
            .as_ref()
            .ok_or_else(|| MapError("trace enters a function without a body".into()))?;
        for l in &v.labels {
            let Some((k, e)) = parse_label(l) else {
                continue;
            };
            let node = NodeId(k);
            let n_edges = body
                .nodes
                .get(k as usize)
                .map(|n| n.edges.len())
                .ok_or_else(|| MapError(format!("label {l} names no CIR node")))?;
            let edge = match e {
                Some(e) if e < n_edges => Some(e),
                Some(_) => return Err(MapError(format!("label {l} names no CIR edge"))),
                None if n_edges == 1 => Some(0),
                None => None,
            };
            frame.at = Some(node);
            if let Some(edge) = edge {
                path.steps.push(PathStep {
                    func: frame.func,
                    node,
                    edge,
                    depth: depth as u32,
                    callee: None,
                });
                path.at_trace.push(t);
                frame.at = None;
            }
        }
        if let VKind::Call { callee, .. } = &v.kind {
            let cname = &cfg.procs[*callee as usize].name;
            let f = *procs
                .get(cname)
                .ok_or_else(|| MapError(format!("procedure `{cname}` has no C function")))?;
            let last = path
                .steps
                .last_mut()
                .ok_or_else(|| MapError("a call before any CIR edge".into()))?;
            last.callee = Some(f);
            pending_call = Some(f);
        }
    }
    let ends_in_error = path
        .steps
        .last()
        .is_some_and(|_| matches!(path.stmt(prog, path.steps.len() - 1), Stmt::Error));
    if !ends_in_error {
        return Err(MapError("the trace does not end at an error edge".into()));
    }
    Ok(path)
}

/// The path through `main` that takes, at each node with several edges, the next edge
/// of `choices`, up to the error; calls of functions with a body are entered (their
/// branches take the next choices too) and left at their `return`.
#[cfg(test)]
pub(crate) fn walk(prog: &Program, main: FuncId, choices: &[usize]) -> CirPath {
    let mut path = CirPath::default();
    let mut choices = choices.iter();
    walk_in(prog, main, 0, &mut choices, &mut path);
    path
}

/// Walks `f` at call depth `depth`; true if the error was reached.
#[cfg(test)]
fn walk_in(
    prog: &Program,
    f: FuncId,
    depth: u32,
    choices: &mut std::slice::Iter<'_, usize>,
    path: &mut CirPath,
) -> bool {
    use slamrs_abstraction::cir::Callee;
    let body = prog
        .func(f)
        .body
        .as_ref()
        .expect("walked functions have bodies");
    let mut at = body.entry;
    loop {
        let node = body.node(at);
        let edge = if node.edges.len() > 1 {
            *choices.next().expect("a choice per branch")
        } else {
            0
        };
        let stmt = &node.edges[edge].stmt;
        let callee = match stmt {
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            } if prog.func(*g).body.is_some() => Some(*g),
            _ => None,
        };
        path.steps.push(PathStep {
            func: f,
            node: at,
            edge,
            depth,
            callee,
        });
        match stmt {
            Stmt::Error => return true,
            Stmt::Return(_) => return false,
            _ => {}
        }
        if let Some(g) = callee {
            if walk_in(prog, g, depth + 1, choices, path) {
                return true;
            }
        }
        at = node.edges[edge].to;
    }
}

#[cfg(test)]
mod tests {
    use super::parse_label;

    #[test]
    fn labels() {
        assert_eq!(parse_label("n12"), Some((12, None)));
        assert_eq!(parse_label("n3_1"), Some((3, Some(1))));
        assert_eq!(parse_label("n"), None);
        assert_eq!(parse_label("n3_"), None);
        assert_eq!(parse_label("nx"), None);
        assert_eq!(parse_label("L1"), None);
    }
}
