//! Typing of expressions and formulas: overloaded operators (`+` is union
//! or addition), promotion of scalars to singleton sets, integer literals
//! and `emptyset` typed from their context, arity and domain checks.

use bebop::ast::Span;

use super::{err, Checker, Ctx, Global, TResult};
use crate::model::*;
use crate::syntax::ast::{Ast, AstKind, BinOp, Ident, UnOp};

fn mk(kind: ExprKind, ty: Ty, span: Span) -> Expr {
    Expr { kind, ty, span }
}

fn bx(e: Expr) -> Box<Expr> {
    Box::new(e)
}

/// Literals whose type comes from the other operand.
fn is_poly(a: &Ast) -> bool {
    match &a.kind {
        AstKind::Empty | AstKind::Int(_) => true,
        AstKind::Unary(UnOp::Neg, x) => is_poly(x),
        AstKind::Binary(op, l, r) if !matches!(op, BinOp::Join | BinOp::Product) => {
            is_poly(l) && is_poly(r)
        }
        _ => false,
    }
}

impl Checker {
    pub(crate) fn ty_name(&self, t: &Ty) -> String {
        match t {
            Ty::Formula => "formula".into(),
            Ty::Scalar(d) => self.dom_name(*d),
            Ty::Rel(cols) if cols.is_empty() => "emptyset".into(),
            Ty::Rel(cols) if cols.len() == 1 => format!("set {}", self.dom_name(cols[0])),
            Ty::Rel(cols) => cols
                .iter()
                .map(|d| self.dom_name(*d))
                .collect::<Vec<_>>()
                .join("->"),
        }
    }

    fn dom_name(&self, d: Dom) -> String {
        match d {
            Dom::Enum(e) => self.model.enums[e].name.clone(),
            Dom::Bool => "bool".into(),
            Dom::Int { width, signed } => {
                format!("{}<{width}>", if signed { "int" } else { "uint" })
            }
        }
    }

    /// A formula from a formula or a `bool` scalar.
    pub(crate) fn to_formula(&self, e: Expr) -> TResult<Expr> {
        match e.ty {
            Ty::Formula => Ok(e),
            Ty::Scalar(Dom::Bool) => {
                let span = e.span;
                Ok(mk(ExprKind::AsFormula(bx(e)), Ty::Formula, span))
            }
            _ => err(
                format!("expected a formula, found {}", self.ty_name(&e.ty)),
                e.span,
            ),
        }
    }

    /// A relation from a relation or a scalar (promoted to a singleton).
    pub(crate) fn to_rel(&self, e: Expr) -> TResult<Expr> {
        match &e.ty {
            Ty::Rel(_) => Ok(e),
            Ty::Scalar(d) => {
                let (d, span) = (*d, e.span);
                Ok(mk(ExprKind::Promote(bx(e)), Ty::Rel(vec![d]), span))
            }
            Ty::Formula => {
                let span = e.span;
                let b = mk(ExprKind::AsBool(bx(e)), Ty::Scalar(Dom::Bool), span);
                Ok(mk(ExprKind::Promote(bx(b)), Ty::Rel(vec![Dom::Bool]), span))
            }
        }
    }

    fn set_dom(&self, e: &Expr) -> TResult<Dom> {
        match &e.ty {
            Ty::Rel(c) if c.len() == 1 => Ok(c[0]),
            t => err(format!("expected a set, found {}", self.ty_name(t)), e.span),
        }
    }

