//! Initial predicates at the calls of observed functions: a rule that keeps a pointer the
//! program passed (`spin1 = $1`) and later compares an argument with it (`$1 == spin1`)
//! proves a program correct only through facts about the *caller's* expressions
//! (`slic_spin1 == &dev->lock`): the handler's own predicate, over `$1`, holds only inside
//! the wrapper. So each such comparison of a handler — an equality of pointers between an
//! argument `$k` and state variables — is also proposed, at every direct call of the
//! observed function, with the call's k-th argument in place of `$k`, scoped to the
//! caller (global when the argument is a global's address); an argument that reads no
//! frame variable (`&lk`) is also proposed in the callee (`$1 == &lk`). Only precision
//! changes: predicates never make an abstraction unsound.

use rustc_hash::FxHashSet as HashSet;

use slamrs_abstraction::c2bp::{expr_vars, subst_var};
use slamrs_abstraction::cir::{BinOp, Callee, Expr, ExprKind, FuncId, Program, Stmt, VarId};

/// The caller-side versions of the pointer equalities among `preds` (each with the
/// function it is scoped to) that compare one argument `$k` of a wrapper or spliced
/// function with state variables, one per direct call of that function.
pub fn at_call_sites(prog: &Program, preds: &[(FuncId, Expr)]) -> Vec<(FuncId, Expr)> {
    // (observed function, its `$k` variable, k, the predicate)
    let mut by_callee: Vec<(FuncId, VarId, usize, Expr)> = Vec::new();
    for (f, e) in preds {
        if let Some((v, k)) = argument_comparison(prog, *f, e) {
            by_callee.push((*f, v, k, e.clone()));
        }
    }
    if by_callee.is_empty() {
        return Vec::new();
    }
    let mut seen: HashSet<(FuncId, Expr)> = HashSet::default();
    let mut out = Vec::new();
    // in a body the handlers were spliced into, `$k` is a copy of the k-th parameter made
    // on entry: the comparison over the parameter is what the caller's facts reach
    let mut over_params = Vec::new();
    for (f, v, k, e) in &by_callee {
        let (f, v, k) = (*f, *v, *k);
        let Some(&param) = prog.func(f).params.get(k - 1) else {
            continue;
        };
        if param != v && prog.func(f).body.is_some() && prog.var(param).ty == prog.var(v).ty {
            let read = super::emit::read_var(prog, param);
            let p = subst_var(e, v, &read);
            over_params.push((f, param, k, p.clone()));
            // and the copy is the parameter (the handlers assign state from the copy)
            let same = Expr {
                kind: ExprKind::Binary(
                    BinOp::Eq,
                    Box::new(super::emit::read_var(prog, v)),
                    Box::new(read),
                ),
                ty: e.ty,
            };
            for p in [p, same] {
                if seen.insert((f, p.clone())) {
                    out.push((f, p));
                }
            }
        }
    }
    by_callee.extend(over_params);
    for g in prog.func_ids() {
        let Some(body) = &prog.func(g).body else {
            continue;
        };
        for (_, edge) in body.edges() {
            let Stmt::Call {
                callee: Callee::Direct(callee),
                args,
                ..
            } = &edge.stmt
            else {
                continue;
            };
            for (_, v, k, e) in by_callee.iter().filter(|(f, ..)| f == callee) {
                let (v, k) = (*v, *k);
                let Some(arg) = args.get(k - 1) else {
                    continue;
                };
                if !prog.types.is_pointer(arg.ty) {
                    continue;
                }
                let p = subst_var(e, v, arg);
                if seen.insert((g, p.clone())) {
                    out.push((g, p));
                }
                // an argument of static storage only (`&lk`) is named in the callee too
                if let Some(p) = argument_is(prog, e, v, arg) {
                    if seen.insert((*callee, p.clone())) {
                        out.push((*callee, p));
                    }
                }
            }
        }
    }
    out
}

/// For the comparison `e` of `$k` (the variable `v`) with state, and an argument `arg`
/// that reads no frame variable: `$k == arg`, in the type the comparison gives `$k`.
fn argument_is(prog: &Program, e: &Expr, v: VarId, arg: &Expr) -> Option<Expr> {
    let ExprKind::Binary(op, a, b) = &e.kind else {
        return None;
    };
    let mut vars = Vec::new();
    expr_vars(arg, &mut vars);
    if vars.iter().any(|&w| !prog.var(w).is_static_storage()) {
        return None;
    }
    let mut in_a = Vec::new();
    expr_vars(a, &mut in_a);
    let side = if in_a.contains(&v) { a } else { b };
    let arg = if arg.ty == side.ty {
        arg.clone()
    } else {
        Expr {
            kind: ExprKind::Cast(Box::new(arg.clone())),
            ty: side.ty,
        }
    };
    Some(Expr {
        kind: ExprKind::Binary(*op, side.clone(), Box::new(arg)),
        ty: e.ty,
    })
}

/// For `a == b` over pointers in `f` that reads exactly one argument variable — the k-th
/// parameter of `f` (handlers spliced into a body read the parameter itself) or a variable
/// named `$k` (a wrapper's parameter, or the copy of one) — and otherwise static-storage
/// variables only (at least one): that variable and k.
fn argument_comparison(prog: &Program, f: FuncId, e: &Expr) -> Option<(VarId, usize)> {
    let ExprKind::Binary(BinOp::Eq, a, b) = &e.kind else {
        return None;
    };
    if !prog.types.is_pointer(a.ty) || !prog.types.is_pointer(b.ty) {
        return None;
    }
    let mut vars = Vec::new();
    expr_vars(e, &mut vars);
    vars.sort();
    vars.dedup();
    let mut arg = None;
    let mut globals = 0;
    for v in vars {
        let var = prog.var(v);
        if var.is_static_storage() {
            globals += 1;
            continue;
        }
        let k = match prog.func(f).params.iter().position(|&p| p == v) {
            Some(i) => i + 1,
            None => var.name.strip_prefix('$')?.parse::<usize>().ok()?,
        };
        if k == 0 || arg.is_some() {
            return None;
        }
        arg = Some((v, k));
    }
    arg.filter(|_| globals > 0)
}
