//! Candidate loop invariants, for when refinement keeps unrolling a loop: predicates
//! Newton's weakest preconditions of one unrolling do not give (`j == 2 * n - 4` after two
//! iterations, then `j == 2 * n - 6`, ...), but a proof over all iterations needs.
//!
//! For each loop (a strongly connected part of a function's CFG) the *counters* are the
//! scalar variables not in memory that the loop changes only by constant steps (`x = x + c`,
//! `x = x - c`). Candidates:
//! - for two counters `x`, `y` with steps `cx`, `cy`: `cy * x - cx * y == k`, where `k` is the
//!   same combination of their values before the loop (the right-hand sides of their only
//!   assignments outside the loop, when those read nothing the loop changes): `j == 2 * i`
//!   for `i += 1; j += 2` from `i = j = 0`, `x + y == n` for `x -= 1; y += 1` from `x = n`,
//!   `y = 0`;
//! - for a counter `x` stepping by 1 toward a bound in a loop condition (`x < e`, `x <= e`,
//!   `x > e`, `x >= e`, with `e` unchanged by the loop): that it does not pass the bound
//!   (`x <= e`, `x <= e + 1`, `x >= e`, `x >= e - 1`).
//!
//! The candidates are predicates like any other: c2bp decides what they say at each point,
//! so a wrong guess costs precision nowhere and only some abstraction time.

use crate::path::CirPath;
use slamrs_abstraction::analysis::scc::{is_cyclic, sccs};
use slamrs_abstraction::cir::{
    BinOp, Body, Expr, ExprKind, FuncId, Lval, NodeId, Program, Stmt, VarId,
};
use std::collections::{BTreeMap, BTreeSet};

/// Candidate invariants of the loops of the functions `path` runs through, each with the
/// function it belongs to.
pub fn candidates(prog: &Program, path: &CirPath) -> Vec<(FuncId, Expr)> {
    let funcs: BTreeSet<FuncId> = path.steps.iter().map(|s| s.func).collect();
    let mut out = Vec::new();
    for f in funcs {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for scc in loops(body) {
            let (cands, inits) = loop_candidates(prog, body, &scc);
            let mut assigns: Vec<(VarId, Expr)> = Vec::new();
            for &n in &scc {
                for e in &body.node(n).edges {
                    if let Stmt::Assign {
                        lhs: Lval::Var(x),
                        rhs,
                    } = &e.stmt
                    {
                        assigns.push((*x, rhs.clone()));
                    }
                }
            }
            assigns.extend(inits);
            for e in cands {
                for w in through(&assigns, e) {
                    out.push((f, w));
                }
            }
        }
    }
    out
}

/// Most forms one candidate takes inside its loop.
const MAX_FORMS: usize = 8;

/// `phi` and its weakest preconditions through `assigns` (the loop's assignments to
/// variables and the counters' initializations), up to [`MAX_FORMS`] forms: the candidate
/// holds at the loop head; between two statements of the body it holds in the form the
/// remaining statements make true (`2 * i == j + 2` between `i = i + 1` and `j = j + 2`);
/// between the initializations, in the form the later ones make true (`2 * i == 0` before
/// `j = 0`).
fn through(assigns: &[(VarId, Expr)], phi: Expr) -> Vec<Expr> {
    let mut forms = vec![phi];
    let mut k = 0;
    while k < forms.len() && forms.len() < MAX_FORMS {
        let cur = forms[k].clone();
        k += 1;
        for (x, rhs) in assigns {
            let next = slamrs_abstraction::c2bp::subst_var(&cur, *x, rhs);
            if next != cur && !forms.contains(&next) && forms.len() < MAX_FORMS {
                forms.push(next);
            }
        }
    }
    forms
}

/// The value `x` has when the loop `scc` is entered: the loop must have one entry edge, and
/// walking back from it through edges whose source node has one predecessor must meet an
/// assignment `x = e` (with `e` reading nothing the loop writes) before any other write
/// of `x` or a join.
fn reaching_value(
    body: &Body,
    scc: &BTreeSet<NodeId>,
    x: VarId,
    written: &BTreeSet<VarId>,
) -> Option<Expr> {
    let mut into: Vec<Vec<(NodeId, usize)>> = vec![Vec::new(); body.nodes.len()];
    let mut entries = Vec::new();
    for (i, n) in body.nodes.iter().enumerate() {
        let from = NodeId(i as u32);
        for (k, e) in n.edges.iter().enumerate() {
            into[e.to.0 as usize].push((from, k));
            if !scc.contains(&from) && scc.contains(&e.to) {
                entries.push((from, k));
            }
        }
    }
    let [mut at] = entries[..] else {
        return None;
    };
    for _ in 0..body.nodes.len() {
        let stmt = &body.node(at.0).edges[at.1].stmt;
        if assigned_var(stmt) == Some(x) {
            return match stmt {
                Stmt::Assign { rhs, .. } if !reads_any(rhs, written) => Some(rhs.clone()),
                _ => None,
            };
        }
        let [prev] = into[at.0 .0 as usize][..] else {
            return None;
        };
        at = prev;
    }
    None
}

