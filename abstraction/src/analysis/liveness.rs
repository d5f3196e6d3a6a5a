//! Backward liveness of a function's own variables (parameters, locals, temporaries) at
//! every CFG node.
//!
//! A variable is live at a node if some path from the node reads it before writing all of
//! it. Only a write of the whole variable (`v = ...`, havoc, allocation or call result into
//! `v`) kills it; a write to a field or element does not. Variables whose address is taken
//! (flagged by lowering, or appearing under `&` in the body) may be read through pointers at
//! any time, so they are conservatively live everywhere.

use crate::cir::{Callee, Expr, ExprKind, FuncId, Lval, NodeId, Program, Stmt, VarId};
use std::collections::BTreeSet;

/// Liveness facts of one function.
#[derive(Clone, Debug, Default)]
pub struct Liveness {
    /// Live variables on entry to each node.
    live: Vec<BTreeSet<VarId>>,
    /// The function's variables that are live everywhere.
    always: BTreeSet<VarId>,
    empty: BTreeSet<VarId>,
}

impl Liveness {
    /// Liveness for `func` (empty facts for a function without a body).
    pub fn compute(prog: &Program, func: FuncId) -> Liveness {
        let Some(f) = prog.functions.get(func.0 as usize) else {
            return Liveness::default();
        };
        let Some(body) = &f.body else {
            return Liveness::default();
        };
        let own: BTreeSet<VarId> = f.params.iter().chain(&f.locals).copied().collect();
        let mut always: BTreeSet<VarId> = own
            .iter()
            .copied()
            .filter(|v| prog.vars.get(v.0 as usize).is_some_and(|x| x.addr_taken))
            .collect();
        for (_, e) in body.edges() {
            addr_taken_in_stmt(&e.stmt, &mut always);
        }
        always.retain(|v| own.contains(v));

        // Per edge: (source, target, uses, must-defs), restricted to own variables.
        let n = body.nodes.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        let mut edges = Vec::new();
        for (from, e) in body.edges() {
            let (mut uses, mut defs) = (BTreeSet::new(), BTreeSet::new());
            stmt_use_def(&e.stmt, &mut uses, &mut defs);
            uses.retain(|v| own.contains(v));
            defs.retain(|v| own.contains(v) && !always.contains(v));
            let to = e.to.0 as usize;
            if to < n {
                preds[to].push(edges.len());
            }
            edges.push((from.0 as usize, to, uses, defs));
        }
        let mut out_edges: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, (from, _, _, _)) in edges.iter().enumerate() {
            out_edges[*from].push(i);
        }
        let mut live: Vec<BTreeSet<VarId>> = vec![always.clone(); n];
        let mut work: Vec<usize> = (0..n).collect();
        let mut queued = vec![true; n];
        while let Some(node) = work.pop() {
            queued[node] = false;
            let mut new = always.clone();
            for &ei in &out_edges[node] {
                let (_, to, uses, defs) = &edges[ei];
                new.extend(uses.iter().copied());
                if let Some(after) = live.get(*to) {
                    new.extend(after.iter().filter(|v| !defs.contains(v)).copied());
                }
            }
            if new != live[node] {
                live[node] = new;
                for &ei in &preds[node] {
                    let p = edges[ei].0;
                    if !queued[p] {
                        queued[p] = true;
                        work.push(p);
                    }
                }
            }
        }
        Liveness {
            live,
            always,
            empty: BTreeSet::new(),
        }
    }

    /// Variables live on entry to `node`.
    pub fn live_at(&self, node: NodeId) -> &BTreeSet<VarId> {
        self.live.get(node.0 as usize).unwrap_or(&self.empty)
    }

    /// True if `v` is live on entry to `node`.
    pub fn is_live(&self, node: NodeId, v: VarId) -> bool {
        self.live_at(node).contains(&v)
    }

    /// The function's variables considered live everywhere (address taken).
    pub fn always_live(&self) -> &BTreeSet<VarId> {
        &self.always
    }
}

