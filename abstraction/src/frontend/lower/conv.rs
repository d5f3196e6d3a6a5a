//! Conversions made explicit: integer promotions, the usual arithmetic conversions,
//! conversion as if by assignment, and the floating-point over-approximation.
//!
//! Floating-point values are not modelled. A float-typed CIR expression is only ever a
//! `Read` of a float lvalue (a copy); any other float value is a placeholder `Int(0)` of a
//! float type that never reaches CIR: wherever it is consumed (stored, converted, compared)
//! it becomes a temporary havocked with `HavocKind::Input("float")`.

use super::types::{is_float, is_struct, is_void};
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, Expr, ExprKind, HavocKind, Lval, Ty, TypeKind};
use crate::frontend::ErrorKind;
use lang_c::span::Span;

/// The warning given where a float value is replaced by an arbitrary one.
pub(super) const FLOAT_WARNING: &str = "floating point not modelled";

impl Lowerer<'_> {
    /// The placeholder for an unknown float value of type `ty` (see the module doc).
    pub(super) fn float_placeholder(&self, ty: Ty) -> Expr {
        fold::int(0, ty)
    }

    /// An arbitrary value of type `ty` standing for a float computation.
    pub(super) fn float_unknown(&mut self, ty: Ty, span: Span) -> LResult<Expr> {
        if self.fcx.const_mode {
            self.fcx.const_violation = true;
            return Err(self.err(
                span,
                ErrorKind::Unsupported,
                "floating-point constant expressions are not supported",
            ));
        }
        self.warn(span, FLOAT_WARNING);
        let t = self.havoc_temp(ty, HavocKind::Input("float".into()), span)?;
        Ok(super::expr::read(Lval::Var(t), ty))
    }

    /// A float-typed expression fit for CIR: reads stay, placeholders become havocs.
    fn float_value(&mut self, e: Expr, span: Span) -> LResult<Expr> {
        if matches!(e.kind, ExprKind::Read(_)) {
            Ok(e)
        } else {
            self.float_unknown(e.ty, span)
        }
    }

    /// `v` (already converted to the field's type) as a bit-field `lv` holds it: truncated
    /// to the field's width and, for a signed field, sign-extended from it (gcc's
    /// implementation-defined conversion). Anything else is returned unchanged.
    pub(super) fn fit_bitfield(&mut self, lv: &Lval, v: Expr) -> Expr {
        let Lval::Field(_, s, i) = lv else { return v };
        let f = self.prog.field(*s, *i);
        let (Some((_, w)), Some(k)) = (f.bitfield, self.prog.types.as_int(f.ty)) else {
            return v;
        };
        if k.is_bool || w >= k.bits || w == 0 {
            return v;
        }
        let ty = v.ty;
        let types = &self.prog.types;
        let mask = fold::binary(types, BinOp::BitAnd, v, fold::int((1i128 << w) - 1, ty), ty);
        if !k.signed {
            return mask;
        }
        // m - (m >> (w - 1)) * 2^w, computed in 128 bits: the sign bit of the field
        // moved to the top
        let wide = self.prog.types.int_kind(128, true);
        let types = &self.prog.types;
        let m = fold::cast(types, mask, wide);
        let top = fold::binary(
            types,
            BinOp::Shr,
            m.clone(),
            fold::int(i128::from(w - 1), wide),
            wide,
        );
        let top = fold::binary(types, BinOp::Mul, top, fold::int(1i128 << w, wide), wide);
        let r = fold::binary(types, BinOp::Sub, m, top, wide);
        fold::cast(types, r, ty)
    }

    /// Integer promotion (bit-fields narrower than `int` promote to `int` too).
    pub(super) fn promote(&mut self, e: Expr) -> Expr {
        let types = &self.prog.types;
        let Some(k) = types.as_int(e.ty) else {
            return e;
        };
        let mut to_int = k.is_bool || k.bits < 32;
        if let ExprKind::Read(lv) = &e.kind {
            if let Lval::Field(_, s, i) = lv.as_ref() {
                let f = &types
                    .struct_def(*s)
                    .fields
                    .as_ref()
                    .map(|fs| &fs[*i as usize]);
                if let Some(f) = f {
                    if let Some((_, w)) = f.bitfield {
                        if k.bits <= 32 && (w < 32 || k.signed) {
                            to_int = true;
                        }
                    }
                }
            }
        }
        if to_int {
            let int = self.prog.types.int();
            fold::cast(&self.prog.types, e, int)
        } else {
            e
        }
    }

    /// The common type of two promoted integer types.
    pub(super) fn common_int(&mut self, a: Ty, b: Ty) -> Ty {
        let (Some(x), Some(y)) = (self.prog.types.as_int(a), self.prog.types.as_int(b)) else {
            return a;
        };
        if a == b {
            return a;
        }
        let (bits, signed) = if x.signed == y.signed {
            (x.bits.max(y.bits), x.signed)
        } else {
            let (u, s) = if x.signed { (y, x) } else { (x, y) };
            if u.bits >= s.bits {
                (u.bits, false)
            } else {
                (s.bits, true)
            }
        };
        self.prog.types.int_kind(bits, signed)
    }

    /// The usual arithmetic conversions on two integer operands.
    pub(super) fn arith_conv(&mut self, l: Expr, r: Expr) -> (Expr, Expr, Ty) {
        let l = self.promote(l);
        let r = self.promote(r);
        let ty = self.common_int(l.ty, r.ty);
        let l = fold::cast(&self.prog.types, l, ty);
        let r = fold::cast(&self.prog.types, r, ty);
        (l, r, ty)
    }

    /// The larger of two arithmetic types one of which is floating.
    pub(super) fn float_common(&self, a: Ty, b: Ty) -> Ty {
        match (self.prog.types.kind(a), self.prog.types.kind(b)) {
            (TypeKind::Float(x), TypeKind::Float(y)) => {
                if x >= y {
                    a
                } else {
                    b
                }
            }
            (TypeKind::Float(_), _) => a,
            _ => b,
        }
    }

    /// Convert `e` to `to` as if by assignment (or an explicit cast): integer widths,
    /// `_Bool` (meaning `!= 0`), pointers and integers, floats (over-approximated).
    pub(super) fn convert(&mut self, e: Expr, to: Ty, span: Span) -> LResult<Expr> {
        let types = &self.prog.types;
        if is_void(types, e.ty) && !is_void(types, to) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "void value not ignored as it ought to be",
            ));
        }
        if is_float(types, to) {
            if is_struct(types, e.ty) {
                return Err(self.incompatible(e.ty, to, span));
            }
            if e.ty == to {
                return self.float_value(e, span);
            }
            return self.float_unknown(to, span);
        }
        if e.ty == to {
            return Ok(e);
        }
        if is_float(types, e.ty) {
            if types.is_integer(to) || types.is_pointer(to) {
                return self.float_unknown(to, span);
            }
            return Err(self.incompatible(e.ty, to, span));
        }
        match (types.kind(e.ty), types.kind(to)) {
            (TypeKind::Int(_) | TypeKind::Pointer(_), TypeKind::Int(_) | TypeKind::Pointer(_)) => {
                Ok(fold::cast(types, e, to))
            }
            (_, TypeKind::Void) => Ok(fold::int(0, to)),
            _ => Err(self.incompatible(e.ty, to, span)),
        }
    }

    fn incompatible(&self, from: Ty, to: Ty, span: Span) -> crate::frontend::FrontendError {
        let t = &self.prog.types;
        self.err(
            span,
            ErrorKind::Invalid,
            format!(
                "incompatible types: cannot convert `{}` to `{}`",
                t.display(from),
                t.display(to)
            ),
        )
    }
}
