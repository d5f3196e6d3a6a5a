//! GCC builtins: the ones slamrs models exactly (as CIR expressions and statements, so the
//! interpreter, the abstraction and the path formulas all read them the same way), the
//! ones it refuses (a [`Construct`] recorded: no answer may depend on them), and the
//! non-functions (`__builtin_expect`, `__builtin_choose_expr`, ...).
//!
//! Modelled, as gcc -O0 computes them on x86:
//! - `__builtin_popcount[l|ll]`, `__builtin_parity[l|ll]`: sums of the bits;
//! - `__builtin_clz[l|ll]`, `__builtin_ctz[l|ll]` (argument nonzero), `__builtin_ffs[l|ll]`:
//!   sums of comparisons (`clz(x)` is the number of `j` in `1..bits` with `x < 2^j`);
//! - `__builtin_bswap16/32/64`: sums of shifted bytes;
//! - `__builtin_{add,sub,mul}_overflow` (and the typed `s`/`u` variants, and `_p`): the
//!   result computed in 128 bits, stored wrapped, and compared;
//! - `__builtin_expect`, `__builtin_expect_with_probability`, `__builtin_assume_aligned`:
//!   their first argument; `__builtin_prefetch`: nothing;
//! - `__builtin_unreachable`: the path ends (reaching it is undefined);
//! - `__builtin_constant_p`: 1 for integer constant expressions and string literals, else 0;
//! - `__builtin_object_size`: the size left in a named object when the argument is its
//!   address (an array, `&x`, `&a[k]`, `&s.f`), else the "unknown" answer (-1 or 0).
//!
//! - the legacy atomics `__sync_lock_test_and_set`, `__sync_lock_release`,
//!   `__sync_val_compare_and_swap`, `__sync_bool_compare_and_swap`,
//!   `__sync_fetch_and_OP` and `__sync_OP_and_fetch` (OP: add, sub, or, and, xor),
//!   `__sync_synchronize`: as the one thread slamrs checks runs them, a read and a write of
//!   `*p` (wdm.h's `InterlockedExchangePointer`, under `IoSetCancelRoutine`, is one).
//!
//! Builtins that are library functions under another name (`__builtin_memcpy`, ...) go to
//! the environment model (`cir::env`); any other `__builtin_*` is refused.

use super::expr::{has_side_effects, is_stable, Operand};
use super::{fold, LResult, Lowerer};
use crate::cir::env::{classify, EnvFn};
use crate::cir::{BinOp, Construct, Expr, ExprKind, Lval, Stmt, Ty, TypeKind};
use crate::frontend::ErrorKind;
use lang_c::ast::Expression;
use lang_c::span::{Node, Span};

/// Builtins gcc provides that change control flow or the machine in ways slamrs cannot follow.
const REFUSED_CONTROL: &[&str] = &[
    "__builtin_setjmp",
    "__builtin_longjmp",
    "__builtin_apply",
    "__builtin_apply_args",
    "__builtin_return",
    "__builtin_unwind_init",
    "__builtin_eh_return",
];

/// `e` adds an offset to a pointer (outside of `&a[k]`).
fn has_ptr_add(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Cast(x) => has_ptr_add(x),
        ExprKind::Binary(BinOp::PtrAdd, ..) => true,
        _ => false,
    }
}

