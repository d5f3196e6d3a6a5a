//! Calls: direct and indirect, argument conversion (prototypes, default promotions),
//! GCC builtins, implicit declarations, and the environment model of `cir::env` for
//! functions the program does not define (nondeterminism, assume, error, assert, halt,
//! allocation).

use super::expr::{has_side_effects, is_stable, read, Operand};
use super::scope::Binding;
use super::types::{is_float, is_void};
use super::variadic::VA;
use super::{fold, LResult, Lowerer};
use crate::cir::env::{classify, EnvFn};
use crate::cir::{
    AllocId, AllocSite, BinOp, Callee, Expr, ExprKind, FnSig, FuncId, Function, HavocKind, Lval,
    Stmt, Ty, TypeKind,
};
use crate::frontend::ErrorKind;
use lang_c::ast::{CallExpression, Expression, UnaryOperator};
use lang_c::span::{Node, Span};

/// The identifier a callee expression names, through `*` and `&`.
fn direct_name(e: &Expression) -> Option<&str> {
    match e {
        Expression::Identifier(id) => Some(&id.node.name),
        Expression::UnaryOperator(u)
            if matches!(
                u.node.operator.node,
                UnaryOperator::Indirection | UnaryOperator::Address
            ) =>
        {
            direct_name(&u.node.operand.node)
        }
        _ => None,
    }
}

const SETJMP: &[&str] = &[
    "setjmp",
    "_setjmp",
    "__setjmp",
    "sigsetjmp",
    "__sigsetjmp",
    "longjmp",
    "_longjmp",
    "siglongjmp",
    "__longjmp_chk",
    "__builtin_setjmp",
    "__builtin_longjmp",
];

/// The event function a driver's kernel allocation calls first, with its GFP flags (the
/// Linux OS model defines it empty; rules observe it).
pub const KERNEL_ALLOC_EVENT: &str = "__slamrs_kernel_alloc";

