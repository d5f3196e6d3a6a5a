//! Typing of statements: assignment targets (a variable or a row `key.r`),
//! calls versus declarative statements, loops; and, once every procedure is
//! known, which `foreach` needs a snapshot of its set (when the body may
//! change a variable the set reads).

use std::collections::BTreeSet;

use super::{err, Checker, Ctx, Global, TResult};
use crate::model::*;
use crate::syntax::ast::{Ast, AstKind, BinOp, StmtAst, StmtKind as S};

impl Checker {
    pub(crate) fn stmts(&mut self, body: &[StmtAst]) -> TResult<Vec<Stmt>> {
        let mut out = Vec::new();
        for s in body {
            self.stmt(s, &mut out)?;
        }
        Ok(out)
    }

    fn stmt(&mut self, s: &StmtAst, out: &mut Vec<Stmt>) -> TResult<()> {
        let span = s.span;
        let kind = match &s.kind {
            S::Skip => return Ok(()),
            S::Block(b) => {
                out.extend(self.stmts(b)?);
                return Ok(());
            }
            S::Assign(t, v) => self.assign(t, v)?,
            S::Step(t, up) => self.step(t, *up)?,
            S::Expr(e) => self.expr_stmt(e)?,
            S::If(c, t, e) => {
                let c = self.formula_in(c, Ctx::default())?;
                let t = self.stmts(std::slice::from_ref(t))?;
                let e = match e {
                    Some(e) => self.stmts(std::slice::from_ref(e))?,
                    None => Vec::new(),
                };
                StmtKind::If(c, t, e)
            }
            S::Foreach(x, set, body) => {
                let e = self.expr(set, Ctx::default(), None)?;
                let e = self.to_rel(e)?;
                let dom = match &e.ty {
                    Ty::Rel(c) if c.len() == 1 => c[0],
                    _ => return err("foreach ranges over a set", set.span),
                };
                let local = self.new_local(&x.name);
                self.scope.push((x.name.clone(), local, Ty::Scalar(dom)));
                let body = self.stmts(std::slice::from_ref(body));
                self.scope.pop();
                StmtKind::Foreach {
                    local,
                    dom,
                    set: e,
                    body: body?,
                    snapshot: None,
                }
            }
            S::While(c, body) => {
                let c = self.formula_in(c, Ctx::default())?;
                StmtKind::While(c, self.stmts(std::slice::from_ref(body))?)
            }
            S::DoWhile(body, c) => {
                let b = self.stmts(std::slice::from_ref(body))?;
                out.extend(b.clone());
                let c = self.formula_in(c, Ctx::default())?;
                StmtKind::While(c, b)
            }
        };
        out.push(Stmt { kind, span });
        Ok(())
    }

