//! Expressions: operands (lvalues, values, function designators, string literals), and the
//! forms that are neither arithmetic nor control flow — identifiers, constants, member
//! access, indexing, `&`/`*`, unary operators, casts, `sizeof`/`_Alignof`/`offsetof`,
//! `_Generic`, compound literals and statement expressions — plus evaluation for effect
//! only ([`Lowerer::discard`]) and integer constant expressions.

use super::consts::StringLit;
use super::init::InitRef;
use super::scope::Binding;
use super::types::{is_float, is_struct, is_void};
use super::{consts, fold, LResult, Lowerer};
use crate::cir::{BinOp, Expr, ExprKind, FuncId, Lval, StrId, Ty, TypeKind, UnOp, VarKind};
use crate::frontend::ErrorKind;
use lang_c::ast::{
    BinaryOperator, BlockItem, Constant, Expression, FloatFormat, GenericAssociation,
    MemberExpression, MemberOperator, OffsetMember, OffsetOfExpression, Statement, UnaryOperator,
    UnaryOperatorExpression,
};
use lang_c::span::{Node, Span};

/// One step of an `offsetof` designator: a member name or an index.
type OffsetStep<'x> = (
    Option<&'x Node<lang_c::ast::Identifier>>,
    Option<&'x Node<Expression>>,
);

/// The result of lowering an expression before lvalue conversion.
#[derive(Clone, Debug)]
pub(super) enum Operand {
    /// An lvalue of the given type.
    Lv(Lval, Ty),
    /// A value (a void "value" is `Int(0)` of type void and never reaches CIR).
    Val(Expr),
    /// A function designator; the expression is a pointer to the function.
    Func(Expr),
    /// A string literal (an array of `char`).
    Str(StrId),
}

/// `Read(lv)` of type `ty`.
pub(super) fn read(lv: Lval, ty: Ty) -> Expr {
    Expr {
        kind: ExprKind::Read(Box::new(lv)),
        ty,
    }
}

/// True if evaluating `e` may change program state (calls, assignments, `++`, ...).
pub(super) fn has_side_effects(e: &Expression) -> bool {
    match e {
        Expression::Identifier(_)
        | Expression::Constant(_)
        | Expression::StringLiteral(_)
        | Expression::SizeOfTy(_)
        | Expression::SizeOfVal(_)
        | Expression::AlignOf(_)
        | Expression::OffsetOf(_) => false,
        Expression::Member(m) => has_side_effects(&m.node.expression.node),
        Expression::UnaryOperator(u) => {
            matches!(
                u.node.operator.node,
                UnaryOperator::PostIncrement
                    | UnaryOperator::PostDecrement
                    | UnaryOperator::PreIncrement
                    | UnaryOperator::PreDecrement
            ) || has_side_effects(&u.node.operand.node)
        }
        Expression::Cast(c) => has_side_effects(&c.node.expression.node),
        Expression::BinaryOperator(b) => {
            is_assign_op(&b.node.operator.node)
                || has_side_effects(&b.node.lhs.node)
                || has_side_effects(&b.node.rhs.node)
        }
        Expression::Conditional(c) => {
            has_side_effects(&c.node.condition.node)
                || has_side_effects(&c.node.then_expression.node)
                || has_side_effects(&c.node.else_expression.node)
        }
        Expression::Comma(es) => es.iter().any(|x| has_side_effects(&x.node)),
        Expression::Call(_)
        | Expression::CompoundLiteral(_)
        | Expression::GenericSelection(_)
        | Expression::VaArg(_)
        | Expression::Statement(_) => true,
    }
}

/// `=` and the compound assignments.
pub(super) fn is_assign_op(op: &BinaryOperator) -> bool {
    matches!(
        op,
        BinaryOperator::Assign
            | BinaryOperator::AssignMultiply
            | BinaryOperator::AssignDivide
            | BinaryOperator::AssignModulo
            | BinaryOperator::AssignPlus
            | BinaryOperator::AssignMinus
            | BinaryOperator::AssignShiftLeft
            | BinaryOperator::AssignShiftRight
            | BinaryOperator::AssignBitwiseAnd
            | BinaryOperator::AssignBitwiseXor
            | BinaryOperator::AssignBitwiseOr
    )
}

/// Values that later side effects cannot change (no snapshot needed).
pub(super) fn is_stable(p: &crate::cir::Program, e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => true,
        ExprKind::Read(lv) => matches!(lv.as_ref(), Lval::Var(v)
            if matches!(p.var(*v).kind, crate::cir::VarKind::Temp(_))),
        ExprKind::AddrOf(lv) => matches!(lv.as_ref(), Lval::Var(_)),
        ExprKind::Cast(x) | ExprKind::Unary(_, x) => is_stable(p, x),
        ExprKind::Binary(_, a, b) => is_stable(p, a) && is_stable(p, b),
    }
}

