//! Expression evaluation: constants, reads, address arithmetic, operators and casts.

use super::arith;
use super::machine::{Machine, Place, RVal, R};
use super::value::{ObjKind, ObjRef, Pointer, Value};
use super::IntMode;
use crate::cir::{BinOp, Expr, ExprKind, Lval, Ty, TypeKind, UnOp};

/// Deepest expression nesting evaluated (protects the native stack: a level takes about
/// 2 KB in an unoptimized build, a few hundred bytes in an optimized one).
const MAX_EXPR_DEPTH: u32 = 1_000;

/// C truth of a scalar: nonzero integers and every pointer or function.
pub(crate) fn truthy(v: Value) -> bool {
    match v {
        Value::Int(x) => x != 0,
        Value::Ptr(_) | Value::Func(_) => true,
    }
}

impl<'p> Machine<'p, '_> {
    /// The value of a scalar expression.
    pub(crate) fn eval(&mut self, e: &Expr) -> R<Value> {
        if self.depth >= MAX_EXPR_DEPTH {
            return Err(self.unsup("expression nested too deeply"));
        }
        self.depth += 1;
        let r = self.eval_inner(e);
        self.depth -= 1;
        r
    }

    /// The value of any expression: a scalar, or the bytes of an aggregate lvalue.
    pub(crate) fn eval_rval(&mut self, e: &Expr) -> R<RVal> {
        if !self.is_aggregate(e.ty)? {
            return Ok(RVal::Scalar(self.eval(e)?));
        }
        match &e.kind {
            ExprKind::Read(lv) => {
                let pl = self.place(lv)?;
                self.read_rval(&pl)
            }
            _ => Err(self.unsup("aggregate expression that is not an lvalue")),
        }
    }

    /// The recursive part of evaluation: only sub-expression evaluation happens here; the
    /// operators themselves are applied by non-recursive helpers, which keeps the native
    /// stack frames on the recursion path small.
    fn eval_inner(&mut self, e: &Expr) -> R<Value> {
        match &e.kind {
            ExprKind::Read(lv) => self.eval_read(lv),
            ExprKind::AddrOf(lv) => match &**lv {
                // `&*p` is `p` (even for null or function pointers).
                Lval::Deref(inner) => self.eval(inner),
                _ => {
                    let pl = self.place(lv)?;
                    self.address_of(pl.ptr, pl.bits.is_some())
                }
            },
            ExprKind::Unary(op, a) => {
                let v = self.eval(a)?;
                self.apply_unary(*op, v, e.ty)
            }
            ExprKind::Binary(op, a, b) => {
                let va = self.eval(a)?;
                let vb = self.eval(b)?;
                self.apply_binary(*op, va, vb, a.ty, e.ty)
            }
            ExprKind::Cast(a) => {
                let v = self.eval(a)?;
                self.apply_cast(v, a.ty, e.ty)
            }
            _ => self.eval_leaf(e),
        }
    }

    /// Constants, functions and string literals.
    #[inline(never)]
    fn eval_leaf(&self, e: &Expr) -> R<Value> {
        match &e.kind {
            ExprKind::Int(n) => self.constant(*n, e.ty),
            ExprKind::Func(f) => {
                self.func(*f)?;
                Ok(Value::Func(*f))
            }
            ExprKind::Str(s) => {
                if s.0 as usize >= self.prog.strings.len() {
                    return Err(self.unsup(format!("string literal #{} does not exist", s.0)));
                }
                Ok(Value::Ptr(Pointer {
                    obj: ObjRef {
                        kind: ObjKind::Str(*s),
                        instance: 0,
                    },
                    offset: 0,
                }))
            }
            _ => Err(self.unsup("internal: not a leaf expression")),
        }
    }

    #[inline(never)]
    fn address_of(&self, ptr: Pointer, bitfield: bool) -> R<Value> {
        if bitfield {
            return Err(self.unsup("address of a bit-field"));
        }
        Ok(Value::Ptr(ptr))
    }

    #[inline(never)]
    fn apply_unary(&self, op: UnOp, v: Value, ty: Ty) -> R<Value> {
        match (op, v) {
            (_, Value::Int(x)) => {
                let k = self.int_kind(ty)?;
                arith::unary(op, x, k, self.mode())
                    .map(Value::Int)
                    .map_err(|er| self.arith_err(er))
            }
            (UnOp::LogNot, _) => Ok(Value::Int(0)),
            _ => Err(self.unsup("arithmetic on a pointer value")),
        }
    }

    fn eval_read(&mut self, lv: &Lval) -> R<Value> {
        let pl = self.place(lv)?;
        if let (TypeKind::Function(_), Lval::Deref(inner)) = (self.kind(pl.ty)?, lv) {
            // A function designator read through a pointer: the pointer's value.
            return self.eval(inner);
        }
        self.read_scalar_place(&pl)
    }

    #[inline(never)]
    fn read_scalar_place(&mut self, pl: &Place) -> R<Value> {
        match self.kind(pl.ty)? {
            TypeKind::Function(_) => Err(self.unsup("a function read as a value")),
            TypeKind::Struct(_) | TypeKind::Array(..) => {
                Err(self.unsup("an aggregate used as a scalar value"))
            }
            _ => self.read_place(pl),
        }
    }

    /// An integer constant of type `ty`.
    fn constant(&self, n: i128, ty: Ty) -> R<Value> {
        match self.kind(ty)? {
            TypeKind::Int(k) => arith::convert(n, *k, self.mode())
                .map(Value::Int)
                .map_err(|e| self.arith_err(e)),
            TypeKind::Pointer(_) if n == 0 => Ok(Value::Int(0)),
            TypeKind::Pointer(_) => Err(self.unsup("a nonzero integer constant used as a pointer")),
            TypeKind::Float(_) => Err(self.unsup("floating-point values")),
            _ => Err(self.unsup("a constant of a non-scalar type")),
        }
    }

    #[inline(never)]
    fn apply_binary(&mut self, op: BinOp, va: Value, vb: Value, a_ty: Ty, ty: Ty) -> R<Value> {
        match op {
            BinOp::PtrAdd => self.ptr_add(va, vb, a_ty),
            BinOp::PtrDiff => self.ptr_diff(va, vb, a_ty, ty),
            _ if op.is_comparison() => match (va, vb) {
                (Value::Int(x), Value::Int(y)) => {
                    let k = self.int_kind(ty)?;
                    arith::binary(op, x, y, k, k, self.mode())
                        .map(Value::Int)
                        .map_err(|e| self.arith_err(e))
                }
                _ => self.ptr_compare(op, va, vb),
            },
            _ => match (va, vb) {
                (Value::Int(x), Value::Int(y)) => {
                    let k = self.int_kind(ty)?;
                    let operand = self.int_kind(a_ty).unwrap_or(k);
                    arith::binary(op, x, y, k, operand, self.mode())
                        .map(Value::Int)
                        .map_err(|e| self.arith_err(e))
                }
                _ => Err(self.unsup(format!(
                    "operator `{}` applied to a pointer value",
                    op.symbol()
                ))),
            },
        }
    }

    /// `p + n`, `n` in elements of the pointee.
    fn ptr_add(&mut self, p: Value, n: Value, ptr_ty: Ty) -> R<Value> {
        let Value::Int(n) = n else {
            return Err(self.unsup("pointer offset is not an integer"));
        };
        // Offsets are address arithmetic: an unsigned offset wraps to a signed one.
        let bits = self.prog.types.data_model.pointer_bits();
        let n = arith::wrap(
            n,
            crate::cir::IntKind {
                bits,
                signed: true,
                is_bool: false,
            },
        )
        .map_err(|e| self.arith_err(e))?;
        let size = self.pointee_size(ptr_ty)?;
        match p {
            Value::Ptr(ptr) => {
                let offset = n
                    .checked_mul(i128::from(size))
                    .and_then(|d| d.checked_add(i128::from(ptr.offset)))
                    .and_then(|o| i64::try_from(o).ok())
                    .ok_or_else(|| self.undef("pointer arithmetic far out of bounds"))?;
                Ok(Value::Ptr(Pointer { offset, ..ptr }))
            }
            Value::Int(0) if n == 0 => Ok(Value::Int(0)),
            Value::Int(0) => Err(self.undef("arithmetic on a null pointer")),
            Value::Int(_) => Err(self
                .undef("arithmetic on an invalid pointer (uninitialized or made from an integer)")),
            Value::Func(_) => Err(self.unsup("arithmetic on a function pointer")),
        }
    }

    /// `p - q` in elements of the pointee.
    fn ptr_diff(&mut self, p: Value, q: Value, ptr_ty: Ty, ty: Ty) -> R<Value> {
        let size = self.pointee_size(ptr_ty)?;
        if size == 0 {
            return Err(self.unsup("difference of pointers to zero-sized objects"));
        }
        let bytes = match (p, q) {
            (Value::Ptr(a), Value::Ptr(b)) if a.obj == b.obj => {
                i128::from(a.offset) - i128::from(b.offset)
            }
            (Value::Int(0), Value::Int(0)) => 0,
            _ => return Err(self.undef("difference of pointers into different objects")),
        };
        let k = self.int_kind(ty)?;
        arith::convert(bytes / i128::from(size), k, self.mode())
            .map(Value::Int)
            .map_err(|e| self.arith_err(e))
    }

    /// A comparison where at least one operand is a pointer or function value.
    fn ptr_compare(&self, op: BinOp, a: Value, b: Value) -> R<Value> {
        // no object lies in the top page (`IS_ERR`: `(unsigned long)p >= -MAX_ERRNO`)
        let error_value = |k: i128| self.error_pointer(k) == Some(k);
        let ord = match (a, b) {
            (Value::Ptr(p), Value::Ptr(q)) if p.obj == q.obj => p.offset.cmp(&q.offset),
            (Value::Func(f), Value::Func(g)) if f == g => std::cmp::Ordering::Equal,
            (Value::Ptr(_), Value::Int(k)) if error_value(k) => std::cmp::Ordering::Less,
            (Value::Int(k), Value::Ptr(_)) if error_value(k) => std::cmp::Ordering::Greater,
            _ => {
                return match op {
                    BinOp::Eq => Ok(Value::Int(0)),
                    BinOp::Ne => Ok(Value::Int(1)),
                    _ => Err(self.undef("relational comparison of pointers to different objects")),
                }
            }
        };
        let r = match op {
            BinOp::Eq => ord.is_eq(),
            BinOp::Ne => ord.is_ne(),
            BinOp::Lt => ord.is_lt(),
            BinOp::Le => ord.is_le(),
            BinOp::Gt => ord.is_gt(),
            _ => ord.is_ge(),
        };
        Ok(Value::Int(i128::from(r)))
    }

    /// The address `x` (as a pointer-wide unsigned value) if it lies in the top page of the
    /// address space, where no object is: the kernel's error pointers (`ERR_PTR`).
    fn error_pointer(&self, x: i128) -> Option<i128> {
        let top = 1i128 << (8 * self.prog.types.pointer_bytes());
        let u = x.rem_euclid(top);
        (u >= top - 4096).then_some(u)
    }

    /// `(ty) v` where `v` has type `from`.
    #[inline(never)]
    fn apply_cast(&mut self, v: Value, from: Ty, ty: Ty) -> R<Value> {
        let from_ptr = matches!(self.kind(from)?, TypeKind::Pointer(_));
        match (self.kind(ty)?, v) {
            (TypeKind::Void, _) => Ok(Value::Int(0)),
            (TypeKind::Int(k), Value::Int(x)) => arith::convert(x, *k, self.mode())
                .map(Value::Int)
                .map_err(|e| self.arith_err(e)),
            (TypeKind::Int(k), _) if k.is_bool => Ok(Value::Int(1)),
            (TypeKind::Int(k), v) if self.carries_pointer(*k) => Ok(v),
            (TypeKind::Int(_), _) => Err(self.unsup("cast of a pointer to a narrower integer")),
            (TypeKind::Pointer(_), Value::Int(x)) if x == 0 || from_ptr => Ok(Value::Int(x)),
            // an error pointer of the kernel (`ERR_PTR(-ENOMEM)`): it compares and converts
            // back, and is never valid
            (TypeKind::Pointer(_), Value::Int(x)) if self.error_pointer(x).is_some() => {
                Ok(Value::Int(self.error_pointer(x).unwrap_or(x)))
            }
            (TypeKind::Pointer(_), Value::Int(x)) if self.cfg.objects_apart => {
                Ok(self.absolute_pointer(x))
            }
            (TypeKind::Pointer(_), Value::Int(_)) => {
                Err(self.unsup("cast of a nonzero integer to a pointer"))
            }
            (TypeKind::Pointer(_), v) => Ok(v),
            (TypeKind::Float(_), _) => Err(self.unsup("floating-point values")),
            _ => Err(self.unsup("cast to a non-scalar type")),
        }
    }

    /// Whether integers of kind `k` hold a pointer value as it is (`uintptr_t`,
    /// `ULONG_PTR`: as wide as a pointer). Such a value stays a pointer: casts back,
    /// comparisons, stores and loads keep it; arithmetic on it is unsupported.
    pub(crate) fn carries_pointer(&self, k: crate::cir::IntKind) -> bool {
        !k.is_bool && k.bits >= self.prog.types.data_model.pointer_bits()
    }

    /// The integer value of a scalar (pointers are not integers).
    pub(crate) fn as_int(&self, v: Value, what: &str) -> R<i128> {
        match v {
            Value::Int(x) => Ok(x),
            _ => Err(self.unsup(format!("{what}: a pointer where an integer was expected"))),
        }
    }

    /// Whether integers wrap (used by library functions).
    pub(crate) fn machine_mode(&self) -> bool {
        self.mode() == IntMode::Machine
    }
}