/// The strongly connected components of the CFG that contain a cycle.
pub(crate) fn loops(body: &Body) -> Vec<BTreeSet<NodeId>> {
    let succ: Vec<Vec<usize>> = body
        .nodes
        .iter()
        .map(|n| n.edges.iter().map(|e| e.to.0 as usize).collect())
        .collect();
    sccs(&succ)
        .into_iter()
        .filter(|c| is_cyclic(&succ, c))
        .map(|c| c.into_iter().map(|v| NodeId(v as u32)).collect())
        .collect()
}

/// The variable a statement assigns, if it assigns a whole variable.
pub(crate) fn assigned_var(stmt: &Stmt) -> Option<VarId> {
    let lhs = match stmt {
        Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => lhs,
        Stmt::Call { lhs: Some(lhs), .. } => lhs,
        _ => return None,
    };
    match lhs {
        Lval::Var(x) => Some(*x),
        _ => None,
    }
}

/// `x + c` / `x - c` with `x` the assigned variable: the step `c`.
pub(crate) fn step_of(x: VarId, rhs: &Expr) -> Option<i128> {
    let ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) = &rhs.kind else {
        return None;
    };
    let ExprKind::Read(l) = &a.kind else {
        return None;
    };
    let ExprKind::Int(c) = b.kind else {
        return None;
    };
    (**l == Lval::Var(x)).then_some(if *op == BinOp::Add { c } else { -c })
}

fn read(v: VarId, ty: slamrs_abstraction::cir::Ty) -> Expr {
    Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(v))),
        ty,
    }
}

fn reads_any(e: &Expr, vars: &BTreeSet<VarId>) -> bool {
    let mut vs = Vec::new();
    slamrs_abstraction::c2bp::expr_vars(e, &mut vs);
    vs.iter().any(|v| vars.contains(v))
}

