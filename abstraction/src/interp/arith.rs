//! Integer arithmetic in the two integer modes.

use super::IntMode;
use crate::cir::{BinOp, IntKind, UnOp};

/// Why an integer operation has no result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum ArithError {
    /// C leaves the operation undefined (division by zero, shift out of range, ...).
    Undefined(&'static str),
    /// The value does not fit the interpreter's representation (`i128`).
    Unsupported(&'static str),
}

type R = Result<i128, ArithError>;

/// Convert `v` to the integer type `k` as C does (two's complement wrap-around; `_Bool`
/// becomes 0 or 1). Fails only for an `unsigned __int128` value above `i128::MAX`.
pub(crate) fn wrap(v: i128, k: IntKind) -> R {
    if k.is_bool {
        return Ok(i128::from(v != 0));
    }
    let bits = u32::from(k.bits);
    if bits == 0 || bits >= 128 {
        return if k.signed || v >= 0 {
            Ok(v)
        } else {
            Err(ArithError::Unsupported(
                "unsigned __int128 value above 2^127 - 1",
            ))
        };
    }
    let mask = (1u128 << bits) - 1;
    let u = (v as u128) & mask;
    if k.signed && (u >> (bits - 1)) & 1 == 1 {
        Ok((u | !mask) as i128)
    } else {
        Ok(u as i128)
    }
}

/// Interpret the low `bytes` bytes of `raw` as a value of type `k`.
pub(crate) fn from_bits(raw: u128, bytes: u64, k: IntKind) -> R {
    let bits = bytes.saturating_mul(8).min(128) as u32;
    let v = if bits >= 128 {
        raw as i128
    } else {
        (raw & ((1u128 << bits) - 1)) as i128
    };
    wrap(v, k)
}

/// The value of a conversion to `k` in the given mode: Machine mode wraps; Math mode keeps
/// the value, except that `_Bool` becomes 0 or 1.
pub(crate) fn convert(v: i128, k: IntKind, mode: IntMode) -> R {
    match mode {
        IntMode::Machine => wrap(v, k),
        IntMode::Math if k.is_bool => Ok(i128::from(v != 0)),
        IntMode::Math => Ok(v),
    }
}

/// The smallest value of a signed type of `bits` bits.
fn signed_min(bits: u16) -> i128 {
    if bits >= 128 {
        i128::MIN
    } else {
        -(1i128 << (bits.max(1) - 1))
    }
}

const OVERFLOW: ArithError = ArithError::Unsupported("integer value beyond the range of i128");

/// A unary integer operation with result type `k`.
pub(crate) fn unary(op: UnOp, a: i128, k: IntKind, mode: IntMode) -> R {
    match (op, mode) {
        (UnOp::LogNot, _) => Ok(i128::from(a == 0)),
        (UnOp::Neg, IntMode::Machine) => wrap(a.wrapping_neg(), k),
        (UnOp::Neg, IntMode::Math) => a.checked_neg().ok_or(OVERFLOW),
        (UnOp::BitNot, IntMode::Machine) => wrap(!a, k),
        (UnOp::BitNot, IntMode::Math) => Ok(!a),
    }
}

/// A binary integer operation (not `PtrAdd`/`PtrDiff`). `k` is the type of the result,
/// `operand` the (common) type of the operands; for comparisons the result is 0 or 1.
pub(crate) fn binary(
    op: BinOp,
    a: i128,
    b: i128,
    k: IntKind,
    operand: IntKind,
    mode: IntMode,
) -> R {
    use BinOp::*;
    let machine = mode == IntMode::Machine;
    let raw = match op {
        Eq => return Ok(i128::from(a == b)),
        Ne => return Ok(i128::from(a != b)),
        Lt => return Ok(i128::from(a < b)),
        Le => return Ok(i128::from(a <= b)),
        Gt => return Ok(i128::from(a > b)),
        Ge => return Ok(i128::from(a >= b)),
        Add if machine => a.wrapping_add(b),
        Sub if machine => a.wrapping_sub(b),
        Mul if machine => a.wrapping_mul(b),
        Add => a.checked_add(b).ok_or(OVERFLOW)?,
        Sub => a.checked_sub(b).ok_or(OVERFLOW)?,
        Mul => a.checked_mul(b).ok_or(OVERFLOW)?,
        Div | Rem => {
            if b == 0 {
                return Err(ArithError::Undefined("division by zero"));
            }
            if machine && operand.signed && b == -1 && a == signed_min(operand.bits) {
                return Err(ArithError::Undefined(
                    "signed division overflow (INT_MIN / -1)",
                ));
            }
            let r = if op == Div {
                a.checked_div(b)
            } else {
                a.checked_rem(b)
            };
            r.ok_or(OVERFLOW)?
        }
        Shl | Shr => return shift(op, a, b, k, mode),
        BitAnd => a & b,
        BitOr => a | b,
        BitXor => a ^ b,
        PtrAdd | PtrDiff => return Err(ArithError::Unsupported("pointer operator on integers")),
    };
    convert_result(raw, k, mode)
}

fn convert_result(v: i128, k: IntKind, mode: IntMode) -> R {
    match mode {
        IntMode::Machine => wrap(v, k),
        IntMode::Math => Ok(v),
    }
}

/// `a << b` / `a >> b` with `k` the (promoted) type of the left operand.
fn shift(op: BinOp, a: i128, b: i128, k: IntKind, mode: IntMode) -> R {
    if b < 0 {
        return Err(ArithError::Undefined("shift by a negative amount"));
    }
    match mode {
        IntMode::Machine => {
            if b >= i128::from(k.bits) {
                return Err(ArithError::Undefined(
                    "shift amount not less than the type's width",
                ));
            }
            let v = if op == BinOp::Shl {
                a.wrapping_shl(b as u32)
            } else {
                a >> b
            };
            wrap(v, k)
        }
        IntMode::Math => {
            if op == BinOp::Shr {
                return Ok(if b >= 127 {
                    if a < 0 {
                        -1
                    } else {
                        0
                    }
                } else {
                    a >> b
                });
            }
            if a == 0 {
                return Ok(0);
            }
            if b >= 127 {
                return Err(OVERFLOW);
            }
            a.checked_mul(1i128 << b).ok_or(OVERFLOW)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT: IntKind = IntKind {
        bits: 32,
        signed: true,
        is_bool: false,
    };
    const UINT: IntKind = IntKind {
        bits: 32,
        signed: false,
        is_bool: false,
    };
    const UCHAR: IntKind = IntKind {
        bits: 8,
        signed: false,
        is_bool: false,
    };
    const BOOL: IntKind = IntKind {
        bits: 8,
        signed: false,
        is_bool: true,
    };

    #[test]
    fn wrap_is_twos_complement() {
        assert_eq!(wrap(2147483648, INT), Ok(-2147483648));
        assert_eq!(wrap(-1, UINT), Ok(4294967295));
        assert_eq!(wrap(300, UCHAR), Ok(44));
        assert_eq!(wrap(256, BOOL), Ok(1));
        assert_eq!(
            from_bits(
                0xff,
                1,
                IntKind {
                    bits: 8,
                    signed: true,
                    is_bool: false
                }
            ),
            Ok(-1)
        );
    }

    #[test]
    fn machine_and_math_modes_differ_on_overflow() {
        let max = 2147483647;
        assert_eq!(
            binary(BinOp::Add, max, 1, INT, INT, IntMode::Machine),
            Ok(-2147483648)
        );
        assert_eq!(
            binary(BinOp::Add, max, 1, INT, INT, IntMode::Math),
            Ok(2147483648)
        );
        assert!(binary(BinOp::Mul, i128::MAX, 2, INT, INT, IntMode::Math).is_err());
        assert_eq!(
            binary(BinOp::Sub, 0, 1, UINT, UINT, IntMode::Machine),
            Ok(4294967295)
        );
    }

    #[test]
    fn division_truncates_and_traps() {
        assert_eq!(
            binary(BinOp::Div, -7, 2, INT, INT, IntMode::Machine),
            Ok(-3)
        );
        assert_eq!(
            binary(BinOp::Rem, -7, 2, INT, INT, IntMode::Machine),
            Ok(-1)
        );
        assert!(matches!(
            binary(BinOp::Div, 1, 0, INT, INT, IntMode::Math),
            Err(ArithError::Undefined(_))
        ));
        assert!(matches!(
            binary(BinOp::Div, -2147483648, -1, INT, INT, IntMode::Machine),
            Err(ArithError::Undefined(_))
        ));
        assert_eq!(
            binary(BinOp::Div, -2147483648, -1, INT, INT, IntMode::Math),
            Ok(2147483648)
        );
    }

    #[test]
    fn shifts() {
        assert_eq!(
            binary(BinOp::Shl, 1, 31, INT, INT, IntMode::Machine),
            Ok(-2147483648)
        );
        assert!(matches!(
            binary(BinOp::Shl, 1, 32, INT, INT, IntMode::Machine),
            Err(ArithError::Undefined(_))
        ));
        assert_eq!(
            binary(BinOp::Shr, -7, 1, INT, INT, IntMode::Machine),
            Ok(-4)
        );
        assert_eq!(binary(BinOp::Shr, -7, 1, INT, INT, IntMode::Math), Ok(-4));
        assert_eq!(
            binary(BinOp::Shl, 3, 40, INT, INT, IntMode::Math),
            Ok(3 << 40)
        );
        assert_eq!(binary(BinOp::Shr, -1, 500, INT, INT, IntMode::Math), Ok(-1));
        assert!(matches!(
            binary(BinOp::Shr, 1, -1, INT, INT, IntMode::Math),
            Err(ArithError::Undefined(_))
        ));
    }
}
