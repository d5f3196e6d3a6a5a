//! Declarations: file-scope variables (tentative, `extern`, `static`) and functions, block
//! scope locals (with their initializers or an `Uninit` havoc), static locals, typedefs,
//! and function definitions (parameters, body, the implicit return at the end).

use super::builder::FnCtx;
use super::init::InitRef;
use super::scope::Binding;
use super::types::{is_void, Param};
use super::{fold, LResult, Lowerer};
use crate::cir::{FuncId, HavocKind, Lval, Stmt, Ty, TypeKind, VarId, VarKind};
use crate::frontend::ErrorKind;
use lang_c::ast::{
    Declaration, Expression, ExternalDeclaration, FunctionDefinition, Initializer, Statement,
    StorageClassSpecifier,
};
use lang_c::span::{Node, Span};

impl Lowerer<'_> {
    /// A top-level item of the translation unit.
    pub(super) fn external(&mut self, ext: &Node<ExternalDeclaration>) -> LResult<()> {
        match &ext.node {
            ExternalDeclaration::Declaration(d) => self.declaration(d),
            ExternalDeclaration::StaticAssert(sa) => self.static_assert(sa),
            ExternalDeclaration::FunctionDefinition(fd) => self.function_definition(fd),
        }
    }

    /// A declaration at file or block scope.
    pub(super) fn declaration(&mut self, d: &Node<Declaration>) -> LResult<()> {
        self.vla_spec_len = None;
        let specs = self.decl_specs(&d.node.specifiers, d.span)?;
        // a VLA typedef names a length computed at the typedef
        let spec_len = self.vla_spec_len.take();
        let file = self.fcx.func.is_none();
        let typedef = specs.storage == Some(StorageClassSpecifier::Typedef);
        let automatic = !file
            && !matches!(
                specs.storage,
                Some(StorageClassSpecifier::Static) | Some(StorageClassSpecifier::Extern)
            );
        for id in &d.node.declarators {
            self.vla_ok = automatic;
            self.vla_len = None;
            let dd = self.declarator(specs.ty, &id.node.declarator, false);
            self.vla_ok = false;
            let dd = dd?;
            if self.vla_len.is_none() && id.node.declarator.node.derived.is_empty() {
                self.vla_len = spec_len.clone();
            }
            if typedef {
                if let (Some(len), Some((name, _))) = (self.vla_len.take(), &dd.name) {
                    self.vla_typedefs.insert(name.clone(), len);
                }
            }
            let Some((name, nspan)) = dd.name else {
                return Err(self.err(
                    id.span,
                    ErrorKind::Invalid,
                    "declaration does not declare anything",
                ));
            };
            let init = id.node.initializer.as_ref();
            if specs.storage == Some(StorageClassSpecifier::Typedef) {
                if init.is_some() {
                    return Err(self.err(nspan, ErrorKind::Invalid, "typedef is initialized"));
                }
                self.note_pointer_typedef(&name, &d.node.specifiers, &id.node.declarator);
                self.scopes.bind(&name, Binding::Typedef(dd.ty));
                if self.scopes.at_file_scope() {
                    self.prog.types.note_typedef(dd.ty, &name);
                }
                continue;
            }
            if matches!(self.prog.types.kind(dd.ty), TypeKind::Function(_)) {
                if init.is_some() {
                    return Err(self.err(
                        nspan,
                        ErrorKind::Invalid,
                        format!("function `{name}` is initialized like a variable"),
                    ));
                }
                let is_static = specs.storage == Some(StorageClassSpecifier::Static);
                let f = self.declare_function(&name, dd.ty, is_static, nspan)?;
                self.note_outputs(f, dd.params.as_deref());
                // `ROLE_TYPE F;`: a role declaration (entry-point discovery reads it)
                if id.node.declarator.node.derived.is_empty() {
                    if let Some(t) = typedef_specifier(&d.node.specifiers) {
                        let fd = &mut self.prog.functions[f.0 as usize];
                        if !fd.declared_as.iter().any(|x| x == t) {
                            fd.declared_as.push(t.to_string());
                        }
                    }
                }
                if !file {
                    self.scopes.bind(&name, Binding::Func(f));
                }
                continue;
            }
            if file {
                self.global_var(&name, dd.ty, specs.storage.clone(), init, nspan)?;
            } else {
                match specs.storage {
                    Some(StorageClassSpecifier::Extern) => {
                        if init.is_some() {
                            return Err(self.err(
                                nspan,
                                ErrorKind::Invalid,
                                format!("`{name}` has both `extern` and an initializer"),
                            ));
                        }
                        let v =
                            self.global_var(&name, dd.ty, specs.storage.clone(), None, nspan)?;
                        self.scopes.bind(&name, Binding::Var(v));
                    }
                    Some(StorageClassSpecifier::Static) => {
                        self.static_local(&name, dd.ty, init, nspan)?
                    }
                    _ => self.local_var(&name, dd.ty, init, nspan)?,
                }
            }
            // a volatile object (not a pointer to one) with static storage: something
            // outside the program (a device, a signal handler) may change it, so its reads
            // may see any value. (A volatile local can only change that way if its address
            // escapes: `Program::volatile` is completed when addresses are known.)
            if specs.volatile && !self.prog.types.is_pointer(dd.ty) {
                if let Some(Binding::Var(v)) = self.scopes.lookup(&name) {
                    self.prog.volatile.insert(v);
                }
            }
        }
        Ok(())
    }

    /// Declare (or redeclare) a function; the first prototype replaces an old-style type.
    /// Records which parameters of the declared function `f` are outputs, from the
    /// first prototype that names any.
    fn note_outputs(&mut self, f: FuncId, params: Option<&[Param]>) {
        let func = &mut self.prog.functions[f.0 as usize];
        if func.body.is_none() && func.out_params.is_empty() {
            let outs = params.unwrap_or_default().iter().enumerate();
            func.out_params = outs.filter(|(_, p)| p.out).map(|(i, _)| i).collect();
        }
    }

    fn declare_function(
        &mut self,
        name: &str,
        ty: Ty,
        is_static: bool,
        span: Span,
    ) -> LResult<FuncId> {
        if let Some(f) = self.prog.func_by_name(name) {
            let implicit = self.implicit.remove(&f);
            let types = &self.prog.types;
            let new_proto = types.fn_sig(ty).is_some_and(|s| s.prototyped);
            let func = &mut self.prog.functions[f.0 as usize];
            let old_proto = types.fn_sig(func.ty).is_some_and(|s| s.prototyped);
            if func.body.is_none() && (implicit || (new_proto && !old_proto)) {
                func.ty = ty;
            }
            func.is_static |= is_static;
            if !matches!(self.scopes.lookup_file(name), Some(Binding::Func(_))) {
                self.scopes.bind_file(name, Binding::Func(f));
            }
            return Ok(f);
        }
        if let Some(Binding::Var(_)) = self.scopes.lookup_file(name) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("`{name}` redeclared as a different kind of symbol"),
            ));
        }
        Ok(self.add_function(name, ty, is_static, span))
    }

    /// A file-scope variable (or a block-scope `extern`): one variable per name.
    fn global_var(
        &mut self,
        name: &str,
        ty: Ty,
        storage: Option<StorageClassSpecifier>,
        init: Option<&Node<Initializer>>,
        span: Span,
    ) -> LResult<VarId> {
        let is_static = storage == Some(StorageClassSpecifier::Static);
        let v = match self.scopes.lookup_file(name) {
            Some(Binding::Var(v)) => {
                let old = self.prog.var(v).ty;
                if self.prog.types.size_of(old).is_none() && self.prog.types.size_of(ty).is_some() {
                    self.prog.vars[v.0 as usize].ty = ty;
                }
                if is_static {
                    self.prog.vars[v.0 as usize].kind = VarKind::Global { is_static: true };
                }
                v
            }
            Some(Binding::Func(_)) => {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    format!("`{name}` redeclared as a different kind of symbol"),
                ))
            }
            _ => {
                let v = self.new_var(name.to_string(), ty, VarKind::Global { is_static }, span);
                self.scopes.bind_file(name, Binding::Var(v));
                v
            }
        };
        if let Some(i) = init {
            self.init_static_var(v, i)?;
        }
        Ok(v)
    }

    /// Lower the initializer of a variable with static storage (constant expressions only)
    /// into `Program::inits`; an array sized by its initializer gets its complete type.
    fn init_static_var(&mut self, v: VarId, i: &Node<Initializer>) -> LResult<()> {
        let vty = self.prog.var(v).ty;
        let saved = self.fcx.const_mode;
        self.fcx.const_mode = true;
        let r = self.init_object(vty, InitRef::of(&i.node), i.span);
        self.fcx.const_mode = saved;
        let (cty, leaves) = r?;
        self.prog.vars[v.0 as usize].ty = cty;
        self.static_init(Lval::Var(v), leaves, i.span)
    }

    /// `static T x = c;` inside a function.
    fn static_local(
        &mut self,
        name: &str,
        ty: Ty,
        init: Option<&Node<Initializer>>,
        span: Span,
    ) -> LResult<()> {
        let f = self.cur_func(span)?;
        let vname = self.unique_local_name(name);
        let v = self.new_var(vname, ty, VarKind::StaticLocal(f), span);
        self.scopes.bind(name, Binding::Var(v));
        match init {
            Some(i) => self.init_static_var(v, i)?,
            None => self.check_complete(name, ty, span)?,
        }
        Ok(())
    }

    fn check_complete(&self, name: &str, ty: Ty, span: Span) -> LResult<()> {
        if self.prog.types.size_of(ty).is_none() {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!(
                    "storage size of `{name}` isn't known (incomplete type `{}`)",
                    self.prog.types.display(ty)
                ),
            ));
        }
        Ok(())
    }

    /// An automatic variable: its initializer as assignments, or an `Uninit` havoc.
    fn local_var(
        &mut self,
        name: &str,
        ty: Ty,
        init: Option<&Node<Initializer>>,
        span: Span,
    ) -> LResult<()> {
        let f = self.cur_func(span)?;
        if let Some(len) = self.vla_len.take() {
            return self.vla_var(name, ty, len, init.is_some(), span);
        }
        let vname = self.unique_local_name(name);
        let v = self.new_var(vname, ty, VarKind::Local(f), span);
        self.scopes.bind(name, Binding::Var(v));
        if self.fcx.jumps_may_bypass() {
            self.fcx.bypassable.push(v);
        }
        let Some(i) = init else {
            self.check_complete(name, ty, span)?;
            return self.emit(
                Stmt::Havoc {
                    lhs: Lval::Var(v),
                    why: HavocKind::Uninit,
                },
                span,
            );
        };
        if let Initializer::Expression(e) = &i.node {
            if !matches!(self.prog.types.kind(ty), TypeKind::Array(..))
                && self.call_into(e, (Lval::Var(v), ty), span)?
            {
                return Ok(());
            }
            if let Expression::Conditional(c) = &e.node {
                if self.prog.types.is_scalar(ty) {
                    return self.conditional_into(c, (Lval::Var(v), ty), span);
                }
            }
        }
        let (cty, leaves) = self.init_object(ty, InitRef::of(&i.node), i.span)?;
        self.prog.vars[v.0 as usize].ty = cty;
        self.emit_local_init(Lval::Var(v), cty, leaves, span)
    }

    /// `T a[n]` (a variable length array): `a` is a pointer to fresh storage of
    /// `n * sizeof(T)` bytes (an allocation that cannot fail), its size kept for `sizeof`.
    fn vla_var(
        &mut self,
        name: &str,
        ty: Ty,
        len: crate::cir::Expr,
        has_init: bool,
        span: Span,
    ) -> LResult<()> {
        if has_init {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "variable-sized object may not be initialized",
            ));
        }
        let f = self.cur_func(span)?;
        let elem = self.prog.types.elem(ty).ok_or_else(|| {
            self.err(
                span,
                ErrorKind::Internal,
                "internal error: VLA without an element type",
            )
        })?;
        let esize = self
            .prog
            .types
            .size_of(elem)
            .ok_or_else(|| self.err(span, ErrorKind::Invalid, "array of an incomplete type"))?;
        let st = self.prog.types.size_t();
        let n = self.convert(len, st, span)?;
        let bytes = super::fold::binary(
            &self.prog.types,
            crate::cir::BinOp::Mul,
            n,
            super::fold::int(i128::from(esize), st),
            st,
        );
        let size_var = self.new_temp(st, span)?;
        self.emit(
            Stmt::Assign {
                lhs: Lval::Var(size_var),
                rhs: bytes.clone(),
            },
            span,
        )?;
        let pty = self.prog.types.pointer(elem);
        let vname = self.unique_local_name(name);
        let v = self.new_var(vname, pty, VarKind::Local(f), span);
        self.scopes.bind(name, Binding::Var(v));
        let site = crate::cir::AllocId(self.prog.allocs.len() as u32);
        let loc = self.loc(span);
        self.prog.allocs.push(crate::cir::AllocSite {
            func: f,
            loc,
            allocator: "variable length array".into(),
            may_fail: false,
            zeroed: false,
        });
        self.vla_sizes.insert(v, size_var);
        self.emit(
            Stmt::Alloc {
                lhs: Lval::Var(v),
                site,
                size: super::expr::read(Lval::Var(size_var), st),
            },
            span,
        )
    }

    fn function_definition(&mut self, fd: &Node<FunctionDefinition>) -> LResult<()> {
        let specs = self.decl_specs(&fd.node.specifiers, fd.span)?;
        let kr_msg = "K&R-style (old-style) function definitions are not supported";
        if !fd.node.declarations.is_empty() {
            return Err(self.err(fd.node.declarator.span, ErrorKind::Unsupported, kr_msg));
        }
        let dd = self.declarator(specs.ty, &fd.node.declarator, false)?;
        if dd.kr {
            return Err(self.err(fd.node.declarator.span, ErrorKind::Unsupported, kr_msg));
        }
        let Some((name, nspan)) = dd.name else {
            return Err(self.err(
                fd.span,
                ErrorKind::Invalid,
                "function definition without a name",
            ));
        };
        let TypeKind::Function(sig) = self.prog.types.kind(dd.ty).clone() else {
            return Err(self.err(
                nspan,
                ErrorKind::Invalid,
                format!("`{name}` is defined like a function but is not one"),
            ));
        };
        let is_static = specs.storage == Some(StorageClassSpecifier::Static);
        let f = self.declare_function(&name, dd.ty, is_static, nspan)?;
        if self.prog.func(f).body.is_some() {
            return Err(self.err(
                nspan,
                ErrorKind::Invalid,
                format!("redefinition of `{name}`"),
            ));
        }
        let loc = self.loc(nspan);
        {
            let func = &mut self.prog.functions[f.0 as usize];
            if func.ty != dd.ty {
                self.retyped.insert(f);
            }
            func.ty = dd.ty;
            func.loc = loc;
        }
        self.implicit.remove(&f);
        let mut cx = FnCtx::function(Some(f), name.clone(), sig.ret);
        cx.def_span = Some(nspan);
        cx.variadic = sig.variadic;
        let saved = std::mem::replace(&mut self.fcx, cx);
        self.scopes.push();
        let r = self.function_body(f, &name, dd.params.unwrap_or_default(), &fd.node.statement);
        self.scopes.pop();
        let mut fcx = std::mem::replace(&mut self.fcx, saved);
        let params = r?;
        let body = fcx.finish();
        let func = &mut self.prog.functions[f.0 as usize];
        func.params = params;
        func.locals = fcx.locals;
        func.body = Some(body);
        Ok(())
    }

    fn function_body(
        &mut self,
        f: FuncId,
        name: &str,
        params: Vec<Param>,
        body: &Node<Statement>,
    ) -> LResult<Vec<VarId>> {
        let mut pv = Vec::with_capacity(params.len());
        for (i, p) in params.iter().enumerate() {
            if self.prog.types.size_of(p.ty).is_none() {
                return Err(self.err(
                    p.span,
                    ErrorKind::Invalid,
                    "parameter has an incomplete type",
                ));
            }
            let pname = match &p.name {
                Some(n) => self.unique_local_name(n),
                None => format!("arg.{i}"),
            };
            let v = self.new_var(pname, p.ty, VarKind::Param(f), p.span);
            if let Some(n) = &p.name {
                self.scopes.bind(n, Binding::Var(v));
            }
            pv.push(v);
        }
        self.stmt(body)?;
        let cur = self.fcx.cur;
        if self.fcx.has_incoming(cur) {
            // Falling off the end: at the closing brace.
            let end = Span::span(body.span.end.saturating_sub(1), body.span.end);
            let ret = self.fcx.ret_ty;
            let stmt = if is_void(&self.prog.types, ret) {
                Stmt::Return(None)
            } else if name == "main" {
                let int = self.prog.types.int();
                Stmt::Return(Some(self.convert(fold::int(0, int), ret, end)?))
            } else {
                let t = self.havoc_temp(ret, HavocKind::Uninit, end)?;
                Stmt::Return(Some(super::expr::read(Lval::Var(t), ret)))
            };
            self.ret(stmt, end)?;
        }
        // A jump past a declaration leaves the variable indeterminate: havoc such
        // variables at entry as well.
        let bypassable = std::mem::take(&mut self.fcx.bypassable);
        if !bypassable.is_empty() {
            let mut at = self.fcx.new_node();
            let new_entry = at;
            for v in bypassable {
                let next = self.fcx.new_node();
                let loc = self.prog.var(v).loc;
                let stmt = Stmt::Havoc {
                    lhs: Lval::Var(v),
                    why: HavocKind::Uninit,
                };
                self.fcx.add_edge(at, stmt, loc, next);
                at = next;
            }
            let old = self.fcx.entry;
            let loc = self.loc(body.span);
            self.fcx.add_edge(at, Stmt::Skip, loc, old);
            self.fcx.entry = new_entry;
        }
        let gotos = std::mem::take(&mut self.fcx.gotos);
        for (l, span) in gotos {
            if !self.fcx.defined_labels.contains(&l) {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    format!("label `{l}` used but not defined"),
                ));
            }
        }
        Ok(pv)
    }
}

/// The typedef name among declaration specifiers, if any.
fn typedef_specifier(specs: &[Node<lang_c::ast::DeclarationSpecifier>]) -> Option<&str> {
    specs.iter().find_map(|s| match &s.node {
        lang_c::ast::DeclarationSpecifier::TypeSpecifier(ts) => match &ts.node {
            lang_c::ast::TypeSpecifier::TypedefName(id) => Some(id.node.name.as_str()),
            _ => None,
        },
        _ => None,
    })
}
