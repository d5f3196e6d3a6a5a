//! Initializers: scalars, nested and elided braces, designators (`.f =`, `[i] =`, GNU
//! ranges `[a ... b] =`), string literals for character arrays, array sizes taken from the
//! initializer; then either assignments at a local declaration (unmentioned parts zeroed)
//! or `Program::inits` entries for static storage (only the non-zero parts).

use super::consts::StringLit;
use super::conv::FLOAT_WARNING;
use super::expr::is_stable;
use super::types::is_float;
use super::{fold, LResult, Lowerer};
use crate::cir::{
    Callee, Expr, ExprKind, FnSig, HavocKind, Init, Lval, Stmt, StructId, Ty, TypeKind,
};
use crate::frontend::ErrorKind;
use lang_c::ast::{Designator, Expression, Initializer, InitializerListItem};
use lang_c::span::{Node, Span};
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// An initializer: a single expression or a brace-enclosed list.
#[derive(Copy, Clone)]
pub(super) enum InitRef<'x> {
    Expr(&'x Node<Expression>),
    List(&'x [Node<InitializerListItem>]),
}

impl<'x> InitRef<'x> {
    /// View of a lang-c initializer.
    pub(super) fn of(i: &'x Initializer) -> Self {
        match i {
            Initializer::Expression(e) => InitRef::Expr(e),
            Initializer::List(items) => InitRef::List(items),
        }
    }
}

/// One step from an object to a sub-object.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    Field(StructId, u32),
    Index(u64),
}

/// The lvalue of a sub-object.
pub(super) fn path_lval(types: &mut crate::cir::Types, base: Lval, path: &[Step]) -> Lval {
    let long = types.ptrdiff_t();
    path.iter().fold(base, |lv, s| match s {
        Step::Field(s, i) => Lval::Field(Box::new(lv), *s, *i),
        Step::Index(i) => Lval::Index(Box::new(lv), Box::new(fold::int(*i as i128, long))),
    })
}

/// The sub-objects an initializer sets, with their values, in order.
pub(super) type InitValues = Vec<(Vec<Step>, Expr)>;

/// Initialized sub-objects in order; a later value for the same path replaces the earlier.
#[derive(Default)]
pub(super) struct Leaves {
    items: Vec<Option<(Vec<Step>, Expr)>>,
    index: HashMap<Vec<Step>, usize>,
}

impl Leaves {
    fn set(&mut self, path: Vec<Step>, e: Expr) {
        if let Some(&old) = self.index.get(&path) {
            self.items[old] = None;
        }
        self.index.insert(path.clone(), self.items.len());
        self.items.push(Some((path, e)));
    }

    /// The (path, value) pairs in order.
    pub(super) fn into_vec(self) -> InitValues {
        self.items.into_iter().flatten().collect()
    }
}

/// A position inside the object a brace-enclosed list initializes.
struct Frame {
    ty: Ty,
    idx: u64,
}

/// What initializes the current sub-object: an expression not yet lowered, or a value.
enum Pending<'x> {
    Ast(&'x Node<Expression>),
    Value(Expr),
}

fn string_lit(e: &Expression) -> Option<&Vec<String>> {
    match e {
        Expression::StringLiteral(s) => Some(&s.node),
        _ => None,
    }
}

