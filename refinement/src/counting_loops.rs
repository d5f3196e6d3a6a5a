//! Counting loops run their real number of times on a path.
//!
//! An abstract trace takes a loop's exit whenever the predicates cannot rule it out, so a
//! loop that fills a buffer (`for (a = 0; a < sizeof(CD_DEVICE_EXTENSION); a++) buf[a] =
//! nondet();`) is left after 0, 1 or 2 rounds. Refinement would then learn one predicate per
//! round (`a >= 56`, `a + 1 >= 56`, ...), fifty-six of them for this loop, each making the
//! abstraction dearer: SLAM's cdaudio timed out that way. Yet how often such a loop runs
//! is not a question: a counter starts at a constant, steps by a constant, and the loop
//! ends when a condition on it alone holds.
//!
//! [`normalize`] rewrites a path so that each complete visit of such a loop runs exactly as
//! often as the program runs it. A *counting loop* is a cycle of a function's CFG with:
//! - one node (the header) with two `assume` edges, one into the cycle and one out of it,
//!   whose conditions read only the counter `x` and constants;
//! - every other node one edge, no `assume`, no call of a function with a body, and no
//!   assignment of `x` but one `x = x + c` (`c` a nonzero constant);
//! - `x` a scalar local of the function whose address is never taken.
//!
//! A visit is complete when the path reaches the header and leaves by the exit edge; the
//! counter's start is the constant the path last assigned it before the visit, in the same
//! activation. The visit is replaced by the rounds the program runs (the same body, which
//! has no branch) and the exit edge; visits the path leaves otherwise (the error inside the
//! loop) and loops of more than [`MAX_ROUNDS`] rounds are kept as they are. The rewritten
//! path is the one whose feasibility refinement decides: a path that took the exit too
//! early was infeasible for a reason no predicate should be spent on.

use crate::loops::{loops, step_of};
use crate::path::{CirPath, PathStep};
use slamrs_abstraction::cir::{
    BinOp, Body, Callee, Expr, ExprKind, FuncId, Lval, NodeId, Program, Stmt, UnOp, VarId,
};
use std::collections::BTreeSet;

/// Most rounds a rewritten visit may have.
pub const MAX_ROUNDS: usize = 4096;

/// A counting loop of one function.
#[derive(Clone, Debug)]
struct CountingLoop {
    func: FuncId,
    nodes: BTreeSet<NodeId>,
    header: NodeId,
    /// The header's edge into the cycle and its edge out.
    stay: usize,
    exit: usize,
    counter: VarId,
    step: i128,
    /// One round from the header back to it: (node, edge) from the `stay` edge on.
    round: Vec<(NodeId, usize)>,
}

/// A path with its counting loops run as often as the program runs them.
pub struct Normalized {
    /// The path, rewritten where a visit needed it (`None`: none did).
    pub path: Option<CirPath>,
    /// The headers of the counting loops the path's functions have: going around them is
    /// no reason to generalize.
    pub headers: BTreeSet<(FuncId, NodeId)>,
}

/// `path` with every complete visit of a counting loop running the loop's real number of
/// rounds.
pub fn normalize(prog: &Program, path: &CirPath) -> Normalized {
    let funcs: BTreeSet<FuncId> = path.steps.iter().map(|s| s.func).collect();
    let mut found: Vec<CountingLoop> = Vec::new();
    for f in funcs {
        if let Some(body) = &prog.func(f).body {
            for nodes in loops(body) {
                if let Some(l) = counting_loop(prog, f, body, nodes) {
                    found.push(l);
                }
            }
        }
    }
    let headers = found.iter().map(|l| (l.func, l.header)).collect();
    if found.is_empty() {
        return Normalized {
            path: None,
            headers,
        };
    }
    let mut out: Vec<PathStep> = Vec::with_capacity(path.steps.len());
    let mut changed = false;
    let mut i = 0;
    while i < path.steps.len() {
        let s = &path.steps[i];
        let visit = found
            .iter()
            .filter(|l| l.func == s.func && s.node == l.header)
            .find_map(|l| rewrite_visit(prog, path, i, l).map(|r| (l, r)));
        match visit {
            Some((_, (end, steps))) => {
                changed |= steps[..] != path.steps[i..end];
                out.extend(steps);
                i = end;
            }
            None => {
                out.push(s.clone());
                i += 1;
            }
        }
    }
    Normalized {
        path: changed.then(|| CirPath {
            steps: out,
            at_trace: Vec::new(),
        }),
        headers,
    }
}

