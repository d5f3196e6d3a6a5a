//! Function designators typed before their function's definition changed its type.
//!
//! MSVC accepts a definition whose parameter types differ from an earlier prototype's
//! (a WDK role typedef such as `DRIVER_NOTIFICATION_CALLBACK_ROUTINE F;` declares `PVOID`
//! parameters, and the definition takes the real pointer types); the function then has
//! the definition's type. Each use of the function's address lowered before the
//! definition keeps the type it was written with, as a cast of the address typed by the
//! definition: what the compiler does with the pointer conversion.

use super::Lowerer;
use crate::cir::{Callee, Expr, ExprKind, FuncId, Lval, Stmt, Types};
use rustc_hash::FxHashSet as HashSet;

impl Lowerer<'_> {
    /// Casts every stale address of a function in `changed` (whose type the definition
    /// changed) from the function's final type.
    pub(super) fn retype_function_addresses(&mut self, changed: &HashSet<FuncId>) {
        if changed.is_empty() {
            return;
        }
        let finals: Vec<_> = self.prog.functions.iter().map(|f| f.ty).collect();
        let types = &mut self.prog.types;
        let mut fix = |e: &mut Expr| retype_expr(e, changed, &finals, types);
        for func in &mut self.prog.functions {
            let Some(body) = &mut func.body else { continue };
            for node in &mut body.nodes {
                for edge in &mut node.edges {
                    stmt_exprs(&mut edge.stmt, &mut fix);
                }
            }
        }
        for init in &mut self.prog.inits {
            lval_exprs(&mut init.lhs, &mut fix);
            fix(&mut init.rhs);
        }
    }
}

fn stmt_exprs(s: &mut Stmt, fix: &mut impl FnMut(&mut Expr)) {
    match s {
        Stmt::Skip | Stmt::Error => {}
        Stmt::Assign { lhs, rhs } => {
            lval_exprs(lhs, fix);
            fix(rhs);
        }
        Stmt::Assume(e) => fix(e),
        Stmt::Havoc { lhs, .. } => lval_exprs(lhs, fix),
        Stmt::Alloc { lhs, size, .. } => {
            lval_exprs(lhs, fix);
            fix(size);
        }
        Stmt::Call { lhs, callee, args } => {
            if let Some(lhs) = lhs {
                lval_exprs(lhs, fix);
            }
            if let Callee::Indirect(e) = callee {
                fix(e);
            }
            args.iter_mut().for_each(fix);
        }
        Stmt::Return(e) | Stmt::Halt { code: e } => {
            if let Some(e) = e {
                fix(e);
            }
        }
    }
}

fn lval_exprs(lv: &mut Lval, fix: &mut impl FnMut(&mut Expr)) {
    match lv {
        Lval::Var(_) => {}
        Lval::Deref(e) => fix(e),
        Lval::Field(inner, ..) => lval_exprs(inner, fix),
        Lval::Index(inner, e) => {
            lval_exprs(inner, fix);
            fix(e);
        }
    }
}

/// Rewrites the stale function addresses inside `e`.
fn retype_expr(
    e: &mut Expr,
    changed: &HashSet<FuncId>,
    finals: &[crate::cir::Ty],
    types: &mut Types,
) {
    match &mut e.kind {
        ExprKind::Func(f) if changed.contains(f) => {
            let want = types.pointer(finals[f.0 as usize]);
            if e.ty != want {
                let inner = Expr {
                    kind: ExprKind::Func(*f),
                    ty: want,
                };
                e.kind = ExprKind::Cast(Box::new(inner));
            }
        }
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
        ExprKind::Read(lv) | ExprKind::AddrOf(lv) => lval_exprs(lv, &mut |x: &mut Expr| {
            retype_expr(x, changed, finals, types)
        }),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => retype_expr(a, changed, finals, types),
        ExprKind::Binary(_, a, b) => {
            retype_expr(a, changed, finals, types);
            retype_expr(b, changed, finals, types);
        }
    }
}
