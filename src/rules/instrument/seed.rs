//! Initial predicates at the calls of observed functions: a rule that keeps a pointer the
//! program passed (`spin1 = $1`) and later compares an argument with it (`$1 == spin1`)
//! proves a program correct only through facts about the *caller's* expressions
//! (`slic_spin1 == &dev->lock`): the handler's own predicate, over `$1`, holds only inside
//! the wrapper. So each such comparison of a handler — an equality of pointers between an
//! argument `$k` and state variables — is also proposed, at every direct call of the
//! observed function, with the call's k-th argument in place of `$k`, scoped to the
//! caller (global when the argument is a global's address); an argument that reads no
//! frame variable (`&lk`) is also proposed in the callee (`$1 == &lk`).
//!
//! An argument that is a temporary holding the result of an accessor (a function that
//! only returns an expression over its parameters: Linux's `spin_lock_irqsave(l, f)`
//! passes `spinlock_check(l)`, which returns `&l->rlock`) is replaced by that expression
//! over the accessor's arguments, which outlives the temporary; the caller also gets
//! `temporary == value`, and the accessor `\result == its expression`, which carry the
//! fact across the accessor's return.
//!
//! One call up only: carrying the caller-side comparisons on to the callers' callers made
//! a nested-locks check stall where it did not, and the kernel's wrappers need no more
//! (the rules observe their own entries). Only precision changes: predicates never make an
//! abstraction unsound.

use rustc_hash::FxHashSet as HashSet;

use slamrs_abstraction::c2bp::{expr_vars, subst_var};
use slamrs_abstraction::cir::{BinOp, Callee, Expr, ExprKind, FuncId, Lval, Program, Stmt, VarId};

/// The caller-side versions of the pointer equalities among `preds` (each with the
/// function it is scoped to) that compare one argument `$k` of a wrapper or spliced
/// function with state variables, one per direct call of that function; and for each
/// accessor whose value replaced an argument, what it returns.
pub fn at_call_sites(prog: &mut Program, preds: &[(FuncId, Expr)]) -> Vec<(FuncId, Expr)> {
    let mut seen: HashSet<(FuncId, Expr)> = preds.iter().cloned().collect();
    let mut accessors = Vec::new();
    let mut out = one_call_up(prog, preds, &mut seen, &mut accessors);
    // each accessor whose value a comparison used says what it returns
    accessors.sort();
    accessors.dedup();
    for h in accessors {
        if let Some(value) = returned_expression(prog, h) {
            let r = slamrs_abstraction::c2bp::result_var(prog, h);
            let ty = prog.types.int();
            let result = super::emit::read_var(prog, r);
            out.push((h, equal(result, value, ty)));
        }
    }
    out
}

/// The predicates proposed so far (each once, with its scope), in order.
struct Proposed<'a> {
    seen: &'a mut HashSet<(FuncId, Expr)>,
    out: Vec<(FuncId, Expr)>,
}

impl Proposed<'_> {
    fn add(&mut self, f: FuncId, p: Expr) {
        if self.seen.insert((f, p.clone())) {
            self.out.push((f, p));
        }
    }
}

/// `a == b`, typed `ty`.
fn equal(a: Expr, b: Expr, ty: slamrs_abstraction::cir::Ty) -> Expr {
    Expr {
        kind: ExprKind::Binary(BinOp::Eq, Box::new(a), Box::new(b)),
        ty,
    }
}

/// The caller-side versions of `preds` one call up (those not in `seen`, added to it).
fn one_call_up(
    prog: &Program,
    preds: &[(FuncId, Expr)],
    seen: &mut HashSet<(FuncId, Expr)>,
    accessors: &mut Vec<FuncId>,
) -> Vec<(FuncId, Expr)> {
    // (observed function, its `$k` variable, k, the predicate)
    let mut by_callee: Vec<(FuncId, VarId, usize, Expr)> = preds
        .iter()
        .filter_map(|(f, e)| argument_comparison(prog, *f, e).map(|(v, k)| (*f, v, k, e.clone())))
        .collect();
    if by_callee.is_empty() {
        return Vec::new();
    }
    let mut proposed = Proposed {
        seen,
        out: Vec::new(),
    };
    let over_params = over_parameters(prog, &by_callee, &mut proposed);
    by_callee.extend(over_params);
    for g in prog.func_ids() {
        let Some(body) = &prog.func(g).body else {
            continue;
        };
        for (_, edge) in body.edges() {
            if let Stmt::Call {
                callee: Callee::Direct(callee),
                args,
                ..
            } = &edge.stmt
            {
                for (_, v, k, e) in by_callee.iter().filter(|(f, ..)| f == callee) {
                    let site = CallSite {
                        caller: g,
                        callee: *callee,
                        args,
                    };
                    at_call(prog, &site, (*v, *k, e), &mut proposed, accessors);
                }
            }
        }
    }
    proposed.out
}

/// In a body the handlers were spliced into, `$k` is a copy of the k-th parameter made on
/// entry: the comparison over the parameter is what the caller's facts reach (proposed,
/// with `$k == parameter`); those comparisons, to be carried to the calls too.
fn over_parameters(
    prog: &Program,
    by_callee: &[(FuncId, VarId, usize, Expr)],
    proposed: &mut Proposed,
) -> Vec<(FuncId, VarId, usize, Expr)> {
    let mut over_params = Vec::new();
    for (f, v, k, e) in by_callee {
        let (f, v, k) = (*f, *v, *k);
        let Some(&param) = prog.func(f).params.get(k - 1) else {
            continue;
        };
        if param != v && prog.func(f).body.is_some() && prog.var(param).ty == prog.var(v).ty {
            let read = super::emit::read_var(prog, param);
            let p = subst_var(e, v, &read);
            over_params.push((f, param, k, p.clone()));
            proposed.add(f, p);
            // and the copy is the parameter (the handlers assign state from the copy)
            proposed.add(f, equal(super::emit::read_var(prog, v), read, e.ty));
        }
    }
    over_params
}

