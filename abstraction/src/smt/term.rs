//! The logical terms predicate abstraction reasons about, and their construction from CIR.
//!
//! Memory model (SLAM's logical model, made byte-precise where it is cheap):
//! - a scalar variable whose address is never taken is a plain symbol ([`Term::Var`]);
//! - every other location is a read of memory at an address, [`Term::Mem`], one
//!   uninterpreted function per access kind (width and signedness, pointer, bit-field), so
//!   accesses of different kinds never claim to see the same value;
//! - the address of a variable, function or string is a fixed integer ([`Term::Base`]; the
//!   encoder places the objects far apart), fields and array elements add byte offsets,
//!   `p + i` adds `i * sizeof(*p)`;
//! - integers are mathematical (as the interpreter's default mode): casts between integer
//!   and pointer types keep values, casts to `_Bool` compare with zero;
//! - a nondeterministic value is a [`Term::Fresh`] symbol, free in every query.
//!
//! Each `Mem` carries the points-to cells its original lvalue may denote; the points-to
//! analysis is flow-insensitive, so those cells stay a sound over-approximation at every
//! program point and after every substitution, and Morris' alias cases are pruned with them.

use crate::analysis::points_to::{lval_ty, AbsLoc, PointsTo};
use crate::cir::{BinOp, Expr, ExprKind, FuncId, Lval, Program, StrId, Ty, TypeKind, UnOp, VarId};
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

/// An object with a fixed address.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Obj {
    Var(VarId),
    Func(FuncId),
    Str(StrId),
}

/// How a memory cell is read: separate uninterpreted functions per kind.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemKind {
    /// An integer of `bytes` bytes.
    Int { bytes: u8, signed: bool },
    /// A pointer.
    Ptr,
    /// A bit-field: the storage unit's size, bit offset and width.
    Bits { unit: u8, off: u16, width: u16 },
}

impl MemKind {
    /// Bytes covered by an access of this kind.
    pub fn size(self, ptr_bytes: u64) -> u64 {
        match self {
            MemKind::Int { bytes, .. } => bytes as u64,
            MemKind::Ptr => ptr_bytes,
            MemKind::Bits { unit, .. } => unit as u64,
        }
    }
    /// Name of the uninterpreted function for this kind.
    pub fn fn_name(self) -> String {
        match self {
            MemKind::Int { bytes, signed } => {
                format!("mem_{}{}", if signed { "i" } else { "u" }, bytes as u32 * 8)
            }
            MemKind::Ptr => "mem_ptr".into(),
            MemKind::Bits { unit, off, width } => format!("mem_bits{unit}_{off}_{width}"),
        }
    }
}

/// Binary operators of terms. Comparisons and `And`/`Or` are boolean-valued.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    And,
    Or,
}

impl Op {
    /// True if the operator yields a boolean.
    pub fn is_bool(self) -> bool {
        matches!(
            self,
            Op::Eq | Op::Ne | Op::Lt | Op::Le | Op::Gt | Op::Ge | Op::And | Op::Or
        )
    }
}

/// A term: an integer- or boolean-valued formula over program locations.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Term {
    Int(i128),
    /// A scalar variable that is not in memory (its address is never taken).
    Var(VarId),
    /// The address of an object.
    Base(Obj),
    /// The value of memory at an address.
    Mem {
        kind: MemKind,
        addr: Box<Term>,
        cells: CellsKey,
    },
    /// An arbitrary value (havoc, allocation, call result, clobbered memory).
    Fresh(u32),
    /// Boolean negation.
    Not(Box<Term>),
    Bin(Op, Box<Term>, Box<Term>),
    /// `if c then a else b` (c boolean).
    Ite(Box<Term>, Box<Term>, Box<Term>),
}

/// Points-to cells, compared and hashed by content.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellsKey(pub Option<Arc<[AbsLoc]>>);