/// Variables read by `s`, and variables it overwrites entirely.
pub fn stmt_use_def(s: &Stmt, uses: &mut BTreeSet<VarId>, defs: &mut BTreeSet<VarId>) {
    match s {
        Stmt::Skip | Stmt::Error | Stmt::Return(None) | Stmt::Halt { code: None } => {}
        Stmt::Assign { lhs, rhs } => {
            expr_uses(rhs, uses);
            lhs_use_def(lhs, uses, defs);
        }
        Stmt::Assume(e) | Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => {
            expr_uses(e, uses)
        }
        Stmt::Havoc { lhs, .. } => lhs_use_def(lhs, uses, defs),
        Stmt::Alloc { lhs, size, .. } => {
            expr_uses(size, uses);
            lhs_use_def(lhs, uses, defs);
        }
        Stmt::Call { lhs, callee, args } => {
            if let Callee::Indirect(e) = callee {
                expr_uses(e, uses);
            }
            for a in args {
                expr_uses(a, uses);
            }
            if let Some(l) = lhs {
                lhs_use_def(l, uses, defs);
            }
        }
    }
}

/// A written lvalue: a whole variable is defined; otherwise its address computation is read.
fn lhs_use_def(lv: &Lval, uses: &mut BTreeSet<VarId>, defs: &mut BTreeSet<VarId>) {
    match lv {
        Lval::Var(v) => {
            defs.insert(*v);
        }
        _ => lval_addr_uses(lv, uses),
    }
}

/// Variables read by evaluating `e`.
pub fn expr_uses(e: &Expr, uses: &mut BTreeSet<VarId>) {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Read(lv) => {
            if let Some(v) = lv.base_var() {
                uses.insert(v);
            }
            lval_addr_uses(lv, uses);
        }
        ExprKind::AddrOf(lv) => lval_addr_uses(lv, uses),
        ExprKind::Unary(_, x) | ExprKind::Cast(x) => expr_uses(x, uses),
        ExprKind::Binary(_, a, b) => {
            expr_uses(a, uses);
            expr_uses(b, uses);
        }
    }
}

/// Variables read to compute the address of `lv` (pointers dereferenced, indices).
fn lval_addr_uses(lv: &Lval, uses: &mut BTreeSet<VarId>) {
    match lv {
        Lval::Var(_) => {}
        Lval::Deref(e) => expr_uses(e, uses),
        Lval::Field(b, _, _) => lval_addr_uses(b, uses),
        Lval::Index(b, i) => {
            lval_addr_uses(b, uses);
            expr_uses(i, uses);
        }
    }
}

fn addr_taken_in_stmt(s: &Stmt, out: &mut BTreeSet<VarId>) {
    let mut exprs: Vec<&Expr> = Vec::new();
    let mut lvals: Vec<&Lval> = Vec::new();
    match s {
        Stmt::Skip | Stmt::Error | Stmt::Return(None) | Stmt::Halt { code: None } => {}
        Stmt::Assign { lhs, rhs } => {
            lvals.push(lhs);
            exprs.push(rhs);
        }
        Stmt::Assume(e) | Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => exprs.push(e),
        Stmt::Havoc { lhs, .. } => lvals.push(lhs),
        Stmt::Alloc { lhs, size, .. } => {
            lvals.push(lhs);
            exprs.push(size);
        }
        Stmt::Call { lhs, callee, args } => {
            lvals.extend(lhs);
            if let Callee::Indirect(e) = callee {
                exprs.push(e);
            }
            exprs.extend(args);
        }
    }
    for e in exprs {
        addr_taken_in_expr(e, out);
    }
    for l in lvals {
        addr_taken_in_lval(l, out);
    }
}

fn addr_taken_in_expr(e: &Expr, out: &mut BTreeSet<VarId>) {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Read(lv) => addr_taken_in_lval(lv, out),
        ExprKind::AddrOf(lv) => {
            if let Some(v) = lv.base_var() {
                out.insert(v);
            }
            addr_taken_in_lval(lv, out);
        }
        ExprKind::Unary(_, x) | ExprKind::Cast(x) => addr_taken_in_expr(x, out),
        ExprKind::Binary(_, a, b) => {
            addr_taken_in_expr(a, out);
            addr_taken_in_expr(b, out);
        }
    }
}