/// A direct call of an observed (or spliced) function.
struct CallSite<'a> {
    caller: FuncId,
    callee: FuncId,
    args: &'a [Expr],
}

/// The comparison `e` of the callee's `$k` (the variable `v`), proposed at one call with
/// the call's k-th argument in its place (through an accessor's value where the argument
/// holds one), and in the callee when the argument is of static storage only.
fn at_call(
    prog: &Program,
    site: &CallSite,
    (v, k, e): (VarId, usize, &Expr),
    proposed: &mut Proposed,
    accessors: &mut Vec<FuncId>,
) {
    let Some(arg) = site.args.get(k - 1) else {
        return;
    };
    if !prog.types.is_pointer(arg.ty) {
        return;
    }
    let value = accessor_value(prog, site.caller, arg).map(|(value, h)| {
        accessors.push(h);
        value
    });
    if let Some(value) = &value {
        // the temporary is the accessor's value, from the call on
        proposed.add(site.caller, equal(arg.clone(), value.clone(), e.ty));
    }
    let arg = value.as_ref().unwrap_or(arg);
    proposed.add(site.caller, without_deref_of_address(&subst_var(e, v, arg)));
    // an argument of static storage only (`&lk`) is named in the callee too
    if let Some(p) = argument_is(prog, e, v, arg) {
        proposed.add(site.callee, p);
    }
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
    let mut inner = &**side;
    while let ExprKind::Cast(x) = &inner.kind {
        inner = x;
    }
    if !matches!(&inner.kind, ExprKind::Read(lv) if **lv == Lval::Var(v)) {
        return None;
    }
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

/// When `arg` reads a frame variable of `g` that `g` assigns exactly once, from a call of
/// an accessor: the accessor's returned expression over that call's arguments.
fn accessor_value(prog: &Program, g: FuncId, arg: &Expr) -> Option<(Expr, FuncId)> {
    let ExprKind::Read(lv) = &arg.kind else {
        return None;
    };
    let Lval::Var(t) = **lv else {
        return None;
    };
    let func = prog.func(g);
    if prog.var(t).is_static_storage() || func.params.contains(&t) {
        return None;
    }
    let mut defs = func
        .body
        .as_ref()?
        .edges()
        .filter_map(|(_, e)| match &e.stmt {
            Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. }
                if *lhs == Lval::Var(t) =>
            {
                Some(None)
            }
            Stmt::Call {
                lhs: Some(lhs),
                callee,
                args,
            } if *lhs == Lval::Var(t) => Some(Some((callee, args))),
            _ => None,
        });
    let (Some(Some((Callee::Direct(h), args))), None) = (defs.next(), defs.next()) else {
        return None;
    };
    let value = returned_expression(prog, *h)?;
    let params = &prog.func(*h).params;
    let by = |w: VarId| {
        params
            .iter()
            .position(|&p| p == w)
            .and_then(|i| args.get(i).cloned())
    };
    let e = slamrs_abstraction::c2bp::subst_vars(&value, &by);
    let e = if e.ty == arg.ty {
        e
    } else {
        Expr {
            kind: ExprKind::Cast(Box::new(e)),
            ty: arg.ty,
        }
    };
    Some((without_deref_of_address(&e), *h))
}

/// The one expression every `return` of `h` returns, when it reads only `h`'s parameters
/// (an accessor such as `spinlock_check`).
fn returned_expression(prog: &Program, h: FuncId) -> Option<Expr> {
    let func = prog.func(h);
    let mut value: Option<&Expr> = None;
    for (_, edge) in func.body.as_ref()?.edges() {
        if let Stmt::Return(r) = &edge.stmt {
            let r = r.as_ref()?;
            if value.is_some_and(|v| v != r) {
                return None;
            }
            value = Some(r);
        }
    }
    let value = value?;
    let mut vars = Vec::new();
    expr_vars(value, &mut vars);
    vars.iter()
        .all(|v| func.params.contains(v))
        .then(|| value.clone())
}

/// `e` with `*&l` read as `l` (what substituting an address for a pointer leaves).
fn without_deref_of_address(e: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Read(lv) => ExprKind::Read(Box::new(lval_without(lv))),
        ExprKind::AddrOf(lv) => ExprKind::AddrOf(Box::new(lval_without(lv))),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(without_deref_of_address(a))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(without_deref_of_address(a)),
            Box::new(without_deref_of_address(b)),
        ),
        ExprKind::Cast(a) => ExprKind::Cast(Box::new(without_deref_of_address(a))),
        k => k.clone(),
    };
    Expr { kind, ty: e.ty }
}

fn lval_without(lv: &Lval) -> Lval {
    match lv {
        Lval::Deref(e) => match &e.kind {
            ExprKind::AddrOf(inner) => lval_without(inner),
            _ => Lval::Deref(Box::new(without_deref_of_address(e))),
        },
        Lval::Field(b, s, i) => Lval::Field(Box::new(lval_without(b)), *s, *i),
        Lval::Index(b, i) => Lval::Index(
            Box::new(lval_without(b)),
            Box::new(without_deref_of_address(i)),
        ),
        Lval::Var(v) => Lval::Var(*v),
    }
}
