//! Path slicing (Jhala and Majumdar, PLDI 2005): which `assume` steps of a path matter for
//! reaching its error edge.
//!
//! Walking the path backward, a branch is irrelevant when the location of the next relevant
//! step of its function post-dominates the branch and nothing on the way between them may
//! write a location that is live (read later by a relevant step). A loop that fills a table
//! the rest of the path never reads, taken fewer times on the abstract path than any real
//! run takes it, is such a branch: the path is infeasible, its slice is not. Calls whose
//! callee writes nothing live and whose result is dead are skipped whole.
//!
//! A slice is only a guess: a feasible slice's model is replayed on the interpreter, which
//! runs the skipped parts as they really run (the loop to its end), and only a replay that
//! reaches the error is a violation. An infeasible slice is refined instead of its path:
//! its unsat cores leave out the loop that the error does not depend on, so the predicates
//! found are about the error, not one more unrolling of that loop. Used by
//! [`crate::Refiner`] before it decides the whole path.

use crate::path::CirPath;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use slamrs_abstraction::analysis::modref::ModRef;
use slamrs_abstraction::analysis::points_to::{AbsLoc, PointsTo};
use slamrs_abstraction::cir::{Body, FuncId, Lval, NodeId, Program, Stmt};
use std::collections::{BTreeSet, VecDeque};

/// What deciding a path's slice settled.
pub enum Decided {
    /// The slice is infeasible: its minimal cores (step indices), which explain the path's
    /// infeasibility too.
    Infeasible(Vec<Vec<usize>>),
    /// The slice is feasible and its model's replay reached the error.
    Violation(crate::replay::Counterexample),
}

/// One function activation during the backward walk.
struct Frame {
    /// Source node of the latest (in path order: earliest seen so far) relevant step.
    target: NodeId,
    /// The activation writes nothing live and its result is dead: all its steps are skipped.
    skipped: bool,
    /// The caller reads the returned value.
    result_live: bool,
}

/// The indices of the `assume` steps of `path` that the error depends on.
pub fn relevant_assumes(
    prog: &Program,
    pt: &PointsTo,
    modref: &ModRef,
    path: &CirPath,
) -> BTreeSet<usize> {
    let mut keep = BTreeSet::new();
    let n = path.steps.len();
    if n == 0 {
        return keep;
    }
    let call_of = calls(path);
    let mut s = Slicer {
        prog,
        pt,
        modref,
        live: BTreeSet::new(),
        between: HashMap::default(),
    };
    let last = &path.steps[n - 1];
    // frames of the calls still open at the error: filled in as their call steps are met
    let mut stack: Vec<Option<Frame>> = (0..last.depth).map(|_| None).collect();
    stack.push(Some(Frame {
        target: last.node,
        skipped: false,
        result_live: false,
    }));
    for i in (0..n - 1).rev() {
        let step = &path.steps[i];
        let d = step.depth as usize;
        let stmt = path.stmt(prog, i);
        if d == stack.len() {
            // entering (backward) a callee that returned: its call step decides whether it
            // matters
            let skipped_caller = stack
                .last()
                .and_then(|f| f.as_ref())
                .is_some_and(|f| f.skipped);
            let (skipped, result_live) = match call_of.get(&i).map(|&c| path.stmt(prog, c)) {
                Some(call @ Stmt::Call { lhs, .. }) if !skipped_caller => {
                    let caller = path.steps[call_of[&i]].func;
                    let w = modref.stmt_mod(prog, pt, caller, call);
                    let lhs_live = lhs
                        .as_ref()
                        .is_some_and(|l| intersects(&pt.lval_cells(prog, caller, l), &s.live));
                    if lhs_live {
                        if let Some(l) = lhs {
                            s.kill(caller, l);
                        }
                    }
                    (!lhs_live && !intersects(&w, &s.live), lhs_live)
                }
                _ => (true, false),
            };
            let body = prog
                .func(step.func)
                .body
                .as_ref()
                .expect("path functions have bodies");
            stack.push(Some(Frame {
                target: body.exit,
                skipped,
                result_live,
            }));
        } else if d + 1 < stack.len() {
            // the call step of the activation just left (backward)
            let callee = stack.pop().flatten();
            let taken = callee.is_some_and(|f| !f.skipped);
            let slot = stack.last_mut().expect("a caller frame");
            if slot.is_none() {
                *slot = Some(Frame {
                    target: step.node,
                    skipped: false,
                    result_live: false,
                });
            }
            let frame = slot.as_mut().expect("just filled");
            if taken && !frame.skipped {
                if let Stmt::Call { args, callee, .. } = stmt {
                    let mut reads = BTreeSet::new();
                    let call = Stmt::Call {
                        lhs: None,
                        callee: callee.clone(),
                        args: args.clone(),
                    };
                    reads.extend(slamrs_abstraction::analysis::modref::stmt_ref(
                        prog, pt, step.func, &call,
                    ));
                    s.live.extend(reads);
                }
                frame.target = step.node;
            }
            continue;
        }
        let Some(Some(frame)) = stack.last_mut() else {
            continue;
        };
        if frame.skipped {
            continue;
        }
        let body = prog
            .func(step.func)
            .body
            .as_ref()
            .expect("path functions have bodies");
        match stmt {
            Stmt::Assume(_) => {
                // a lone assumption (`__VERIFIER_assume`, an allocation that must succeed)
                // blocks the runs that break it: it is never bypassed
                let lone = body.node(step.node).edges.len() == 1;
                let irrelevant = !lone && s.bypassable(step.func, body, step.node, frame.target);
                if !irrelevant {
                    keep.insert(i);
                    s.live.extend(modref.stmt_ref(prog, pt, step.func, stmt));
                    frame.target = step.node;
                }
            }
            Stmt::Return(Some(_)) => {
                if frame.result_live {
                    s.live.extend(modref.stmt_ref(prog, pt, step.func, stmt));
                    frame.target = step.node;
                }
            }
            Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                let w = modref.stmt_mod(prog, pt, step.func, stmt);
                if intersects(&w, &s.live) {
                    s.kill(step.func, lhs);
                    s.live.extend(modref.stmt_ref(prog, pt, step.func, stmt));
                    frame.target = step.node;
                }
            }
            Stmt::Call { .. } => {
                // a call whose callee's steps are not on the path (external, or a model)
                let w = modref.stmt_mod(prog, pt, step.func, stmt);
                if intersects(&w, &s.live) {
                    s.live.extend(modref.stmt_ref(prog, pt, step.func, stmt));
                    frame.target = step.node;
                }
            }
            Stmt::Skip | Stmt::Return(None) | Stmt::Error | Stmt::Halt { .. } => {}
        }
    }
    keep
}

