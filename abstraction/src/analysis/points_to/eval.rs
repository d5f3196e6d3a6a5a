//! Abstract evaluation of CIR lvalues and expressions against a points-to state.
//!
//! Evaluation never changes the state: what an access implies for object layouts (a heap
//! object first seen as some type, an incompatible view that collapses an object) is recorded
//! as an [`Effect`] that the solver applies; queries on a finished analysis drop them.

use super::{is_aggregate, AbsLoc, AbsObj, Layout, PointsTo};
use crate::analysis::layout;
use crate::cir::{BinOp, Expr, ExprKind, Lval, Program, Ty, TypeKind, UnOp};
use std::collections::{BTreeMap, BTreeSet};

/// Above this many bytes, a copy or an access is treated as touching the whole object.
pub(super) const BYTE_CAP: u64 = 1 << 16;

/// What an evaluation implies for object layouts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Effect {
    /// The object is read or written as a `ty` at offset `off` (a dereference).
    View { obj: AbsObj, off: u64, ty: Ty },
    /// Pointer arithmetic steps through the object in units of `ty`.
    Arith { obj: AbsObj, ty: Ty },
    /// The object receives a copy of an object laid out as `ty`.
    Adopt { obj: AbsObj, ty: Ty },
    /// Offsets into the object can no longer be tracked.
    Collapse(AbsObj),
}

/// The type of an lvalue, or `None` if the CIR is malformed (never panics).
pub fn lval_ty(prog: &Program, lv: &Lval) -> Option<Ty> {
    match lv {
        Lval::Var(v) => prog.vars.get(v.0 as usize).map(|x| x.ty),
        Lval::Deref(e) => prog.types.pointee(e.ty),
        Lval::Field(_, s, i) => prog
            .types
            .structs
            .get(s.0 as usize)?
            .fields
            .as_ref()?
            .get(*i as usize)
            .map(|f| f.ty),
        Lval::Index(b, _) => prog.types.elem(lval_ty(prog, b)?),
    }
}

/// An evaluator over a fixed state, collecting layout effects.
pub(super) struct Eval<'a> {
    pub prog: &'a Program,
    pub pt: &'a PointsTo,
    pub fx: Vec<Effect>,
}

impl<'a> Eval<'a> {
    pub fn new(prog: &'a Program, pt: &'a PointsTo) -> Self {
        Eval {
            prog,
            pt,
            fx: Vec::new(),
        }
    }

    /// The canonical location of byte `off` of `obj`.
    pub fn loc_at(&self, obj: AbsObj, off: i64) -> AbsLoc {
        self.pt.loc_at(self.prog, obj, off)
    }

