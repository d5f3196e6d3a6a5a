//! The CIR verifier: checks the invariants every pass may rely on, after lowering and after
//! every transformation.
//!
//! Checked: ids in range; `exit`/`halt` nodes without edges, `Return` edges into `exit`,
//! `Error`/`Halt` edges into `halt`; every expression's type agrees with its operands
//! (conversions are explicit casts); assignments, returns and calls agree with the types of
//! their targets; variables used in a function are its own or have static storage;
//! initializers write static storage only.

use super::{
    BinOp, Callee, Expr, ExprKind, FuncId, Lval, Program, Stmt, Ty, TypeKind, UnOp, VarKind,
};

/// A broken invariant.
#[derive(Clone, Debug)]
pub struct VerifyError {
    /// The function it is in (`None` for initializers).
    pub func: Option<FuncId>,
    /// `file:line:col` of the statement.
    pub at: String,
    pub message: String,
}

impl std::fmt::Display for VerifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// Check `p`; returns every broken invariant found (empty if none).
pub fn verify(p: &Program) -> Vec<VerifyError> {
    let mut v = Verifier {
        p,
        errors: Vec::new(),
        func: None,
        at: String::new(),
    };
    v.program();
    v.errors
}

struct Verifier<'a> {
    p: &'a Program,
    errors: Vec<VerifyError>,
    func: Option<FuncId>,
    at: String,
}