/// The candidates of one loop, and the counters' initializations (variable, value).
fn loop_candidates(
    prog: &Program,
    body: &Body,
    scc: &BTreeSet<NodeId>,
) -> (Vec<Expr>, Vec<(VarId, Expr)>) {
    let tracked = |v: VarId| {
        let var = prog.var(v);
        !var.addr_taken && prog.types.as_int(var.ty).is_some_and(|k| !k.is_bool)
    };
    // what the loop writes, and the steps of the counters
    let mut written: BTreeSet<VarId> = BTreeSet::new();
    let mut steps: BTreeMap<VarId, Option<i128>> = BTreeMap::new();
    let mut conds: Vec<Expr> = Vec::new();
    for &n in scc {
        for e in &body.node(n).edges {
            if let Stmt::Assume(c) = &e.stmt {
                conds.push(c.clone());
            }
            let Some(x) = assigned_var(&e.stmt) else {
                continue;
            };
            written.insert(x);
            let s = match &e.stmt {
                Stmt::Assign { rhs, .. } => step_of(x, rhs),
                _ => None,
            };
            let entry = steps.entry(x).or_insert(s);
            if *entry != s {
                *entry = None; // changed by different steps: not a counter
            }
        }
    }
    // candidates are comparisons, of the type the loop's conditions have
    let Some(cty) = conds.first().map(|c| c.ty) else {
        return (Vec::new(), Vec::new());
    };
    let counters: Vec<(VarId, i128)> = steps
        .iter()
        .filter_map(|(&x, s)| s.filter(|&c| c != 0 && tracked(x)).map(|c| (x, c)))
        .collect();
    // the value each counter starts from: its only assignment outside the loop
    let mut init: BTreeMap<VarId, Option<Expr>> = BTreeMap::new();
    for (n, e) in body.edges() {
        let Some(x) = assigned_var(&e.stmt).filter(|x| !scc.contains(&n) && steps.contains_key(x))
        else {
            continue;
        };
        let v = match &e.stmt {
            Stmt::Assign { rhs, .. } if !reads_any(rhs, &written) => Some(rhs.clone()),
            _ => None,
        };
        init.entry(x).and_modify(|old| *old = None).or_insert(v);
    }
    // several assignments outside the loop (`int x;` havocs before `x = n;`): the one that
    // reaches the loop's entry, when a straight walk back from it finds one
    for (&x, v) in init.iter_mut() {
        if v.is_none() {
            *v = reaching_value(body, scc, x, &written);
        }
    }
    let mut preds: Vec<Expr> = Vec::new();
    let int = |n: i128, ty| Expr {
        kind: ExprKind::Int(n),
        ty,
    };
    let bin = |op, a: Expr, b: Expr, ty| Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty,
    };
    let scaled = |c: i128, e: Expr, ty| {
        if c == 1 {
            e
        } else {
            bin(BinOp::Mul, int(c, ty), e, ty)
        }
    };
    // pairs of counters: cy * x - cx * y == cy * x0 - cx * y0
    for (i, &(x, cx)) in counters.iter().enumerate() {
        for &(y, cy) in &counters[i + 1..] {
            let (tx, ty_) = (prog.var(x).ty, prog.var(y).ty);
            if tx != ty_ {
                continue;
            }
            let (Some(Some(x0)), Some(Some(y0))) = (init.get(&x), init.get(&y)) else {
                continue;
            };
            let lhs = bin(
                BinOp::Sub,
                scaled(cy, read(x, tx), tx),
                scaled(cx, read(y, tx), tx),
                tx,
            );
            let rhs = bin(
                BinOp::Sub,
                scaled(cy, x0.clone(), tx),
                scaled(cx, y0.clone(), tx),
                tx,
            );
            preds.push(bin(BinOp::Eq, lhs, rhs, cty));
        }
    }
    // bounds: a counter stepping by one toward a bound the loop does not change
    for c in &conds {
        let ExprKind::Binary(op, a, b) = &c.kind else {
            continue;
        };
        let ExprKind::Read(l) = &a.kind else {
            continue;
        };
        let Lval::Var(x) = **l else {
            continue;
        };
        let Some(&(_, cx)) = counters.iter().find(|(v, _)| *v == x) else {
            continue;
        };
        if reads_any(b, &written) || a.ty != b.ty {
            continue;
        }
        let t = a.ty;
        let bound = match (op, cx) {
            (BinOp::Lt, 1) => Some((BinOp::Le, (**b).clone())),
            (BinOp::Le, 1) => Some((BinOp::Le, bin(BinOp::Add, (**b).clone(), int(1, t), t))),
            (BinOp::Gt, -1) => Some((BinOp::Ge, (**b).clone())),
            (BinOp::Ge, -1) => Some((BinOp::Ge, bin(BinOp::Sub, (**b).clone(), int(1, t), t))),
            _ => None,
        };
        if let Some((bop, e)) = bound {
            preds.push(bin(bop, (**a).clone(), e, c.ty));
        }
    }
    let inits = init
        .into_iter()
        .filter_map(|(x, v)| {
            v.filter(|_| counters.iter().any(|(c, _)| *c == x))
                .map(|v| (x, v))
        })
        .collect();
    (preds, inits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::path::PathStep;
    use slamrs_abstraction::cir::print;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    /// The candidates of `main`'s loops, simplified as refinement adds them.
    fn candidates_of(src: &str) -> Vec<String> {
        let prog = load_text("t.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let body = prog.func(main).body.as_ref().expect("body");
        let path = CirPath {
            steps: vec![PathStep {
                func: main,
                node: body.entry,
                edge: 0,
                depth: 0,
                callee: None,
            }],
            ..Default::default()
        };
        candidates(&prog, &path)
            .into_iter()
            .map(|(_, e)| {
                let e = crate::discover::normalize(crate::linear::simplify_atom(&prog, e));
                print::expr(&prog, &e)
            })
            .collect()
    }

    #[test]
    fn a_counter_declared_without_a_value_starts_from_its_assignment_before_the_loop() {
        // `int x;` havocs `x` before `x = n;`: the value reaching the loop is `n`
        let found = candidates_of(
            "extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    x = n;
    while (x > 0) { x--; y++; }
    return y;
}",
        );
        assert!(found.iter().any(|c| c == "x + y == n"), "{found:?}");
    }

    #[test]
    fn no_start_value_when_two_assignments_reach_the_loop() {
        let found = candidates_of(
            "extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    int x, y = 0;
    if (n > 5) x = n; else x = 5;
    while (x > 0) { x--; y++; }
    return y;
}",
        );
        assert!(
            !found
                .iter()
                .any(|c| c.contains("y ==") || c.contains("== y")),
            "{found:?}"
        );
    }
}
