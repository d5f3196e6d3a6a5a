//! BP configurations (position, state, call stack) and the search that moves a set of them
//! from one contract label to the next.

use super::astate::{AState, Blowup};
use super::prepare::{Label, Prepared};
use bebop::cfg::{ProcId, VKind, VertexId};
use rustc_hash::FxHashSet as HashSet;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

/// Most configurations searched while moving a set to its next label.
const SEARCH_LIMIT: usize = 1 << 16;

/// A caller frame: the call vertex and the caller's state there, or an opaque frame (the
/// set was re-seeded inside a callee, so the caller's BP state is not known).
struct Frame {
    call: Option<(VertexId, AState)>,
    parent: Stack,
    hash: u64,
}

/// A persistent BP call stack (callers of the current procedure, innermost first).
#[derive(Clone, Default)]
pub(super) struct Stack(Option<Rc<Frame>>);

impl Stack {
    fn push_frame(&self, call: Option<(VertexId, AState)>) -> Stack {
        let mut h = DefaultHasher::new();
        call.hash(&mut h);
        self.hash(&mut h);
        Stack(Some(Rc::new(Frame {
            call,
            parent: self.clone(),
            hash: h.finish(),
        })))
    }

    /// This stack with the caller frame (call vertex `c`, caller state `a`) pushed.
    pub(super) fn push(&self, c: VertexId, a: AState) -> Stack {
        self.push_frame(Some((c, a)))
    }

    /// `n` opaque frames.
    pub(super) fn opaque(n: usize) -> Stack {
        (0..n).fold(Stack::default(), |s, _| s.push_frame(None))
    }

    /// The innermost frame (`None` inside for an opaque one) and the rest; `None` when empty.
    pub(super) fn pop(&self) -> Option<(Option<&(VertexId, AState)>, Stack)> {
        self.0.as_ref().map(|f| (f.call.as_ref(), f.parent.clone()))
    }
}

impl PartialEq for Stack {
    fn eq(&self, other: &Stack) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => {
                Rc::ptr_eq(a, b) || (a.hash == b.hash && a.call == b.call && a.parent == b.parent)
            }
            _ => false,
        }
    }
}

impl Eq for Stack {}

impl Hash for Stack {
    fn hash<H: Hasher>(&self, h: &mut H) {
        h.write_u64(self.0.as_ref().map_or(0, |f| f.hash));
    }
}

/// One BP configuration: control at vertex `v` (not yet executed), state `st`, callers
/// `stack`. `unmoved_at` is `Some(k)` while the configuration sits, without having taken
/// a step, on the vertex where it matched the label `n<k>`.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct Conf {
    pub(super) v: VertexId,
    pub(super) st: AState,
    pub(super) stack: Stack,
    pub(super) unmoved_at: Option<u32>,
}

/// Where a search moves the configurations to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Target {
    /// The vertex labelled `n<k>`.
    Node(u32),
    /// The vertex labelled `n<k>_<e>`.
    Edge(u32, u32),
    /// A call vertex calling this procedure.
    Call(ProcId),
    /// The exit vertex of the current procedure (passing through `n<exit>`, the label of
    /// the CIR exit node, is allowed).
    Exit { exit_node: u32 },
    /// The error vertex (a failing `assert`).
    Err,
}

impl Prepared {
    fn reached(&self, p: ProcId, c: &Conf, target: Target) -> bool {
        let labels = &self.labels[c.v as usize];
        match target {
            Target::Node(k) => c.unmoved_at != Some(k) && labels.contains(&Label::Node(k)),
            Target::Edge(k, e) => labels.contains(&Label::Edge(k, e)),
            Target::Call(q) => {
                matches!(self.cfg.vertex(c.v).kind, VKind::Call { callee, .. } if callee == q)
            }
            Target::Exit { .. } => c.v == self.cfg.procs[p as usize].exit,
            Target::Err => c.v == self.cfg.err,
        }
    }

    /// A vertex reached by a step that carries the label of another CIR node or edge: the
    /// BP is on a different CIR path than the run.
    fn blocked(&self, v: VertexId, target: Target) -> bool {
        self.labels[v as usize].iter().any(|l| match (l, target) {
            (Label::Node(j), Target::Exit { exit_node }) => *j != exit_node,
            _ => true,
        })
    }

    /// Move every configuration of `set` (all in procedure `p`) forward through
    /// intraprocedural BP steps until it reaches `target`. Configurations that cannot
    /// reach it without passing another contract label, a call, an exit or the error
    /// vertex are dropped. `Blowup` when the search or its result exceeds the limits.
    pub(super) fn advance(
        &self,
        set: Vec<Conf>,
        p: ProcId,
        target: Target,
        cap: usize,
    ) -> Result<Vec<Conf>, Blowup> {
        let mut work: Vec<(Conf, bool)> = set.into_iter().map(|c| (c, false)).collect();
        let mut seen: HashSet<(Conf, bool)> = HashSet::default();
        let mut out: Vec<Conf> = Vec::new();
        let mut out_seen: HashSet<Conf> = HashSet::default();
        while let Some((c, stepped)) = work.pop() {
            if !seen.insert((c.clone(), stepped)) {
                continue;
            }
            if seen.len() > SEARCH_LIMIT {
                return Err(Blowup);
            }
            if self.reached(p, &c, target) {
                if out_seen.insert(c.clone()) {
                    out.push(c);
                    if out.len() > cap {
                        return Err(Blowup);
                    }
                }
                continue;
            }
            if stepped && self.blocked(c.v, target) {
                continue;
            }
            if matches!(
                self.cfg.vertex(c.v).kind,
                VKind::Call { .. } | VKind::Exit | VKind::Err
            ) {
                continue;
            }
            for (w, st) in self.successors(c.v, &c.st, cap)? {
                let next = Conf {
                    v: w,
                    st,
                    stack: c.stack.clone(),
                    unmoved_at: None,
                };
                work.push((next, true));
            }
        }
        Ok(out)
    }
}