impl CellsKey {
    /// True if two accesses may touch a common cell.
    pub fn may_overlap(&self, o: &CellsKey) -> bool {
        match (&self.0, &o.0) {
            (Some(a), Some(b)) => {
                // both sorted
                let (mut i, mut j) = (0, 0);
                while i < a.len() && j < b.len() {
                    match a[i].cmp(&b[j]) {
                        std::cmp::Ordering::Less => i += 1,
                        std::cmp::Ordering::Greater => j += 1,
                        std::cmp::Ordering::Equal => return true,
                    }
                }
                false
            }
            _ => true,
        }
    }
    /// True if the cells meet the sorted set `locs`.
    pub fn meets(&self, locs: &std::collections::BTreeSet<AbsLoc>) -> bool {
        match &self.0 {
            None => true,
            Some(a) => a.iter().any(|l| locs.contains(l)),
        }
    }
}

impl Term {
    /// `a op b`, folding constants and neutral elements.
    pub fn bin(op: Op, a: Term, b: Term) -> Term {
        match (op, &a, &b) {
            (Op::Add, Term::Int(x), Term::Int(y)) => {
                if let Some(v) = x.checked_add(*y) {
                    return Term::Int(v);
                }
            }
            (Op::Sub, Term::Int(x), Term::Int(y)) => {
                if let Some(v) = x.checked_sub(*y) {
                    return Term::Int(v);
                }
            }
            (Op::Mul, Term::Int(x), Term::Int(y)) => {
                if let Some(v) = x.checked_mul(*y) {
                    return Term::Int(v);
                }
            }
            (Op::Add | Op::Sub, _, Term::Int(0)) => return a,
            (Op::Add, Term::Int(0), _) => return b,
            (Op::Mul, _, Term::Int(1)) => return a,
            (Op::Mul, Term::Int(1), _) => return b,
            (Op::Mul, _, Term::Int(0)) | (Op::Mul, Term::Int(0), _) => return Term::Int(0),
            _ => {}
        }
        Term::Bin(op, Box::new(a), Box::new(b))
    }
    /// Boolean negation, removing double negations.
    #[allow(clippy::should_implement_trait)] // a constructor, not an operator on `self`
    pub fn not(t: Term) -> Term {
        match t {
            Term::Not(inner) => *inner,
            other => Term::Not(Box::new(other)),
        }
    }
    /// True if the term is boolean-valued.
    pub fn is_bool(&self) -> bool {
        match self {
            Term::Not(_) => true,
            Term::Bin(op, ..) => op.is_bool(),
            Term::Ite(_, a, _) => a.is_bool(),
            _ => false,
        }
    }
    /// The term as a boolean (`t != 0` for integer terms).
    pub fn truth(self) -> Term {
        if self.is_bool() {
            self
        } else {
            Term::bin(Op::Ne, self, Term::Int(0))
        }
    }

    /// Calls `f` on every subterm, parents before children.
    pub fn visit(&self, f: &mut impl FnMut(&Term)) {
        f(self);
        match self {
            Term::Mem { addr, .. } => addr.visit(f),
            Term::Not(a) => a.visit(f),
            Term::Bin(_, a, b) => {
                a.visit(f);
                b.visit(f);
            }
            Term::Ite(c, a, b) => {
                c.visit(f);
                a.visit(f);
                b.visit(f);
            }
            Term::Int(_) | Term::Var(_) | Term::Base(_) | Term::Fresh(_) => {}
        }
    }

    /// Rebuilds the term bottom-up: `f` sees each node after its children were rebuilt and
    /// may replace it.
    pub fn rewrite(&self, f: &mut impl FnMut(Term) -> Term) -> Term {
        let t = match self {
            Term::Mem { kind, addr, cells } => Term::Mem {
                kind: *kind,
                addr: Box::new(addr.rewrite(f)),
                cells: cells.clone(),
            },
            Term::Not(a) => Term::not(a.rewrite(f)),
            Term::Bin(op, a, b) => Term::bin(*op, a.rewrite(f), b.rewrite(f)),
            Term::Ite(c, a, b) => Term::Ite(
                Box::new(c.rewrite(f)),
                Box::new(a.rewrite(f)),
                Box::new(b.rewrite(f)),
            ),
            other => other.clone(),
        };
        f(t)
    }
}

/// Why a CIR expression has no term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoTerm(pub String);