impl Lowerer<'_> {
    /// Lower a call. With `dest`, the result is stored straight into that lvalue when the
    /// types allow it (the `bool` says so); otherwise the result (when `want`) is a
    /// temporary's value.
    pub(super) fn call(
        &mut self,
        c: &Node<CallExpression>,
        span: Span,
        dest: Option<(Lval, Ty)>,
        want: bool,
    ) -> LResult<(Operand, bool)> {
        // structured exception handling (seh.rs): the markers, and the routines that raise
        let raising = match direct_name(&c.node.callee.node) {
            Some(name) if !matches!(self.scopes.lookup(name), Some(Binding::Var(_))) => {
                if name == super::seh::PROPAGATE {
                    self.seh_propagate(span)?;
                    return Ok((Operand::Val(self.void_expr()), false));
                }
                if name == super::seh::EXCEPTION_CODE && c.node.arguments.is_empty() {
                    return Ok((Operand::Val(self.seh_code(span)), false));
                }
                if super::seh::RAISES.contains(&name) {
                    let mut args = Vec::new();
                    for a in &c.node.arguments {
                        args.push(self.rvalue(a)?);
                    }
                    self.seh_raise(name, args, span)?;
                    return Ok((Operand::Val(self.void_expr()), false));
                }
                super::seh::MAY_RAISE
                    .contains(&name)
                    .then(|| name.to_string())
            }
            _ => None,
        };
        let into_program = self.seh_unit
            && match direct_name(&c.node.callee.node) {
                Some(name) if !matches!(self.scopes.lookup(name), Some(Binding::Var(_))) => {
                    self.defined.contains(name)
                }
                _ => true,
            };
        let r = self.call_unraised(c, span, dest, want)?;
        if let Some(name) = raising {
            self.seh_raise_point(&name, span)?;
        }
        if into_program {
            self.seh_after_call(span)?;
        }
        Ok(r)
    }

    /// A call, without the exception it may raise.
    fn call_unraised(
        &mut self,
        c: &Node<CallExpression>,
        span: Span,
        dest: Option<(Lval, Ty)>,
        want: bool,
    ) -> LResult<(Operand, bool)> {
        let callee_e = &c.node.callee;
        let args = &c.node.arguments;
        if let Some(name) = direct_name(&callee_e.node) {
            if !matches!(self.scopes.lookup(name), Some(Binding::Var(_))) {
                if let Some(op) = self.builtin_or_refused(name, args, span)? {
                    return Ok((op, false));
                }
            }
        }
        let (callee, sig) = self.callee(callee_e)?;
        let env = match &callee {
            Callee::Direct(f) => {
                let name = self.prog.func(*f).name.clone();
                if self.defined.contains(&name) && !self.header_env.contains(&name) {
                    None
                } else {
                    Some((classify(&name), name))
                }
            }
            Callee::Indirect(_) => None,
        };
        match env {
            Some((EnvFn::Nondet, name)) => self.nondet(&name, &sig, args, dest, want, span),
            Some((EnvFn::Assume, name)) => {
                let [a] = args.as_slice() else {
                    return Err(self.arity(&name, span));
                };
                let next = self.fcx.new_node();
                self.cond(a, Some(next), None)?;
                self.fcx.cur = next;
                Ok((Operand::Val(self.void_expr()), false))
            }
            Some((EnvFn::Error, _)) => {
                for a in args {
                    self.discard(a)?;
                }
                self.terminate(Stmt::Error, span)?;
                Ok((Operand::Val(fold::int(0, sig.ret)), false))
            }
            Some((EnvFn::AssertCall, name)) => {
                let [a] = args.as_slice() else {
                    return Err(self.arity(&name, span));
                };
                let next = self.fcx.new_node();
                let fail = self.fcx.new_node();
                self.cond(a, Some(next), Some(fail))?;
                self.fcx.cur = fail;
                self.terminate(Stmt::Error, span)?;
                self.fcx.cur = next;
                Ok((Operand::Val(fold::int(0, sig.ret)), false))
            }
            Some((EnvFn::Halt { code_arg }, _)) => {
                let vals = self.call_args(args, &sig, span)?;
                let code = match code_arg.and_then(|i| vals.get(i).cloned()) {
                    Some(v) => {
                        let int = self.prog.types.int();
                        Some(self.convert(v, int, span)?)
                    }
                    None => None,
                };
                self.terminate(Stmt::Halt { code }, span)?;
                Ok((Operand::Val(fold::int(0, sig.ret)), false))
            }
            Some((
                EnvFn::Alloc {
                    size_args,
                    may_fail,
                    zeroed,
                },
                name,
            )) => {
                let vals = self.call_args(args, &sig, span)?;
                if self.kernel_callbacks.is_some() {
                    self.kernel_alloc_event(&name, &vals, span)?;
                }
                let st = self.prog.types.size_t();
                let mut size: Option<Expr> = None;
                for i in size_args {
                    let Some(v) = vals.get(i).cloned() else {
                        return Err(self.arity(&name, span));
                    };
                    let v = self.convert(v, st, span)?;
                    size = Some(match size {
                        None => v,
                        Some(s) => fold::binary(&self.prog.types, BinOp::Mul, s, v, st),
                    });
                }
                let size = size.unwrap_or_else(|| fold::int(0, st));
                let func = self.cur_func(span)?;
                let site = AllocId(self.prog.allocs.len() as u32);
                let loc = self.loc(span);
                self.prog.allocs.push(AllocSite {
                    func,
                    loc,
                    allocator: name,
                    may_fail,
                    zeroed,
                });
                let ret = if self.prog.types.is_pointer(sig.ret) {
                    sig.ret
                } else {
                    let v = self.prog.types.void();
                    self.prog.types.pointer(v)
                };
                if let Some((lv, lty)) = dest {
                    if self.prog.types.is_pointer(lty) {
                        self.emit(
                            Stmt::Alloc {
                                lhs: lv.clone(),
                                site,
                                size,
                            },
                            span,
                        )?;
                        return Ok((Operand::Val(read(lv, lty)), true));
                    }
                }
                let t = self.new_temp(ret, span)?;
                self.emit(
                    Stmt::Alloc {
                        lhs: Lval::Var(t),
                        site,
                        size,
                    },
                    span,
                )?;
                Ok((Operand::Val(read(Lval::Var(t), ret)), false))
            }
            Some((EnvFn::Known(_) | EnvFn::Unknown, name)) => {
                let vals = self.call_args(args, &sig, span)?;
                if self.may_call_back(&name) && vals.iter().any(|v| self.carries_code(v.ty)) {
                    self.refuse(crate::cir::Construct::Callback(name.clone()), span)?;
                }
                let r = self.plain_call(callee, sig.ret, vals, dest, want, span)?;
                if self.never_pending.contains(&name) {
                    self.not_pending(&r.0, span)?;
                }
                Ok(r)
            }
            None => {
                let vals = self.call_args(args, &sig, span)?;
                self.plain_call(callee, sig.ret, vals, dest, want, span)
            }
        }
    }

    /// An unknown library function may call a function pointer it is given.
    fn may_call_back(&self, name: &str) -> bool {
        if !matches!(classify(name), EnvFn::Unknown) {
            return false;
        }
        // a kernel routine declared by the kernel's headers: only the known ones call back
        if let Some(known) = &self.kernel_callbacks {
            let in_header = self.scopes.lookup(name).is_some_and(|b| match b {
                Binding::Func(f) => self
                    .src
                    .system
                    .get(self.prog.func(f).loc.file.0 as usize)
                    .copied()
                    .unwrap_or(false),
                _ => false,
            });
            if in_header {
                return known.iter().any(|k| k == name);
            }
        }
        true
    }

    /// A value of this type can carry a function pointer to the callee: a function
    /// pointer, or a pointer to a struct (or array) holding one.
    fn carries_code(&self, ty: Ty) -> bool {
        let t = &self.prog.types;
        let Some(p) = t.pointee(ty) else {
            return false;
        };
        if matches!(t.kind(p), TypeKind::Function(_)) {
            return true;
        }
        fn holds(t: &crate::cir::Types, ty: Ty, depth: u32) -> bool {
            if depth > 4 {
                return false;
            }
            match t.kind(ty) {
                TypeKind::Pointer(p) => matches!(t.kind(*p), TypeKind::Function(_)),
                TypeKind::Array(e, _) => holds(t, *e, depth + 1),
                TypeKind::Struct(_) => t
                    .fields(ty)
                    .is_some_and(|fs| fs.iter().any(|f| holds(t, f.ty, depth + 1))),
                _ => false,
            }
        }
        holds(t, p, 0)
    }

    fn arity(&self, name: &str, span: Span) -> crate::frontend::FrontendError {
        self.err(
            span,
            ErrorKind::Invalid,
            format!("wrong number of arguments to `{name}`"),
        )
    }

    /// `Stmt::Call`, its result in `dest`, a temporary, or nowhere.
    fn plain_call(
        &mut self,
        callee: Callee,
        ret: Ty,
        args: Vec<Expr>,
        dest: Option<(Lval, Ty)>,
        want: bool,
        span: Span,
    ) -> LResult<(Operand, bool)> {
        if is_void(&self.prog.types, ret) {
            self.emit(
                Stmt::Call {
                    lhs: None,
                    callee,
                    args,
                },
                span,
            )?;
            return Ok((Operand::Val(self.void_expr()), false));
        }
        if let Some((lv, lty)) = dest {
            if lty == ret {
                self.emit(
                    Stmt::Call {
                        lhs: Some(lv.clone()),
                        callee,
                        args,
                    },
                    span,
                )?;
                return Ok((Operand::Val(read(lv, lty)), true));
            }
        }
        if !want {
            self.emit(
                Stmt::Call {
                    lhs: None,
                    callee,
                    args,
                },
                span,
            )?;
            return Ok((Operand::Val(self.void_expr()), false));
        }
        let t = self.new_temp(ret, span)?;
        self.emit(
            Stmt::Call {
                lhs: Some(Lval::Var(t)),
                callee,
                args,
            },
            span,
        )?;
        Ok((Operand::Val(read(Lval::Var(t), ret)), false))
    }

    /// `__VERIFIER_nondet_*()`: a havoc of the result (nothing when it is unused).
    fn nondet(
        &mut self,
        name: &str,
        sig: &FnSig,
        args: &[Node<Expression>],
        dest: Option<(Lval, Ty)>,
        want: bool,
        span: Span,
    ) -> LResult<(Operand, bool)> {
        for a in args {
            self.discard(a)?;
        }
        let ret = sig.ret;
        if is_void(&self.prog.types, ret) {
            return Ok((Operand::Val(self.void_expr()), false));
        }
        let why = HavocKind::Input(name.to_string());
        if let Some((lv, lty)) = dest {
            if self.havoc_covers(ret, lty) {
                self.emit(
                    Stmt::Havoc {
                        lhs: lv.clone(),
                        why,
                    },
                    span,
                )?;
                return Ok((Operand::Val(read(lv, lty)), true));
            }
        }
        // an unused result is still an input the program consumed (as the compiled program
        // and the interpreter see it)
        let t = self.havoc_temp(ret, why, span)?;
        if !want {
            return Ok((Operand::Val(self.void_expr()), false));
        }
        Ok((Operand::Val(read(Lval::Var(t), ret)), false))
    }

    /// Havocking an lvalue of type `dst` directly gives exactly the values that converting
    /// an arbitrary `src` to `dst` gives.
    fn havoc_covers(&self, src: Ty, dst: Ty) -> bool {
        if src == dst {
            return true;
        }
        let t = &self.prog.types;
        match (t.as_int(src), t.as_int(dst)) {
            (Some(s), Some(d)) => d.is_bool || (!s.is_bool && d.bits <= s.bits),
            _ => t.is_pointer(src) && t.is_pointer(dst),
        }
    }

    /// Resolve the callee: a direct call when it names a function, else a call through a
    /// pointer. Returns the function's signature.
    fn callee(&mut self, e: &Node<Expression>) -> LResult<(Callee, FnSig)> {
        if let Some(name) = direct_name(&e.node) {
            let f = match self.scopes.lookup(name) {
                Some(Binding::Func(f)) => Some(f),
                None => {
                    if let Some(err) = self.skipped_use(name, e.span) {
                        return Err(err);
                    }
                    Some(self.implicit_fn(name, e.span))
                }
                _ => None,
            };
            if let Some(f) = f {
                let sig = self.sig_of(self.prog.func(f).ty, e.span)?;
                return Ok((Callee::Direct(f), sig));
            }
        }
        let op = self.operand(e)?;
        let v = match op {
            Operand::Func(ex) => {
                if let ExprKind::Func(f) = ex.kind {
                    let sig = self.sig_of(self.prog.func(f).ty, e.span)?;
                    return Ok((Callee::Direct(f), sig));
                }
                ex
            }
            other => self.value_of(other, e.span)?,
        };
        let sig = self.sig_of(v.ty, e.span)?;
        Ok((Callee::Indirect(v), sig))
    }

    fn sig_of(&self, ty: Ty, span: Span) -> LResult<FnSig> {
        self.prog.types.fn_sig(ty).cloned().ok_or_else(|| {
            self.err(
                span,
                ErrorKind::Invalid,
                "called object is not a function or function pointer",
            )
        })
    }

    /// A function created by its first call (C89 implicit declaration: `int f()`).
    fn implicit_fn(&mut self, name: &str, span: Span) -> FuncId {
        let ret = self.implicit_return(name);
        let ty = self.prog.types.function(FnSig {
            ret,
            params: Vec::new(),
            variadic: false,
            prototyped: false,
        });
        let f = self.add_function(name, ty, false, span);
        self.implicit.insert(f);
        if !name.starts_with("__builtin_") && !name.starts_with("__VERIFIER_") {
            self.warn(span, &format!("implicit declaration of function `{name}`"));
        }
        f
    }

    /// The return type assumed for an undeclared function: from the name for
    /// `__VERIFIER_nondet_T` and common library functions, else `int`.
    fn implicit_return(&mut self, name: &str) -> Ty {
        let t = &mut self.prog.types;
        let void = t.void();
        let vp = t.pointer(void);
        if let Some(suffix) = name.strip_prefix("__VERIFIER_nondet_") {
            let l = t.data_model.long_bits();
            return match suffix {
                "uint" | "unsigned" | "unsigned_int" | "u32" => t.int_kind(32, false),
                "long" => t.long(),
                "ulong" | "unsigned_long" => t.int_kind(l, false),
                "longlong" | "long_long" | "s64" | "loff_t" => t.int_kind(64, true),
                "ulonglong" | "unsigned_long_long" | "u64" => t.int_kind(64, false),
                "short" | "s16" => t.int_kind(16, true),
                "ushort" | "unsigned_short" | "u16" => t.int_kind(16, false),
                "char" | "s8" => t.char(),
                "uchar" | "unsigned_char" | "u8" => t.int_kind(8, false),
                "bool" | "_Bool" => t.bool(),
                "pointer" => vp,
                "size_t" | "sizet" => t.size_t(),
                "float" => t.intern(TypeKind::Float(32)),
                "double" => t.intern(TypeKind::Float(64)),
                _ => t.int(),
            };
        }
        match name {
            "malloc" | "calloc" | "realloc" | "kmalloc" | "kzalloc" | "kcalloc" | "vmalloc"
            | "vzalloc" | "alloca" | "__builtin_alloca" | "xmalloc" | "memset" | "memcpy"
            | "memmove" | "__builtin_memset" | "__builtin_memcpy" | "__builtin_memmove" => vp,
            "strlen" | "__builtin_strlen" => t.size_t(),
            "strcpy" | "__builtin_strcpy" => {
                let c = t.char();
                t.pointer(c)
            }
            "free"
            | "abort"
            | "exit"
            | "_exit"
            | "_Exit"
            | "__builtin_abort"
            | "__builtin_exit"
            | "reach_error"
            | "__VERIFIER_error"
            | "__VERIFIER_assume"
            | "__builtin_trap"
            | "__builtin_unreachable"
            | "kfree"
            | "vfree" => void,
            "labs" => t.long(),
            _ => t.int(),
        }
    }

    /// Create a bodiless function entry (registered by name and bound at file scope).
    /// A kernel allocation (`kmalloc(size, gfp)`, `kzalloc`, `kcalloc`, `kmalloc_array`,
    /// `vmalloc`) in a driver: first a call of [`KERNEL_ALLOC_EVENT`]`(gfp)` (for `vmalloc`,
    /// which may always sleep, `GFP_KERNEL`), so rules observe the allocation and its flags
    /// (the allocation itself is a CIR `Alloc`, not a call).
    fn kernel_alloc_event(&mut self, name: &str, vals: &[Expr], span: Span) -> LResult<()> {
        /// `GFP_KERNEL` of Linux 6.1 (`__GFP_RECLAIM | __GFP_IO | __GFP_FS`).
        const GFP_KERNEL: i128 = 0xcc0;
        let ul = self.prog.types.size_t();
        let gfp = match name {
            "kmalloc" | "kzalloc" => vals.get(1).cloned(),
            "kcalloc" | "kmalloc_array" => vals.get(2).cloned(),
            "vmalloc" | "vzalloc" => Some(fold::int(GFP_KERNEL, ul)),
            _ => None,
        };
        let Some(gfp) = gfp else {
            return Ok(());
        };
        let gfp = self.convert(gfp, ul, span)?;
        let f = match self.prog.func_by_name(KERNEL_ALLOC_EVENT) {
            Some(f) => f,
            None => {
                let void = self.prog.types.void();
                let ty = self.prog.types.function(crate::cir::FnSig {
                    ret: void,
                    params: vec![ul],
                    variadic: false,
                    prototyped: true,
                });
                self.add_function(KERNEL_ALLOC_EVENT, ty, false, span)
            }
        };
        self.emit(
            Stmt::Call {
                lhs: None,
                callee: Callee::Direct(f),
                args: vec![gfp],
            },
            span,
        )
    }

    pub(super) fn add_function(
        &mut self,
        name: &str,
        ty: Ty,
        is_static: bool,
        span: Span,
    ) -> FuncId {
        let f = FuncId(self.prog.functions.len() as u32);
        let loc = self.loc(span);
        self.prog.functions.push(Function {
            name: name.to_string(),
            ty,
            params: Vec::new(),
            locals: Vec::new(),
            body: None,
            loc,
            is_static,
            addr_taken: false,
            declared_as: Vec::new(),
            out_params: Vec::new(),
        });
        self.prog.func_index.insert(name.to_string(), f);
        self.scopes.bind_file(name, Binding::Func(f));
        f
    }

    /// Arguments, left to right, converted to the parameter types (default argument
    /// promotions past the prototype or without one). A value that a later argument's
    /// side effects could change is saved first.
    pub(super) fn call_args(
        &mut self,
        args: &[Node<Expression>],
        sig: &FnSig,
        span: Span,
    ) -> LResult<Vec<Expr>> {
        if sig.prototyped {
            let (n, p) = (args.len(), sig.params.len());
            if n < p || (n > p && !sig.variadic) {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    format!(
                        "too {} arguments to function (expected {p}, have {n})",
                        if n < p { "few" } else { "many" }
                    ),
                ));
            }
        }
        let mut out = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let v = self.rvalue(a)?;
            let v = match sig.params.get(i) {
                Some(&p) if sig.prototyped => self.convert(v, p, a.span)?,
                _ => self.default_promote(v, a.span)?,
            };
            let later = args[i + 1..].iter().any(|x| has_side_effects(&x.node));
            let v = if later && !is_stable(&self.prog, &v) {
                self.snapshot(v, a.span)?
            } else {
                v
            };
            out.push(v);
        }
        Ok(out)
    }

    /// Default argument promotions: integer promotions, `float` to `double`.
    fn default_promote(&mut self, v: Expr, span: Span) -> LResult<Expr> {
        if is_float(&self.prog.types, v.ty) {
            let to = match self.prog.types.kind(v.ty) {
                TypeKind::Float(32) => self.prog.types.intern(TypeKind::Float(64)),
                _ => v.ty,
            };
            return self.convert(v, to, span);
        }
        if is_void(&self.prog.types, v.ty) {
            return Err(self.err(span, ErrorKind::Invalid, "void value passed as an argument"));
        }
        Ok(self.promote(v))
    }

    /// Calls slamrs refuses outright, then the GCC builtins (`builtins.rs`).
    fn builtin_or_refused(
        &mut self,
        name: &str,
        args: &[Node<Expression>],
        span: Span,
    ) -> LResult<Option<Operand>> {
        if SETJMP.contains(&name) {
            // modelled as the first return of setjmp (0) and the end of the path at
            // longjmp; no answer may depend on it
            self.refuse(crate::cir::Construct::NonLocalJump(name.to_string()), span)?;
            for a in args {
                self.discard(a)?;
            }
            let int = self.prog.types.int();
            if name.contains("longjmp") {
                self.terminate(Stmt::Halt { code: None }, span)?;
            }
            return Ok(Some(Operand::Val(fold::int(0, int))));
        }
        if VA.contains(&name) {
            return self.va_macro(name, args, span).map(Some);
        }
        self.builtin(name, args, span)
    }
}