/// The visit of `l` that starts at step `at` (the header), if the path completes it: the
/// index after its exit step and the steps of the program's real rounds with the exit.
fn rewrite_visit(
    prog: &Program,
    path: &CirPath,
    at: usize,
    l: &CountingLoop,
) -> Option<(usize, Vec<PathStep>)> {
    let first = &path.steps[at];
    let (func, depth) = (first.func, first.depth);
    // the visit: steps of this frame inside the loop, up to the exit edge
    let mut end = at;
    loop {
        let s = path.steps.get(end)?;
        if s.func != func || s.depth != depth || !l.nodes.contains(&s.node) {
            return None;
        }
        end += 1;
        if s.node == l.header && s.edge == l.exit {
            break;
        }
    }
    let start = counter_start(prog, path, at, l.counter)?;
    let rounds = rounds(prog, l, start)?;
    let step = |(node, edge): (NodeId, usize)| PathStep {
        func,
        node,
        edge,
        depth,
        callee: None,
    };
    let mut steps = Vec::with_capacity(rounds * l.round.len() + 1);
    for _ in 0..rounds {
        steps.extend(l.round.iter().copied().map(step));
    }
    steps.push(step((l.header, l.exit)));
    Some((end, steps))
}

/// The constant the path last assigned `x` before step `at`, in the same activation.
fn counter_start(prog: &Program, path: &CirPath, at: usize, x: VarId) -> Option<i128> {
    let (func, depth) = (path.steps[at].func, path.steps[at].depth);
    for s in path.steps[..at].iter().rev() {
        if s.depth < depth {
            return None; // the activation began here: `x` is uninitialized
        }
        if s.depth > depth || s.func != func {
            continue;
        }
        let body = prog.func(func).body.as_ref()?;
        match &body.node(s.node).edges[s.edge].stmt {
            Stmt::Assign {
                lhs: Lval::Var(v),
                rhs,
            } if *v == x => return value(prog, rhs, x, 0),
            other if crate::loops::assigned_var(other) == Some(x) => return None,
            _ => {}
        }
    }
    None
}

/// How many rounds the loop runs from `start`: the stay condition holds that often.
fn rounds(prog: &Program, l: &CountingLoop, start: i128) -> Option<usize> {
    let body = prog.func(l.func).body.as_ref()?;
    let header = body.node(l.header);
    let Stmt::Assume(stay) = &header.edges[l.stay].stmt else {
        return None;
    };
    let Stmt::Assume(exit) = &header.edges[l.exit].stmt else {
        return None;
    };
    let kind = prog.types.as_int(prog.var(l.counter).ty)?;
    let mut x = start;
    for n in 0..=MAX_ROUNDS {
        let (s, e) = (
            value(prog, stay, l.counter, x)?,
            value(prog, exit, l.counter, x)?,
        );
        match (s != 0, e != 0) {
            (false, true) => return Some(n),
            (true, false) => x = wrap(x + l.step, kind.bits, kind.signed)?,
            _ => return None, // both or neither: not a plain test of the counter
        }
    }
    None
}