impl Lowerer<'_> {
    /// The void "value".
    pub(super) fn void_expr(&mut self) -> Expr {
        let v = self.prog.types.void();
        fold::int(0, v)
    }

    /// The C type of an operand (before lvalue conversion).
    pub(super) fn operand_ty(&mut self, op: &Operand) -> Ty {
        match op {
            Operand::Lv(_, t) => *t,
            Operand::Val(e) => e.ty,
            Operand::Func(e) => self.prog.types.pointee(e.ty).unwrap_or(e.ty),
            Operand::Str(id) => {
                let n = self.prog.strings[id.0 as usize].len() as u64 + 1;
                let c = self.prog.types.char();
                self.prog.types.array(c, Some(n))
            }
        }
    }

    /// Mark the variable under an lvalue as address-taken.
    pub(super) fn mark_addr(&mut self, lv: &Lval) {
        if let Some(v) = lv.base_var() {
            self.prog.vars[v.0 as usize].addr_taken = true;
        }
    }

    /// `Func(f)`: a pointer to function `f`.
    pub(super) fn func_expr(&mut self, f: FuncId) -> Expr {
        let fty = self.prog.func(f).ty;
        let ty = self.prog.types.pointer(fty);
        Expr {
            kind: ExprKind::Func(f),
            ty,
        }
    }

    /// Lower an expression to an operand, emitting its side effects.
    pub(super) fn operand(&mut self, e: &Node<Expression>) -> LResult<Operand> {
        let span = e.span;
        match &e.node {
            Expression::Identifier(id) => self.ident(&id.node.name, span),
            Expression::Constant(c) => self.constant(&c.node, span),
            Expression::StringLiteral(s) => {
                match consts::string_lit(&s.node, self.prog.types.data_model)
                    .map_err(|m| self.err(span, ErrorKind::Unsupported, m))?
                {
                    StringLit::Narrow(bytes) => Ok(Operand::Str(self.intern_str(bytes))),
                    StringLit::Wide { .. } => self.wide_string(&s.node, span),
                }
            }
            Expression::GenericSelection(g) => {
                let (ctrl, _) = self.dry_run(false, |l| l.rvalue(&g.node.expression));
                let ctrl = ctrl?.ty;
                let mut default = None;
                for a in &g.node.associations {
                    match &a.node {
                        GenericAssociation::Type(t) => {
                            let ty = self.type_name(&t.node.type_name)?;
                            if ty == ctrl {
                                return self.operand(&t.node.expression);
                            }
                        }
                        GenericAssociation::Default(d) => default = Some(d),
                    }
                }
                match default {
                    Some(d) => self.operand(d),
                    None => Err(self.err(
                        span,
                        ErrorKind::Invalid,
                        "_Generic selector matches no association",
                    )),
                }
            }
            Expression::Member(m) => self.member(m),
            Expression::Call(c) => Ok(self.call(c, span, None, true)?.0),
            Expression::CompoundLiteral(cl) => {
                let ty = self.type_name(&cl.node.type_name)?;
                self.compound_literal(ty, &cl.node.initializer_list, span)
            }
            Expression::SizeOfTy(s) => {
                // `sizeof(T[n])` and `sizeof(vla_typedef)`: computed at run time
                let in_function = self.fcx.func.is_some() && !self.fcx.const_mode;
                self.vla_ok = in_function;
                self.vla_len = None;
                self.vla_spec_len = None;
                let ty = self.type_name(&s.node.0);
                self.vla_ok = false;
                let ty = ty?;
                let len = self.vla_len.take().or_else(|| {
                    let plain = s.node.0.node.declarator.is_none();
                    self.vla_spec_len.take().filter(|_| plain)
                });
                if let Some(len) = len {
                    let st = self.prog.types.size_t();
                    let elem = self.prog.types.elem(ty).unwrap_or(ty);
                    let esize = self.prog.types.size_of(elem).unwrap_or(1);
                    let n = self.convert(len, st, span)?;
                    let bytes = fold::binary(
                        &self.prog.types,
                        BinOp::Mul,
                        n,
                        fold::int(i128::from(esize), st),
                        st,
                    );
                    return Ok(Operand::Val(bytes));
                }
                self.size_of(ty, span)
            }
            Expression::SizeOfVal(s) => {
                if let Expression::Identifier(id) = &s.node.0.node {
                    if let Some(Binding::Var(v)) = self.scopes.lookup(&id.node.name) {
                        if let Some(&size) = self.vla_sizes.get(&v) {
                            let st = self.prog.types.size_t();
                            return Ok(Operand::Val(read(Lval::Var(size), st)));
                        }
                    }
                }
                let ty = self.unevaluated(|l| {
                    let op = l.operand(&s.node.0)?;
                    Ok(l.operand_ty(&op))
                })?;
                self.size_of(ty, span)
            }
            Expression::AlignOf(a) => {
                let ty = self.type_name(&a.node.0)?;
                let n = self.prog.types.align_of(ty);
                let st = self.prog.types.size_t();
                Ok(Operand::Val(fold::int(n as i128, st)))
            }
            Expression::UnaryOperator(u) => self.unary(u, span),
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name)?;
                self.cast(ty, &c.node.expression, span)
            }
            Expression::BinaryOperator(b) => {
                let op = &b.node.operator.node;
                match op {
                    BinaryOperator::Index => self.index(&b.node.lhs, &b.node.rhs, span),
                    BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr => {
                        self.logical_value(b, e, span)
                    }
                    _ if is_assign_op(op) => self.assign(b, span, true),
                    _ => {
                        let l = self.rvalue(&b.node.lhs)?;
                        let l = if has_side_effects(&b.node.rhs.node) && !is_stable(&self.prog, &l)
                        {
                            self.snapshot(l, span)?
                        } else {
                            l
                        };
                        let r = self.rvalue(&b.node.rhs)?;
                        Ok(Operand::Val(self.binary_op(op, l, r, span)?))
                    }
                }
            }
            Expression::Conditional(c) => self.conditional_value(c, span),
            Expression::Comma(es) => {
                let Some((last, init)) = es.split_last() else {
                    return Ok(Operand::Val(self.void_expr()));
                };
                for x in init {
                    self.discard(x)?;
                }
                let op = self.operand(last)?;
                // The result of a comma is a value, not an lvalue.
                match op {
                    Operand::Lv(..) => {
                        let v = self.value_of(op, span)?;
                        Ok(Operand::Val(v))
                    }
                    other => Ok(other),
                }
            }
            Expression::OffsetOf(o) => self.offset_of(o, span),
            Expression::VaArg(v) => self.va_arg(v, span),
            Expression::Statement(s) => self.stmt_expr(s),
        }
    }

    /// Lower an expression to a value (lvalue conversion, array and function decay).
    pub(super) fn rvalue(&mut self, e: &Node<Expression>) -> LResult<Expr> {
        let op = self.operand(e)?;
        self.value_of(op, e.span)
    }

    /// Lvalue conversion of an operand.
    pub(super) fn value_of(&mut self, op: Operand, span: Span) -> LResult<Expr> {
        match op {
            Operand::Lv(lv, ty) => match self.prog.types.kind(ty).clone() {
                TypeKind::Array(elem, _) => {
                    self.mark_addr(&lv);
                    let ptr = self.prog.types.pointer(elem);
                    let long = self.prog.types.ptrdiff_t();
                    Ok(Expr {
                        kind: ExprKind::AddrOf(Box::new(Lval::Index(
                            Box::new(lv),
                            Box::new(fold::int(0, long)),
                        ))),
                        ty: ptr,
                    })
                }
                TypeKind::Function(_) => match lv {
                    Lval::Deref(e) => Ok(*e),
                    _ => Err(self.err(span, ErrorKind::Invalid, "bad function designator")),
                },
                _ => Ok(read(lv, ty)),
            },
            Operand::Val(e) => Ok(e),
            Operand::Func(e) => {
                if let ExprKind::Func(f) = e.kind {
                    self.prog.functions[f.0 as usize].addr_taken = true;
                }
                Ok(e)
            }
            Operand::Str(id) => {
                let c = self.prog.types.char();
                let ty = self.prog.types.pointer(c);
                Ok(Expr {
                    kind: ExprKind::Str(id),
                    ty,
                })
            }
        }
    }

    /// Lower an expression that must designate an object.
    pub(super) fn lvalue(&mut self, e: &Node<Expression>) -> LResult<(Lval, Ty)> {
        match self.operand(e)? {
            Operand::Lv(lv, ty) => Ok((lv, ty)),
            _ => Err(self.err(e.span, ErrorKind::Invalid, "lvalue required")),
        }
    }

    /// Evaluate an expression for its side effects only.
    pub(super) fn discard(&mut self, e: &Node<Expression>) -> LResult<()> {
        let span = e.span;
        match &e.node {
            Expression::Call(c) => {
                self.call(c, span, None, false)?;
            }
            Expression::BinaryOperator(b) if is_assign_op(&b.node.operator.node) => {
                self.assign(b, span, false)?;
            }
            Expression::BinaryOperator(b)
                if matches!(
                    b.node.operator.node,
                    BinaryOperator::LogicalAnd | BinaryOperator::LogicalOr
                ) =>
            {
                self.logical_discard(b, span)?;
            }
            Expression::UnaryOperator(u)
                if matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement
                        | UnaryOperator::PostDecrement
                        | UnaryOperator::PreIncrement
                        | UnaryOperator::PreDecrement
                ) =>
            {
                self.incdec(&u.node.operand, &u.node.operator.node, false, span)?;
            }
            Expression::Comma(es) => {
                for x in es.iter() {
                    self.discard(x)?;
                }
            }
            Expression::Conditional(c) => self.conditional_discard(c, span)?,
            Expression::Cast(c) => {
                let ty = self.type_name(&c.node.type_name)?;
                if is_void(&self.prog.types, ty) {
                    self.discard(&c.node.expression)?;
                } else {
                    self.operand(e)?;
                }
            }
            _ => {
                self.operand(e)?;
            }
        }
        Ok(())
    }

    /// A wide string literal (`L"..."`, `u"..."`, `U"..."`): an array of static storage
    /// of its code units and a final 0, as C gives every string literal; a variable of its
    /// own (`__slamrs_wstr<N>`), read-only by the program's own typing, initialized like
    /// `static const wchar_t s[] = L"...";`.
    fn wide_string(&mut self, pieces: &[String], span: Span) -> LResult<Operand> {
        let StringLit::Wide {
            units,
            bits,
            signed,
        } = consts::string_lit(pieces, self.prog.types.data_model)
            .map_err(|m| self.err(span, ErrorKind::Unsupported, m))?
        else {
            unreachable!("wide_string is called for wide literals")
        };
        let elem = self.prog.types.int_kind(bits, signed);
        let ty = self.array_ty(elem, Some(units.len() as u64 + 1), span)?;
        let name = format!("__slamrs_wstr{}", self.prog.vars.len());
        let v = self.new_var(name, ty, VarKind::Global { is_static: true }, span);
        let leaves = self.string_init(ty, pieces, span)?;
        self.static_init(Lval::Var(v), leaves, span)?;
        Ok(Operand::Lv(Lval::Var(v), ty))
    }

    fn intern_str(&mut self, bytes: Vec<u8>) -> StrId {
        self.prog.strings.push(bytes);
        StrId(self.prog.strings.len() as u32 - 1)
    }

    fn ident(&mut self, name: &str, span: Span) -> LResult<Operand> {
        match self.scopes.lookup(name) {
            Some(Binding::Var(v)) => Ok(Operand::Lv(Lval::Var(v), self.prog.var(v).ty)),
            Some(Binding::Func(f)) => Ok(Operand::Func(self.func_expr(f))),
            Some(Binding::Enum(v, ty)) => Ok(Operand::Val(fold::int(v, ty))),
            Some(Binding::Typedef(_)) => Err(self.err(
                span,
                ErrorKind::Invalid,
                format!("unexpected type name `{name}`"),
            )),
            None => match name {
                "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__" => {
                    let bytes = self.fcx.name.clone().into_bytes();
                    Ok(Operand::Str(self.intern_str(bytes)))
                }
                _ => Err(self.skipped_use(name, span).unwrap_or_else(|| {
                    self.err(span, ErrorKind::Invalid, format!("`{name}` undeclared"))
                })),
            },
        }
    }

    fn constant(&mut self, c: &Constant, span: Span) -> LResult<Operand> {
        match c {
            Constant::Integer(i) => {
                let (v, ty) = consts::integer(&mut self.prog.types, i)
                    .map_err(|m| self.err(span, ErrorKind::Invalid, m))?;
                Ok(Operand::Val(fold::int(v, ty)))
            }
            Constant::Character(s) => {
                let (v, ty) = consts::character(&mut self.prog.types, s)
                    .map_err(|m| self.err(span, ErrorKind::Invalid, m))?;
                Ok(Operand::Val(fold::int(v, ty)))
            }
            Constant::Float(f) => {
                if f.suffix.imaginary {
                    return Err(self.err(
                        span,
                        ErrorKind::Unsupported,
                        "imaginary constants are not supported",
                    ));
                }
                let bits = match &f.suffix.format {
                    FloatFormat::Float => 32,
                    FloatFormat::Double => 64,
                    FloatFormat::LongDouble => 80,
                    FloatFormat::TS18661Format(t) => t.width.clamp(16, 128) as u16,
                };
                let ty = self.prog.types.intern(TypeKind::Float(bits));
                Ok(Operand::Val(self.float_placeholder(ty)))
            }
        }
    }

    /// `sizeof` of a type, as a `size_t` constant.
    fn size_of(&mut self, ty: Ty, span: Span) -> LResult<Operand> {
        let n = match self.prog.types.kind(ty) {
            TypeKind::Void | TypeKind::Function(_) => 1,
            _ => self.prog.types.size_of(ty).ok_or_else(|| {
                self.err(
                    span,
                    ErrorKind::Invalid,
                    format!(
                        "invalid application of sizeof to incomplete type `{}`",
                        self.prog.types.display(ty)
                    ),
                )
            })?,
        };
        let st = self.prog.types.size_t();
        Ok(Operand::Val(fold::int(n as i128, st)))
    }

    fn member(&mut self, m: &Node<MemberExpression>) -> LResult<Operand> {
        let span = m.span;
        let op = self.operand(&m.node.expression)?;
        let op = match m.node.operator.node {
            MemberOperator::Direct => op,
            MemberOperator::Indirect => self.deref(op, span)?,
        };
        let (lv, ty) = match op {
            Operand::Lv(lv, ty) => (lv, ty),
            Operand::Val(e) if is_struct(&self.prog.types, e.ty) => match e.kind {
                ExprKind::Read(lv) => (*lv, e.ty),
                _ => {
                    let ty = e.ty;
                    let v = self.snapshot(e, span)?;
                    match v.kind {
                        ExprKind::Read(lv) => (*lv, ty),
                        _ => return Err(self.err(span, ErrorKind::Invalid, "bad member access")),
                    }
                }
            },
            _ => {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "request for a member in something not a structure or union",
                ))
            }
        };
        let TypeKind::Struct(s) = *self.prog.types.kind(ty) else {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "request for a member in something not a structure or union",
            ));
        };
        let name = &m.node.identifier.node.name;
        if self.prog.types.struct_def(s).fields.is_none() {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!(
                    "member `{name}` of incomplete type `{}`",
                    self.prog.types.display(ty)
                ),
            ));
        }
        let (path, fty) = self.find_field(s, name).ok_or_else(|| {
            self.err(
                m.node.identifier.span,
                ErrorKind::Invalid,
                format!(
                    "`{}` has no member named `{name}`",
                    self.prog.types.display(ty)
                ),
            )
        })?;
        let lv = path
            .into_iter()
            .fold(lv, |lv, (s, i)| Lval::Field(Box::new(lv), s, i));
        Ok(Operand::Lv(lv, fty))
    }

    /// `*op`.
    pub(super) fn deref(&mut self, op: Operand, span: Span) -> LResult<Operand> {
        let v = self.value_of(op, span)?;
        let Some(pt) = self.prog.types.pointee(v.ty) else {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!(
                    "invalid type argument of unary `*` (have `{}`)",
                    self.prog.types.display(v.ty)
                ),
            ));
        };
        if matches!(self.prog.types.kind(pt), TypeKind::Function(_)) {
            return Ok(Operand::Func(v));
        }
        Ok(match v.kind {
            ExprKind::AddrOf(lv) => Operand::Lv(*lv, pt),
            _ => Operand::Lv(Lval::Deref(Box::new(v)), pt),
        })
    }

    /// The address of an lvalue made of fields and constant indices under a dereference of
    /// a constant address, if it is one.
    fn const_lval_address(&self, lv: &Lval) -> Option<i128> {
        match lv {
            Lval::Deref(e) => fold::const_address(e),
            Lval::Field(b, s, i) => {
                let f = self.prog.field(*s, *i);
                if f.bitfield.is_some() {
                    return None;
                }
                Some(self.const_lval_address(b)? + f.offset as i128)
            }
            Lval::Index(b, i) => {
                let base = self.const_lval_address(b)?;
                let i = fold::as_const(i)?;
                let elem = self.prog.types.elem(self.lval_type(b)?)?;
                let size = self.prog.types.size_of(elem)? as i128;
                Some(base + i * size)
            }
            Lval::Var(_) => None,
        }
    }

    /// The type of an lvalue (`None` if ill-formed).
    fn lval_type(&self, lv: &Lval) -> Option<Ty> {
        match lv {
            Lval::Var(v) => Some(self.prog.var(*v).ty),
            Lval::Deref(e) => self.prog.types.pointee(e.ty),
            Lval::Field(_, s, i) => Some(self.prog.field(*s, *i).ty),
            Lval::Index(b, _) => self.prog.types.elem(self.lval_type(b)?),
        }
    }

    /// `&op`.
    fn addr_of(&mut self, op: Operand, span: Span) -> LResult<Operand> {
        match op {
            Operand::Lv(Lval::Deref(e), ty) => {
                let pty = self.prog.types.pointer(ty);
                Ok(Operand::Val(fold::cast(&self.prog.types, *e, pty)))
            }
            Operand::Lv(lv, ty) => {
                if let Lval::Field(_, s, i) = &lv {
                    if self.prog.field(*s, *i).bitfield.is_some() {
                        return Err(self.err(
                            span,
                            ErrorKind::Invalid,
                            "cannot take the address of a bit-field",
                        ));
                    }
                }
                let pty = self.prog.types.pointer(ty);
                if let Some(a) = self.const_lval_address(&lv) {
                    // `&((T *)0)->f`: a constant address (the classic offsetof).
                    let long = self.prog.types.ptrdiff_t();
                    return Ok(Operand::Val(fold::cast(
                        &self.prog.types,
                        fold::int(a, long),
                        pty,
                    )));
                }
                self.mark_addr(&lv);
                Ok(Operand::Val(Expr {
                    kind: ExprKind::AddrOf(Box::new(lv)),
                    ty: pty,
                }))
            }
            Operand::Func(e) => Ok(Operand::Val(self.value_of(Operand::Func(e), span)?)),
            Operand::Str(id) => {
                let aty = self.operand_ty(&Operand::Str(id));
                let pty = self.prog.types.pointer(aty);
                let s = self.value_of(Operand::Str(id), span)?;
                Ok(Operand::Val(fold::cast(&self.prog.types, s, pty)))
            }
            Operand::Val(_) => Err(self.err(
                span,
                ErrorKind::Invalid,
                "lvalue required as unary `&` operand",
            )),
        }
    }

    fn index(
        &mut self,
        a: &Node<Expression>,
        b: &Node<Expression>,
        span: Span,
    ) -> LResult<Operand> {
        let oa = self.operand(a)?;
        let oa = match oa {
            Operand::Val(v) if has_side_effects(&b.node) && !is_stable(&self.prog, &v) => {
                Operand::Val(self.snapshot(v, span)?)
            }
            other => other,
        };
        let ob = self.operand(b)?;
        let ta = self.operand_ty(&oa);
        let tb = self.operand_ty(&ob);
        let a_arr = matches!(oa, Operand::Lv(..))
            && matches!(self.prog.types.kind(ta), TypeKind::Array(..));
        let b_arr = matches!(ob, Operand::Lv(..))
            && matches!(self.prog.types.kind(tb), TypeKind::Array(..));
        let (oa, ob) = if !a_arr && b_arr { (ob, oa) } else { (oa, ob) };
        if let (Operand::Lv(lv, aty), true) = (&oa, a_arr || b_arr) {
            let (lv, aty) = (lv.clone(), *aty);
            let i = self.value_of(ob, span)?;
            if !self.prog.types.is_integer(i.ty) {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "array subscript is not an integer",
                ));
            }
            let long = self.prog.types.ptrdiff_t();
            let i = self.convert(i, long, span)?;
            let elem = self.prog.types.elem(aty).unwrap_or(aty);
            return Ok(Operand::Lv(Lval::Index(Box::new(lv), Box::new(i)), elem));
        }
        let idx = ob;
        let pa = self.value_of(oa, span)?;
        let pb = self.value_of(idx, span)?;
        let types = &self.prog.types;
        let (p, i) = if types.is_pointer(pa.ty) && types.is_integer(pb.ty) {
            (pa, pb)
        } else if types.is_integer(pa.ty) && types.is_pointer(pb.ty) {
            (pb, pa)
        } else {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "subscripted value is neither array nor pointer",
            ));
        };
        let addr = self.ptr_add(p, i, false, span)?;
        self.deref(Operand::Val(addr), span)
    }

    fn unary(&mut self, u: &Node<UnaryOperatorExpression>, span: Span) -> LResult<Operand> {
        let x = &u.node.operand;
        match &u.node.operator.node {
            op @ (UnaryOperator::PostIncrement
            | UnaryOperator::PostDecrement
            | UnaryOperator::PreIncrement
            | UnaryOperator::PreDecrement) => self.incdec(x, op, true, span),
            UnaryOperator::Address => {
                let op = self.operand(x)?;
                self.addr_of(op, span)
            }
            UnaryOperator::Indirection => {
                let op = self.operand(x)?;
                self.deref(op, span)
            }
            UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement => {
                let v = self.rvalue(x)?;
                let types = &self.prog.types;
                let is_int = types.is_integer(v.ty);
                let flt = is_float(types, v.ty);
                let op = &u.node.operator.node;
                if !(is_int || flt && *op != UnaryOperator::Complement) {
                    return Err(self.err(
                        span,
                        ErrorKind::Invalid,
                        "wrong type argument to unary operator",
                    ));
                }
                if flt {
                    return Ok(Operand::Val(self.float_placeholder(v.ty)));
                }
                let v = self.promote(v);
                let ty = v.ty;
                Ok(Operand::Val(match op {
                    UnaryOperator::Plus => v,
                    UnaryOperator::Minus => fold::unary(&self.prog.types, UnOp::Neg, v, ty),
                    _ => fold::unary(&self.prog.types, UnOp::BitNot, v, ty),
                }))
            }
            UnaryOperator::Negate => {
                let v = self.rvalue(x)?;
                Ok(Operand::Val(self.logical_not(v, span)?))
            }
        }
    }

    /// `(ty) e`.
    fn cast(&mut self, ty: Ty, e: &Node<Expression>, span: Span) -> LResult<Operand> {
        if is_void(&self.prog.types, ty) {
            self.discard(e)?;
            return Ok(Operand::Val(self.void_expr()));
        }
        let v = self.rvalue(e)?;
        match self.prog.types.kind(ty) {
            TypeKind::Array(..) | TypeKind::Function(_) => Err(self.err(
                span,
                ErrorKind::Invalid,
                "cast specifies an array or function type",
            )),
            TypeKind::Struct(_) if v.ty != ty => Err(self.err(
                span,
                ErrorKind::Unsupported,
                "cast to a struct or union type is not supported",
            )),
            _ => {
                let c = self.convert(v, ty, span)?;
                // `(unsigned)s.f` is no longer a bit-field: it must not promote to `int`
                let bitfield = matches!(&c.kind, ExprKind::Read(lv)
                    if matches!(lv.as_ref(), Lval::Field(_, s, i)
                        if self.prog.field(*s, *i).bitfield.is_some()));
                Ok(Operand::Val(if bitfield {
                    Expr {
                        ty: c.ty,
                        kind: ExprKind::Cast(Box::new(c)),
                    }
                } else {
                    c
                }))
            }
        }
    }

    fn offset_of(&mut self, o: &Node<OffsetOfExpression>, span: Span) -> LResult<Operand> {
        let ty = self.type_name(&o.node.type_name)?;
        let st = self.prog.types.size_t();
        let mut off = fold::int(0, st);
        let mut cur = ty;
        let mut steps: Vec<OffsetStep> = vec![(Some(&o.node.designator.node.base), None)];
        for m in &o.node.designator.node.members {
            match &m.node {
                OffsetMember::Member(id) => steps.push((Some(id), None)),
                OffsetMember::Index(e) => steps.push((None, Some(e))),
                OffsetMember::IndirectMember(_) => {
                    return Err(self.err(m.span, ErrorKind::Invalid, "bad offsetof designator"))
                }
            }
        }
        for (member, index) in steps {
            if let Some(id) = member {
                let TypeKind::Struct(s) = *self.prog.types.kind(cur) else {
                    return Err(self.err(id.span, ErrorKind::Invalid, "offsetof on a non-struct"));
                };
                let (path, fty) = self.find_field(s, &id.node.name).ok_or_else(|| {
                    self.err(
                        id.span,
                        ErrorKind::Invalid,
                        format!("no member named `{}`", id.node.name),
                    )
                })?;
                let mut bytes = 0;
                for (s, i) in path {
                    let f = self.prog.field(s, i);
                    if f.bitfield.is_some() {
                        return Err(self.err(id.span, ErrorKind::Invalid, "offsetof a bit-field"));
                    }
                    bytes += f.offset;
                }
                off = fold::binary(
                    &self.prog.types,
                    BinOp::Add,
                    off,
                    fold::int(bytes as i128, st),
                    st,
                );
                cur = fty;
            } else if let Some(e) = index {
                let Some(elem) = self.prog.types.elem(cur) else {
                    return Err(self.err(
                        e.span,
                        ErrorKind::Invalid,
                        "offsetof index on a non-array",
                    ));
                };
                let size = self.prog.types.size_of(elem).unwrap_or(0);
                let i = self.rvalue(e)?;
                let i = self.convert(i, st, e.span)?;
                let scaled = fold::binary(
                    &self.prog.types,
                    BinOp::Mul,
                    i,
                    fold::int(size as i128, st),
                    st,
                );
                off = fold::binary(&self.prog.types, BinOp::Add, off, scaled, st);
                cur = elem;
            }
        }
        let _ = span;
        Ok(Operand::Val(off))
    }

    fn compound_literal(
        &mut self,
        ty: Ty,
        items: &[Node<lang_c::ast::InitializerListItem>],
        span: Span,
    ) -> LResult<Operand> {
        if self.fcx.func.is_none() {
            return self.static_compound_literal(ty, items, span);
        }
        if self.fcx.const_mode {
            // inside a function a compound literal is automatic: not a constant
            self.fcx.const_violation = true;
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "initializer element is not constant (a compound literal inside a function has automatic storage)",
            ));
        }
        let (cty, leaves) = self.init_object(ty, InitRef::List(items), span)?;
        let t = self.new_temp(cty, span)?;
        self.emit_local_init(Lval::Var(t), cty, leaves, span)?;
        Ok(Operand::Lv(Lval::Var(t), cty))
    }

    /// A compound literal at file scope (`&(struct s){ ... }` in a static initializer, the
    /// kernel's `HWMON_CHANNEL_INFO`): an unnamed object with static storage (C11 6.5.2.5p5),
    /// initialized with the program's other static objects.
    fn static_compound_literal(
        &mut self,
        ty: Ty,
        items: &[Node<lang_c::ast::InitializerListItem>],
        span: Span,
    ) -> LResult<Operand> {
        let (cty, leaves) = self.init_object(ty, InitRef::List(items), span)?;
        let name = format!("__compound_literal.{}", self.prog.vars.len());
        let g = self.new_var(name, cty, VarKind::Global { is_static: true }, span);
        self.static_init(Lval::Var(g), leaves, span)?;
        Ok(Operand::Lv(Lval::Var(g), cty))
    }

    /// A GNU statement expression `({ ...; e; })`: the value of the last expression
    /// statement, or void.
    fn stmt_expr(&mut self, s: &Node<Statement>) -> LResult<Operand> {
        let Statement::Compound(items) = &s.node else {
            self.stmt(s)?;
            return Ok(Operand::Val(self.void_expr()));
        };
        self.scopes.push();
        let r = self.stmt_expr_items(items);
        self.scopes.pop();
        r
    }

    fn stmt_expr_items(&mut self, items: &[Node<BlockItem>]) -> LResult<Operand> {
        let Some((last, init)) = items.split_last() else {
            return Ok(Operand::Val(self.void_expr()));
        };
        for item in init {
            self.block_item(item)?;
        }
        let BlockItem::Statement(st) = &last.node else {
            self.block_item(last)?;
            return Ok(Operand::Val(self.void_expr()));
        };
        // `out: value;` (the kernel's `___wait_event`): the labels, then the value
        let mut st: &Node<Statement> = st;
        while let Statement::Labeled(ls) = &st.node {
            self.label_here(ls)?;
            st = &ls.node.statement;
        }
        if let Statement::Expression(Some(e)) = &st.node {
            let op = self.operand(e)?;
            // Arrays decay and lvalues are read here, inside the scope.
            let v = self.value_of(op, e.span)?;
            return Ok(Operand::Val(v));
        }
        self.stmt(st)?;
        Ok(Operand::Val(self.void_expr()))
    }

    /// The value of an integer constant expression, `None` if `e` is not one.
    pub(super) fn try_const_int(&mut self, e: &Node<Expression>) -> LResult<Option<i128>> {
        let (r, violated) = self.dry_run(true, |l| l.rvalue(e));
        match r {
            Ok(v) if self.prog.types.is_integer(v.ty) => Ok(fold::as_const(&v)),
            Ok(_) => Ok(None),
            Err(_) if violated => Ok(None),
            Err(err) => Err(err),
        }
    }

    /// The value of an integer constant expression (`what` names it in errors).
    pub(super) fn const_int(&mut self, e: &Node<Expression>, what: &str) -> LResult<i128> {
        match self.try_const_int(e)? {
            Some(v) => Ok(v),
            None => Err(self.err(
                e.span,
                ErrorKind::Invalid,
                format!("{what} is not an integer constant expression"),
            )),
        }
    }

    /// `_Static_assert(e, "msg")`.
    pub(super) fn static_assert(&mut self, sa: &Node<lang_c::ast::StaticAssert>) -> LResult<()> {
        let v = self.const_int(&sa.node.expression, "static assertion")?;
        if v == 0 {
            let msg = consts::string(&sa.node.message.node).unwrap_or_default();
            return Err(self.err(
                sa.span,
                ErrorKind::Invalid,
                format!("static assertion failed: {}", String::from_utf8_lossy(&msg)),
            ));
        }
        Ok(())
    }
}