fn addr_taken_in_lval(lv: &Lval, out: &mut BTreeSet<VarId>) {
    match lv {
        Lval::Var(_) => {}
        Lval::Deref(e) => addr_taken_in_expr(e, out),
        Lval::Field(b, _, _) => addr_taken_in_lval(b, out),
        Lval::Index(b, i) => {
            addr_taken_in_lval(b, out);
            addr_taken_in_expr(i, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_util::B;
    use crate::cir::{BinOp, HavocKind};

    fn vars<const N: usize>(xs: [VarId; N]) -> BTreeSet<VarId> {
        xs.into_iter().collect()
    }

    #[test]
    fn loop_keeps_its_variables_live() {
        // f(n) { i = 0; s = 0; t = 5; while (i < n) { s = s + i; i = i + 1; } return s; }
        // nodes: 0 -i=0-> 1 -s=0-> 2 -t=5-> 3 (loop head)
        //        3 -assume(i<n)-> 4 -s=s+i-> 5 -i=i+1-> 3
        //        3 -assume(!(i<n))-> 6 -return s-> 7 (exit); 8 halt
        let mut b = B::new();
        let int = b.int();
        let f = b.func("f", int, &[("n", int)]);
        let n = b.param(f, 0);
        let i = b.local(f, "i", int);
        let s = b.local(f, "s", int);
        let t = b.local(f, "t", int);
        let bin = |op, a: Expr, c: Expr| Expr {
            kind: ExprKind::Binary(op, Box::new(a), Box::new(c)),
            ty: int,
        };
        let (z1, z2, five, one) = (b.num(0), b.num(0), b.num(5), b.num(1));
        let lt = bin(BinOp::Lt, b.rdv(i), b.rdv(n));
        let ge = bin(BinOp::Ge, b.rdv(i), b.rdv(n));
        let edges = vec![
            (0, b.assign(b.v(i), z1), 1),
            (1, b.assign(b.v(s), z2), 2),
            (2, b.assign(b.v(t), five), 3),
            (3, Stmt::Assume(lt), 4),
            (4, b.assign(b.v(s), bin(BinOp::Add, b.rdv(s), b.rdv(i))), 5),
            (5, b.assign(b.v(i), bin(BinOp::Add, b.rdv(i), one)), 3),
            (3, Stmt::Assume(ge), 6),
            (6, b.ret(Some(b.rdv(s))), 7),
        ];
        b.cfg(f, 9, 0, 7, edges);
        let l = Liveness::compute(&b.p, f);
        assert_eq!(l.live_at(NodeId(0)), &vars([n]));
        assert_eq!(l.live_at(NodeId(1)), &vars([n, i]));
        assert_eq!(l.live_at(NodeId(3)), &vars([n, i, s]));
        assert_eq!(l.live_at(NodeId(4)), &vars([n, i, s]));
        assert_eq!(l.live_at(NodeId(5)), &vars([n, i, s]));
        assert_eq!(l.live_at(NodeId(6)), &vars([s]));
        assert!(l.live_at(NodeId(7)).is_empty());
        assert!(!l.is_live(NodeId(3), t));
    }

    #[test]
    fn address_taken_and_partial_writes() {
        let mut b = B::new();
        let int = b.int();
        let ip = b.ptr(int);
        let (st, stt) = b.strukt("S", false, &[("a", int), ("b", int)]);
        let f = b.func("f", int, &[]);
        let x = b.local(f, "x", int);
        let p = b.local(f, "p", ip);
        let s = b.local(f, "s", stt);
        let y = b.local(f, "y", int);
        let ax = b.addr(b.v(x));
        // The builder flags x; clear the flag to check the body scan finds `&x` too.
        b.p.vars[x.0 as usize].addr_taken = false;
        let one = b.num(1);
        let body = vec![
            b.assign(b.v(p), ax),
            b.assign(b.field(b.v(s), st, 0), one),
            Stmt::Havoc {
                lhs: b.v(y),
                why: HavocKind::Uninit,
            },
            b.ret(Some(b.rd(b.field(b.v(s), st, 1)))),
        ];
        b.body(f, body);
        let l = Liveness::compute(&b.p, f);
        assert_eq!(l.always_live(), &vars([x]));
        // s.a = 1 does not kill s: s.b is read later.
        assert_eq!(l.live_at(NodeId(1)), &vars([x, s]));
        assert_eq!(l.live_at(NodeId(0)), &vars([x, s]));
        assert_eq!(l.live_at(NodeId(3)), &vars([x, s]));
        assert_eq!(l.live_at(NodeId(4)), &vars([x]));
    }
}
