//! Control flow inside expressions: conditions with short-circuit branching (pairs of
//! `Assume` edges), and `&&`, `||`, `?:` as values (an `int` or result-typed temporary
//! written on each path) or for effect only. In constant mode these fold instead.

use super::expr::{read, Operand};
use super::types::{is_arith, is_float, is_struct, is_void};
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, Expr, ExprKind, Lval, NodeId, Stmt, Ty};
use crate::frontend::ErrorKind;
use lang_c::ast::{
    BinaryOperator, BinaryOperatorExpression, ConditionalExpression, Expression, UnaryOperator,
};
use lang_c::span::{Node, Span};

impl Lowerer<'_> {
    /// Branch on `e` from the current point: to `t` when it is nonzero, to `f` when zero
    /// (`None`: that outcome has no edge). The current point is undefined afterwards.
    pub(super) fn cond(
        &mut self,
        e: &Node<Expression>,
        t: Option<NodeId>,
        f: Option<NodeId>,
    ) -> LResult<()> {
        match &e.node {
            Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Negate => {
                self.cond(&u.node.operand, f, t)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalAnd => {
                let mid = self.fcx.new_node();
                self.cond(&b.node.lhs, Some(mid), f)?;
                self.fcx.cur = mid;
                self.cond(&b.node.rhs, t, f)
            }
            Expression::BinaryOperator(b) if b.node.operator.node == BinaryOperator::LogicalOr => {
                let mid = self.fcx.new_node();
                self.cond(&b.node.lhs, t, Some(mid))?;
                self.fcx.cur = mid;
                self.cond(&b.node.rhs, t, f)
            }
            Expression::Conditional(c) => {
                let a = self.fcx.new_node();
                let b = self.fcx.new_node();
                self.cond(&c.node.condition, Some(a), Some(b))?;
                self.fcx.cur = a;
                self.cond(&c.node.then_expression, t, f)?;
                self.fcx.cur = b;
                self.cond(&c.node.else_expression, t, f)
            }
            Expression::Comma(es) => match es.split_last() {
                Some((last, init)) => {
                    for x in init {
                        self.discard(x)?;
                    }
                    self.cond(last, t, f)
                }
                None => Err(self.err(e.span, ErrorKind::Invalid, "empty expression")),
            },
            _ => {
                let v = self.rvalue(e)?;
                self.branch(v, t, f, e.span)
            }
        }
    }

    /// Branch on a value: two `Assume` edges (a comparison and its negation), or one Skip
    /// edge when the value is constant.
    pub(super) fn branch(
        &mut self,
        v: Expr,
        t: Option<NodeId>,
        f: Option<NodeId>,
        span: Span,
    ) -> LResult<()> {
        let v = self.truth(v, span)?;
        if let Some(c) = fold::as_const(&v) {
            if let Some(n) = if c != 0 { t } else { f } {
                self.emit_to(Stmt::Skip, span, n)?;
            }
            return Ok(());
        }
        let int = self.prog.types.int();
        let neg = match &v.kind {
            ExprKind::Binary(op, a, b) => match fold::negate_cmp(*op) {
                Some(n) => fold::binary(&self.prog.types, n, (**a).clone(), (**b).clone(), int),
                None => fold::binary(
                    &self.prog.types,
                    BinOp::Eq,
                    v.clone(),
                    fold::int(0, v.ty),
                    int,
                ),
            },
            _ => fold::binary(
                &self.prog.types,
                BinOp::Eq,
                v.clone(),
                fold::int(0, v.ty),
                int,
            ),
        };
        if let Some(t) = t {
            self.emit_to(Stmt::Assume(v), span, t)?;
        }
        if let Some(f) = f {
            self.emit_to(Stmt::Assume(neg), span, f)?;
        }
        Ok(())
    }

    /// `a && b` / `a || b` as an `int` value.
    pub(super) fn logical_value(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        whole: &Node<Expression>,
        span: Span,
    ) -> LResult<Operand> {
        let and = b.node.operator.node == BinaryOperator::LogicalAnd;
        let int = self.prog.types.int();
        if self.fcx.const_mode {
            let l = self.rvalue(&b.node.lhs)?;
            let l = self.truth(l, span)?;
            let r = self.rvalue(&b.node.rhs)?;
            let r = self.truth(r, span)?;
            let v = match (fold::as_const(&l), fold::as_const(&r)) {
                (Some(0), _) if and => Some(0),
                (Some(x), _) if !and && x != 0 => Some(1),
                (Some(_), Some(y)) => Some((y != 0) as i128),
                _ => None,
            };
            return match v {
                Some(v) => Ok(Operand::Val(fold::int(v, int))),
                None => {
                    self.fcx.const_violation = true;
                    Err(self.err(span, ErrorKind::Invalid, "not a constant expression"))
                }
            };
        }
        let tmp = self.new_temp(int, span)?;
        let t = self.fcx.new_node();
        let f = self.fcx.new_node();
        let join = self.fcx.new_node();
        self.cond(whole, Some(t), Some(f))?;
        for (n, v) in [(t, 1), (f, 0)] {
            self.fcx.cur = n;
            self.emit_to(
                Stmt::Assign {
                    lhs: Lval::Var(tmp),
                    rhs: fold::int(v, int),
                },
                span,
                join,
            )?;
        }
        self.fcx.cur = join;
        Ok(Operand::Val(read(Lval::Var(tmp), int)))
    }

    /// `a && b;` / `a || b;` for effect: `b` runs only when needed.
    pub(super) fn logical_discard(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        span: Span,
    ) -> LResult<()> {
        let and = b.node.operator.node == BinaryOperator::LogicalAnd;
        let mid = self.fcx.new_node();
        let join = self.fcx.new_node();
        if and {
            self.cond(&b.node.lhs, Some(mid), Some(join))?;
        } else {
            self.cond(&b.node.lhs, Some(join), Some(mid))?;
        }
        self.fcx.cur = mid;
        self.discard(&b.node.rhs)?;
        self.goto_node(join, span)
    }

    /// The value of one arm of `?:` (void arms allowed).
    fn arm_value(&mut self, e: &Node<Expression>) -> LResult<Expr> {
        let op = self.operand(e)?;
        let ty = self.operand_ty(&op);
        if is_void(&self.prog.types, ty) {
            return Ok(self.void_expr());
        }
        self.value_of(op, e.span)
    }

    /// The type of `c ? a : b`.
    fn cond_result_ty(&mut self, a: &Expr, b: &Expr, span: Span) -> LResult<Ty> {
        let types = &self.prog.types;
        let (ta, tb) = (a.ty, b.ty);
        if is_void(types, ta) || is_void(types, tb) {
            return Ok(self.prog.types.void());
        }
        if is_arith(types, ta) && is_arith(types, tb) {
            if is_float(types, ta) || is_float(types, tb) {
                return Ok(self.float_common(ta, tb));
            }
            let pa = self.promote(fold::int(0, ta)).ty;
            let pb = self.promote(fold::int(0, tb)).ty;
            return Ok(self.common_int(pa, pb));
        }
        if is_struct(types, ta) && ta == tb {
            return Ok(ta);
        }
        let (pa, pb) = (types.pointee(ta), types.pointee(tb));
        // a null pointer constant (`(void *)0`, a constant 0 cast to `void *`) takes the
        // other pointer's type (the kernel's `__is_constexpr` reads the result's size)
        let null = |e: &Expr| {
            types.pointee(e.ty).is_some_and(|p| is_void(types, p)) && fold::as_const(e) == Some(0)
        };
        match (pa, pb) {
            (Some(_), Some(_)) if ta == tb => Ok(ta),
            (Some(_), Some(_)) if null(a) => Ok(tb),
            (Some(_), Some(_)) if null(b) => Ok(ta),
            (Some(x), Some(_)) if is_void(types, x) => Ok(ta),
            (Some(_), Some(y)) if is_void(types, y) => Ok(tb),
            (Some(_), Some(_)) => Ok(ta),
            (Some(_), None) if types.is_integer(tb) => Ok(ta),
            (None, Some(_)) if types.is_integer(ta) => Ok(tb),
            _ => Err(self.err(
                span,
                ErrorKind::Invalid,
                "type mismatch in conditional expression",
            )),
        }
    }

    /// `c ? a : b` as a value.
    pub(super) fn conditional_value(
        &mut self,
        c: &Node<ConditionalExpression>,
        span: Span,
    ) -> LResult<Operand> {
        let c = &c.node;
        if self.fcx.const_mode {
            let cv = self.rvalue(&c.condition)?;
            let cv = self.truth(cv, span)?;
            let Some(k) = fold::as_const(&cv) else {
                self.fcx.const_violation = true;
                return Err(self.err(span, ErrorKind::Invalid, "not a constant expression"));
            };
            let a = self.arm_value(&c.then_expression)?;
            let b = self.arm_value(&c.else_expression)?;
            let rt = self.cond_result_ty(&a, &b, span)?;
            let chosen = if k != 0 { a } else { b };
            if is_void(&self.prog.types, rt) {
                return Ok(Operand::Val(self.void_expr()));
            }
            return Ok(Operand::Val(self.convert(chosen, rt, span)?));
        }
        let ([(ea, a), (eb, b)], rt) = self.conditional_arms(c, span)?;
        let join = self.fcx.new_node();
        if is_void(&self.prog.types, rt) {
            for n in [ea, eb] {
                self.fcx.cur = n;
                self.emit_to(Stmt::Skip, span, join)?;
            }
            self.fcx.cur = join;
            return Ok(Operand::Val(self.void_expr()));
        }
        let tmp = self.new_temp(rt, span)?;
        self.arms_into([(ea, a), (eb, b)], rt, (Lval::Var(tmp), rt), join, span)?;
        Ok(Operand::Val(read(Lval::Var(tmp), rt)))
    }

    /// Branches on the condition of `c ? a : b` and lowers each arm on its path: the
    /// point where each arm ends with its value, and the conditional's type. The current
    /// point is undefined afterwards.
    fn conditional_arms(
        &mut self,
        c: &ConditionalExpression,
        span: Span,
    ) -> LResult<([(NodeId, Expr); 2], Ty)> {
        let na = self.fcx.new_node();
        let nb = self.fcx.new_node();
        self.cond(&c.condition, Some(na), Some(nb))?;
        self.fcx.cur = na;
        let a = self.arm_value(&c.then_expression)?;
        let ea = self.fcx.cur;
        self.fcx.cur = nb;
        let b = self.arm_value(&c.else_expression)?;
        let eb = self.fcx.cur;
        let rt = self.cond_result_ty(&a, &b, span)?;
        Ok(([(ea, a), (eb, b)], rt))
    }

    /// `lv = c ? a : b` with each arm's value stored into `lv` on its own path (converted
    /// to the conditional's type, then to `lv`'s, as through the usual temporary), so that
    /// no temporary holds the value between the arm and the store.
    pub(super) fn conditional_into(
        &mut self,
        c: &Node<ConditionalExpression>,
        (lv, lty): (Lval, Ty),
        span: Span,
    ) -> LResult<()> {
        let (arms, rt) = self.conditional_arms(&c.node, span)?;
        let join = self.fcx.new_node();
        self.arms_into(arms, rt, (lv, lty), join, span)
    }

    /// Stores each arm's value (converted to the conditional's type `rt`, then to `lty`)
    /// into `lv` at the arm's end point, joining at `join`, which becomes the current point.
    fn arms_into(
        &mut self,
        arms: [(NodeId, Expr); 2],
        rt: Ty,
        (lv, lty): (Lval, Ty),
        join: NodeId,
        span: Span,
    ) -> LResult<()> {
        for (n, v) in arms {
            self.fcx.cur = n;
            let v = self.convert(v, rt, span)?;
            let v = self.convert(v, lty, span)?;
            let v = self.fit_bitfield(&lv, v);
            self.emit_to(
                Stmt::Assign {
                    lhs: lv.clone(),
                    rhs: v,
                },
                span,
                join,
            )?;
        }
        self.fcx.cur = join;
        Ok(())
    }

    /// `return c ? a : b;` as a return on each arm's path (values converted to the
    /// conditional's type, then to the function's return type `ret`).
    pub(super) fn conditional_return(
        &mut self,
        c: &Node<ConditionalExpression>,
        ret: Ty,
        span: Span,
    ) -> LResult<()> {
        let (arms, rt) = self.conditional_arms(&c.node, span)?;
        for (n, v) in arms {
            self.fcx.cur = n;
            let v = self.convert(v, rt, span)?;
            let v = self.convert(v, ret, span)?;
            self.ret(Stmt::Return(Some(v)), span)?;
        }
        Ok(())
    }

    /// `c ? a : b;` for effect.
    pub(super) fn conditional_discard(
        &mut self,
        c: &Node<ConditionalExpression>,
        span: Span,
    ) -> LResult<()> {
        let c = &c.node;
        let na = self.fcx.new_node();
        let nb = self.fcx.new_node();
        let join = self.fcx.new_node();
        self.cond(&c.condition, Some(na), Some(nb))?;
        for (n, e) in [(na, &c.then_expression), (nb, &c.else_expression)] {
            self.fcx.cur = n;
            self.discard(e)?;
            self.emit_to(Stmt::Skip, span, join)?;
        }
        self.fcx.cur = join;
        Ok(())
    }
}