    /// Types `a`; `hint` types literals and `emptyset`.
    pub(crate) fn expr(&mut self, a: &Ast, ctx: Ctx, hint: Option<&Ty>) -> TResult<Expr> {
        let span = a.span;
        match &a.kind {
            AstKind::Name(id) => self.name(id, ctx),
            AstKind::Primed(id) => self.primed(id, ctx),
            AstKind::Int(v) => self.int_lit(*v, hint, span),
            AstKind::True => Ok(mk(ExprKind::True, Ty::Formula, span)),
            AstKind::False => Ok(mk(ExprKind::False, Ty::Formula, span)),
            AstKind::Empty => self.empty(hint, span),
            AstKind::Call(id, args) => self.pred_call(id, args, ctx),
            AstKind::Unary(op, x) => self.unary(*op, x, ctx, hint, span),
            AstKind::Binary(op, l, r) => self.binary(*op, l, r, ctx, hint, span),
            AstKind::Card(q, x) => {
                let e = self.expr(x, ctx, None)?;
                let e = self.to_rel(e)?;
                Ok(mk(ExprKind::Card(*q, bx(e)), Ty::Formula, span))
            }
            AstKind::Quant(q, bs, body) => {
                let (binders, body) = self.bound(bs, body, ctx)?;
                Ok(mk(
                    ExprKind::Quant(*q, binders, bx(body)),
                    Ty::Formula,
                    span,
                ))
            }
            AstKind::Comprehension(bs, body) => {
                let (binders, body) = self.bound(bs, body, ctx)?;
                let mut cols = Vec::new();
                let mut bound = Vec::new();
                for (id, dom) in binders {
                    let d = self.set_dom(&dom)?;
                    if !matches!(dom.kind, ExprKind::Universe(_)) {
                        return err("a comprehension ranges over whole types", dom.span);
                    }
                    cols.push(d);
                    bound.push((id, d));
                }
                Ok(mk(
                    ExprKind::Comprehension(bound, bx(body)),
                    Ty::Rel(cols),
                    span,
                ))
            }
            AstKind::Ctl(op, f, g) => self.ctl(*op, f, g.as_deref(), ctx, span),
        }
    }

    fn name(&mut self, id: &Ident, ctx: Ctx) -> TResult<Expr> {
        let span = id.span;
        if let Some((_, l, t)) = self.scope.iter().rev().find(|(n, _, _)| *n == id.name) {
            return Ok(mk(ExprKind::Local(*l), t.clone(), span));
        }
        if id.name == "bool" {
            return Ok(mk(
                ExprKind::Universe(Dom::Bool),
                Ty::Rel(vec![Dom::Bool]),
                span,
            ));
        }
        if id.name == "loop" {
            if !ctx.ctl {
                return err("`loop` is a state predicate of assertions", span);
            }
            return Ok(mk(ExprKind::Loop, Ty::Formula, span));
        }
        match self.globals.get(&id.name) {
            Some(Global::Var(v)) => {
                let ty = self.model.vars[*v].kind.ty();
                Ok(mk(
                    ExprKind::Var {
                        var: *v,
                        primed: false,
                    },
                    ty,
                    span,
                ))
            }
            Some(Global::Value(e, i)) => {
                Ok(mk(ExprKind::Const(*i), Ty::Scalar(Dom::Enum(*e)), span))
            }
            Some(Global::Enum(e)) => {
                let d = Dom::Enum(*e);
                Ok(mk(ExprKind::Universe(d), Ty::Rel(vec![d]), span))
            }
            Some(_) => err(format!("`{}` is not a value", id.name), span),
            None => err(format!("unknown name `{}`", id.name), span),
        }
    }

    fn primed(&mut self, id: &Ident, ctx: Ctx) -> TResult<Expr> {
        if !ctx.primes {
            return err(
                "a primed variable may occur only in a declarative statement",
                id.span,
            );
        }
        match self.globals.get(&id.name) {
            Some(Global::Var(v)) => {
                self.used_primes = true;
                let ty = self.model.vars[*v].kind.ty();
                Ok(mk(
                    ExprKind::Var {
                        var: *v,
                        primed: true,
                    },
                    ty,
                    id.span,
                ))
            }
            _ => err(format!("`{}` is not a global variable", id.name), id.span),
        }
    }

    fn int_lit(&self, v: i64, hint: Option<&Ty>, span: Span) -> TResult<Expr> {
        let Some(Dom::Int { width, signed }) = hint_dom(hint) else {
            return err(
                "the width of this integer is unknown here: compare or assign it to an integer",
                span,
            );
        };
        let (lo, hi) = if signed {
            (-(1i64 << (width - 1)), (1i64 << (width - 1)) - 1)
        } else {
            (0, (1i64 << width) - 1)
        };
        if v < lo || v > hi {
            return err(
                format!(
                    "{v} does not fit in {}",
                    self.dom_name(Dom::Int { width, signed })
                ),
                span,
            );
        }
        let bits = (v as u64) & ((1u64 << width) - 1);
        let d = Dom::Int { width, signed };
        Ok(mk(ExprKind::Const(bits), Ty::Scalar(d), span))
    }

