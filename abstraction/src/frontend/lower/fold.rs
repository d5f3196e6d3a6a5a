//! Building CIR expressions with constant folding, with C's integer semantics (values wrap
//! to the width of their type; division by zero and out-of-range shifts are left alone).

use crate::cir::{BinOp, Expr, ExprKind, IntKind, Ty, TypeKind, Types, UnOp};

/// `v` reduced to the range of the integer kind `k`.
pub(super) fn wrap(v: i128, k: IntKind) -> i128 {
    if k.is_bool {
        return (v != 0) as i128;
    }
    let bits = k.bits as u32;
    if bits >= 128 {
        return v;
    }
    let m = 1i128 << bits;
    let r = v.rem_euclid(m);
    if k.signed && r >= m / 2 {
        r - m
    } else {
        r
    }
}

/// The integer constant `v` of type `ty`.
pub(super) fn int(v: i128, ty: Ty) -> Expr {
    Expr {
        kind: ExprKind::Int(v),
        ty,
    }
}

/// The value of an integer constant expression.
pub(super) fn as_const(e: &Expr) -> Option<i128> {
    match e.kind {
        ExprKind::Int(v) => Some(v),
        _ => None,
    }
}

/// `(to) e`, folded when `e` is an integer constant.
pub(super) fn cast(types: &Types, e: Expr, to: Ty) -> Expr {
    if e.ty == to {
        return e;
    }
    if let ExprKind::Int(v) = e.kind {
        match types.kind(to) {
            TypeKind::Int(k) => return int(wrap(v, *k), to),
            TypeKind::Pointer(_) if v == 0 => return int(0, to),
            _ => {}
        }
    }
    // An integer made a pointer and back (`(size_t)&((T *)0)->f`).
    if let (Some(v), TypeKind::Int(k)) = (const_address(&e), types.kind(to)) {
        return int(wrap(v, *k), to);
    }
    Expr {
        kind: ExprKind::Cast(Box::new(e)),
        ty: to,
    }
}

/// The value of a constant address: an integer cast to a pointer type.
pub(super) fn const_address(e: &Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(v) => Some(*v),
        ExprKind::Cast(x) => match x.kind {
            ExprKind::Int(v) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// `op e` of type `ty`, folded on constants.
pub(super) fn unary(types: &Types, op: UnOp, e: Expr, ty: Ty) -> Expr {
    if let (ExprKind::Int(v), TypeKind::Int(k)) = (&e.kind, types.kind(ty)) {
        let r = match op {
            UnOp::Neg => v.wrapping_neg(),
            UnOp::BitNot => !v,
            UnOp::LogNot => (*v == 0) as i128,
        };
        return int(wrap(r, *k), ty);
    }
    Expr {
        kind: ExprKind::Unary(op, Box::new(e)),
        ty,
    }
}

/// `l op r` of type `ty`, folded when both operands are integer constants and the result
/// is defined.
pub(super) fn binary(types: &Types, op: BinOp, l: Expr, r: Expr, ty: Ty) -> Expr {
    if let (ExprKind::Int(a), ExprKind::Int(b)) = (&l.kind, &r.kind) {
        if let Some(v) = fold_binary(types, op, *a, *b, l.ty, ty) {
            return int(v, ty);
        }
    }
    Expr {
        kind: ExprKind::Binary(op, Box::new(l), Box::new(r)),
        ty,
    }
}

fn fold_binary(types: &Types, op: BinOp, a: i128, b: i128, lty: Ty, ty: Ty) -> Option<i128> {
    if op.is_comparison() {
        let r = match op {
            BinOp::Eq => a == b,
            BinOp::Ne => a != b,
            BinOp::Lt => a < b,
            BinOp::Le => a <= b,
            BinOp::Gt => a > b,
            _ => a >= b,
        };
        return Some(r as i128);
    }
    let k = types.as_int(ty)?;
    types.as_int(lty)?;
    let r = match op {
        BinOp::Add => a.checked_add(b)?,
        BinOp::Sub => a.checked_sub(b)?,
        BinOp::Mul => a.checked_mul(b)?,
        BinOp::Div => {
            if b == 0 {
                return None;
            }
            a.checked_div(b)?
        }
        BinOp::Rem => {
            if b == 0 {
                return None;
            }
            a.checked_rem(b)?
        }
        BinOp::Shl | BinOp::Shr => {
            if b < 0 || b >= k.bits as i128 {
                return None;
            }
            if op == BinOp::Shl {
                a.wrapping_shl(b as u32)
            } else {
                a >> b
            }
        }
        BinOp::BitAnd => a & b,
        BinOp::BitOr => a | b,
        BinOp::BitXor => a ^ b,
        _ => return None,
    };
    Some(wrap(r, k))
}

/// The comparison that holds exactly when `op` does not.
pub(super) fn negate_cmp(op: BinOp) -> Option<BinOp> {
    Some(match op {
        BinOp::Eq => BinOp::Ne,
        BinOp::Ne => BinOp::Eq,
        BinOp::Lt => BinOp::Ge,
        BinOp::Le => BinOp::Gt,
        BinOp::Gt => BinOp::Le,
        BinOp::Ge => BinOp::Lt,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapping_follows_the_type() {
        let u8k = IntKind {
            bits: 8,
            signed: false,
            is_bool: false,
        };
        let s8k = IntKind {
            signed: true,
            ..u8k
        };
        assert_eq!(wrap(300, u8k), 44);
        assert_eq!(wrap(-1, u8k), 255);
        assert_eq!(wrap(200, s8k), -56);
        let b = IntKind {
            bits: 8,
            signed: false,
            is_bool: true,
        };
        assert_eq!(wrap(256, b), 1);
    }

    #[test]
    fn folding_binary_and_casts() {
        let mut t = Types::new();
        let i = t.int();
        let u = t.int_kind(32, false);
        let e = binary(&t, BinOp::Sub, int(0, u), int(1, u), u);
        assert_eq!(as_const(&e), Some(u32::MAX as i128));
        let d = binary(&t, BinOp::Div, int(7, i), int(0, i), i);
        assert!(as_const(&d).is_none(), "division by zero is not folded");
        let s = binary(&t, BinOp::Shl, int(1, i), int(31, i), i);
        assert_eq!(as_const(&s), Some(i32::MIN as i128));
        let c = cast(&t, int(-1, i), u);
        assert_eq!(as_const(&c), Some(u32::MAX as i128));
        let p = t.pointer(i);
        assert_eq!(cast(&t, int(0, i), p).kind, ExprKind::Int(0));
        assert!(matches!(cast(&t, int(8, i), p).kind, ExprKind::Cast(_)));
    }
}
