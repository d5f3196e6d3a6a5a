//! C types from lang-c's declaration specifiers and declarators: base types, typedef names,
//! struct/union/enum definitions (tags, anonymous members, bit-fields), arrays, pointers
//! and function types.

use super::scope::{Binding, Tag};
use super::{LResult, Lowerer};
use crate::cir::{FnSig, StructId, Ty, TypeKind, Types};
use crate::frontend::ErrorKind;
use lang_c::ast::{
    ArraySize, DeclarationSpecifier, Declarator, DeclaratorKind, DerivedDeclarator, EnumType,
    Expression, Extension, FunctionDeclarator, SpecifierQualifier, StorageClassSpecifier,
    StructDeclaration, StructKind, StructType, TypeName, TypeOf, TypeQualifier, TypeSpecifier,
};
use lang_c::span::{Node, Span};

/// The name a declarator declares, if any.
pub(super) fn declarator_name(d: &Declarator) -> Option<&str> {
    match &d.kind.node {
        DeclaratorKind::Identifier(id) => Some(&id.node.name),
        DeclaratorKind::Declarator(inner) => declarator_name(&inner.node),
        DeclaratorKind::Abstract => None,
    }
}

/// True if a declarator (or one nested in it) has pointer, array or function parts.
fn has_derived(d: &Declarator) -> bool {
    !d.derived.is_empty()
        || matches!(&d.kind.node, DeclaratorKind::Declarator(inner) if has_derived(&inner.node))
}

/// Floating types.
pub(super) fn is_float(t: &Types, ty: Ty) -> bool {
    matches!(t.kind(ty), TypeKind::Float(_))
}

/// Integer and floating types.
pub(super) fn is_arith(t: &Types, ty: Ty) -> bool {
    matches!(t.kind(ty), TypeKind::Int(_) | TypeKind::Float(_))
}

pub(super) fn is_void(t: &Types, ty: Ty) -> bool {
    matches!(t.kind(ty), TypeKind::Void)
}

/// Struct and union types.
pub(super) fn is_struct(t: &Types, ty: Ty) -> bool {
    matches!(t.kind(ty), TypeKind::Struct(_))
}

/// The declaration specifiers that matter once the type is known.
pub(super) struct DeclSpecs {
    pub ty: Ty,
    pub storage: Option<StorageClassSpecifier>,
    /// `volatile` among the specifiers.
    pub volatile: bool,
}

/// What a declarator declares.
pub(super) struct Declared {
    pub name: Option<(String, Span)>,
    pub ty: Ty,
    /// The parameters of the function declarator nearest the name (for definitions).
    pub params: Option<Vec<Param>>,
    /// A K&R identifier list `f(a, b)` is present.
    pub kr: bool,
}

/// A parameter of a function declarator.
pub(super) struct Param {
    pub name: Option<String>,
    pub ty: Ty,
    pub span: Span,
    /// A pointer to a modifiable integer (see `out_params.rs`).
    pub out: bool,
}