/// For each step inside a call that returned, the index of its call step (only the callee's
/// own steps, at the callee's depth).
fn calls(path: &CirPath) -> HashMap<usize, usize> {
    let mut out = HashMap::default();
    let mut open: Vec<usize> = Vec::new();
    for (i, s) in path.steps.iter().enumerate() {
        while open.len() > s.depth as usize {
            open.pop();
        }
        if let Some(&c) = open.last() {
            out.insert(i, c);
        }
        if s.callee.is_some() {
            open.push(i);
        }
    }
    out
}

fn intersects(a: &BTreeSet<AbsLoc>, b: &BTreeSet<AbsLoc>) -> bool {
    if a.len() > b.len() {
        return intersects(b, a);
    }
    a.iter().any(|l| b.contains(l))
}

struct Slicer<'a> {
    prog: &'a Program,
    pt: &'a PointsTo,
    modref: &'a ModRef,
    live: BTreeSet<AbsLoc>,
    /// Per (function, branch node, target): `None` when the target does not post-dominate
    /// the branch, else what the edges between them may write.
    between: HashMap<(FuncId, NodeId, NodeId), Option<BTreeSet<AbsLoc>>>,
}

impl Slicer<'_> {
    /// A variable assigned whole is dead before the assignment.
    fn kill(&mut self, func: FuncId, lhs: &Lval) {
        if let Lval::Var(_) = lhs {
            let cells = self.pt.lval_cells(self.prog, func, lhs);
            if cells.len() == 1 {
                for c in cells {
                    self.live.remove(&c);
                }
            }
        }
    }

    /// The branch at `node` can be bypassed: every way on from it reaches `target`, writing
    /// nothing live on the way.
    fn bypassable(&mut self, func: FuncId, body: &Body, node: NodeId, target: NodeId) -> bool {
        if node == target {
            return false;
        }
        let key = (func, node, target);
        if !self.between.contains_key(&key) {
            let w = self.writes_between(func, body, node, target);
            self.between.insert(key, w);
        }
        match &self.between[&key] {
            None => false,
            Some(w) => !intersects(w, &self.live),
        }
    }

    /// What the edges reachable from `from` without passing `target` may write, or `None`
    /// when one of them leaves the function (or ends the path) without passing `target`.
    fn writes_between(
        &self,
        func: FuncId,
        body: &Body,
        from: NodeId,
        target: NodeId,
    ) -> Option<BTreeSet<AbsLoc>> {
        let mut seen: HashSet<NodeId> = HashSet::default();
        let mut todo = VecDeque::from([from]);
        seen.insert(from);
        let mut writes = BTreeSet::new();
        while let Some(n) = todo.pop_front() {
            let node = body.node(n);
            if node.edges.is_empty() {
                // exit or halt: control leaves without reaching the target
                return None;
            }
            for e in &node.edges {
                if matches!(e.stmt, Stmt::Error | Stmt::Halt { .. } | Stmt::Return(_))
                    && e.to != target
                {
                    return None;
                }
                writes.extend(self.modref.stmt_mod(self.prog, self.pt, func, &e.stmt));
                if e.to != target && seen.insert(e.to) {
                    todo.push_back(e.to);
                }
            }
        }
        Some(writes)
    }
}
