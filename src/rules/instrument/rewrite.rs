//! Walking and rewriting the variables, expressions and direct callees of CIR statements.

use rustc_hash::FxHashMap as HashMap;

use slamrs_abstraction::cir::{Callee, Expr, ExprKind, FuncId, Lval, Program, Stmt, VarId};

/// What a rewrite does at each variable, expression and direct callee. Expressions are
/// visited innermost first, after the variables inside them.
pub trait Visitor {
    /// A variable read, written or whose address is taken.
    fn var(&mut self, _v: &mut VarId) {}
    /// An expression, after its operands.
    fn expr(&mut self, _e: &mut Expr) {}
    /// The function a direct call calls.
    fn callee(&mut self, _f: &mut FuncId) {}
}

/// Visits everything in `s`.
pub fn stmt(s: &mut Stmt, v: &mut impl Visitor) {
    match s {
        Stmt::Skip | Stmt::Error => {}
        Stmt::Assign { lhs, rhs } => {
            lval(lhs, v);
            expr(rhs, v);
        }
        Stmt::Assume(c) => expr(c, v),
        Stmt::Havoc { lhs, .. } => lval(lhs, v),
        Stmt::Alloc { lhs, size, .. } => {
            lval(lhs, v);
            expr(size, v);
        }
        Stmt::Call { lhs, callee, args } => {
            if let Some(l) = lhs {
                lval(l, v);
            }
            match callee {
                Callee::Direct(f) => v.callee(f),
                Callee::Indirect(e) => expr(e, v),
            }
            args.iter_mut().for_each(|a| expr(a, v));
        }
        Stmt::Return(e) => {
            if let Some(e) = e {
                expr(e, v);
            }
        }
        Stmt::Halt { code } => {
            if let Some(c) = code {
                expr(c, v);
            }
        }
    }
}

/// Visits everything in `l`.
pub fn lval(l: &mut Lval, v: &mut impl Visitor) {
    match l {
        Lval::Var(x) => v.var(x),
        Lval::Deref(e) => expr(e, v),
        Lval::Field(b, ..) => lval(b, v),
        Lval::Index(b, i) => {
            lval(b, v);
            expr(i, v);
        }
    }
}

/// Visits everything in `e`.
pub fn expr(e: &mut Expr, v: &mut impl Visitor) {
    match &mut e.kind {
        ExprKind::Read(l) | ExprKind::AddrOf(l) => lval(l, v),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr(a, v),
        ExprKind::Binary(_, a, b) => {
            expr(a, v);
            expr(b, v);
        }
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
    }
    v.expr(e);
}

/// Visits every statement of the functions `funcs` (all functions if `None`) and, if
/// `inits`, every static initializer.
pub fn program(prog: &mut Program, funcs: Option<&[FuncId]>, inits: bool, v: &mut impl Visitor) {
    let all: Vec<FuncId> = match funcs {
        Some(fs) => fs.to_vec(),
        None => prog.func_ids().collect(),
    };
    for f in all {
        if let Some(body) = prog.functions[f.0 as usize].body.as_mut() {
            for node in &mut body.nodes {
                for e in &mut node.edges {
                    stmt(&mut e.stmt, v);
                }
            }
        }
    }
    if inits {
        for init in &mut prog.inits {
            lval(&mut init.lhs, v);
            expr(&mut init.rhs, v);
        }
    }
}

/// Finds whether anything refers to a function (calls it directly or takes its address).
pub struct Refers {
    pub target: FuncId,
    pub found: bool,
}

impl Visitor for Refers {
    fn expr(&mut self, e: &mut Expr) {
        if e.kind == ExprKind::Func(self.target) {
            self.found = true;
        }
    }
    fn callee(&mut self, f: &mut FuncId) {
        if *f == self.target {
            self.found = true;
        }
    }
}

/// Redirects direct calls of and addresses of functions: `map` gives, for a function, its
/// replacement and the replacement's address expression (already of the type the old
/// address had).
pub struct Redirect<'a> {
    pub map: &'a HashMap<FuncId, (FuncId, Expr)>,
}

impl Visitor for Redirect<'_> {
    fn expr(&mut self, e: &mut Expr) {
        if let ExprKind::Func(f) = e.kind {
            if let Some((_, addr)) = self.map.get(&f) {
                if addr.ty == e.ty {
                    *e = addr.clone();
                }
            }
        }
    }
    fn callee(&mut self, f: &mut FuncId) {
        if let Some((g, _)) = self.map.get(f) {
            *f = *g;
        }
    }
}