    fn empty(&self, hint: Option<&Ty>, span: Span) -> TResult<Expr> {
        match hint {
            Some(Ty::Rel(c)) if !c.is_empty() => Ok(mk(ExprKind::Empty, Ty::Rel(c.clone()), span)),
            Some(Ty::Scalar(d)) => Ok(mk(ExprKind::Empty, Ty::Rel(vec![*d]), span)),
            _ => err("the type of `emptyset` is unknown here", span),
        }
    }

    fn pred_call(&mut self, id: &Ident, args: &[Ast], ctx: Ctx) -> TResult<Expr> {
        let p = match self.globals.get(&id.name) {
            Some(Global::Pred(p)) => *p,
            Some(Global::Proc(_)) => {
                return err(
                    format!("`{}` is a procedure: call it as a statement", id.name),
                    id.span,
                )
            }
            _ => return err(format!("unknown predicate `{}`", id.name), id.span),
        };
        let flags = self.pred_flags[p];
        if !flags.defined {
            return err(
                format!(
                    "`{}` is used before its definition (predicates may not recurse)",
                    id.name
                ),
                id.span,
            );
        }
        if (flags.primes && !ctx.primes) || (flags.ctl && !ctx.ctl) {
            return err(
                format!(
                    "`{}` uses primed variables or CTL, not allowed here",
                    id.name
                ),
                id.span,
            );
        }
        self.used_primes |= flags.primes;
        self.used_ctl |= flags.ctl;
        let params = self.model.preds[p].params.clone();
        if params.len() != args.len() {
            return err(
                format!("`{}` takes {} arguments", id.name, params.len()),
                id.span,
            );
        }
        let mut out = Vec::new();
        for ((_, ty), a) in params.iter().zip(args) {
            let e = self.expr(a, ctx, Some(ty))?;
            out.push(self.coerce(e, ty)?);
        }
        Ok(mk(ExprKind::PredCall(p, out), Ty::Formula, id.span))
    }

    /// `e` as a value of type `ty` (promotion, formula to bool).
    pub(crate) fn coerce(&self, e: Expr, ty: &Ty) -> TResult<Expr> {
        if &e.ty == ty {
            return Ok(e);
        }
        let span = e.span;
        let out = match ty {
            Ty::Formula => self.to_formula(e)?,
            Ty::Rel(_) => self.to_rel(e)?,
            Ty::Scalar(Dom::Bool) if e.ty == Ty::Formula => {
                mk(ExprKind::AsBool(bx(e)), Ty::Scalar(Dom::Bool), span)
            }
            Ty::Scalar(_) => e,
        };
        if &out.ty != ty {
            return err(
                format!(
                    "expected {}, found {}",
                    self.ty_name(ty),
                    self.ty_name(&out.ty)
                ),
                span,
            );
        }
        Ok(out)
    }

    fn unary(
        &mut self,
        op: UnOp,
        x: &Ast,
        ctx: Ctx,
        hint: Option<&Ty>,
        span: Span,
    ) -> TResult<Expr> {
        if let (UnOp::Neg, AstKind::Int(v)) = (op, &x.kind) {
            return self.int_lit(-*v, hint, span);
        }
        let e = self.expr(x, ctx, hint)?;
        match op {
            UnOp::Not => {
                let f = self.to_formula(e)?;
                Ok(mk(ExprKind::Not(bx(f)), Ty::Formula, span))
            }
            UnOp::Neg => match e.ty {
                Ty::Scalar(d @ Dom::Int { .. }) => {
                    Ok(mk(ExprKind::Neg(bx(e)), Ty::Scalar(d), span))
                }
                _ => err("`-` negates an integer", span),
            },
            UnOp::Transpose | UnOp::Closure | UnOp::RClosure => {
                let e = self.to_rel(e)?;
                let Ty::Rel(c) = e.ty.clone() else {
                    return err("expected a relation", span);
                };
                if c.len() != 2 {
                    return err("this operator applies to binary relations", span);
                }
                match op {
                    UnOp::Transpose => Ok(mk(
                        ExprKind::Transpose(bx(e)),
                        Ty::Rel(vec![c[1], c[0]]),
                        span,
                    )),
                    _ if c[0] != c[1] => {
                        err("a closure needs a relation from a type to itself", span)
                    }
                    UnOp::Closure => Ok(mk(ExprKind::Closure(bx(e)), Ty::Rel(c), span)),
                    _ => Ok(mk(ExprKind::RClosure(bx(e)), Ty::Rel(c), span)),
                }
            }
        }
    }