/// One specifier, whichever list it came from.
enum Spec<'a> {
    Type(&'a Node<TypeSpecifier>),
    Volatile,
    Storage(&'a Node<StorageClassSpecifier>),
    Ext(&'a [Node<Extension>]),
    Other,
}

/// Integer width named by a `mode` attribute.
fn mode_bits(exts: &[Node<Extension>], long_bits: u16) -> Option<u16> {
    for e in exts {
        if let Extension::Attribute(a) = &e.node {
            let n = a.name.node.trim_matches('_');
            if n != "mode" {
                continue;
            }
            if let Some(arg) = a.arguments.first() {
                if let Expression::Identifier(id) = &arg.node {
                    return match id.node.name.trim_matches('_') {
                        "QI" | "byte" => Some(8),
                        "HI" => Some(16),
                        "SI" => Some(32),
                        "DI" => Some(64),
                        "TI" => Some(128),
                        "word" | "pointer" => Some(long_bits),
                        _ => None,
                    };
                }
            }
        }
    }
    None
}

impl Lowerer<'_> {
    /// Specifiers of a declaration.
    pub(super) fn decl_specs(
        &mut self,
        specs: &[Node<DeclarationSpecifier>],
        span: Span,
    ) -> LResult<DeclSpecs> {
        let items: Vec<Spec> = specs
            .iter()
            .map(|s| match &s.node {
                DeclarationSpecifier::TypeSpecifier(t) => Spec::Type(t),
                DeclarationSpecifier::TypeQualifier(q) if q.node == TypeQualifier::Volatile => {
                    Spec::Volatile
                }
                DeclarationSpecifier::TypeQualifier(_) => Spec::Other,
                DeclarationSpecifier::StorageClass(c) => Spec::Storage(c),
                DeclarationSpecifier::Extension(e) => Spec::Ext(e),
                DeclarationSpecifier::Function(_) | DeclarationSpecifier::Alignment(_) => {
                    Spec::Other
                }
            })
            .collect();
        self.specs(&items, span)
    }

    /// Specifiers of a type name or struct member.
    pub(super) fn spec_quals(
        &mut self,
        specs: &[Node<SpecifierQualifier>],
        span: Span,
    ) -> LResult<Ty> {
        let items: Vec<Spec> = specs
            .iter()
            .map(|s| match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => Spec::Type(t),
                SpecifierQualifier::TypeQualifier(q) if q.node == TypeQualifier::Volatile => {
                    Spec::Volatile
                }
                SpecifierQualifier::TypeQualifier(_) => Spec::Other,
                SpecifierQualifier::Extension(e) => Spec::Ext(e),
            })
            .collect();
        Ok(self.specs(&items, span)?.ty)
    }

    fn specs(&mut self, items: &[Spec], span: Span) -> LResult<DeclSpecs> {
        #[derive(Default)]
        struct Counts {
            void: u32,
            char: u32,
            short: u32,
            int: u32,
            long: u32,
            float: u32,
            double: u32,
            signed: u32,
            unsigned: u32,
            bool: u32,
        }
        let mut n = Counts::default();
        let mut other: Option<Ty> = None;
        let mut storage = None;
        let mut mode = None;
        // layout attributes after a struct specifier (`struct s {...} __attribute__((packed))`)
        // belong to the struct
        if let Some(k) = items
            .iter()
            .position(|i| matches!(i, Spec::Type(t) if matches!(t.node, TypeSpecifier::Struct(_))))
        {
            let mut l = crate::cir::LayoutAttrs::default();
            for item in &items[k + 1..] {
                if let Spec::Ext(exts) = item {
                    self.layout_attrs(exts, &mut l)?;
                }
            }
            self.pending_struct_attrs = Some(l);
        }
        let long_bits = self.prog.types.data_model.long_bits();
        for item in items {
            match item {
                Spec::Type(ts) => {
                    let set = |other: &mut Option<Ty>, t: Ty| other.replace(t).is_some();
                    let dup = match &ts.node {
                        TypeSpecifier::Void => {
                            n.void += 1;
                            false
                        }
                        TypeSpecifier::Char => {
                            n.char += 1;
                            false
                        }
                        TypeSpecifier::Short => {
                            n.short += 1;
                            false
                        }
                        TypeSpecifier::Int => {
                            n.int += 1;
                            false
                        }
                        TypeSpecifier::Long => {
                            n.long += 1;
                            false
                        }
                        TypeSpecifier::Float => {
                            n.float += 1;
                            false
                        }
                        TypeSpecifier::Double => {
                            n.double += 1;
                            false
                        }
                        TypeSpecifier::Signed => {
                            n.signed += 1;
                            false
                        }
                        TypeSpecifier::Unsigned => {
                            n.unsigned += 1;
                            false
                        }
                        TypeSpecifier::Bool => {
                            n.bool += 1;
                            false
                        }
                        TypeSpecifier::Complex => {
                            return Err(self.err(
                                ts.span,
                                ErrorKind::Unsupported,
                                "_Complex types are not supported",
                            ))
                        }
                        TypeSpecifier::Atomic(tn) => {
                            // a single-threaded program: an atomic object is a plain one
                            let t = self.type_name(tn)?;
                            set(&mut other, t)
                        }
                        TypeSpecifier::Struct(st) => {
                            let t = self.struct_type(st)?;
                            set(&mut other, t)
                        }
                        TypeSpecifier::Enum(et) => {
                            let t = self.enum_type(et)?;
                            set(&mut other, t)
                        }
                        TypeSpecifier::TypedefName(id) => {
                            let t = self.typedef_name(&id.node.name, id.span)?;
                            self.vla_spec_len = self.vla_typedefs.get(&id.node.name).cloned();
                            set(&mut other, t)
                        }
                        TypeSpecifier::TypeOf(to) => {
                            let t = self.type_of(to)?;
                            set(&mut other, t)
                        }
                        TypeSpecifier::TS18661Float(f) => {
                            let w = f.width.clamp(16, 128) as u16;
                            let t = self.prog.types.intern(TypeKind::Float(w));
                            set(&mut other, t)
                        }
                    };
                    if dup {
                        return Err(self.err(
                            ts.span,
                            ErrorKind::Invalid,
                            "two or more data types in declaration specifiers",
                        ));
                    }
                }
                Spec::Storage(c) => {
                    if c.node == StorageClassSpecifier::ThreadLocal {
                        return Err(self.err(
                            c.span,
                            ErrorKind::Unsupported,
                            "_Thread_local variables are not supported",
                        ));
                    }
                    if !matches!(
                        c.node,
                        StorageClassSpecifier::Auto | StorageClassSpecifier::Register
                    ) {
                        storage = Some(c.node.clone());
                    }
                }
                Spec::Ext(exts) => {
                    if let Some(b) = mode_bits(exts, long_bits) {
                        mode = Some(b);
                    }
                }
                Spec::Other | Spec::Volatile => {}
            }
        }
        let keywords = n.void
            + n.char
            + n.short
            + n.int
            + n.long
            + n.float
            + n.double
            + n.signed
            + n.unsigned
            + n.bool;
        let types = &mut self.prog.types;
        let ty = if let Some(t) = other {
            if keywords > 0 {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "two or more data types in declaration specifiers",
                ));
            }
            t
        } else if n.void > 0 {
            types.void()
        } else if n.bool > 0 {
            types.bool()
        } else if n.float > 0 {
            types.intern(TypeKind::Float(32))
        } else if n.double > 0 {
            let bits = if n.long > 0 { 80 } else { 64 };
            types.intern(TypeKind::Float(bits))
        } else {
            let signed = n.unsigned == 0;
            let bits = if n.char > 0 {
                8
            } else if n.short > 0 {
                16
            } else if n.long >= 2 {
                64
            } else if n.long == 1 {
                long_bits
            } else {
                32
            };
            types.int_kind(bits, signed)
        };
        let ty = match (mode, types.as_int(ty)) {
            (Some(bits), Some(k)) => types.int_kind(bits, k.signed),
            _ => ty,
        };
        let volatile = items.iter().any(|i| matches!(i, Spec::Volatile));
        Ok(DeclSpecs {
            ty,
            storage,
            volatile,
        })
    }

    fn typedef_name(&mut self, name: &str, span: Span) -> LResult<Ty> {
        match self.scopes.lookup(name) {
            Some(Binding::Typedef(t)) => Ok(t),
            _ if name == "__builtin_va_list" => Ok(self.va_list_type()),
            _ => Err(self.skipped_use(name, span).unwrap_or_else(|| {
                self.err(
                    span,
                    ErrorKind::Invalid,
                    format!("unknown type name `{name}`"),
                )
            })),
        }
    }

    fn type_of(&mut self, to: &Node<TypeOf>) -> LResult<Ty> {
        match &to.node {
            TypeOf::Type(tn) => self.type_name(tn),
            TypeOf::Expression(e) => self.unevaluated(|l| {
                let op = l.operand(e)?;
                Ok(l.operand_ty(&op))
            }),
        }
    }

    /// The type a type name denotes (casts, `sizeof`, compound literals).
    pub(super) fn type_name(&mut self, tn: &Node<TypeName>) -> LResult<Ty> {
        let base = self.spec_quals(&tn.node.specifiers, tn.span)?;
        match &tn.node.declarator {
            Some(d) => Ok(self.declarator(base, d, false)?.ty),
            None => Ok(base),
        }
    }

    /// Apply a declarator to a base type. `param`: a parameter declarator, whose outermost
    /// array size need not be constant (that array is adjusted to a pointer).
    pub(super) fn declarator(
        &mut self,
        base: Ty,
        d: &Node<Declarator>,
        param: bool,
    ) -> LResult<Declared> {
        let derived = &d.node.derived;
        let npre = derived
            .iter()
            .take_while(|x| matches!(x.node, DerivedDeclarator::Pointer(_)))
            .count();
        let mut t = base;
        for _ in 0..npre {
            t = self.prog.types.pointer(t);
        }
        // The type constructor applied last (the outermost) is in the innermost declarator
        // that has any; here it is the postfix one nearest the name.
        let outer_inside = matches!(&d.node.kind.node,
            DeclaratorKind::Declarator(inner) if has_derived(&inner.node));
        let lenient = (param && !outer_inside && derived.len() > npre).then_some(npre);
        let mut params = None;
        let mut kr = false;
        for (i, dd) in derived.iter().enumerate().skip(npre).rev() {
            let nearest = i == npre;
            t = match &dd.node {
                DerivedDeclarator::Pointer(_) => self.prog.types.pointer(t),
                DerivedDeclarator::Block(_) => {
                    return Err(self.err(
                        dd.span,
                        ErrorKind::Unsupported,
                        "blocks (^) are not supported",
                    ))
                }
                DerivedDeclarator::Array(ad) => {
                    let vla = self.vla_ok && nearest;
                    let n = self.array_size(&ad.node.size, lenient == Some(i), vla, ad.span)?;
                    if matches!(self.prog.types.kind(t), TypeKind::Function(_)) {
                        return Err(self.err(
                            dd.span,
                            ErrorKind::Invalid,
                            "declaration of an array of functions",
                        ));
                    }
                    if matches!(self.prog.types.kind(t), TypeKind::Void) {
                        return Err(self.err(
                            dd.span,
                            ErrorKind::Invalid,
                            "declaration of an array of `void`",
                        ));
                    }
                    self.array_ty(t, n, dd.span)?
                }
                DerivedDeclarator::Function(fd) => {
                    let (sig, ps) = self.fn_declarator(t, fd)?;
                    if nearest {
                        params = Some(ps);
                    }
                    self.prog.types.function(sig)
                }
                DerivedDeclarator::KRFunction(ids) => {
                    if nearest {
                        kr = !ids.is_empty();
                        params = Some(Vec::new());
                    }
                    self.check_fn_return(t, dd.span)?;
                    self.prog.types.function(FnSig {
                        ret: t,
                        params: Vec::new(),
                        variadic: false,
                        prototyped: false,
                    })
                }
            };
        }
        match &d.node.kind.node {
            DeclaratorKind::Identifier(id) => Ok(Declared {
                name: Some((id.node.name.clone(), id.span)),
                ty: self.apply_mode(t, &d.node.extensions),
                params,
                kr,
            }),
            DeclaratorKind::Abstract => Ok(Declared {
                name: None,
                ty: t,
                params,
                kr,
            }),
            DeclaratorKind::Declarator(inner) => {
                let plain = inner.node.derived.is_empty();
                let mut r = self.declarator(t, inner, param && outer_inside)?;
                if plain && r.params.is_none() {
                    r.params = params;
                    r.kr |= kr;
                }
                Ok(r)
            }
        }
    }

    /// `elem[n]`, refusing objects too large to address (sizes stay far from overflow).
    pub(super) fn array_ty(&mut self, elem: Ty, n: Option<u64>, span: Span) -> LResult<Ty> {
        const MAX_BYTES: u64 = 1 << 48;
        if let Some(n) = n {
            let es = self.prog.types.size_of(elem).unwrap_or(1).max(1);
            if es.checked_mul(n).is_none_or(|b| b > MAX_BYTES) {
                return Err(self.err(span, ErrorKind::Invalid, "array is too large"));
            }
        }
        Ok(self.prog.types.array(elem, n))
    }

    /// `int x __attribute__((mode(HI)))` changes the width of an integer type.
    fn apply_mode(&mut self, t: Ty, exts: &[Node<Extension>]) -> Ty {
        let lb = self.prog.types.data_model.pointer_bits();
        match (mode_bits(exts, lb), self.prog.types.as_int(t)) {
            (Some(bits), Some(k)) => self.prog.types.int_kind(bits, k.signed),
            _ => t,
        }
    }

    fn check_fn_return(&self, ret: Ty, span: Span) -> LResult<()> {
        match self.prog.types.kind(ret) {
            TypeKind::Array(..) => {
                Err(self.err(span, ErrorKind::Invalid, "function returning an array"))
            }
            TypeKind::Function(_) => {
                Err(self.err(span, ErrorKind::Invalid, "function returning a function"))
            }
            _ => Ok(()),
        }
    }

    fn fn_declarator(
        &mut self,
        ret: Ty,
        fd: &Node<FunctionDeclarator>,
    ) -> LResult<(FnSig, Vec<Param>)> {
        self.check_fn_return(ret, fd.span)?;
        self.in_params += 1;
        let r = self.fn_params(ret, fd);
        self.in_params -= 1;
        r
    }

    fn fn_params(
        &mut self,
        ret: Ty,
        fd: &Node<FunctionDeclarator>,
    ) -> LResult<(FnSig, Vec<Param>)> {
        let mut params = Vec::new();
        let ps = &fd.node.parameters;
        for (i, p) in ps.iter().enumerate() {
            let specs = self.decl_specs(&p.node.specifiers, p.span)?;
            let (name, ty) = match &p.node.declarator {
                Some(d) => {
                    let r = self.declarator(specs.ty, d, true)?;
                    (r.name.map(|n| n.0), r.ty)
                }
                None => (None, specs.ty),
            };
            if is_void(&self.prog.types, ty) {
                if ps.len() == 1 && name.is_none() && i == 0 {
                    break;
                }
                return Err(self.err(p.span, ErrorKind::Invalid, "parameter has type void"));
            }
            let ty = self.adjust_param(ty);
            let out = self.is_output_param(&p.node.specifiers, p.node.declarator.as_ref(), ty);
            params.push(Param {
                name,
                ty,
                span: p.span,
                out,
            });
        }
        let sig = FnSig {
            ret,
            params: params.iter().map(|p| p.ty).collect(),
            variadic: fd.node.ellipsis == lang_c::ast::Ellipsis::Some,
            prototyped: true,
        };
        Ok((sig, params))
    }

    /// Parameter adjustment: arrays become pointers to their element, functions pointers.
    pub(super) fn adjust_param(&mut self, ty: Ty) -> Ty {
        match self.prog.types.kind(ty).clone() {
            TypeKind::Array(e, _) => self.prog.types.pointer(e),
            TypeKind::Function(_) => self.prog.types.pointer(ty),
            _ => ty,
        }
    }

    fn array_size(
        &mut self,
        size: &ArraySize,
        param: bool,
        allow_vla: bool,
        span: Span,
    ) -> LResult<Option<u64>> {
        let e = match size {
            ArraySize::Unknown => return Ok(None),
            ArraySize::VariableUnknown => {
                if param {
                    return Ok(None);
                }
                return Err(self.err(
                    span,
                    ErrorKind::Unsupported,
                    "variable length arrays are not supported",
                ));
            }
            ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => e,
        };
        let vla = |l: &Self| {
            l.err(
                e.span,
                ErrorKind::Unsupported,
                "variable length arrays are not supported (array size is not a constant)",
            )
        };
        match self.try_const_int(e) {
            Ok(Some(n)) if n >= 0 => Ok(Some(n as u64)),
            Ok(Some(_)) => Err(self.err(e.span, ErrorKind::Invalid, "array size is negative")),
            _ if param => Ok(None),
            // A size naming an earlier parameter.
            Err(_) if self.in_params > 0 => Err(vla(self)),
            // (a size that is itself computed at run time, e.g. from a VLA's `sizeof`, is
            // not a constant either)
            Ok(None) | Err(_) if allow_vla => {
                // a VLA: its length is computed where it is declared
                self.vla_ok = false;
                let n = self.rvalue(e)?;
                let n = self.snapshot(n, e.span)?;
                self.vla_len = Some(n);
                Ok(None)
            }
            Ok(None) => Err(self.err(
                e.span,
                ErrorKind::Unsupported,
                "variable length arrays are only supported as local variables, with only the outermost size variable",
            )),
            Err(err) => Err(err),
        }
    }

    /// A struct or union specifier: a reference, a forward declaration or a definition.
    pub(super) fn struct_type(&mut self, st: &Node<StructType>) -> LResult<Ty> {
        let is_union = st.node.kind.node == StructKind::Union;
        let pending = self.pending_struct_attrs.take();
        let tag = st.node.identifier.as_ref().map(|i| i.node.name.clone());
        let Some(decls) = &st.node.declarations else {
            // A reference (`struct s x;`) or a forward declaration.
            let name = tag.unwrap_or_default();
            if let Some(t) = self.scopes.tag(&name) {
                return self.check_tag_kind(t, is_union, &name, st.span);
            }
            let (id, ty) = self.prog.types.declare_struct(name.clone(), is_union);
            self.scopes.bind_tag(&name, Tag::Struct(id, ty, is_union));
            return Ok(ty);
        };
        let (id, ty) = match &tag {
            Some(name) => match self.scopes.tag_current(name) {
                Some(Tag::Struct(id, ty, u)) if u == is_union => {
                    if self.prog.types.struct_def(id).fields.is_some() {
                        // the same definition again (a header without an include guard
                        // read twice: a driver's files lowered as one unit) is the type
                        // it already is, as in two translation units
                        if self.same_definition(id, is_union, decls, st.span)? {
                            return Ok(ty);
                        }
                        return Err(self.err(
                            st.span,
                            ErrorKind::Invalid,
                            format!("redefinition of `{} {name}`", kw(is_union)),
                        ));
                    }
                    (id, ty)
                }
                Some(_) => {
                    return Err(self.err(
                        st.span,
                        ErrorKind::Invalid,
                        format!("`{name}` defined as the wrong kind of tag"),
                    ))
                }
                None => {
                    let (id, ty) = self.prog.types.declare_struct(name.clone(), is_union);
                    self.scopes.bind_tag(name, Tag::Struct(id, ty, is_union));
                    (id, ty)
                }
            },
            None => {
                let name = self.synthetic("anon");
                self.prog.types.declare_struct(name, is_union)
            }
        };
        let mut attrs = pending.unwrap_or_default();
        if let Some(lists) = self.text_attrs.tags.get(&st.span.start).cloned() {
            for l in lists {
                crate::frontend::attrs::layout_of(&l, &mut attrs).map_err(|a| {
                    self.err(
                        st.span,
                        ErrorKind::Unsupported,
                        format!("attribute `{a}`: only integer constants are supported"),
                    )
                })?;
            }
        }
        let pack = self.text_attrs.pack_at(st.span.start);
        let members = self.struct_members(decls)?;
        self.prog
            .types
            .complete_struct_with(id, members, attrs, pack);
        Ok(ty)
    }

    /// Whether the member declarations `decls` (at `span`) define the struct `id` has
    /// already: the same members (names, offsets, sizes, bit-fields) in the same order.
    fn same_definition(
        &mut self,
        id: crate::cir::StructId,
        is_union: bool,
        decls: &[Node<lang_c::ast::StructDeclaration>],
        span: Span,
    ) -> LResult<bool> {
        let Some(old) = self.prog.types.struct_def(id).fields.clone() else {
            return Ok(false);
        };
        let mut attrs = crate::cir::LayoutAttrs::default();
        if let Some(lists) = self.text_attrs.tags.get(&span.start).cloned() {
            for l in lists {
                if crate::frontend::attrs::layout_of(&l, &mut attrs).is_err() {
                    return Ok(false);
                }
            }
        }
        let pack = self.text_attrs.pack_at(span.start);
        let members = self.struct_members(decls)?;
        let name = self.synthetic("redefinition");
        let (fid, _) = self.prog.types.declare_struct(name, is_union);
        self.prog
            .types
            .complete_struct_with(fid, members, attrs, pack);
        let types = &self.prog.types;
        let fresh = types.struct_def(fid).fields.clone().unwrap_or_default();
        Ok(old.len() == fresh.len()
            && old.iter().zip(&fresh).all(|(a, b)| {
                a.name == b.name
                    && a.offset == b.offset
                    && a.bitfield == b.bitfield
                    && types.size_of(a.ty) == types.size_of(b.ty)
            }))
    }

    fn check_tag_kind(&self, t: Tag, is_union: bool, name: &str, span: Span) -> LResult<Ty> {
        match t {
            Tag::Struct(_, ty, u) if u == is_union => Ok(ty),
            _ => Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("`{name}` defined as the wrong kind of tag"),
            )),
        }
    }

    /// Adds the layout attributes (`packed`, `aligned(N)`) among `exts` to `into`.
    pub(super) fn layout_attrs(
        &mut self,
        exts: &[Node<Extension>],
        into: &mut crate::cir::LayoutAttrs,
    ) -> LResult<()> {
        for e in exts {
            let Extension::Attribute(a) = &e.node else {
                continue;
            };
            match a.name.node.trim_matches('_') {
                "packed" => into.packed = true,
                "aligned" => {
                    let n = match a.arguments.first() {
                        Some(x) => {
                            let v = self.const_int(x, "alignment")?;
                            if v <= 0 || v & (v - 1) != 0 {
                                return Err(self.err(
                                    x.span,
                                    ErrorKind::Invalid,
                                    "requested alignment is not a positive power of 2",
                                ));
                            }
                            v as u64
                        }
                        None => 16,
                    };
                    into.aligned = Some(into.aligned.unwrap_or(1).max(n));
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn struct_members(
        &mut self,
        decls: &[Node<StructDeclaration>],
    ) -> LResult<Vec<crate::cir::MemberSpec>> {
        let mut members = Vec::new();
        for d in decls {
            let f = match &d.node {
                StructDeclaration::Field(f) => f,
                StructDeclaration::StaticAssert(sa) => {
                    self.static_assert(sa)?;
                    continue;
                }
            };
            let saved = self.pending_struct_attrs.take();
            let base = self.spec_quals(&f.node.specifiers, f.span)?;
            self.pending_struct_attrs = saved;
            let mut spec_attrs = crate::cir::LayoutAttrs::default();
            for s in &f.node.specifiers {
                if let SpecifierQualifier::Extension(exts) = &s.node {
                    self.layout_attrs(exts, &mut spec_attrs)?;
                }
            }
            if f.node.declarators.is_empty() {
                // An anonymous struct or union member (C11).
                if is_struct(&self.prog.types, base) {
                    let name = self.synthetic("anon");
                    members.push(crate::cir::MemberSpec {
                        name,
                        ty: base,
                        width: None,
                        attrs: spec_attrs,
                    });
                }
                continue;
            }
            for sd in &f.node.declarators {
                let mut attrs = spec_attrs;
                if let Some(decl) = &sd.node.declarator {
                    self.layout_attrs(&decl.node.extensions, &mut attrs)?;
                }
                let (name, ty) = match &sd.node.declarator {
                    Some(decl) => {
                        let r = self.declarator(base, decl, false)?;
                        let name = match r.name {
                            Some((n, _)) => n,
                            None => self.synthetic("pad"),
                        };
                        (name, r.ty)
                    }
                    None => (self.synthetic("pad"), base),
                };
                if matches!(self.prog.types.kind(ty), TypeKind::Function(_)) {
                    return Err(self.err(
                        sd.span,
                        ErrorKind::Invalid,
                        format!("field `{name}` declared as a function"),
                    ));
                }
                // A field must have a complete type; only a flexible array member `T x[]`
                // has none.
                let types = &self.prog.types;
                let flexible = matches!(types.kind(ty), TypeKind::Array(e, None) if types.size_of(*e).is_some());
                if types.size_of(ty).is_none() && !flexible {
                    return Err(self.err(
                        sd.span,
                        ErrorKind::Invalid,
                        format!("field `{name}` has incomplete type `{}`", types.display(ty)),
                    ));
                }
                let width = match &sd.node.bit_width {
                    Some(w) => {
                        let v = self.const_int(w, "bit-field width")?;
                        let k = self.prog.types.as_int(ty).ok_or_else(|| {
                            self.err(
                                w.span,
                                ErrorKind::Invalid,
                                format!("bit-field `{name}` has a non-integer type"),
                            )
                        })?;
                        if v < 0 || v > k.bits as i128 {
                            return Err(self.err(
                                w.span,
                                ErrorKind::Invalid,
                                format!("width of bit-field `{name}` is out of range"),
                            ));
                        }
                        Some(v as u16)
                    }
                    None => None,
                };
                members.push(crate::cir::MemberSpec {
                    name,
                    ty,
                    width,
                    attrs,
                });
            }
        }
        Ok(members)
    }

    /// An enum specifier: constants are bound as `int`; the enum type is `unsigned int`
    /// when no value is negative, else `int` (wider when needed), as gcc does.
    pub(super) fn enum_type(&mut self, et: &Node<EnumType>) -> LResult<Ty> {
        let tag = et.node.identifier.as_ref().map(|i| i.node.name.clone());
        if et.node.enumerators.is_empty() {
            let name = tag.unwrap_or_default();
            return match self.scopes.tag(&name) {
                Some(Tag::Enum(t)) => Ok(t),
                Some(_) => Err(self.err(
                    et.span,
                    ErrorKind::Invalid,
                    format!("`{name}` defined as the wrong kind of tag"),
                )),
                None => {
                    let t = self.prog.types.int_kind(32, false);
                    self.scopes.bind_tag(&name, Tag::Enum(t));
                    Ok(t)
                }
            };
        }
        let int = self.prog.types.int();
        let (mut lo, mut hi) = (0i128, 0i128);
        let mut next = 0i128;
        for en in &et.node.enumerators {
            let v = match &en.node.expression {
                Some(e) => self.const_int(e, "enumerator value")?,
                None => next,
            };
            lo = lo.min(v);
            hi = hi.max(v);
            next = v + 1;
            let ty = if v >= i32::MIN as i128 && v <= i32::MAX as i128 {
                int
            } else if v >= 0 && v <= u32::MAX as i128 {
                self.prog.types.int_kind(32, false)
            } else if v < 0 {
                self.prog.types.int_kind(64, true)
            } else {
                self.prog.types.int_kind(64, false)
            };
            self.scopes
                .bind(&en.node.identifier.node.name, Binding::Enum(v, ty));
        }
        let ty = if lo < 0 {
            if lo >= i32::MIN as i128 && hi <= i32::MAX as i128 {
                int
            } else {
                self.prog.types.int_kind(64, true)
            }
        } else if hi <= u32::MAX as i128 {
            self.prog.types.int_kind(32, false)
        } else {
            self.prog.types.int_kind(64, false)
        };
        if let Some(name) = tag {
            self.scopes.bind_tag(&name, Tag::Enum(ty));
        }
        Ok(ty)
    }

    /// The members of a struct named `name`, looking through anonymous members: the path
    /// of (struct, field index) steps and the member's type.
    pub(super) fn find_field(&self, s: StructId, name: &str) -> Option<(Vec<(StructId, u32)>, Ty)> {
        let fields = self.prog.types.struct_def(s).fields.as_ref()?;
        for (i, f) in fields.iter().enumerate() {
            if f.name == name {
                return Some((vec![(s, i as u32)], f.ty));
            }
        }
        for (i, f) in fields.iter().enumerate() {
            if f.name.starts_with("<anon") {
                if let TypeKind::Struct(inner) = self.prog.types.kind(f.ty) {
                    if let Some((mut path, ty)) = self.find_field(*inner, name) {
                        path.insert(0, (s, i as u32));
                        return Some((path, ty));
                    }
                }
            }
        }
        None
    }
}

fn kw(is_union: bool) -> &'static str {
    if is_union {
        "union"
    } else {
        "struct"
    }
}
