//! Assignments: `=` (struct assignment included, calls stored straight into the target),
//! compound assignments, and `++`/`--` in both forms.

use super::expr::{read, Operand};
use super::{LResult, Lowerer};
use crate::cir::{Lval, Stmt, Ty, TypeKind};
use crate::frontend::ErrorKind;
use lang_c::ast::{BinaryOperator, BinaryOperatorExpression, Expression, UnaryOperator};
use lang_c::span::{Node, Span};

impl Lowerer<'_> {
    /// `lhs op= rhs`; the value (the new value of `lhs`) when `want`.
    pub(super) fn assign(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        span: Span,
        want: bool,
    ) -> LResult<Operand> {
        let (lv, lty) = self.lvalue(&b.node.lhs)?;
        self.check_assignable(lty, span)?;
        let rhs = &b.node.rhs;
        let op = match &b.node.operator.node {
            BinaryOperator::Assign => None,
            BinaryOperator::AssignMultiply => Some(BinaryOperator::Multiply),
            BinaryOperator::AssignDivide => Some(BinaryOperator::Divide),
            BinaryOperator::AssignModulo => Some(BinaryOperator::Modulo),
            BinaryOperator::AssignPlus => Some(BinaryOperator::Plus),
            BinaryOperator::AssignMinus => Some(BinaryOperator::Minus),
            BinaryOperator::AssignShiftLeft => Some(BinaryOperator::ShiftLeft),
            BinaryOperator::AssignShiftRight => Some(BinaryOperator::ShiftRight),
            BinaryOperator::AssignBitwiseAnd => Some(BinaryOperator::BitwiseAnd),
            BinaryOperator::AssignBitwiseXor => Some(BinaryOperator::BitwiseXor),
            BinaryOperator::AssignBitwiseOr => Some(BinaryOperator::BitwiseOr),
            _ => return Err(self.err(span, ErrorKind::Invalid, "unexpected operator")),
        };
        match op {
            None => {
                let written = match &rhs.node {
                    Expression::Call(_) | Expression::Cast(_) => {
                        self.call_into(rhs, (lv.clone(), lty), span)?
                    }
                    // each arm stored straight into the target: no temporary for the
                    // abstraction to lose the value in
                    Expression::Conditional(c)
                        if !self.fcx.const_mode && self.prog.types.is_scalar(lty) =>
                    {
                        self.conditional_into(c, (lv.clone(), lty), span)?;
                        true
                    }
                    _ => false,
                };
                if !written {
                    let v = self.rvalue(rhs)?;
                    self.store(lv.clone(), lty, v, span)?;
                }
            }
            Some(op) => {
                let r = self.rvalue(rhs)?;
                let cur = read(lv.clone(), lty);
                let v = self.binary_op(&op, cur, r, span)?;
                self.store(lv.clone(), lty, v, span)?;
            }
        }
        Ok(if want {
            Operand::Val(read(lv, lty))
        } else {
            Operand::Val(self.void_expr())
        })
    }

    /// `lv = f(…)` or `lv = (T *)f(…)` (`T *` and `lv` pointers: an allocation's cast)
    /// with the result stored straight into `lv` where the call allows it, so that no
    /// temporary stands between an allocation and its pointer; `false` for any other
    /// right-hand side, with nothing lowered.
    pub(super) fn call_into(
        &mut self,
        rhs: &Node<Expression>,
        (lv, lty): (Lval, Ty),
        span: Span,
    ) -> LResult<bool> {
        let (c, cast) = match &rhs.node {
            Expression::Call(c) => (c, None),
            Expression::Cast(k) => match &k.node.expression.node {
                Expression::Call(c) if self.prog.types.is_pointer(lty) => {
                    let to = self.type_name(&k.node.type_name)?;
                    if !self.prog.types.is_pointer(to) {
                        return Ok(false);
                    }
                    (c, Some(to))
                }
                _ => return Ok(false),
            },
            _ => return Ok(false),
        };
        let call_span = match &rhs.node {
            Expression::Cast(k) => k.node.expression.span,
            _ => rhs.span,
        };
        let (v, wrote) = self.call(c, call_span, Some((lv.clone(), lty)), true)?;
        if !wrote {
            let mut v = self.value_of(v, call_span)?;
            if let Some(to) = cast {
                v = self.convert(v, to, rhs.span)?;
            }
            self.store(lv, lty, v, span)?;
        }
        Ok(true)
    }

    /// `lv = v` with `v` converted to the type of `lv`.
    pub(super) fn store(
        &mut self,
        lv: Lval,
        lty: Ty,
        v: crate::cir::Expr,
        span: Span,
    ) -> LResult<()> {
        let v = self.convert(v, lty, span)?;
        let v = self.fit_bitfield(&lv, v);
        self.emit(Stmt::Assign { lhs: lv, rhs: v }, span)
    }

    fn check_assignable(&self, ty: Ty, span: Span) -> LResult<()> {
        match self.prog.types.kind(ty) {
            TypeKind::Array(..) => Err(self.err(
                span,
                ErrorKind::Invalid,
                "assignment to an expression with array type",
            )),
            TypeKind::Function(_) | TypeKind::Void => {
                Err(self.err(span, ErrorKind::Invalid, "lvalue required"))
            }
            TypeKind::Struct(s) if self.prog.types.struct_def(*s).fields.is_none() => {
                Err(self.err(span, ErrorKind::Invalid, "assignment of an incomplete type"))
            }
            _ => Ok(()),
        }
    }

    /// `++x`, `x++`, `--x`, `x--`; the value when `want`.
    pub(super) fn incdec(
        &mut self,
        x: &Node<Expression>,
        op: &UnaryOperator,
        want: bool,
        span: Span,
    ) -> LResult<Operand> {
        let (lv, ty) = self.lvalue(x)?;
        self.check_assignable(ty, span)?;
        if !self.prog.types.is_scalar(ty) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "wrong type argument to increment or decrement",
            ));
        }
        let post = matches!(
            op,
            UnaryOperator::PostIncrement | UnaryOperator::PostDecrement
        );
        let inc = matches!(
            op,
            UnaryOperator::PostIncrement | UnaryOperator::PreIncrement
        );
        let old = read(lv.clone(), ty);
        let old = if post && want {
            self.snapshot(old, span)?
        } else {
            old
        };
        let int = self.prog.types.int();
        let one = super::fold::int(1, int);
        let bop = if inc {
            BinaryOperator::Plus
        } else {
            BinaryOperator::Minus
        };
        let new = self.binary_op(&bop, old.clone(), one, span)?;
        self.store(lv.clone(), ty, new, span)?;
        Ok(match (want, post) {
            (false, _) => Operand::Val(self.void_expr()),
            (true, true) => Operand::Val(old),
            (true, false) => Operand::Val(read(lv, ty)),
        })
    }
}