    /// Types both operands of a binary operator, the literal one last.
    fn operands(&mut self, l: &Ast, r: &Ast, ctx: Ctx, hint: Option<&Ty>) -> TResult<(Expr, Expr)> {
        if is_poly(l) && !is_poly(r) {
            let re = self.expr(r, ctx, None)?;
            let le = self.expr(l, ctx, Some(&re.ty))?;
            Ok((le, re))
        } else {
            let le = self.expr(l, ctx, hint)?;
            let re = self.expr(r, ctx, Some(&le.ty))?;
            Ok((le, re))
        }
    }

    fn binary(
        &mut self,
        op: BinOp,
        l: &Ast,
        r: &Ast,
        ctx: Ctx,
        hint: Option<&Ty>,
        span: Span,
    ) -> TResult<Expr> {
        use BinOp::*;
        match op {
            And | Or | Implies | Iff => {
                let le = self.expr(l, ctx, None)?;
                let re = self.expr(r, ctx, None)?;
                let (le, re) = (self.to_formula(le)?, self.to_formula(re)?);
                let (a, b) = (bx(le), bx(re));
                let kind = match op {
                    And => ExprKind::And(a, b),
                    Or => ExprKind::Or(a, b),
                    Implies => ExprKind::Implies(a, b),
                    _ => ExprKind::Iff(a, b),
                };
                Ok(mk(kind, Ty::Formula, span))
            }
            Eq | Ne | Lt | Le | Gt | Ge | In | NotIn => self.compare(op, l, r, ctx, span),
            _ => {
                let (le, re) = self.operands(l, r, ctx, hint)?;
                self.value_op(op, le, re, span)
            }
        }
    }

    fn value_op(&self, op: BinOp, le: Expr, re: Expr, span: Span) -> TResult<Expr> {
        use BinOp::*;
        if let (Ty::Scalar(d @ Dom::Int { .. }), Ty::Scalar(d2)) = (&le.ty, &re.ty) {
            if matches!(op, Plus | Minus | Mul | Div | Rem) {
                if d != d2 {
                    return err("integer operands of different types", span);
                }
                let a = match op {
                    Plus => Arith::Add,
                    Minus => Arith::Sub,
                    Mul => Arith::Mul,
                    Div => Arith::Div,
                    _ => Arith::Rem,
                };
                let d = *d;
                return Ok(mk(ExprKind::Arith(a, bx(le), bx(re)), Ty::Scalar(d), span));
            }
        }
        if matches!(op, Mul | Div | Rem) {
            return err("arithmetic needs two integer scalars", span);
        }
        let (le, re) = (self.to_rel(le)?, self.to_rel(re)?);
        let (Ty::Rel(lc), Ty::Rel(rc)) = (le.ty.clone(), re.ty.clone()) else {
            return err("expected relations", span);
        };
        match op {
            Plus | Minus | Inter => {
                if lc != rc {
                    return err(
                        format!(
                            "operands of types {} and {}",
                            self.ty_name(&le.ty),
                            self.ty_name(&re.ty)
                        ),
                        span,
                    );
                }
                let kind = match op {
                    Plus => ExprKind::Union(bx(le), bx(re)),
                    Minus => ExprKind::Diff(bx(le), bx(re)),
                    _ => ExprKind::Inter(bx(le), bx(re)),
                };
                Ok(mk(kind, Ty::Rel(lc), span))
            }
            Join => {
                if lc.len() + rc.len() < 3 {
                    return err("a join of two sets has no columns", span);
                }
                if lc[lc.len() - 1] != rc[0] {
                    return err("the joined columns have different types", span);
                }
                let cols: Vec<Dom> = lc[..lc.len() - 1].iter().chain(&rc[1..]).copied().collect();
                Ok(mk(ExprKind::Join(bx(le), bx(re)), Ty::Rel(cols), span))
            }
            _ => {
                let cols: Vec<Dom> = lc.iter().chain(&rc).copied().collect();
                Ok(mk(ExprKind::Product(bx(le), bx(re)), Ty::Rel(cols), span))
            }
        }
    }