impl Lowerer<'_> {
    /// Lower an initializer for an object of type `ty`: the completed type (an array's
    /// size from the initializer) and the initialized sub-objects with their values.
    pub(super) fn init_object(
        &mut self,
        ty: Ty,
        init: InitRef,
        span: Span,
    ) -> LResult<(Ty, InitValues)> {
        let mut leaves = Leaves::default();
        // GNU: a compound literal of the object's aggregate type initializes it as its
        // brace list would (`spinlock_t l = (spinlock_t) { ... };`, the kernel's
        // `DEFINE_SPINLOCK`)
        let init = match init {
            InitRef::Expr(e) => match self.literal_list_for(ty, e)? {
                Some(items) => InitRef::List(items),
                None => init,
            },
            InitRef::List(_) => init,
        };
        let ty = match init {
            InitRef::Expr(e) => {
                if let Some(s) = string_lit(&e.node).filter(|s| self.string_initializes(ty, s)) {
                    self.string_leaves(ty, s, e.span, &[], &mut leaves)?
                } else if matches!(self.prog.types.kind(ty), TypeKind::Array(..)) {
                    return Err(self.err(
                        e.span,
                        ErrorKind::Invalid,
                        "array must be initialized with a brace-enclosed initializer",
                    ));
                } else {
                    self.leaf(ty, Pending::Ast(e), vec![], &mut leaves, e.span)?;
                    ty
                }
            }
            InitRef::List(items) => {
                if self.prog.types.is_scalar(ty) {
                    self.scalar_list(ty, items, vec![], &mut leaves, span)?;
                    ty
                } else {
                    let n = self.init_list(ty, &[], items, &mut leaves, span)?;
                    match self.prog.types.kind(ty).clone() {
                        TypeKind::Array(e, None) => self.array_ty(e, Some(n), span)?,
                        _ => ty,
                    }
                }
            }
        };
        if self.prog.types.size_of(ty).is_none() {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                format!(
                    "initialized object has incomplete type `{}`",
                    self.prog.types.display(ty)
                ),
            ));
        }
        Ok((ty, leaves.into_vec()))
    }

    /// The brace list of a compound literal of aggregate type `ty` (GNU lets one stand for
    /// its list in an initializer), if `e` is one.
    fn literal_list_for<'x>(
        &mut self,
        ty: Ty,
        e: &'x Node<Expression>,
    ) -> LResult<Option<&'x [Node<InitializerListItem>]>> {
        let Expression::CompoundLiteral(cl) = &e.node else {
            return Ok(None);
        };
        if !matches!(
            self.prog.types.kind(ty),
            TypeKind::Array(..) | TypeKind::Struct(_)
        ) {
            return Ok(None);
        }
        let lt = self.type_name(&cl.node.type_name)?;
        if lt != ty {
            return Ok(None);
        }
        Ok(Some(&cl.node.initializer_list))
    }

    /// A scalar initialized by a brace-enclosed list: its first element.
    fn scalar_list(
        &mut self,
        ty: Ty,
        items: &[Node<InitializerListItem>],
        path: Vec<Step>,
        leaves: &mut Leaves,
        span: Span,
    ) -> LResult<()> {
        let Some(first) = items.first() else {
            // `{}`: zero.
            leaves.set(path, fold::int(0, ty));
            return Ok(());
        };
        if items.len() > 1 {
            self.warn(span, "excess elements in scalar initializer");
        }
        match &first.node.initializer.node {
            Initializer::Expression(e) => self.leaf(ty, Pending::Ast(e), path, leaves, e.span),
            Initializer::List(sub) => self.scalar_list(ty, sub, path, leaves, span),
        }
    }

    /// A scalar (or whole struct) sub-object gets a value.
    fn leaf(
        &mut self,
        ty: Ty,
        p: Pending,
        path: Vec<Step>,
        leaves: &mut Leaves,
        span: Span,
    ) -> LResult<()> {
        if is_float(&self.prog.types, ty) && self.fcx.const_mode {
            // Float values are not modelled; static storage keeps zero (see docs/cir.md).
            self.warn(span, FLOAT_WARNING);
            return Ok(());
        }
        let v = match p {
            Pending::Ast(e) => self.rvalue(e)?,
            Pending::Value(v) => v,
        };
        let v = self.convert(v, ty, span)?;
        leaves.set(path, v);
        Ok(())
    }

    /// The characters of a string literal into a character array at `path`; returns the
    /// array type with its size completed.
    /// The initialization of an array of type `ty` by the string literal `pieces`.
    pub(super) fn string_init(
        &mut self,
        ty: Ty,
        pieces: &[String],
        span: Span,
    ) -> LResult<InitValues> {
        let mut leaves = Leaves::default();
        self.string_leaves(ty, pieces, span, &[], &mut leaves)?;
        Ok(leaves.into_vec())
    }

    fn string_leaves(
        &mut self,
        ty: Ty,
        pieces: &[String],
        span: Span,
        path: &[Step],
        leaves: &mut Leaves,
    ) -> LResult<Ty> {
        let units: Vec<i128> = match super::consts::string_lit(pieces, self.prog.types.data_model)
            .map_err(|m| self.err(span, ErrorKind::Unsupported, m))?
        {
            StringLit::Narrow(bytes) => bytes.into_iter().map(i128::from).collect(),
            StringLit::Wide { units, .. } => units.into_iter().map(i128::from).collect(),
        };
        let TypeKind::Array(elem, n) = self.prog.types.kind(ty).clone() else {
            return Ok(ty);
        };
        let n = n.unwrap_or(units.len() as u64 + 1);
        let k = self.prog.types.as_int(elem);
        for i in 0..n.min(units.len() as u64 + 1) {
            let u = units.get(i as usize).copied().unwrap_or(0);
            let v = k.map(|k| fold::wrap(u, k)).unwrap_or(u);
            let mut p = path.to_vec();
            p.push(Step::Index(i));
            leaves.set(p, fold::int(v, elem));
        }
        self.array_ty(elem, Some(n), span)
    }

    /// Whether the string literal `pieces` initializes an array of type `ty`: a narrow one
    /// an array of `char`, a wide one an array of integers of its code unit's width
    /// (`wchar_t[]`, `WCHAR[]`, `char16_t[]`).
    fn string_initializes(&self, ty: Ty, pieces: &[String]) -> bool {
        let t = &self.prog.types;
        let TypeKind::Array(e, _) = t.kind(ty) else {
            return false;
        };
        let TypeKind::Int(k) = t.kind(*e) else {
            return false;
        };
        match super::consts::string_lit(pieces, t.data_model) {
            _ if k.is_bool => false,
            Ok(StringLit::Wide { bits, .. }) => k.bits == bits,
            _ => k.bits == 8,
        }
    }

    /// Number of members or elements the cursor can visit in an aggregate (`u64::MAX` for
    /// the top level of an array of unknown size).
    fn count(&self, ty: Ty, top: bool) -> u64 {
        match self.prog.types.kind(ty) {
            TypeKind::Array(_, Some(n)) => *n,
            TypeKind::Array(_, None) if top => u64::MAX,
            TypeKind::Array(_, None) => 0,
            TypeKind::Struct(s) => self
                .prog
                .types
                .struct_def(*s)
                .fields
                .as_ref()
                .map_or(0, |f| f.len() as u64),
            _ => 0,
        }
    }

    fn is_pad(&self, ty: Ty, idx: u64) -> bool {
        match self.prog.types.kind(ty) {
            TypeKind::Struct(s) => self
                .prog
                .types
                .struct_def(*s)
                .fields
                .as_ref()
                .and_then(|f| f.get(idx as usize))
                .is_some_and(|f| f.name.starts_with("<pad")),
            _ => false,
        }
    }

    fn first_index(&self, ty: Ty) -> u64 {
        let mut i = 0;
        while i < self.count(ty, false) && self.is_pad(ty, i) {
            i += 1;
        }
        i
    }

    fn member_ty(&self, f: &Frame) -> Option<Ty> {
        match self.prog.types.kind(f.ty) {
            TypeKind::Array(e, _) => Some(*e),
            TypeKind::Struct(s) => self
                .prog
                .types
                .struct_def(*s)
                .fields
                .as_ref()
                .and_then(|fs| fs.get(f.idx as usize))
                .map(|x| x.ty),
            _ => None,
        }
    }

    fn step(&self, f: &Frame) -> Step {
        match self.prog.types.kind(f.ty) {
            TypeKind::Struct(s) => Step::Field(*s, f.idx as u32),
            _ => Step::Index(f.idx),
        }
    }

    fn path_of(&self, base: &[Step], stack: &[Frame]) -> Vec<Step> {
        let mut p = base.to_vec();
        p.extend(stack.iter().map(|f| self.step(f)));
        p
    }

    /// Move the cursor past the sub-object just initialized.
    fn advance(&self, stack: &mut Vec<Frame>) {
        loop {
            let depth = stack.len();
            let Some(top) = stack.last_mut() else { return };
            let is_union = matches!(self.prog.types.kind(top.ty),
                TypeKind::Struct(s) if self.prog.types.struct_def(*s).is_union);
            let count = self.count(top.ty, depth == 1);
            if is_union {
                top.idx = count;
            } else {
                top.idx = top.idx.saturating_add(1);
                while top.idx < count && self.is_pad(top.ty, top.idx) {
                    top.idx += 1;
                }
            }
            if top.idx < count || depth == 1 {
                return;
            }
            stack.pop();
        }
    }

    /// A brace-enclosed list for an aggregate of type `ty` at `base`. Returns how many
    /// top-level elements were initialized (the size of an array of unknown size).
    fn init_list(
        &mut self,
        ty: Ty,
        base: &[Step],
        items: &[Node<InitializerListItem>],
        leaves: &mut Leaves,
        span: Span,
    ) -> LResult<u64> {
        if self.count(ty, true) == 0
            && !items.is_empty()
            && self.prog.types.fields(ty).is_none()
            && !matches!(self.prog.types.kind(ty), TypeKind::Array(..))
        {
            {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    format!(
                        "cannot initialize incomplete type `{}`",
                        self.prog.types.display(ty)
                    ),
                ));
            }
        }
        let mut stack = vec![Frame {
            ty,
            idx: self.first_index(ty),
        }];
        let mut used = 0u64;
        for item in items {
            let mut range = None;
            if !item.node.designation.is_empty() {
                stack.truncate(1);
                range = self.designate(&mut stack, &item.node.designation)?;
            }
            let top_count = self.count(stack[0].ty, true);
            if stack[0].idx >= top_count {
                self.warn(item.span, "excess elements in initializer");
                continue;
            }
            used = used.max(stack[0].idx + 1);
            match (&item.node.initializer.node, range) {
                (init, Some(hi)) => {
                    let Initializer::Expression(e) = init else {
                        return Err(self.err(
                            item.span,
                            ErrorKind::Unsupported,
                            "a range designator with a brace-enclosed initializer",
                        ));
                    };
                    let mut v = self.rvalue(e)?;
                    if !self.fcx.const_mode && !is_stable(&self.prog, &v) {
                        v = self.snapshot(v, e.span)?;
                    }
                    let depth = stack.len() - 1;
                    let lo = stack[depth].idx;
                    for i in lo..=hi {
                        stack.truncate(depth + 1);
                        stack[depth].idx = i;
                        self.init_at(&mut stack, base, Pending::Value(v.clone()), leaves, e.span)?;
                    }
                    stack.truncate(depth + 1);
                    stack[depth].idx = hi;
                    used = used.max(stack[0].idx + 1);
                }
                (Initializer::List(sub), None) => {
                    let Some(mty) = self.member_ty(stack.last().expect("cursor")) else {
                        return Err(self.err(item.span, ErrorKind::Invalid, "bad initializer"));
                    };
                    let path = self.path_of(base, &stack);
                    if self.prog.types.is_scalar(mty) {
                        self.scalar_list(mty, sub, path, leaves, item.span)?;
                    } else {
                        self.init_list(mty, &path, sub, leaves, item.span)?;
                    }
                }
                (Initializer::Expression(e), None) => {
                    self.init_at(&mut stack, base, Pending::Ast(e), leaves, e.span)?;
                }
            }
            self.advance(&mut stack);
        }
        Ok(used)
    }

    /// Set the cursor from a designation; returns the end of a GNU range designator.
    fn designate(
        &mut self,
        stack: &mut Vec<Frame>,
        ds: &[Node<Designator>],
    ) -> LResult<Option<u64>> {
        let mut range = None;
        for (k, d) in ds.iter().enumerate() {
            if k > 0 {
                let top = stack.last().expect("cursor");
                let Some(mty) = self.member_ty(top) else {
                    return Err(self.err(d.span, ErrorKind::Invalid, "bad designator"));
                };
                stack.push(Frame { ty: mty, idx: 0 });
            }
            if range.is_some() {
                return Err(self.err(
                    d.span,
                    ErrorKind::Unsupported,
                    "a range designator followed by more designators",
                ));
            }
            let top_ty = stack.last().expect("cursor").ty;
            match &d.node {
                Designator::Member(id) => {
                    let TypeKind::Struct(s) = *self.prog.types.kind(top_ty) else {
                        return Err(self.err(
                            d.span,
                            ErrorKind::Invalid,
                            "field name not in a struct or union initializer",
                        ));
                    };
                    let (path, _) = self.find_field(s, &id.node.name).ok_or_else(|| {
                        self.err(
                            d.span,
                            ErrorKind::Invalid,
                            format!("unknown field `{}` in initializer", id.node.name),
                        )
                    })?;
                    for (j, (s2, i)) in path.iter().enumerate() {
                        if j > 0 {
                            let sty = self.prog.types.intern(TypeKind::Struct(*s2));
                            stack.push(Frame { ty: sty, idx: 0 });
                        }
                        if let Some(top) = stack.last_mut() {
                            top.idx = *i as u64;
                        }
                    }
                }
                Designator::Index(e) => {
                    let i = self.const_int(e, "array index in initializer")?;
                    self.set_index(stack, top_ty, i, d.span)?;
                }
                Designator::Range(r) => {
                    let lo = self.const_int(&r.node.from, "range start")?;
                    let hi = self.const_int(&r.node.to, "range end")?;
                    if hi < lo {
                        return Err(self.err(d.span, ErrorKind::Invalid, "empty index range"));
                    }
                    self.set_index(stack, top_ty, lo, d.span)?;
                    let n = self.count(top_ty, stack.len() == 1);
                    if hi as u64 >= n {
                        return Err(self.err(
                            d.span,
                            ErrorKind::Invalid,
                            "array index out of bounds",
                        ));
                    }
                    range = Some(hi as u64);
                }
            }
        }
        Ok(range)
    }

    fn set_index(&mut self, stack: &mut [Frame], ty: Ty, i: i128, span: Span) -> LResult<()> {
        if !matches!(self.prog.types.kind(ty), TypeKind::Array(..)) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "array index in a non-array initializer",
            ));
        }
        let n = self.count(ty, stack.len() == 1);
        if i < 0 || i as u64 >= n {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "array index in initializer exceeds array bounds",
            ));
        }
        if let Some(top) = stack.last_mut() {
            top.idx = i as u64;
        }
        Ok(())
    }

    /// Initialize the sub-object at the cursor from one expression, descending into
    /// aggregates as brace elision requires.
    fn init_at(
        &mut self,
        stack: &mut Vec<Frame>,
        base: &[Step],
        mut p: Pending,
        leaves: &mut Leaves,
        span: Span,
    ) -> LResult<()> {
        loop {
            let top = stack.last().expect("cursor");
            let Some(mty) = self.member_ty(top) else {
                return Err(self.err(span, ErrorKind::Invalid, "bad initializer"));
            };
            if let Pending::Ast(e) = &p {
                if let Some(s) = string_lit(&e.node).filter(|s| self.string_initializes(mty, s)) {
                    let path = self.path_of(base, stack);
                    self.string_leaves(mty, s, e.span, &path, leaves)?;
                    return Ok(());
                }
            }
            let aggregate = matches!(
                self.prog.types.kind(mty),
                TypeKind::Array(..) | TypeKind::Struct(_)
            );
            if !aggregate {
                let path = self.path_of(base, stack);
                return self.leaf(mty, p, path, leaves, span);
            }
            if let Pending::Ast(e) = &p {
                if let Some(items) = self.literal_list_for(mty, e)? {
                    let path = self.path_of(base, stack);
                    self.init_list(mty, &path, items, leaves, span)?;
                    return Ok(());
                }
            }
            let v = match p {
                Pending::Ast(e) => self.rvalue(e)?,
                Pending::Value(v) => v,
            };
            if v.ty == mty {
                let path = self.path_of(base, stack);
                leaves.set(path, v);
                return Ok(());
            }
            if self.count(mty, false) == 0 {
                return Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "bad initializer for an empty aggregate",
                ));
            }
            let idx = self.first_index(mty);
            stack.push(Frame { ty: mty, idx });
            p = Pending::Value(v);
        }
    }

    /// Assignments for a local object's initializer: unmentioned parts are zeroed
    /// (explicitly when small, by `memset` otherwise), then the mentioned parts in order.
    pub(super) fn emit_local_init(
        &mut self,
        base: Lval,
        ty: Ty,
        leaves: InitValues,
        span: Span,
    ) -> LResult<()> {
        let aggregate = matches!(
            self.prog.types.kind(ty),
            TypeKind::Array(..) | TypeKind::Struct(_)
        );
        let whole = leaves.len() == 1 && leaves[0].0.is_empty();
        if aggregate && !whole {
            match self.count_leaves(ty, 64) {
                Some(_) => {
                    let explicit: HashSet<&[Step]> =
                        leaves.iter().map(|(p, _)| p.as_slice()).collect();
                    let mut all = Vec::new();
                    self.enum_leaves(ty, &mut Vec::new(), &mut all);
                    for (path, lty) in all {
                        if (0..=path.len()).any(|k| explicit.contains(&path[..k])) {
                            continue;
                        }
                        let lv = path_lval(&mut self.prog.types, base.clone(), &path);
                        if is_float(&self.prog.types, lty) {
                            self.warn(span, FLOAT_WARNING);
                            self.emit(
                                Stmt::Havoc {
                                    lhs: lv,
                                    why: HavocKind::Input("float".into()),
                                },
                                span,
                            )?;
                        } else {
                            self.emit(
                                Stmt::Assign {
                                    lhs: lv,
                                    rhs: fold::int(0, lty),
                                },
                                span,
                            )?;
                        }
                    }
                }
                None => self.memset_zero(base.clone(), ty, span)?,
            }
        }
        for (path, v) in leaves {
            let lv = path_lval(&mut self.prog.types, base.clone(), &path);
            let v = self.fit_bitfield(&lv, v);
            self.emit(Stmt::Assign { lhs: lv, rhs: v }, span)?;
        }
        Ok(())
    }

    /// Number of scalar leaves of a type, if it has no union and at most `cap` of them.
    fn count_leaves(&self, ty: Ty, cap: u64) -> Option<u64> {
        match self.prog.types.kind(ty) {
            TypeKind::Int(_) | TypeKind::Pointer(_) | TypeKind::Float(_) => Some(1),
            TypeKind::Array(e, Some(n)) => {
                let per = self.count_leaves(*e, cap)?;
                let total = per.checked_mul(*n)?;
                (total <= cap).then_some(total)
            }
            TypeKind::Array(_, None) => Some(0),
            TypeKind::Struct(s) => {
                let d = self.prog.types.struct_def(*s);
                if d.is_union {
                    return None;
                }
                let mut total = 0u64;
                for f in d.fields.as_ref()? {
                    if f.name.starts_with("<pad") {
                        continue;
                    }
                    total += self.count_leaves(f.ty, cap)?;
                    if total > cap {
                        return None;
                    }
                }
                Some(total)
            }
            _ => None,
        }
    }

    fn enum_leaves(&self, ty: Ty, prefix: &mut Vec<Step>, out: &mut Vec<(Vec<Step>, Ty)>) {
        match self.prog.types.kind(ty) {
            TypeKind::Array(e, Some(n)) => {
                for i in 0..*n {
                    prefix.push(Step::Index(i));
                    self.enum_leaves(*e, prefix, out);
                    prefix.pop();
                }
            }
            TypeKind::Array(_, None) => {}
            TypeKind::Struct(s) => {
                if let Some(fs) = &self.prog.types.struct_def(*s).fields {
                    for (i, f) in fs.iter().enumerate() {
                        if f.name.starts_with("<pad") {
                            continue;
                        }
                        prefix.push(Step::Field(*s, i as u32));
                        self.enum_leaves(f.ty, prefix, out);
                        prefix.pop();
                    }
                }
            }
            _ => out.push((prefix.clone(), ty)),
        }
    }

    /// `memset(&lv, 0, sizeof lv)` through the library's `memset` (an environment-model
    /// function; declared here if the program did not declare it).
    fn memset_zero(&mut self, lv: Lval, ty: Ty, span: Span) -> LResult<()> {
        let t = &mut self.prog.types;
        let void = t.void();
        let vp = t.pointer(void);
        let int = t.int();
        let st = t.size_t();
        let f = match self.prog.func_by_name("memset") {
            Some(f) => f,
            None => {
                let fty = self.prog.types.function(FnSig {
                    ret: vp,
                    params: vec![vp, int, st],
                    variadic: false,
                    prototyped: true,
                });
                self.add_function("memset", fty, false, span)
            }
        };
        let size = self.prog.types.size_of(ty).unwrap_or(0);
        self.mark_addr(&lv);
        let pty = self.prog.types.pointer(ty);
        let addr = Expr {
            kind: ExprKind::AddrOf(Box::new(lv)),
            ty: pty,
        };
        let addr = fold::cast(&self.prog.types, addr, vp);
        self.emit(
            Stmt::Call {
                lhs: None,
                callee: Callee::Direct(f),
                args: vec![addr, fold::int(0, int), fold::int(size as i128, st)],
            },
            span,
        )
    }

    /// Initializers of static storage into `Program::inits` (zero parts are implicit).
    /// They may not use automatic variables.
    pub(super) fn static_init(
        &mut self,
        base: Lval,
        leaves: InitValues,
        span: Span,
    ) -> LResult<()> {
        if leaves.iter().any(|(_, v)| self.uses_auto(v)) {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "initializer element is not constant (it uses an automatic variable)",
            ));
        }
        let loc = self.loc(span);
        for (path, v) in leaves {
            let lhs = path_lval(&mut self.prog.types, base.clone(), &path);
            let v = self.fit_bitfield(&lhs, v);
            if fold::as_const(&v) == Some(0) {
                continue;
            }
            self.prog.inits.push(Init { lhs, rhs: v, loc });
        }
        Ok(())
    }

    /// True if `e` reads or takes the address of a variable with automatic storage.
    fn uses_auto(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => false,
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => self.lval_uses_auto(lv),
            ExprKind::Unary(_, x) | ExprKind::Cast(x) => self.uses_auto(x),
            ExprKind::Binary(_, a, b) => self.uses_auto(a) || self.uses_auto(b),
        }
    }

    fn lval_uses_auto(&self, lv: &Lval) -> bool {
        match lv {
            Lval::Var(v) => !self.prog.var(*v).is_static_storage(),
            Lval::Deref(e) => self.uses_auto(e),
            Lval::Field(b, ..) => self.lval_uses_auto(b),
            Lval::Index(b, i) => self.lval_uses_auto(b) || self.uses_auto(i),
        }
    }
}