/// Converts CIR expressions of one function into terms.
pub struct Conv<'a> {
    pub prog: &'a Program,
    pub pt: &'a PointsTo,
    pub func: FuncId,
    /// Reads of these variables are replaced (formals by actuals, `\result` by a fresh value).
    pub subst: &'a HashMap<VarId, Term>,
    /// Integer casts and unsigned arithmetic wrap to the type's width, as C defines them;
    /// otherwise casts keep values (mathematical integers). Signed overflow, undefined in
    /// C, is mathematical either way.
    pub wrap_casts: bool,
}

impl<'a> Conv<'a> {
    fn ptr_bytes(&self) -> u64 {
        self.prog.types.pointer_bytes()
    }

    fn size(&self, t: Ty) -> i128 {
        self.prog.types.size_of(t).unwrap_or(1).max(1) as i128
    }

    /// The size of what a pointer of type `ptr` points to (1 when unknown).
    fn pointee_size(&self, ptr: Ty) -> i128 {
        self.prog.types.pointee(ptr).map_or(1, |t| self.size(t))
    }

    /// The term of an expression (integer-valued, or boolean for comparisons and `!`).
    pub fn expr(&self, e: &Expr) -> Result<Term, NoTerm> {
        Ok(match &e.kind {
            ExprKind::Int(n) => Term::Int(*n),
            ExprKind::Read(lv) => self.read(lv)?,
            ExprKind::AddrOf(lv) => self.addr(lv)?,
            ExprKind::Func(f) => Term::Base(Obj::Func(*f)),
            ExprKind::Str(s) => Term::Base(Obj::Str(*s)),
            ExprKind::Unary(op, a) => {
                let a = self.expr(a)?;
                match op {
                    UnOp::Neg => {
                        self.wrap_unsigned(Term::bin(Op::Sub, Term::Int(0), as_int(a)), e.ty)
                    }
                    UnOp::BitNot => self.wrap_unsigned(
                        Term::bin(
                            Op::Sub,
                            Term::bin(Op::Sub, Term::Int(0), as_int(a)),
                            Term::Int(1),
                        ),
                        e.ty,
                    ),
                    UnOp::LogNot => Term::not(a.truth()),
                }
            }
            ExprKind::Binary(op, a, b) => {
                let (ta, tb) = (self.expr(a)?, self.expr(b)?);
                match op {
                    BinOp::PtrAdd => {
                        let elem = self.pointee_size(a.ty);
                        Term::bin(Op::Add, ta, Term::bin(Op::Mul, as_int(tb), Term::Int(elem)))
                    }
                    BinOp::PtrDiff => {
                        let elem = self.pointee_size(a.ty);
                        Term::bin(Op::Div, Term::bin(Op::Sub, ta, tb), Term::Int(elem))
                    }
                    BinOp::BitAnd if ta.is_bool() && tb.is_bool() => Term::bin(Op::And, ta, tb),
                    BinOp::BitOr if ta.is_bool() && tb.is_bool() => Term::bin(Op::Or, ta, tb),
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                        let t = Term::bin(cir_op(*op), as_int(ta), as_int(tb));
                        self.wrap_unsigned(t, e.ty)
                    }
                    _ => Term::bin(cir_op(*op), as_int(ta), as_int(tb)),
                }
            }
            ExprKind::Cast(a) => {
                let ta = self.expr(a)?;
                match self.prog.types.kind(e.ty) {
                    TypeKind::Int(k) if k.is_bool => ta.truth(),
                    TypeKind::Int(k) if self.wrap_casts => self.wrap(as_int(ta), a.ty, *k, false),
                    TypeKind::Int(_) | TypeKind::Pointer(_) => ta,
                    _ => return Err(NoTerm("cast to a non-scalar type".into())),
                }
            }
        })
    }

    /// The result of unsigned arithmetic of type `ty`, reduced modulo `2^bits` as C
    /// defines it (when casts wrap; signed overflow is undefined and stays mathematical).
    fn wrap_unsigned(&self, t: Term, ty: Ty) -> Term {
        match self.prog.types.kind(ty) {
            TypeKind::Int(k) if self.wrap_casts && !k.signed && !k.is_bool => {
                self.wrap(t, ty, *k, true)
            }
            _ => t,
        }
    }

    /// `t` (of type `from`) converted to the integer kind `to`, wrapping modulo `2^bits`
    /// unless every value of `from` fits in `to`.
    fn wrap(&self, t: Term, from: Ty, to: crate::cir::IntKind, always: bool) -> Term {
        if to.bits >= 100 {
            return t;
        }
        let range = |bits: u16, signed: bool| -> (i128, i128) {
            if bits >= 127 {
                (if signed { i128::MIN } else { 0 }, i128::MAX)
            } else if signed {
                (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)
            } else {
                (0, (1i128 << bits) - 1)
            }
        };
        let (lo, hi) = range(to.bits, to.signed);
        let fits = match self.prog.types.kind(from) {
            TypeKind::Int(k) if k.is_bool => true,
            TypeKind::Int(k) => {
                let (flo, fhi) = range(k.bits, k.signed);
                flo >= lo && fhi <= hi
            }
            _ => false,
        };
        if (fits && !always) || to.bits >= 100 {
            return t;
        }
        if let Term::Int(n) = t {
            let m = n.rem_euclid(1i128 << to.bits);
            return Term::Int(if m > hi { m - (1i128 << to.bits) } else { m });
        }
        let w = Term::Int(to.bits as i128);
        let modulus = Term::Int(1i128 << to.bits);
        // x mod 2^w with floor semantics: x - (x >> w) * 2^w
        let unsigned = |x: Term| {
            Term::bin(
                Op::Sub,
                x.clone(),
                Term::bin(Op::Mul, Term::bin(Op::Shr, x, w.clone()), modulus.clone()),
            )
        };
        if to.signed {
            let half = Term::Int(1i128 << (to.bits - 1));
            Term::bin(Op::Sub, unsigned(Term::bin(Op::Add, t, half.clone())), half)
        } else {
            unsigned(t)
        }
    }

    /// The value stored in a scalar lvalue.
    pub fn read(&self, lv: &Lval) -> Result<Term, NoTerm> {
        if let Lval::Var(v) = lv {
            if let Some(t) = self.subst.get(v) {
                return Ok(t.clone());
            }
            let var = self.prog.var(*v);
            if !var.addr_taken && self.prog.types.is_scalar(var.ty) {
                return Ok(Term::Var(*v));
            }
        }
        // `*&lv` is `lv`.
        if let Lval::Deref(e) = lv {
            if let ExprKind::AddrOf(inner) = &strip_ptr_casts(e).kind {
                if lval_ty(self.prog, inner) == lval_ty(self.prog, lv) {
                    return self.read(inner);
                }
            }
        }
        let kind = self.mem_kind(lv)?;
        let (addr, cells) = self.access(lv);
        Ok(Term::Mem {
            kind,
            addr: Box::new(addr?),
            cells,
        })
    }

    /// Points-to cells of an lvalue (with substituted variables the lvalue's own cells are
    /// still an over-approximation, since the points-to analysis is flow-insensitive and
    /// context-insensitive).
    pub fn cells(&self, lv: &Lval) -> CellsKey {
        let set = self.pt.lval_cells(self.prog, self.func, lv);
        CellsKey(Some(set.into_iter().collect::<Vec<_>>().into()))
    }

    /// The access kind of a scalar lvalue.
    pub fn mem_kind(&self, lv: &Lval) -> Result<MemKind, NoTerm> {
        let ty = lval_ty(self.prog, lv).ok_or_else(|| NoTerm("untyped lvalue".into()))?;
        if let Lval::Field(_, s, i) = lv {
            let def = self.prog.types.struct_def(*s);
            if let Some(f) = def.fields.as_ref().and_then(|fs| fs.get(*i as usize)) {
                if let Some((off, width)) = f.bitfield {
                    return Ok(MemKind::Bits {
                        unit: self.size(f.ty) as u8,
                        off,
                        width,
                    });
                }
            }
        }
        self.kind_of_ty(ty)
    }

    /// The access kind for a scalar type.
    pub fn kind_of_ty(&self, ty: Ty) -> Result<MemKind, NoTerm> {
        match self.prog.types.kind(ty) {
            TypeKind::Int(k) => Ok(MemKind::Int {
                bytes: (k.bits / 8).max(1) as u8,
                signed: k.signed,
            }),
            TypeKind::Pointer(_) => Ok(MemKind::Ptr),
            TypeKind::Float(_) => Err(NoTerm("floating-point value".into())),
            _ => Err(NoTerm("aggregate value".into())),
        }
    }

    /// The address an access to `lv` reads or writes, and the points-to cells it touches,
    /// from one evaluation of `lv`'s locations. The address is the named place when the
    /// points-to analysis leaves the access a single exact location
    /// ([`PointsTo::exact_location`]), so `*p` with `p` pointing only to `x` is the same
    /// memory cell as `x` without a predicate saying `p == &x`; otherwise [`Conv::addr`].
    pub fn access(&self, lv: &Lval) -> (Result<Term, NoTerm>, CellsKey) {
        let locs = self.pt.lval_locs(self.prog, self.func, lv);
        let cells = self.pt.cells_of_locs(self.prog, lv, &locs);
        let addr = match self.pt.exact_of_locs(self.prog, lv, &locs) {
            Some((v, off)) => Ok(Term::bin(
                Op::Add,
                Term::Base(Obj::Var(v)),
                Term::Int(off as i128),
            )),
            None => self.addr(lv),
        };
        (
            addr,
            CellsKey(Some(cells.into_iter().collect::<Vec<_>>().into())),
        )
    }

    /// The address of an lvalue.
    pub fn addr(&self, lv: &Lval) -> Result<Term, NoTerm> {
        Ok(match lv {
            Lval::Var(v) => Term::Base(Obj::Var(*v)),
            Lval::Deref(e) => as_int(self.expr(e)?),
            Lval::Field(b, s, i) => {
                let def = self.prog.types.struct_def(*s);
                let off = def
                    .fields
                    .as_ref()
                    .and_then(|fs| fs.get(*i as usize))
                    .map(|f| f.offset)
                    .ok_or_else(|| NoTerm("field of an incomplete struct".into()))?;
                Term::bin(Op::Add, self.addr(b)?, Term::Int(off as i128))
            }
            Lval::Index(b, i) => {
                let elem = lval_ty(self.prog, lv).map(|t| self.size(t)).unwrap_or(1);
                Term::bin(
                    Op::Add,
                    self.addr(b)?,
                    Term::bin(Op::Mul, as_int(self.expr(i)?), Term::Int(elem)),
                )
            }
        })
    }

    /// Size in bytes of the value of an lvalue.
    pub fn lval_size(&self, lv: &Lval) -> i128 {
        lval_ty(self.prog, lv).map(|t| self.size(t)).unwrap_or(1)
    }

    /// Pointer width of the data model.
    pub fn pointer_bytes(&self) -> u64 {
        self.ptr_bytes()
    }
}