    fn compare(&mut self, op: BinOp, l: &Ast, r: &Ast, ctx: Ctx, span: Span) -> TResult<Expr> {
        use BinOp::*;
        let (le, re) = self.operands(l, r, ctx, None)?;
        let boolish = |t: &Ty| matches!(t, Ty::Formula | Ty::Scalar(Dom::Bool));
        let formula = le.ty == Ty::Formula || re.ty == Ty::Formula;
        if formula && matches!(op, Eq | Ne) && boolish(&le.ty) && boolish(&re.ty) {
            let (a, b) = (self.to_formula(le)?, self.to_formula(re)?);
            let iff = mk(ExprKind::Iff(bx(a), bx(b)), Ty::Formula, span);
            return Ok(if op == Ne { not(iff) } else { iff });
        }
        let as_bool = |e: Expr| {
            if e.ty == Ty::Formula {
                let sp = e.span;
                mk(ExprKind::AsBool(bx(e)), Ty::Scalar(Dom::Bool), sp)
            } else {
                e
            }
        };
        let (mut le, mut re) = (as_bool(le), as_bool(re));
        let both_scalar = matches!((&le.ty, &re.ty), (Ty::Scalar(_), Ty::Scalar(_)));
        if !both_scalar || matches!(op, In | NotIn) {
            le = self.to_rel(le)?;
            re = self.to_rel(re)?;
        }
        if le.ty != re.ty {
            return err(
                format!(
                    "comparing {} with {}",
                    self.ty_name(&le.ty),
                    self.ty_name(&re.ty)
                ),
                span,
            );
        }
        if matches!(op, Lt | Le | Gt | Ge) {
            if let Ty::Rel(c) = &le.ty {
                if c.len() != 1 {
                    return err("`<` compares scalars or sets", span);
                }
            }
        }
        let (a, b) = (bx(le), bx(re));
        let kind = match op {
            Eq | Ne => ExprKind::Eq(a, b),
            Lt => ExprKind::Order(Order::Lt, a, b),
            Le => ExprKind::Order(Order::Le, a, b),
            Gt => ExprKind::Order(Order::Lt, b, a),
            Ge => ExprKind::Order(Order::Le, b, a),
            _ => ExprKind::In(a, b),
        };
        let f = mk(kind, Ty::Formula, span);
        Ok(if matches!(op, Ne | NotIn) { not(f) } else { f })
    }

    /// Binders (`x, y: E`) brought into scope for `body`.
    fn bound(
        &mut self,
        bs: &[(Ident, Ast)],
        body: &Ast,
        ctx: Ctx,
    ) -> TResult<(Vec<(LocalId, Expr)>, Expr)> {
        let depth = self.scope.len();
        let mut out = Vec::new();
        let res = (|| {
            for (id, dom) in bs {
                let e = self.expr(dom, ctx, None)?;
                let e = self.to_rel(e)?;
                let d = self.set_dom(&e)?;
                let l = self.new_local(&id.name);
                self.scope.push((id.name.clone(), l, Ty::Scalar(d)));
                out.push((l, e));
            }
            let b = self.expr(body, ctx, None)?;
            self.to_formula(b)
        })();
        self.scope.truncate(depth);
        Ok((out, res?))
    }

    fn ctl(&mut self, op: CtlOp, f: &Ast, g: Option<&Ast>, ctx: Ctx, span: Span) -> TResult<Expr> {
        if !ctx.ctl {
            return err(format!("{} may occur only in assertions", op.name()), span);
        }
        self.used_ctl = true;
        let fe = self.expr(f, ctx, None)?;
        let fe = self.to_formula(fe)?;
        let ge = match g {
            Some(g) => {
                let e = self.expr(g, ctx, None)?;
                Some(bx(self.to_formula(e)?))
            }
            None => None,
        };
        Ok(mk(ExprKind::Ctl(op, bx(fe), ge), Ty::Formula, span))
    }
}

fn not(f: Expr) -> Expr {
    let span = f.span;
    mk(ExprKind::Not(bx(f)), Ty::Formula, span)
}

fn hint_dom(hint: Option<&Ty>) -> Option<Dom> {
    match hint {
        Some(Ty::Scalar(d)) => Some(*d),
        Some(Ty::Rel(c)) if c.len() == 1 => Some(c[0]),
        _ => None,
    }
}