/// The counting loop on the cycle `nodes` of `f`, if it is one.
fn counting_loop(
    prog: &Program,
    f: FuncId,
    body: &Body,
    nodes: BTreeSet<NodeId>,
) -> Option<CountingLoop> {
    let mut header = None;
    for &n in &nodes {
        let edges = &body.node(n).edges;
        if edges.iter().any(|e| !nodes.contains(&e.to)) {
            if header.is_some() || edges.len() != 2 {
                return None;
            }
            header = Some(n);
        } else if edges.len() != 1 {
            return None;
        }
    }
    let header = header?;
    let edges = &body.node(header).edges;
    let stay = edges.iter().position(|e| nodes.contains(&e.to))?;
    let exit = 1 - stay;
    let (Stmt::Assume(c1), Stmt::Assume(c2)) = (&edges[stay].stmt, &edges[exit].stmt) else {
        return None;
    };
    let counter = only_var(c1)?;
    if only_var(c2)? != counter {
        return None;
    }
    let var = prog.var(counter);
    if var.addr_taken || var.frame_of() != Some(f) || prog.types.as_int(var.ty).is_none() {
        return None;
    }
    // one round: the stay edge, then single edges back to the header
    let mut round = vec![(header, stay)];
    let mut at = edges[stay].to;
    let mut step = None;
    while at != header {
        if round.len() > nodes.len() {
            return None;
        }
        let e = &body.node(at).edges[0];
        match &e.stmt {
            Stmt::Assume(_) | Stmt::Return(_) | Stmt::Error | Stmt::Halt { .. } => return None,
            Stmt::Call {
                callee: Callee::Direct(g),
                ..
            } if prog.func(*g).body.is_some() => return None,
            Stmt::Call {
                callee: Callee::Indirect(_),
                ..
            } => return None,
            Stmt::Assign {
                lhs: Lval::Var(v),
                rhs,
            } if *v == counter => {
                let c = step_of(counter, rhs).filter(|&c| c != 0)?;
                if step.replace(c).is_some() {
                    return None;
                }
            }
            other if crate::loops::assigned_var(other) == Some(counter) => return None,
            _ => {}
        }
        round.push((at, 0));
        at = e.to;
    }
    Some(CountingLoop {
        func: f,
        nodes,
        header,
        stay,
        exit,
        counter,
        step: step?,
        round,
    })
}

/// The one variable `e` reads, if it reads exactly one (directly, not through memory).
fn only_var(e: &Expr) -> Option<VarId> {
    let mut vars = BTreeSet::new();
    let mut other = false;
    e.walk(&mut |x| match &x.kind {
        ExprKind::Read(lv) => match **lv {
            Lval::Var(v) => {
                vars.insert(v);
            }
            _ => other = true,
        },
        ExprKind::AddrOf(_) | ExprKind::Func(_) | ExprKind::Str(_) => other = true,
        _ => {}
    });
    (!other && vars.len() == 1).then(|| *vars.iter().next().expect("one"))
}

/// The value of `e` when the variable `x` holds `v`, in C's integer semantics (`None`: it
/// reads anything else, or uses an operator this does not follow).
fn value(prog: &Program, e: &Expr, x: VarId, v: i128) -> Option<i128> {
    let int = |t| prog.types.as_int(t);
    let r = match &e.kind {
        ExprKind::Int(c) => *c,
        ExprKind::Read(lv) if **lv == Lval::Var(x) => v,
        ExprKind::Cast(a) => {
            let k = int(e.ty)?;
            let a = value(prog, a, x, v)?;
            if k.is_bool {
                i128::from(a != 0)
            } else {
                wrap(a, k.bits, k.signed)?
            }
        }
        ExprKind::Unary(UnOp::LogNot, a) => i128::from(value(prog, a, x, v)? == 0),
        ExprKind::Unary(UnOp::Neg, a) => -value(prog, a, x, v)?,
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (value(prog, a, x, v)?, value(prog, b, x, v)?);
            match op {
                BinOp::Add => a.checked_add(b)?,
                BinOp::Sub => a.checked_sub(b)?,
                BinOp::Mul => a.checked_mul(b)?,
                BinOp::Eq => i128::from(a == b),
                BinOp::Ne => i128::from(a != b),
                BinOp::Lt => i128::from(a < b),
                BinOp::Le => i128::from(a <= b),
                BinOp::Gt => i128::from(a > b),
                BinOp::Ge => i128::from(a >= b),
                _ => return None,
            }
        }
        _ => return None,
    };
    // arithmetic wraps to the expression's type (comparisons are 0 or 1 already)
    match int(e.ty) {
        Some(k) if !k.is_bool && matches!(e.kind, ExprKind::Binary(..) | ExprKind::Unary(..)) => {
            wrap(r, k.bits, k.signed)
        }
        _ => Some(r),
    }
}