/// An integer view of a term (`1`/`0` for booleans).
pub fn as_int(t: Term) -> Term {
    if t.is_bool() {
        Term::Ite(Box::new(t), Box::new(Term::Int(1)), Box::new(Term::Int(0)))
    } else {
        t
    }
}

fn cir_op(op: BinOp) -> Op {
    match op {
        BinOp::Add | BinOp::PtrAdd => Op::Add,
        BinOp::Sub | BinOp::PtrDiff => Op::Sub,
        BinOp::Mul => Op::Mul,
        BinOp::Div => Op::Div,
        BinOp::Rem => Op::Rem,
        BinOp::Shl => Op::Shl,
        BinOp::Shr => Op::Shr,
        BinOp::BitAnd => Op::BitAnd,
        BinOp::BitOr => Op::BitOr,
        BinOp::BitXor => Op::BitXor,
        BinOp::Eq => Op::Eq,
        BinOp::Ne => Op::Ne,
        BinOp::Lt => Op::Lt,
        BinOp::Le => Op::Le,
        BinOp::Gt => Op::Gt,
        BinOp::Ge => Op::Ge,
    }
}

/// `e` without pointer-to-pointer casts.
fn strip_ptr_casts(e: &Expr) -> &Expr {
    let mut e = e;
    while let ExprKind::Cast(inner) = &e.kind {
        e = inner;
    }
    e
}
