//! Arithmetic, bitwise, shift and comparison operators with every conversion explicit,
//! and pointer arithmetic (`PtrAdd` with a `long` index, `PtrDiff` yielding `ptrdiff_t`).

use super::types::{is_arith, is_float};
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, Expr, ExprKind, UnOp};
use crate::frontend::ErrorKind;
use lang_c::ast::BinaryOperator;
use lang_c::span::Span;

impl Lowerer<'_> {
    /// `l op r` for a non-assigning, non-logical binary operator (operands are values).
    pub(super) fn binary_op(
        &mut self,
        op: &BinaryOperator,
        l: Expr,
        r: Expr,
        span: Span,
    ) -> LResult<Expr> {
        let types = &self.prog.types;
        let (lp, rp) = (types.is_pointer(l.ty), types.is_pointer(r.ty));
        let (li, ri) = (types.is_integer(l.ty), types.is_integer(r.ty));
        match op {
            BinaryOperator::Plus if lp && ri => self.ptr_add(l, r, false, span),
            BinaryOperator::Plus if li && rp => self.ptr_add(r, l, false, span),
            BinaryOperator::Minus if lp && ri => self.ptr_add(l, r, true, span),
            BinaryOperator::Minus if lp && rp => {
                let r = fold::cast(&self.prog.types, r, l.ty);
                let pd = self.prog.types.ptrdiff_t();
                Ok(fold::binary(&self.prog.types, BinOp::PtrDiff, l, r, pd))
            }
            BinaryOperator::Plus => self.arith(BinOp::Add, l, r, span),
            BinaryOperator::Minus => self.arith(BinOp::Sub, l, r, span),
            BinaryOperator::Multiply => self.arith(BinOp::Mul, l, r, span),
            BinaryOperator::Divide => self.arith(BinOp::Div, l, r, span),
            BinaryOperator::Modulo => self.int_arith(BinOp::Rem, l, r, span),
            BinaryOperator::BitwiseAnd => self.int_arith(BinOp::BitAnd, l, r, span),
            BinaryOperator::BitwiseOr => self.int_arith(BinOp::BitOr, l, r, span),
            BinaryOperator::BitwiseXor => self.int_arith(BinOp::BitXor, l, r, span),
            BinaryOperator::ShiftLeft | BinaryOperator::ShiftRight => {
                if !(li && ri) {
                    return Err(self.bad_operands(span));
                }
                let l = self.promote(l);
                let r = self.promote(r);
                let ty = l.ty;
                let bop = if *op == BinaryOperator::ShiftLeft {
                    BinOp::Shl
                } else {
                    BinOp::Shr
                };
                Ok(fold::binary(&self.prog.types, bop, l, r, ty))
            }
            BinaryOperator::Less => self.compare(BinOp::Lt, l, r, span),
            BinaryOperator::Greater => self.compare(BinOp::Gt, l, r, span),
            BinaryOperator::LessOrEqual => self.compare(BinOp::Le, l, r, span),
            BinaryOperator::GreaterOrEqual => self.compare(BinOp::Ge, l, r, span),
            BinaryOperator::Equals => self.compare(BinOp::Eq, l, r, span),
            BinaryOperator::NotEquals => self.compare(BinOp::Ne, l, r, span),
            _ => Err(self.err(span, ErrorKind::Invalid, "unexpected operator")),
        }
    }

    fn bad_operands(&self, span: Span) -> crate::frontend::FrontendError {
        self.err(
            span,
            ErrorKind::Invalid,
            "invalid operands to binary operator",
        )
    }

    /// `+ - * /` on arithmetic operands (float results are not modelled).
    fn arith(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> LResult<Expr> {
        let types = &self.prog.types;
        if !(is_arith(types, l.ty) && is_arith(types, r.ty)) {
            return Err(self.bad_operands(span));
        }
        if is_float(types, l.ty) || is_float(types, r.ty) {
            let ty = self.float_common(l.ty, r.ty);
            return Ok(self.float_placeholder(ty));
        }
        let (l, r, ty) = self.arith_conv(l, r);
        Ok(fold::binary(&self.prog.types, op, l, r, ty))
    }

    /// `% & | ^` on integer operands.
    fn int_arith(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> LResult<Expr> {
        let types = &self.prog.types;
        if !(types.is_integer(l.ty) && types.is_integer(r.ty)) {
            return Err(self.bad_operands(span));
        }
        let (l, r, ty) = self.arith_conv(l, r);
        Ok(fold::binary(&self.prog.types, op, l, r, ty))
    }

    /// A comparison; the result is `int`.
    pub(super) fn compare(&mut self, op: BinOp, l: Expr, r: Expr, span: Span) -> LResult<Expr> {
        let int = self.prog.types.int();
        let types = &self.prog.types;
        let (lp, rp) = (types.is_pointer(l.ty), types.is_pointer(r.ty));
        if is_arith(types, l.ty) && is_arith(types, r.ty) {
            if is_float(types, l.ty) || is_float(types, r.ty) {
                return self.float_unknown(int, span);
            }
            let (l, r, _) = self.arith_conv(l, r);
            return Ok(fold::binary(&self.prog.types, op, l, r, int));
        }
        let (l, r) = if lp && (rp || types.is_integer(r.ty)) {
            let r = fold::cast(types, r, l.ty);
            (l, r)
        } else if rp && types.is_integer(l.ty) {
            let l = fold::cast(types, l, r.ty);
            (l, r)
        } else {
            return Err(self.bad_operands(span));
        };
        Ok(fold::binary(&self.prog.types, op, l, r, int))
    }

    /// `p + i` (or `p - i` when `negate`): the index is converted to `long`.
    pub(super) fn ptr_add(&mut self, p: Expr, i: Expr, negate: bool, span: Span) -> LResult<Expr> {
        if !self.prog.types.is_integer(i.ty) {
            return Err(self.bad_operands(span));
        }
        let long = self.prog.types.ptrdiff_t();
        let i = fold::cast(&self.prog.types, i, long);
        let i = if negate {
            fold::unary(&self.prog.types, UnOp::Neg, i, long)
        } else {
            i
        };
        if matches!(i.kind, ExprKind::Int(0)) {
            return Ok(p);
        }
        let ty = p.ty;
        Ok(fold::binary(&self.prog.types, BinOp::PtrAdd, p, i, ty))
    }

    /// `!v` as a value: `v == 0` (a negated comparison when `v` is one); `int`.
    pub(super) fn logical_not(&mut self, v: Expr, span: Span) -> LResult<Expr> {
        let int = self.prog.types.int();
        let types = &self.prog.types;
        if is_float(types, v.ty) {
            return self.float_unknown(int, span);
        }
        if !types.is_scalar(v.ty) {
            return Err(self.err(span, ErrorKind::Invalid, "wrong type argument to unary `!`"));
        }
        if let ExprKind::Binary(op, a, b) = &v.kind {
            if let Some(neg) = fold::negate_cmp(*op) {
                return Ok(fold::binary(types, neg, (**a).clone(), (**b).clone(), int));
            }
        }
        let zero = fold::int(0, v.ty);
        Ok(fold::binary(types, BinOp::Eq, v, zero, int))
    }

    /// `v != 0` as an `int` (comparisons are already truth values).
    pub(super) fn truth(&mut self, v: Expr, span: Span) -> LResult<Expr> {
        let int = self.prog.types.int();
        let types = &self.prog.types;
        if is_float(types, v.ty) {
            return self.float_unknown(int, span);
        }
        if !types.is_scalar(v.ty) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "used a value of non-scalar type where a scalar is required",
            ));
        }
        if let ExprKind::Binary(op, ..) = &v.kind {
            if op.is_comparison() {
                return Ok(v);
            }
        }
        let zero = fold::int(0, v.ty);
        Ok(fold::binary(types, BinOp::Ne, v, zero, int))
    }
}