    fn global_var(&self, a: &Ast) -> Option<usize> {
        match &a.kind {
            AstKind::Name(id) if !self.scope.iter().any(|(n, _, _)| *n == id.name) => {
                match self.globals.get(&id.name) {
                    Some(Global::Var(v)) => Some(*v),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    fn assign(&mut self, t: &Ast, v: &Ast) -> TResult<StmtKind> {
        if let Some(var) = self.global_var(t) {
            let ty = self.model.vars[var].kind.ty();
            let value = self.expr(v, Ctx::default(), Some(&ty))?;
            let value = self.assign_value(value, &ty)?;
            return Ok(StmtKind::Assign {
                target: LValue::Var(var),
                value,
            });
        }
        if let AstKind::Binary(BinOp::Join, key, r) = &t.kind {
            if let Some(var) = self.global_var(r) {
                return self.assign_row(key, var, v);
            }
        }
        err(
            "an assignment target is a variable or a row `key.relation`",
            t.span,
        )
    }

    /// The value of an assignment to a target of type `ty`: the same type, or
    /// a set of the target's domain (checked to be a singleton when run).
    fn assign_value(&self, value: Expr, ty: &Ty) -> TResult<Expr> {
        if let (Ty::Scalar(d), Ty::Rel(c)) = (ty, &value.ty) {
            if c.len() == 1 && c[0] == *d {
                return Ok(value);
            }
        }
        self.coerce(value, ty)
    }

    fn assign_row(&mut self, key: &Ast, var: usize, v: &Ast) -> TResult<StmtKind> {
        let VarKind::Rel { cols, .. } = self.model.vars[var].kind.clone() else {
            return err("only a relation has rows", key.span);
        };
        if cols.len() < 2 {
            return err("only a relation of arity 2 or more has rows", key.span);
        }
        let k = self.expr(key, Ctx::default(), Some(&Ty::Scalar(cols[0])))?;
        let k = self.coerce(k, &Ty::Rel(vec![cols[0]]))?;
        let row_ty = Ty::Rel(cols[1..].to_vec());
        let value = self.expr(v, Ctx::default(), Some(&row_ty))?;
        let value = self.coerce(value, &row_ty)?;
        Ok(StmtKind::Assign {
            target: LValue::Row { var, key: k },
            value,
        })
    }

    fn step(&mut self, t: &Ast, up: bool) -> TResult<StmtKind> {
        let Some(var) = self.global_var(t) else {
            return err("`++` and `--` apply to an integer variable", t.span);
        };
        let VarKind::Scalar(d @ Dom::Int { .. }) = self.model.vars[var].kind else {
            return err("`++` and `--` apply to an integer variable", t.span);
        };
        let span = t.span;
        let ty = Ty::Scalar(d);
        let cur = Expr {
            kind: ExprKind::Var { var, primed: false },
            ty: ty.clone(),
            span,
        };
        let one = Expr {
            kind: ExprKind::Const(1),
            ty: ty.clone(),
            span,
        };
        let op = if up { Arith::Add } else { Arith::Sub };
        let value = Expr {
            kind: ExprKind::Arith(op, Box::new(cur), Box::new(one)),
            ty,
            span,
        };
        Ok(StmtKind::Assign {
            target: LValue::Var(var),
            value,
        })
    }

    fn expr_stmt(&mut self, e: &Ast) -> TResult<StmtKind> {
        if let AstKind::Call(id, args) = &e.kind {
            if let Some(Global::Proc(p)) = self.globals.get(&id.name).cloned() {
                return self.call(p, id, args);
            }
        }
        self.used_primes = false;
        let formula = self.formula_in(
            e,
            Ctx {
                primes: true,
                ctl: false,
            },
        )?;
        let frees_bad = mentions_primed(&formula, BAD, &self.model);
        Ok(StmtKind::Declare { formula, frees_bad })
    }

    fn call(
        &mut self,
        p: usize,
        id: &crate::syntax::ast::Ident,
        args: &[Ast],
    ) -> TResult<StmtKind> {
        let params = self.model.procs[p].params.clone();
        if params.len() != args.len() {
            return err(
                format!("`{}` takes {} arguments", id.name, params.len()),
                id.span,
            );
        }
        let mut out = Vec::new();
        for ((_, d), a) in params.iter().zip(args) {
            let ty = Ty::Scalar(*d);
            let e = self.expr(a, Ctx::default(), Some(&ty))?;
            let e = self.coerce(e, &ty).map_err(|mut d| {
                d.message.push_str(" (arguments are scalars)");
                d
            })?;
            out.push(e);
        }
        Ok(StmtKind::Call { proc: p, args: out })
    }
}

/// Whether `e` mentions `var'` (through predicates too).
fn mentions_primed(e: &Expr, var: usize, m: &Model) -> bool {
    let mut found = false;
    visit(e, m, &mut |x| {
        if let ExprKind::Var {
            var: v,
            primed: true,
        } = x.kind
        {
            found |= v == var;
        }
    });
    found
}

/// Calls `f` on every sub-expression of `e`, entering predicate bodies.
pub fn visit(e: &Expr, m: &Model, f: &mut dyn FnMut(&Expr)) {
    f(e);
    use ExprKind::*;
    match &e.kind {
        Var { .. } | Local(_) | Universe(_) | Empty | Const(_) | True | False | Loop => {}
        Promote(a)
        | AsFormula(a)
        | AsBool(a)
        | Transpose(a)
        | Closure(a)
        | RClosure(a)
        | Neg(a)
        | Not(a)
        | Card(_, a)
        | Comprehension(_, a) => visit(a, m, f),
        Union(a, b)
        | Inter(a, b)
        | Diff(a, b)
        | Join(a, b)
        | Product(a, b)
        | Arith(_, a, b)
        | And(a, b)
        | Or(a, b)
        | Implies(a, b)
        | Iff(a, b)
        | Eq(a, b)
        | Order(_, a, b)
        | In(a, b) => {
            visit(a, m, f);
            visit(b, m, f);
        }
        Quant(_, bs, body) => {
            for (_, d) in bs {
                visit(d, m, f);
            }
            visit(body, m, f);
        }
        Ctl(_, a, b) => {
            visit(a, m, f);
            if let Some(b) = b {
                visit(b, m, f);
            }
        }
        PredCall(p, args) => {
            for a in args {
                visit(a, m, f);
            }
            visit(&m.preds[*p].body, m, f);
        }
    }
}

/// Global variables an expression reads.
fn reads(e: &Expr, m: &Model) -> BTreeSet<usize> {
    let mut out = BTreeSet::new();
    visit(e, m, &mut |x| {
        if let ExprKind::Var { var, .. } = x.kind {
            out.insert(var);
        }
    });
    out
}

/// Global variables each procedure may write (through its calls too).
fn proc_writes(m: &Model) -> Vec<BTreeSet<usize>> {
    let mut w: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); m.procs.len()];
    loop {
        let mut changed = false;
        for p in 0..m.procs.len() {
            let mut s = w[p].clone();
            for st in &m.procs[p].body {
                stmt_writes(st, m, &w, &mut s);
            }
            if s != w[p] {
                w[p] = s;
                changed = true;
            }
        }
        if !changed {
            return w;
        }
    }
}

fn stmt_writes(s: &Stmt, m: &Model, procs: &[BTreeSet<usize>], out: &mut BTreeSet<usize>) {
    match &s.kind {
        StmtKind::Assign { target, .. } => {
            let (LValue::Var(v) | LValue::Row { var: v, .. }) = target;
            out.insert(*v);
            out.insert(BAD);
        }
        StmtKind::Declare { .. } => out.extend(0..m.vars.len()),
        StmtKind::Call { proc, .. } => out.extend(procs[*proc].iter().copied()),
        StmtKind::If(_, a, b) => {
            for x in a.iter().chain(b) {
                stmt_writes(x, m, procs, out);
            }
        }
        StmtKind::Foreach { body, .. } | StmtKind::While(_, body) => {
            for x in body {
                stmt_writes(x, m, procs, out);
            }
        }
    }
}

/// Gives every `foreach` whose body may change its set a snapshot slot.
pub(crate) fn assign_snapshots(m: &mut Model) {
    let writes = proc_writes(m);
    let view = m.clone();
    for p in &mut m.procs {
        let mut slots = Vec::new();
        for s in &mut p.body {
            snapshot_stmt(s, &view, &writes, &mut slots);
        }
        p.slots = slots;
    }
}

fn snapshot_stmt(s: &mut Stmt, m: &Model, writes: &[BTreeSet<usize>], slots: &mut Vec<Dom>) {
    match &mut s.kind {
        StmtKind::Foreach {
            set,
            body,
            snapshot,
            dom,
            ..
        } => {
            let mut w = BTreeSet::new();
            for x in body.iter() {
                stmt_writes(x, m, writes, &mut w);
            }
            if !reads(set, m).is_disjoint(&w) {
                *snapshot = Some(slots.len());
                slots.push(*dom);
            }
            for x in body {
                snapshot_stmt(x, m, writes, slots);
            }
        }
        StmtKind::If(_, a, b) => {
            for x in a.iter_mut().chain(b.iter_mut()) {
                snapshot_stmt(x, m, writes, slots);
            }
        }
        StmtKind::While(_, body) => {
            for x in body {
                snapshot_stmt(x, m, writes, slots);
            }
        }
        _ => {}
    }
}