impl Verifier<'_> {
    fn err(&mut self, msg: String) {
        if self.errors.len() < 100 {
            self.errors.push(VerifyError {
                func: self.func,
                at: self.at.clone(),
                message: msg,
            });
        }
    }

    fn ty_ok(&self, t: Ty) -> bool {
        (t.0 as usize) < self.p.types.len()
    }

    fn show(&self, t: Ty) -> String {
        if self.ty_ok(t) {
            self.p.types.display(t)
        } else {
            format!("<bad type {}>", t.0)
        }
    }

    fn program(&mut self) {
        let p = self.p;
        for (i, var) in p.vars.iter().enumerate() {
            if !self.ty_ok(var.ty) {
                self.err(format!("variable {i} `{}` has a bad type", var.name));
            }
            if let VarKind::Param(f)
            | VarKind::Local(f)
            | VarKind::Temp(f)
            | VarKind::StaticLocal(f) = var.kind
            {
                if f.0 as usize >= p.functions.len() {
                    self.err(format!(
                        "variable `{}` belongs to a missing function",
                        var.name
                    ));
                }
            }
        }
        for (name, f) in &p.func_index {
            if p.functions.get(f.0 as usize).map(|x| &x.name) != Some(name) {
                self.err(format!("func_index entry `{name}` is wrong"));
            }
        }
        for init in &p.inits {
            self.at = p.loc_string(init.loc);
            self.func = None;
            if let Some(lt) = self.lval(&init.lhs) {
                let rt = self.expr(&init.rhs);
                if rt.is_some_and(|rt| rt != lt) {
                    self.err(format!(
                        "initializer of type {} for {}",
                        self.show(init.rhs.ty),
                        self.show(lt)
                    ));
                }
            }
        }
        for f in p.func_ids() {
            self.function(f);
        }
    }

    fn function(&mut self, f: FuncId) {
        let p = self.p;
        let func = p.func(f);
        self.func = Some(f);
        self.at = p.loc_string(func.loc);
        let Some(sig) = p.types.fn_sig(func.ty).cloned() else {
            self.err(format!(
                "function `{}` does not have a function type",
                func.name
            ));
            return;
        };
        if func.body.is_some() && func.params.len() != sig.params.len() {
            self.err(format!(
                "`{}`: parameter count differs from its type",
                func.name
            ));
        }
        for v in func.params.iter().chain(&func.locals) {
            if v.0 as usize >= p.vars.len() {
                self.err(format!("`{}` lists a missing variable", func.name));
            } else if p.var(*v).frame_of() != Some(f) {
                self.err(format!(
                    "`{}` lists variable `{}` of another frame",
                    func.name,
                    p.var(*v).name
                ));
            }
        }
        let Some(body) = &func.body else { return };
        let n = body.nodes.len() as u32;
        for id in [body.entry, body.exit, body.halt] {
            if id.0 >= n {
                self.err(format!(
                    "`{}`: entry/exit/halt node out of range",
                    func.name
                ));
                return;
            }
        }
        if !body.node(body.exit).edges.is_empty() || !body.node(body.halt).edges.is_empty() {
            self.err(format!("`{}`: exit or halt node has edges", func.name));
        }
        for (_, e) in body.edges() {
            self.at = p.loc_string(e.loc);
            if e.to.0 >= n {
                self.err("edge target out of range".into());
                continue;
            }
            match &e.stmt {
                Stmt::Return(_) if e.to != body.exit => {
                    self.err("return edge not into exit".into())
                }
                Stmt::Error | Stmt::Halt { .. } if e.to != body.halt => {
                    self.err("error/halt edge not into halt".into())
                }
                Stmt::Return(_) | Stmt::Error | Stmt::Halt { .. } => {}
                _ if e.to == body.halt || e.to == body.exit => {
                    self.err("non-terminal edge into exit or halt".into())
                }
                _ => {}
            }
            self.stmt(&e.stmt, sig.ret);
        }
    }

    fn stmt(&mut self, s: &Stmt, ret: Ty) {
        let p = self.p;
        match s {
            Stmt::Skip | Stmt::Error => {}
            Stmt::Assign { lhs, rhs } => {
                let (l, r) = (self.lval(lhs), self.expr(rhs));
                if let (Some(l), Some(r)) = (l, r) {
                    if l != r {
                        self.err(format!(
                            "assignment of {} to {}",
                            self.show(r),
                            self.show(l)
                        ));
                    }
                }
            }
            Stmt::Assume(c) => {
                if let Some(t) = self.expr(c) {
                    if !p.types.is_scalar(t) {
                        self.err(format!("assume on non-scalar {}", self.show(t)));
                    }
                }
            }
            Stmt::Havoc { lhs, .. } => {
                self.lval(lhs);
            }
            Stmt::Alloc { lhs, site, size } => {
                if site.0 as usize >= p.allocs.len() {
                    self.err("allocation site out of range".into());
                }
                if let Some(t) = self.lval(lhs) {
                    if !p.types.is_pointer(t) {
                        self.err(format!("allocation into non-pointer {}", self.show(t)));
                    }
                }
                self.int_expr(size, "allocation size");
            }
            Stmt::Call { lhs, callee, args } => {
                let fty = match callee {
                    Callee::Direct(f) => match p.functions.get(f.0 as usize) {
                        Some(func) => Some(func.ty),
                        None => {
                            self.err("call of a missing function".into());
                            None
                        }
                    },
                    Callee::Indirect(e) => {
                        let t = self.expr(e);
                        if t.is_some_and(|t| p.types.fn_sig(t).is_none() || !p.types.is_pointer(t))
                        {
                            self.err("indirect call through a non-function-pointer".into());
                        }
                        t
                    }
                };
                let arg_tys: Vec<Option<Ty>> = args.iter().map(|a| self.expr(a)).collect();
                let Some(sig) = fty.and_then(|t| p.types.fn_sig(t).cloned()) else {
                    return;
                };
                if sig.prototyped {
                    let ok = if sig.variadic {
                        args.len() >= sig.params.len()
                    } else {
                        args.len() == sig.params.len()
                    };
                    if !ok {
                        self.err(format!(
                            "call with {} arguments, function takes {}",
                            args.len(),
                            sig.params.len()
                        ));
                    }
                    for (a, pt) in arg_tys.iter().zip(&sig.params) {
                        if a.is_some_and(|a| a != *pt) {
                            self.err(format!(
                                "argument of type {} for a parameter of type {}",
                                self.show(a.unwrap_or(*pt)),
                                self.show(*pt)
                            ));
                        }
                    }
                }
                if let Some(l) = lhs {
                    if let Some(lt) = self.lval(l) {
                        if lt != sig.ret {
                            self.err(format!(
                                "call result {} assigned to {}",
                                self.show(sig.ret),
                                self.show(lt)
                            ));
                        }
                    }
                }
            }
            Stmt::Return(e) => {
                let void = matches!(p.types.kind(ret), TypeKind::Void);
                match e {
                    None => {}
                    Some(e) => {
                        let t = self.expr(e);
                        if void {
                            self.err("return with a value in a void function".into());
                        } else if t.is_some_and(|t| t != ret) {
                            self.err(format!(
                                "return of {} from a function returning {}",
                                self.show(e.ty),
                                self.show(ret)
                            ));
                        }
                    }
                }
            }
            Stmt::Halt { code } => {
                if let Some(c) = code {
                    self.int_expr(c, "exit status");
                }
            }
        }
    }

    fn int_expr(&mut self, e: &Expr, what: &str) {
        if let Some(t) = self.expr(e) {
            if !self.p.types.is_integer(t) {
                self.err(format!("{what} of non-integer type {}", self.show(t)));
            }
        }
    }

    /// Check an lvalue; its type if well-formed.
    fn lval(&mut self, lv: &Lval) -> Option<Ty> {
        let p = self.p;
        match lv {
            Lval::Var(v) => {
                let Some(var) = p.vars.get(v.0 as usize) else {
                    self.err(format!("variable {} out of range", v.0));
                    return None;
                };
                match (var.frame_of(), self.func) {
                    (Some(owner), Some(f)) if owner != f => {
                        self.err(format!("uses `{}` of another function's frame", var.name))
                    }
                    (Some(_), None) => self.err(format!(
                        "initializer uses automatic variable `{}`",
                        var.name
                    )),
                    _ => {}
                }
                Some(var.ty)
            }
            Lval::Deref(e) => {
                let t = self.expr(e)?;
                match p.types.kind(t) {
                    TypeKind::Pointer(to) => match p.types.kind(*to) {
                        TypeKind::Function(_) | TypeKind::Void => {
                            self.err(format!("dereference of {}", self.show(t)));
                            None
                        }
                        _ => Some(*to),
                    },
                    _ => {
                        self.err(format!("dereference of non-pointer {}", self.show(t)));
                        None
                    }
                }
            }
            Lval::Field(b, s, i) => {
                let bt = self.lval(b)?;
                if p.types.kind(bt) != &TypeKind::Struct(*s) {
                    self.err(format!("field access on {}", self.show(bt)));
                    return None;
                }
                match p
                    .types
                    .struct_def(*s)
                    .fields
                    .as_ref()
                    .and_then(|fs| fs.get(*i as usize))
                {
                    Some(f) => Some(f.ty),
                    None => {
                        self.err("field index out of range or incomplete struct".into());
                        None
                    }
                }
            }
            Lval::Index(b, i) => {
                let bt = self.lval(b)?;
                self.int_expr(i, "array index");
                match p.types.elem(bt) {
                    Some(e) => Some(e),
                    None => {
                        self.err(format!("indexing non-array {}", self.show(bt)));
                        None
                    }
                }
            }
        }
    }

    /// Check an expression; its type if well-formed.
    fn expr(&mut self, e: &Expr) -> Option<Ty> {
        let p = self.p;
        if !self.ty_ok(e.ty) {
            self.err("expression with a bad type".into());
            return None;
        }
        let t = e.ty;
        let ty = &p.types;
        match &e.kind {
            ExprKind::Int(_) => {
                if !ty.is_scalar(t) {
                    self.err(format!("constant of type {}", self.show(t)));
                }
            }
            ExprKind::Read(lv) => {
                let lt = self.lval(lv)?;
                if lt != t {
                    self.err(format!("read of {} typed {}", self.show(lt), self.show(t)));
                }
            }
            ExprKind::AddrOf(lv) => {
                let lt = self.lval(lv)?;
                if ty.pointee(t) != Some(lt) {
                    self.err(format!(
                        "&lvalue of {} typed {}",
                        self.show(lt),
                        self.show(t)
                    ));
                }
            }
            ExprKind::Func(f) => {
                let Some(func) = p.functions.get(f.0 as usize) else {
                    self.err("function out of range".into());
                    return None;
                };
                if ty.pointee(t) != Some(func.ty) {
                    self.err(format!("address of `{}` typed {}", func.name, self.show(t)));
                }
            }
            ExprKind::Str(s) => {
                if s.0 as usize >= p.strings.len() || !ty.is_pointer(t) {
                    self.err("bad string literal".into());
                }
            }
            ExprKind::Unary(op, a) => {
                let at = self.expr(a)?;
                let ok = match op {
                    UnOp::Neg | UnOp::BitNot => ty.is_integer(at) && at == t,
                    UnOp::LogNot => ty.is_scalar(at) && ty.is_integer(t),
                };
                if !ok {
                    self.err(format!(
                        "{op:?} of {} typed {}",
                        self.show(at),
                        self.show(t)
                    ));
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (at, bt) = (self.expr(a)?, self.expr(b)?);
                let int = |x| ty.is_integer(x);
                let ok = match op {
                    BinOp::Shl | BinOp::Shr => int(at) && int(bt) && at == t,
                    BinOp::PtrAdd => ty.is_pointer(at) && int(bt) && at == t,
                    BinOp::PtrDiff => ty.is_pointer(at) && ty.is_pointer(bt) && int(t),
                    op if op.is_comparison() => {
                        int(t)
                            && ((int(at) && at == bt) || (ty.is_pointer(at) && ty.is_pointer(bt)))
                    }
                    _ => int(at) && at == bt && at == t,
                };
                if !ok {
                    self.err(format!(
                        "`{}` on {} and {} typed {}",
                        op.symbol(),
                        self.show(at),
                        self.show(bt),
                        self.show(t)
                    ));
                }
            }
            ExprKind::Cast(a) => {
                let at = self.expr(a)?;
                if !(ty.is_scalar(at) && ty.is_scalar(t)) && at != t {
                    self.err(format!("cast from {} to {}", self.show(at), self.show(t)));
                }
            }
        }
        Some(t)
    }
}