/// The operand width (bits) and signedness of a bit-counting builtin's suffix.
fn suffix_bits(l: &Lowerer, name: &str, base: &str) -> Option<u16> {
    let rest = name.strip_prefix(base)?;
    let long = l.prog.types.data_model.long_bits();
    match rest {
        "" => Some(32),
        "l" => Some(long),
        "ll" => Some(64),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// A builtin that is not an ordinary call, or `None` to lower the call as usual.
    pub(super) fn builtin(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        if let Some(op) = self.builtin_special(name, args, span)? {
            return Ok(Some(op));
        }
        if let Some(op) = self.builtin_bits(name, args, span)? {
            return Ok(Some(op));
        }
        if let Some(op) = self.builtin_overflow(name, args, span)? {
            return Ok(Some(op));
        }
        if let Some(op) = self.builtin_sync(name, args, span)? {
            return Ok(Some(op));
        }
        if name.starts_with("__builtin_") && !self.defined.contains(name) {
            let known = !matches!(classify(name), EnvFn::Unknown);
            if !known || REFUSED_CONTROL.contains(&name) {
                // lowered as a call of an unknown function, but no answer may rest on it
                self.refuse(Construct::Builtin(name.to_string()), span)?;
            }
        }
        Ok(None)
    }

    /// The arguments' values, each evaluated once (a temporary when it would be read twice).
    fn builtin_args(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        n: usize,
        span: Span,
    ) -> LResult<Vec<Expr>> {
        if args.len() != n {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("wrong number of arguments to `{name}`"),
            ));
        }
        let mut out = Vec::new();
        for a in args {
            let v = self.rvalue(a)?;
            let v = if is_stable(&self.prog, &v) {
                v
            } else {
                self.snapshot(v, a.span)?
            };
            out.push(v);
        }
        Ok(out)
    }

    fn builtin_special(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        let int = self.prog.types.int();
        match name {
            "__builtin_expect"
            | "__builtin_expect_with_probability"
            | "__builtin_assume_aligned" => {
                let Some((first, rest)) = args.split_first() else {
                    return Err(self.err(
                        span,
                        ErrorKind::Invalid,
                        format!("wrong number of arguments to `{name}`"),
                    ));
                };
                let v = self.rvalue(first)?;
                let v = if rest.iter().any(|x| has_side_effects(&x.node))
                    && !is_stable(&self.prog, &v)
                {
                    self.snapshot(v, span)?
                } else {
                    v
                };
                for a in rest {
                    self.discard(a)?;
                }
                Ok(Some(Operand::Val(v)))
            }
            "__builtin_prefetch" => {
                for a in args {
                    self.discard(a)?;
                }
                Ok(Some(Operand::Val(self.void_expr())))
            }
            "__builtin_unreachable" => {
                // nothing can follow: the path ends here
                let zero = fold::int(0, int);
                let next = self.fcx.new_node();
                self.emit_to(Stmt::Assume(zero), span, next)?;
                self.fcx.cur = self.fcx.new_node();
                Ok(Some(Operand::Val(self.void_expr())))
            }
            "__builtin_constant_p" => {
                let [a] = args else {
                    return Err(self.err(span, ErrorKind::Invalid, "wrong number of arguments"));
                };
                let constant = matches!(a.node, Expression::StringLiteral(_))
                    || matches!(self.try_const_int(a), Ok(Some(_)));
                Ok(Some(Operand::Val(fold::int(i128::from(constant), int))))
            }
            "__builtin_object_size" | "__builtin_dynamic_object_size" => {
                let [p, t] = args else {
                    return Err(self.err(span, ErrorKind::Invalid, "wrong number of arguments"));
                };
                let kind = self.const_int(t, "__builtin_object_size type")?;
                let v = self.rvalue(p)?;
                let st = self.prog.types.size_t();
                let known = self.object_size(&v, kind);
                let unknown = if kind < 2 { -1 } else { 0 };
                let r = known.map(|k| k as i128).unwrap_or(unknown);
                let k = self.prog.types.as_int(st).map(|k| fold::wrap(r, k));
                Ok(Some(Operand::Val(fold::int(k.unwrap_or(0), st))))
            }
            crate::frontend::gnu::TYPES_COMPATIBLE => {
                // `__builtin_types_compatible_p(T1, T2)`, rewritten before parsing as
                // `(typeof(T1) *)0, (typeof(T2) *)0`
                let mut tys = Vec::new();
                for a in args {
                    let Expression::Cast(c) = &a.node else {
                        return Err(self.err(span, ErrorKind::Invalid, "malformed type operand"));
                    };
                    let t = self.type_name(&c.node.type_name)?;
                    tys.push(self.prog.types.pointee(t).unwrap_or(t));
                }
                let [a, b] = tys[..] else {
                    return Err(self.err(span, ErrorKind::Invalid, "wrong number of arguments"));
                };
                Ok(Some(Operand::Val(fold::int(i128::from(a == b), int))))
            }
            "__builtin_choose_expr" => {
                let [c, a, b] = args else {
                    return Err(self.err(span, ErrorKind::Invalid, "wrong number of arguments"));
                };
                let k = self.const_int(c, "__builtin_choose_expr condition")?;
                Ok(Some(self.operand(if k != 0 { a } else { b })?))
            }
            _ => Ok(None),
        }
    }

    /// What gcc -O0 knows of the bytes left after the address `v`: only for an address
    /// within a named object at a constant offset (`buf`, `buf + 4`, `&x`, `&a[k]`, `&s.f`).
    fn object_size(&self, v: &Expr, kind: i128) -> Option<u64> {
        let (whole, sub, off) = self.object_at(v)?;
        // gcc -O0 does not fold the closest-subobject kinds (1, 3) through `p + k`
        if kind & 1 == 1 && has_ptr_add(v) {
            return None;
        }
        let size = if kind & 1 == 1 { sub } else { whole };
        size.checked_sub(off)
    }

    /// For an address of a named object: (the object's size, the size of the innermost
    /// member containing the address, the offset from that member's start... as one offset
    /// from the object's start, with the member's size measured from the object's start).
    fn object_at(&self, v: &Expr) -> Option<(u64, u64, u64)> {
        let t = &self.prog.types;
        match &v.kind {
            ExprKind::Cast(x) => self.object_at(x),
            ExprKind::Binary(BinOp::PtrAdd, p, k) => {
                let ExprKind::Int(k) = k.kind else {
                    return None;
                };
                let elem = t.size_of(t.pointee(p.ty)?)?;
                let (whole, sub, off) = self.object_at(p)?;
                let add = u64::try_from(k).ok()?.checked_mul(elem)?;
                Some((whole, sub, off.checked_add(add)?))
            }
            ExprKind::AddrOf(lv) => self.lval_at(lv),
            _ => None,
        }
    }

    fn lval_at(&self, lv: &Lval) -> Option<(u64, u64, u64)> {
        let t = &self.prog.types;
        match lv {
            Lval::Var(x) => {
                let s = t.size_of(self.prog.var(*x).ty)?;
                Some((s, s, 0))
            }
            Lval::Index(base, i) => {
                let ExprKind::Int(k) = i.kind else {
                    return None;
                };
                let (whole, sub, off) = self.lval_at(base)?;
                let elem = t.size_of(t.elem(self.prog.lval_ty(base))?)?;
                Some((
                    whole,
                    sub,
                    off.checked_add(u64::try_from(k).ok()?.checked_mul(elem)?)?,
                ))
            }
            Lval::Field(base, s, i) => {
                let f = self.prog.field(*s, *i);
                if f.bitfield.is_some() {
                    return None;
                }
                let (whole, _, off) = self.lval_at(base)?;
                let start = off.checked_add(f.offset)?;
                // the member's size, counted from the object's start
                let sub = start.checked_add(t.size_of(f.ty)?)?;
                Some((whole, sub, start))
            }
            Lval::Deref(_) => None,
        }
    }

    /// Bit counting and byte swapping.
    fn builtin_bits(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        let which = ["popcount", "parity", "clz", "ctz", "ffs"]
            .into_iter()
            .find_map(|b| suffix_bits(self, name, &format!("__builtin_{b}")).map(|n| (b, n)));
        let int = self.prog.types.int();
        if let Some((what, bits)) = which {
            // ffs takes a signed argument; the others an unsigned one
            let arg_ty = self.prog.types.int_kind(bits, what == "ffs");
            let ut = self.prog.types.int_kind(bits, false);
            let v = self.builtin_args(name, args, 1, span)?.remove(0);
            let v = self.convert(v, arg_ty, span)?;
            let x = fold::cast(&self.prog.types, v, ut);
            let types = &self.prog.types;
            let c = |n: i128| fold::int(n, ut);
            let bool_int = |e: Expr| fold::cast(types, e, int);
            let mut terms = Vec::new();
            match what {
                "popcount" | "parity" => {
                    for i in 0..bits {
                        let sh = fold::binary(types, BinOp::Shr, x.clone(), c(i.into()), ut);
                        let bit = fold::binary(types, BinOp::BitAnd, sh, c(1), ut);
                        terms.push(fold::cast(types, bit, int));
                    }
                }
                "clz" => {
                    for j in 1..bits {
                        let lt = fold::binary(types, BinOp::Lt, x.clone(), c(1i128 << j), int);
                        terms.push(bool_int(lt));
                    }
                }
                "ctz" | "ffs" => {
                    let from = if what == "ffs" { 0 } else { 1 };
                    for j in from..bits {
                        let low =
                            fold::binary(types, BinOp::BitAnd, x.clone(), c((1i128 << j) - 1), ut);
                        let zero = fold::binary(types, BinOp::Eq, low, c(0), int);
                        terms.push(bool_int(zero));
                    }
                    if what == "ffs" {
                        // ffs(0) is 0: take back the `bits` terms that all hold for 0
                        let is0 = fold::binary(types, BinOp::Eq, x.clone(), c(0), int);
                        let k = fold::int(i128::from(bits), int);
                        let minus = fold::binary(types, BinOp::Mul, is0, k, int);
                        terms.push(fold::unary(types, crate::cir::UnOp::Neg, minus, int));
                    }
                }
                _ => {}
            }
            let mut sum = fold::int(0, int);
            for t in terms {
                sum = fold::binary(types, BinOp::Add, sum, t, int);
            }
            if what == "parity" {
                sum = fold::binary(types, BinOp::BitAnd, sum, fold::int(1, int), int);
            }
            return Ok(Some(Operand::Val(sum)));
        }
        let bswap = match name {
            "__builtin_bswap16" => Some(16u16),
            "__builtin_bswap32" => Some(32),
            "__builtin_bswap64" => Some(64),
            _ => None,
        };
        if let Some(bits) = bswap {
            let ut = self.prog.types.int_kind(bits, false);
            let v = self.builtin_args(name, args, 1, span)?.remove(0);
            let x = self.convert(v, ut, span)?;
            let types = &self.prog.types;
            let c = |n: i128| fold::int(n, ut);
            let n = i128::from(bits / 8);
            let mut sum = c(0);
            for k in 0..n {
                let sh = fold::binary(types, BinOp::Shr, x.clone(), c(8 * k), ut);
                let byte = fold::binary(types, BinOp::BitAnd, sh, c(0xff), ut);
                let moved = fold::binary(types, BinOp::Shl, byte, c(8 * (n - 1 - k)), ut);
                sum = fold::binary(types, BinOp::Add, sum, moved, ut);
            }
            return Ok(Some(Operand::Val(sum)));
        }
        Ok(None)
    }

    /// The `__sync_*` atomics, single-threaded: `old = *p`, then the write.
    fn builtin_sync(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        let Some(rest) = name.strip_prefix("__sync_") else {
            return Ok(None);
        };
        if self.defined.contains(name) {
            return Ok(None);
        }
        if rest == "synchronize" {
            for a in args {
                self.discard(a)?;
            }
            return Ok(Some(Operand::Val(self.void_expr())));
        }
        let op_of = |s: &str| match s {
            "add" => Some(BinOp::Add),
            "sub" => Some(BinOp::Sub),
            "or" => Some(BinOp::BitOr),
            "and" => Some(BinOp::BitAnd),
            "xor" => Some(BinOp::BitXor),
            _ => None,
        };
        // (operation, arguments used, result is the new value)
        enum Sync {
            Exchange,
            Release,
            ValCas,
            BoolCas,
            Fetch(BinOp, bool),
        }
        let kind = match rest {
            "lock_test_and_set" => Sync::Exchange,
            "lock_release" => Sync::Release,
            "val_compare_and_swap" => Sync::ValCas,
            "bool_compare_and_swap" => Sync::BoolCas,
            _ => {
                if let Some(op) = rest.strip_prefix("fetch_and_").and_then(op_of) {
                    Sync::Fetch(op, false)
                } else if let Some(op) = rest.strip_suffix("_and_fetch").and_then(op_of) {
                    Sync::Fetch(op, true)
                } else {
                    return Ok(None);
                }
            }
        };
        let needed = match kind {
            Sync::Release => 1,
            Sync::Exchange | Sync::Fetch(..) => 2,
            Sync::ValCas | Sync::BoolCas => 3,
        };
        if args.len() < needed {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("too few arguments to `{name}`"),
            ));
        }
        // gcc allows (and ignores) further arguments: a list of variables to protect
        let vals = self.builtin_args(name, &args[..needed], needed, span)?;
        for a in &args[needed..] {
            self.discard(a)?;
        }
        let p = vals[0].clone();
        let Some(elem) = self.prog.types.pointee(p.ty) else {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("the first argument of `{name}` is not a pointer"),
            ));
        };
        let scalar = self.prog.types.is_integer(elem) || self.prog.types.is_pointer(elem);
        if !scalar || (matches!(kind, Sync::Fetch(..)) && !self.prog.types.is_integer(elem)) {
            self.refuse(Construct::Builtin(name.to_string()), span)?;
            return Ok(None);
        }
        let target = Lval::Deref(Box::new(p));
        let old = self.snapshot(super::expr::read(target.clone(), elem), span)?;
        let int = self.prog.types.int();
        let result = match kind {
            Sync::Release => {
                let zero = self.convert(fold::int(0, int), elem, span)?;
                self.emit(
                    Stmt::Assign {
                        lhs: target,
                        rhs: zero,
                    },
                    span,
                )?;
                self.void_expr()
            }
            Sync::Exchange => {
                let v = self.convert(vals[1].clone(), elem, span)?;
                self.emit(
                    Stmt::Assign {
                        lhs: target,
                        rhs: v,
                    },
                    span,
                )?;
                old
            }
            Sync::Fetch(op, new) => {
                let v = self.convert(vals[1].clone(), elem, span)?;
                let types = &self.prog.types;
                let value = fold::binary(types, op, old.clone(), v, elem);
                let value = self.snapshot(value, span)?;
                self.emit(
                    Stmt::Assign {
                        lhs: target,
                        rhs: value.clone(),
                    },
                    span,
                )?;
                if new {
                    value
                } else {
                    old
                }
            }
            Sync::ValCas | Sync::BoolCas => {
                let expected = self.convert(vals[1].clone(), elem, span)?;
                let desired = self.convert(vals[2].clone(), elem, span)?;
                let types = &self.prog.types;
                let same = fold::binary(types, BinOp::Eq, old.clone(), expected, int);
                let ok = self.snapshot(same, span)?;
                let (yes, join) = (self.fcx.new_node(), self.fcx.new_node());
                let not_ok = fold::binary(
                    &self.prog.types,
                    BinOp::Eq,
                    ok.clone(),
                    fold::int(0, int),
                    int,
                );
                self.emit_to(Stmt::Assume(ok.clone()), span, yes)?;
                self.emit_to(Stmt::Assume(not_ok), span, join)?;
                self.fcx.cur = yes;
                self.emit_to(
                    Stmt::Assign {
                        lhs: target,
                        rhs: desired,
                    },
                    span,
                    join,
                )?;
                self.fcx.cur = join;
                if matches!(kind, Sync::BoolCas) {
                    ok
                } else {
                    old
                }
            }
        };
        Ok(Some(Operand::Val(result)))
    }

    /// `__builtin_{add,sub,mul}_overflow[_p]` and the typed variants.
    fn builtin_overflow(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        let Some(rest) = name.strip_prefix("__builtin_") else {
            return Ok(None);
        };
        let Some(stem) = rest
            .strip_suffix("_overflow")
            .or_else(|| rest.strip_suffix("_overflow_p"))
        else {
            return Ok(None);
        };
        let predicate = rest.ends_with("_overflow_p");
        // typed variants: [s|u](add|sub|mul)[l|ll]
        let (op_name, typed) = match stem {
            "add" | "sub" | "mul" => (stem, None),
            _ => {
                let (signed, s) = match stem.chars().next() {
                    Some('s') => (true, &stem[1..]),
                    Some('u') => (false, &stem[1..]),
                    _ => return Ok(None),
                };
                let (op, len) = match s.get(..3) {
                    Some(o @ ("add" | "sub" | "mul")) => (o, &s[3..]),
                    _ => return Ok(None),
                };
                let long = self.prog.types.data_model.long_bits();
                let bits = match len {
                    "" => 32,
                    "l" => long,
                    "ll" => 64,
                    _ => return Ok(None),
                };
                (op, Some(self.prog.types.int_kind(bits, signed)))
            }
        };
        let op = match op_name {
            "add" => BinOp::Add,
            "sub" => BinOp::Sub,
            _ => BinOp::Mul,
        };
        let vals = self.builtin_args(name, args, 3, span)?;
        let (a, b, third) = (vals[0].clone(), vals[1].clone(), vals[2].clone());
        // the result type: the pointee of the third argument (or its type, for `_p`)
        let res_ty = if predicate {
            third.ty
        } else {
            match typed {
                Some(t) => t,
                None => match self.prog.types.kind(third.ty) {
                    TypeKind::Pointer(p) => *p,
                    _ => {
                        return Err(self.err(
                            span,
                            ErrorKind::Invalid,
                            format!("the third argument of `{name}` must be a pointer"),
                        ))
                    }
                },
            }
        };
        if self.prog.types.as_int(res_ty).is_none_or(|k| k.is_bool) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("`{name}`: the result must have an integer type"),
            ));
        }
        let (a, b) = match typed {
            Some(t) => (self.convert(a, t, span)?, self.convert(b, t, span)?),
            None => (a, b),
        };
        let wide = self.prog.types.int_kind(128, true);
        let types = &self.prog.types;
        let wa = fold::cast(types, a, wide);
        let wb = fold::cast(types, b, wide);
        let exact = fold::binary(types, op, wa, wb, wide);
        let exact = self.snapshot(exact, span)?;
        let types = &self.prog.types;
        let wrapped = fold::cast(types, exact.clone(), res_ty);
        if !predicate {
            let third = self.overflow_result_pointer(name, third, res_ty, span)?;
            let lv = Lval::Deref(Box::new(third));
            self.emit(
                Stmt::Assign {
                    lhs: lv,
                    rhs: wrapped.clone(),
                },
                span,
            )?;
        }
        let types = &self.prog.types;
        let back = fold::cast(types, wrapped, wide);
        let bool_ty = self.prog.types.bool();
        let int = self.prog.types.int();
        let types = &self.prog.types;
        let differs = fold::binary(types, BinOp::Ne, back, exact, int);
        Ok(Some(Operand::Val(fold::cast(types, differs, bool_ty))))
    }

    /// The third argument of a typed `__builtin_*_overflow` (`uadd`, `smull`, ...) as a
    /// pointer to the result type `res_ty`: gcc accepts a pointer to any integer type of
    /// the same width (with a warning), and stores the result as `res_ty`.
    fn overflow_result_pointer(
        &mut self,
        name: &str,
        third: Expr,
        res_ty: Ty,
        span: Span,
    ) -> LResult<Expr> {
        let types = &self.prog.types;
        let pointee = types.pointee(third.ty);
        let same_width = pointee.is_some_and(|p| {
            types.as_int(p).is_some_and(|k| !k.is_bool) && types.size_of(p) == types.size_of(res_ty)
        });
        if !same_width {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!(
                    "the third argument of `{name}` must point to an integer of the width of `{}`",
                    self.prog.types.display(res_ty)
                ),
            ));
        }
        let to = self.prog.types.pointer(res_ty);
        Ok(fold::cast(&self.prog.types, third, to))
    }
}