    /// What may be stored at `l`.
    pub fn pts(&self, l: &AbsLoc) -> &'a BTreeSet<AbsLoc> {
        self.pt.pts_of_loc(l)
    }

    /// The size of `t` if it is an aggregate (copied cell by cell), else 0.
    pub fn agg_size(&self, t: Ty) -> u64 {
        if is_aggregate(self.prog, t) {
            layout::size(&self.prog.types, t)
        } else {
            0
        }
    }

    /// The cells covered by `size` bytes starting at `l` (just `l` for size 0).
    pub fn bytes_cells(&mut self, l: AbsLoc, size: u64) -> BTreeSet<AbsLoc> {
        if size <= 1 || self.pt.layout(self.prog, l.obj) == Layout::Collapsed {
            return BTreeSet::from([l]);
        }
        if size > BYTE_CAP {
            return self.pt.object_locs(self.prog, l.obj);
        }
        (0..size)
            .map(|x| self.loc_at(l.obj, l.off as i64 + x as i64))
            .collect()
    }

    /// Everything stored in the cells covered by `size` bytes at `l`.
    pub fn bytes_value(&mut self, l: AbsLoc, size: u64) -> BTreeSet<AbsLoc> {
        let mut out = BTreeSet::new();
        for c in self.bytes_cells(l, size) {
            out.extend(self.pts(&c).iter().copied());
        }
        out
    }

    /// The writes a byte-wise copy of `size` bytes from `src` to `dst` implies: for each
    /// destination cell, what it receives.
    pub fn copy_bytes(
        &mut self,
        dst: AbsLoc,
        src: AbsLoc,
        size: u64,
    ) -> BTreeMap<AbsLoc, BTreeSet<AbsLoc>> {
        let mut out: BTreeMap<AbsLoc, BTreeSet<AbsLoc>> = BTreeMap::new();
        if size > BYTE_CAP {
            let all = self.bytes_value(src, size);
            for c in self.bytes_cells(dst, size) {
                out.entry(c).or_default().extend(all.iter().copied());
            }
            return out;
        }
        let mut last: Option<(AbsLoc, AbsLoc)> = None;
        for x in 0..size.max(1) as i64 {
            let d = self.loc_at(dst.obj, dst.off as i64 + x);
            let s = self.loc_at(src.obj, src.off as i64 + x);
            if last == Some((d, s)) {
                continue;
            }
            last = Some((d, s));
            let v = self.pts(&s);
            if !v.is_empty() {
                out.entry(d).or_default().extend(v.iter().copied());
            }
        }
        out
    }

    /// The locations `lv` may denote.
    pub fn lval(&mut self, lv: &Lval) -> BTreeSet<AbsLoc> {
        match lv {
            Lval::Var(v) => BTreeSet::from([self.loc_at(AbsObj::Var(*v), 0)]),
            Lval::Deref(e) => {
                let ts = self.expr(e);
                if let Some(pointee) = self.prog.types.pointee(e.ty) {
                    for t in &ts {
                        self.fx.push(Effect::View {
                            obj: t.obj,
                            off: t.off,
                            ty: pointee,
                        });
                    }
                }
                ts
            }
            Lval::Field(b, s, i) => {
                let base = self.lval(b);
                let field = self
                    .prog
                    .types
                    .structs
                    .get(s.0 as usize)
                    .and_then(|d| d.fields.as_ref())
                    .and_then(|fs| fs.get(*i as usize));
                match field {
                    Some(f) => base
                        .iter()
                        .map(|l| self.loc_at(l.obj, l.off as i64 + f.offset as i64))
                        .collect(),
                    None => base
                        .iter()
                        .flat_map(|l| self.pt.object_locs(self.prog, l.obj))
                        .collect(),
                }
            }
            Lval::Index(b, i) => {
                let base = self.lval(b);
                self.expr(i);
                let arr = lval_ty(self.prog, b).map(|t| self.prog.types.kind(t).clone());
                match arr {
                    // In-bounds indexing of a real array stays on the collapsed element.
                    Some(TypeKind::Array(_, Some(n))) if n >= 2 => base,
                    // Length 0, 1 or unknown: the flexible-array idiom indexes past the end.
                    Some(TypeKind::Array(e, _)) => {
                        let stride = layout::size(&self.prog.types, e).max(1);
                        self.spread_all(&base, stride, Some(e))
                    }
                    _ => self.spread_all(&base, 1, None),
                }
            }
        }
    }

    /// What a (pointer-valued, or pointer-carrying integer) expression may point to.
    pub fn expr(&mut self, e: &Expr) -> BTreeSet<AbsLoc> {
        match &e.kind {
            ExprKind::Int(_) => BTreeSet::new(),
            ExprKind::Read(lv) => {
                let locs = self.lval(lv);
                let size = self.agg_size(e.ty);
                let mut out = BTreeSet::new();
                for l in locs {
                    if size > 0 {
                        out.extend(self.bytes_value(l, size));
                    } else {
                        out.extend(self.pts(&l).iter().copied());
                    }
                }
                out
            }
            ExprKind::AddrOf(lv) => self.lval(lv),
            ExprKind::Func(f) => BTreeSet::from([AbsLoc::start(AbsObj::Func(*f))]),
            ExprKind::Str(s) => BTreeSet::from([AbsLoc::start(AbsObj::Str(*s))]),
            ExprKind::Unary(op, x) => {
                let v = self.expr(x);
                match op {
                    UnOp::LogNot => BTreeSet::new(),
                    UnOp::Neg | UnOp::BitNot => self.spread_all(&v, 1, None),
                }
            }
            ExprKind::Binary(op, a, b) => match op {
                BinOp::PtrAdd => {
                    let va = self.expr(a);
                    self.expr(b);
                    let pointee = self.prog.types.pointee(a.ty);
                    let stride = pointee
                        .map(|t| layout::size(&self.prog.types, t))
                        .filter(|s| *s > 0)
                        .unwrap_or(1);
                    match const_index(b) {
                        // `p + k` (the kernel's `container_of`): each location moves by
                        // exactly `k` elements
                        Some(k) => {
                            self.shift_all(&va, k.saturating_mul(stride as i128), stride, pointee)
                        }
                        None => self.spread_all(&va, stride, pointee),
                    }
                }
                _ if op.is_comparison() || *op == BinOp::PtrDiff => {
                    self.expr(a);
                    self.expr(b);
                    BTreeSet::new()
                }
                // Integer arithmetic on a pointer cast to an integer: any offset.
                _ => {
                    let mut v = self.expr(a);
                    v.extend(self.expr(b));
                    self.spread_all(&v, 1, None)
                }
            },
            ExprKind::Cast(x) => self.expr(x),
        }
    }

    /// `p + delta` bytes for every location of `locs`: exact for typed objects (every
    /// concrete offset the location stands for, moved by `delta` and normalized), else as
    /// [`Eval::spread_all`].
    pub fn shift_all(
        &mut self,
        locs: &BTreeSet<AbsLoc>,
        delta: i128,
        stride: u64,
        unit: Option<Ty>,
    ) -> BTreeSet<AbsLoc> {
        let mut out = BTreeSet::new();
        let mut rest = BTreeSet::new();
        for l in locs {
            let exact = match self.pt.layout(self.prog, l.obj) {
                Layout::Typed(t) => layout::preimage(&self.prog.types, t, l.off)
                    .filter(|_| i64::try_from(delta).is_ok())
                    .map(|pre| {
                        pre.into_iter()
                            .map(|c| {
                                layout::normalize(&self.prog.types, t, c as i64 + delta as i64)
                            })
                            .collect::<Vec<_>>()
                    }),
                _ => None,
            };
            match exact {
                Some(offs) => out.extend(offs.into_iter().map(|off| AbsLoc { obj: l.obj, off })),
                None => {
                    rest.insert(*l);
                }
            }
        }
        if !rest.is_empty() {
            out.extend(self.spread_all(&rest, stride, unit));
        }
        out
    }

    /// Pointer arithmetic in units of `stride` bytes from every location of `locs`; `unit` is
    /// the pointee type (the layout an untyped heap object gets from it).
    pub fn spread_all(
        &mut self,
        locs: &BTreeSet<AbsLoc>,
        stride: u64,
        unit: Option<Ty>,
    ) -> BTreeSet<AbsLoc> {
        let mut out = BTreeSet::new();
        // the offsets reached depend on the start only modulo the stride: each object and
        // residue once (an integer holding every escaped location has thousands of them)
        let mut done: rustc_hash::FxHashSet<(AbsObj, u64)> = rustc_hash::FxHashSet::default();
        for l in locs {
            match self.pt.layout(self.prog, l.obj) {
                Layout::Typed(_) | Layout::Collapsed
                    if !done.insert((l.obj, l.off % stride.max(1))) => {}
                Layout::Typed(t) => {
                    for off in layout::spread(&self.prog.types, t, l.off, stride) {
                        out.insert(AbsLoc { obj: l.obj, off });
                    }
                }
                Layout::Collapsed => {
                    out.insert(AbsLoc::start(l.obj));
                }
                Layout::Untyped => {
                    let sized = unit.filter(|t| {
                        layout::size(&self.prog.types, layout::strip_arrays(&self.prog.types, *t))
                            > 0
                    });
                    self.fx.push(match sized {
                        Some(ty) => Effect::Arith { obj: l.obj, ty },
                        None => Effect::Collapse(l.obj),
                    });
                    out.insert(*l);
                }
            }
        }
        out
    }
}

/// The constant an index expression has, through casts.
fn const_index(e: &crate::cir::Expr) -> Option<i128> {
    match &e.kind {
        ExprKind::Int(k) => Some(*k),
        ExprKind::Cast(x) => const_index(x),
        ExprKind::Unary(UnOp::Neg, x) => const_index(x).map(|k| -k),
        _ => None,
    }
}