/// `v` as an integer of `bits` bits (two's complement).
fn wrap(v: i128, bits: u16, signed: bool) -> Option<i128> {
    if bits == 0 || bits >= 127 {
        return Some(v);
    }
    let m = 1i128 << bits;
    let u = v.rem_euclid(m);
    Some(if signed && u >= m / 2 { u - m } else { u })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::walk;
    use slamrs_abstraction::cir::print;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    /// The index of the edge of a two-way node of `main` whose statement prints with
    /// `text`, with its node.
    fn edge_with(prog: &Program, main: FuncId, text: &str) -> (NodeId, usize) {
        let body = prog.func(main).body.as_ref().expect("main");
        body.nodes
            .iter()
            .enumerate()
            .filter(|(_, n)| n.edges.len() == 2)
            .find_map(|(i, n)| {
                let e = n
                    .edges
                    .iter()
                    .position(|e| print::stmt(prog, &e.stmt).contains(text))?;
                Some((NodeId(i as u32), e))
            })
            .unwrap_or_else(|| panic!("no edge `{text}`"))
    }

    #[test]
    fn a_loop_left_early_runs_all_its_rounds() {
        let src = "extern void reach_error(void);\n\
                   extern char __VERIFIER_nondet_char(void);\n\
                   char buf[8];\n\
                   int main(void) {\n\
                     int a;\n\
                     for (a = 0; a < 8; a++) buf[a] = __VERIFIER_nondet_char();\n\
                     if (buf[3] == 5) reach_error();\n\
                     return 0; }";
        let prog = load_text("fill.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let (header, exit) = edge_with(&prog, main, "a >= 8");
        let (_, error) = edge_with(&prog, main, "== 5");
        // the abstract trace leaves the loop at once
        let path = walk(&prog, main, &[exit, error]);
        let n = normalize(&prog, &path);
        assert!(n.headers.contains(&(main, header)));
        let p = n.path.expect("rewritten");
        let at_header = |p: &CirPath, e: usize| {
            p.steps
                .iter()
                .filter(|s| s.node == header && s.edge == e)
                .count()
        };
        assert_eq!(at_header(&p, 1 - exit), 8, "eight rounds");
        assert_eq!(at_header(&p, exit), 1, "one exit");
        assert!(matches!(p.stmt(&prog, p.steps.len() - 1), Stmt::Error));
        // a path that already runs the loop eight times is left as it is
        assert!(normalize(&prog, &p).path.is_none());
    }

    #[test]
    fn loops_that_do_not_count_are_left_alone() {
        // the bound is read from memory; the body branches
        for body in [
            "int n = __VERIFIER_nondet_char(); for (a = 0; a < n; a++) buf[a & 7] = 1;",
            "for (a = 0; a < 8; a++) if (buf[a]) buf[a] = 2;",
        ] {
            let src = format!(
                "extern void reach_error(void);\n\
                 extern char __VERIFIER_nondet_char(void);\n\
                 char buf[8];\n\
                 int main(void) {{ int a; {body} reach_error(); return 0; }}"
            );
            let prog = load_text("other.c", src, &LoadOptions::default()).expect("loads");
            let main = prog.func_by_name("main").expect("main");
            let (_, exit) = edge_with(&prog, main, "a >=");
            let path = walk(&prog, main, &[exit]);
            let n = normalize(&prog, &path);
            assert!(n.path.is_none() && n.headers.is_empty(), "{body}");
        }
    }
}
