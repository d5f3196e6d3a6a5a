//! Flow-insensitive, context-insensitive, inclusion-based (Andersen) points-to analysis.
//!
//! # Model
//! - Abstract objects ([`AbsObj`]): variables (one per variable, all activations merged),
//!   allocation sites, string literals, functions, and [`AbsObj::Unknown`], the memory only
//!   unknown external functions can name.
//! - Abstract locations ([`AbsLoc`]): an object and a normalized byte offset (see
//!   [`crate::analysis::layout`]): field-sensitive, array elements collapsed, a union is one
//!   cell. Each object has a [`Layout`]: a variable's is its type, a heap object's is the
//!   first type it is accessed (or stepped through) as; an access through an incompatible type
//!   (when arrays make offsets ambiguous) collapses the object to a single location.
//! - Flows are tracked through every cell regardless of its type, so pointers cast to
//!   integers and back, and pointers copied byte by byte, are followed.
//! - The null pointer is not a location: any pointer may be null.
//! - Unknown external functions follow docs/cir.md: once the program calls one, the set `E`
//!   of *escaped* objects holds `Unknown`, every non-static global, and everything reachable
//!   from the arguments of such calls; every location of an escaped object may hold any
//!   pointer into `E`, and such a call returns pointers into `E`. Escaped functions may be
//!   called back by the library (their parameters receive pointers into `E`), unless every
//!   unknown routine the program runs is quiet ([`Program::quiet_externals`]: a driver's
//!   kernel routines that take no callbacks; its harness calls its entry points).
//! - Indirect calls are resolved from the points-to set of the callee expression; if the set
//!   contains `Unknown` or no function at all (at the fixpoint), every address-taken function
//!   with a compatible signature is a target.
//!
//! Out-of-bounds array indexing is assumed not to happen, except through arrays of length
//! 0 or 1 inside structs (the flexible-array idiom), which is modelled.

mod dump;
mod eval;
mod solve;

use crate::analysis::layout;
use crate::cir::{
    AllocId, Callee, Expr, FuncId, Lval, NodeId, Program, StrId, Ty, TypeKind, VarId,
};
use crate::interp::{ObjKind, Pointer};
use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeMap, BTreeSet};

pub use eval::lval_ty;

/// An abstract memory object.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AbsObj {
    /// A variable (all activations of a local are one object).
    Var(VarId),
    /// Every object created at an allocation site.
    Alloc(AllocId),
    /// A string literal.
    Str(StrId),
    /// A function (the target of a function pointer).
    Func(FuncId),
    /// Memory that only unknown external functions can name.
    Unknown,
    /// While solving only: stands for every location of every escaped object, so that
    /// "any escaped location" is one element of a set, not thousands. A finished analysis
    /// never holds it (sets that held it hold the escaped locations instead).
    Escaped,
}

/// An abstract location: an object and a normalized byte offset into it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AbsLoc {
    pub obj: AbsObj,
    /// Normalized byte offset (see [`crate::analysis::layout::normalize`]).
    pub off: u64,
}

impl AbsLoc {
    /// The location at the start of `obj`.
    pub fn start(obj: AbsObj) -> AbsLoc {
        AbsLoc { obj, off: 0 }
    }
}

/// How the offsets of an object are normalized.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Layout {
    /// A heap object not accessed yet: offsets are kept as they are (only 0 arises).
    Untyped,
    /// The object is (an array of) this type.
    Typed(Ty),
    /// One location for the whole object (offset 0).
    Collapsed,
}

/// A call site: function, source node and edge index in that node.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallSite {
    pub func: FuncId,
    pub node: NodeId,
    pub edge: usize,
}

/// What a call site may call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SiteTargets {
    /// Functions called (with or without a body), sorted.
    pub funcs: Vec<FuncId>,
    /// The call may run unknown external code (an unknown extern, or an unknown pointer).
    pub unknown: bool,
    /// That unknown code may call escaped functions of the program back (not for
    /// [`Program::quiet_externals`](crate::cir::Program::quiet_externals)).
    pub calls_back: bool,
}

/// The result of the points-to analysis. Build it with [`PointsTo::compute`].
#[derive(Clone, Debug, Default)]
pub struct PointsTo {
    /// Layouts that differ from [`default_layout`].
    layouts: HashMap<AbsObj, Layout>,
    /// What is stored at each location, by object then offset.
    mem: HashMap<AbsObj, BTreeMap<u64, BTreeSet<AbsLoc>>>,
    /// What each function returns, by byte offset in the returned value.
    rets: HashMap<FuncId, BTreeMap<u64, BTreeSet<AbsLoc>>>,
    /// Objects reachable by unknown external code.
    escaped: BTreeSet<AbsObj>,
    /// The program calls unknown external code.
    unknown_active: bool,
    /// Every location of every escaped object: what an escaped location may hold.
    e_locs: BTreeSet<AbsLoc>,
    /// Targets of every call site.
    sites: BTreeMap<CallSite, SiteTargets>,
    /// Functions whose address is taken.
    addr_taken_funcs: BTreeSet<FuncId>,
    /// The empty set, returned by reference.
    empty: BTreeSet<AbsLoc>,
    /// Number of solver rounds run.
    rounds: usize,
    /// Functions that may be active more than once at a time (on a cycle of the call
    /// graph built from this analysis' call targets): their locals are not one object.
    recursive: BTreeSet<FuncId>,
}

/// The layout an object starts with.
pub fn default_layout(prog: &Program, obj: AbsObj) -> Layout {
    match obj {
        AbsObj::Var(v) => match prog.vars.get(v.0 as usize) {
            Some(var) => {
                let t = layout::strip_arrays(&prog.types, var.ty);
                if layout::size(&prog.types, t) > 0 {
                    Layout::Typed(t)
                } else {
                    Layout::Collapsed
                }
            }
            None => Layout::Collapsed,
        },
        AbsObj::Alloc(_) => Layout::Untyped,
        AbsObj::Str(_) | AbsObj::Func(_) | AbsObj::Unknown | AbsObj::Escaped => Layout::Collapsed,
    }
}

impl PointsTo {
    /// Run the analysis on a whole program.
    pub fn compute(prog: &Program) -> PointsTo {
        let _span = tracing::debug_span!("points_to").entered();
        let mut pt = solve::Solver::new(prog).run();
        let cg = crate::analysis::callgraph::CallGraph::build(prog, &pt);
        pt.recursive = prog.func_ids().filter(|&f| cg.is_recursive(f)).collect();
        pt
    }

    /// The one place every access to `lv` touches, when the analysis leaves no choice: `lv`
    /// may denote a single location, of a variable that exists once at a time (static
    /// storage, or a local of a function that is not recursive), at a byte offset that is
    /// not shared with other bytes (no array or union on the way). Returns the variable and
    /// the byte offset. An access that reaches memory elsewhere (through a null or dangling
    /// pointer, or out of bounds) is an error the program does not survive, so the access
    /// denotes exactly this place whenever it completes.
    pub fn exact_location(&self, prog: &Program, func: FuncId, lv: &Lval) -> Option<(VarId, u64)> {
        if matches!(lv, Lval::Var(_)) {
            return None; // already named: no points-to evaluation
        }
        self.exact_of_locs(prog, lv, &self.lval_locs(prog, func, lv))
    }

    /// [`PointsTo::exact_location`] from `lv`'s locations ([`PointsTo::lval_locs`]).
    pub fn exact_of_locs(
        &self,
        prog: &Program,
        lv: &Lval,
        locs: &BTreeSet<AbsLoc>,
    ) -> Option<(VarId, u64)> {
        if matches!(lv, Lval::Var(_)) {
            return None; // already named
        }
        let mut it = locs.iter();
        let (Some(l), None) = (it.next(), it.next()) else {
            return None;
        };
        let AbsObj::Var(v) = l.obj else {
            return None;
        };
        let var = prog.vars.get(v.0 as usize)?;
        if let Some(f) = var.frame_of() {
            if self.recursive.contains(&f) {
                return None;
            }
        }
        let want = lval_ty(prog, lv)?;
        if self.layout(prog, l.obj) != Layout::Typed(var.ty)
            || !layout::exact_at(&prog.types, var.ty, l.off, want)
        {
            return None;
        }
        Some((v, l.off))
    }

    /// The current layout of an object.
    pub fn layout(&self, prog: &Program, obj: AbsObj) -> Layout {
        self.layouts
            .get(&obj)
            .copied()
            .unwrap_or_else(|| default_layout(prog, obj))
    }

    /// The canonical location of byte `off` of `obj`.
    pub fn loc_at(&self, prog: &Program, obj: AbsObj, off: i64) -> AbsLoc {
        let off = match self.layout(prog, obj) {
            Layout::Typed(t) => layout::normalize(&prog.types, t, off),
            Layout::Collapsed => 0,
            Layout::Untyped => off.max(0) as u64,
        };
        AbsLoc { obj, off }
    }

    /// Every location of `obj` (all normalized offsets its layout has).
    pub fn object_locs(&self, prog: &Program, obj: AbsObj) -> BTreeSet<AbsLoc> {
        let offs: BTreeSet<u64> = match self.layout(prog, obj) {
            Layout::Typed(t) => layout::all_offsets(&prog.types, t),
            Layout::Collapsed => BTreeSet::from([0]),
            Layout::Untyped => {
                let mut s = BTreeSet::from([0]);
                if let Some(m) = self.mem.get(&obj) {
                    s.extend(m.keys().copied());
                }
                s
            }
        };
        offs.into_iter().map(|off| AbsLoc { obj, off }).collect()
    }

    /// The locations `lv` may denote, evaluated in `func` (all activations merged).
    pub fn lval_locs(&self, prog: &Program, _func: FuncId, lv: &Lval) -> BTreeSet<AbsLoc> {
        eval::Eval::new(prog, self).lval(lv)
    }

    /// The locations a pointer-valued `e` may point to (null is not a location).
    pub fn expr_targets(&self, prog: &Program, _func: FuncId, e: &Expr) -> BTreeSet<AbsLoc> {
        eval::Eval::new(prog, self).expr(e)
    }

    /// The cells (locations) covered by the bytes of `lv`: its locations, and for an
    /// aggregate every location inside it.
    pub fn lval_cells(&self, prog: &Program, func: FuncId, lv: &Lval) -> BTreeSet<AbsLoc> {
        let locs = self.lval_locs(prog, func, lv);
        self.cells_of_locs(prog, lv, &locs)
    }

    /// [`PointsTo::lval_cells`] from `lv`'s locations ([`PointsTo::lval_locs`]).
    pub fn cells_of_locs(
        &self,
        prog: &Program,
        lv: &Lval,
        locs: &BTreeSet<AbsLoc>,
    ) -> BTreeSet<AbsLoc> {
        let size = lval_ty(prog, lv)
            .map(|t| layout::size(&prog.types, t))
            .unwrap_or(0);
        let mut ev = eval::Eval::new(prog, self);
        let mut out = BTreeSet::new();
        for &l in locs {
            out.extend(ev.bytes_cells(l, size));
        }
        out
    }

    /// True if `a` and `b` may overlap in memory in some execution (flow-insensitively).
    pub fn may_alias(&self, prog: &Program, func: FuncId, a: &Lval, b: &Lval) -> bool {
        let ca = self.lval_cells(prog, func, a);
        let cb = self.lval_cells(prog, func, b);
        ca.iter().any(|l| cb.contains(l))
    }

    /// The functions a call through `callee` may reach. For an indirect call that resolves
    /// to nothing or to unknown memory, every address-taken function whose signature fits the
    /// callee's type. Prefer [`PointsTo::site_targets`] when the call site is known.
    pub fn call_targets(&self, prog: &Program, func: FuncId, callee: &Callee) -> Vec<FuncId> {
        match callee {
            Callee::Direct(f) => vec![*f],
            Callee::Indirect(e) => {
                let pts = self.expr_targets(prog, func, e);
                let mut out: BTreeSet<FuncId> = pts
                    .iter()
                    .filter_map(|l| match l.obj {
                        AbsObj::Func(f) => Some(f),
                        _ => None,
                    })
                    .collect();
                if out.is_empty() || pts.iter().any(|l| l.obj == AbsObj::Unknown) {
                    let arity = prog
                        .types
                        .fn_sig(e.ty)
                        .filter(|s| s.prototyped)
                        .map(|s| s.params.len());
                    out.extend(self.fallback_targets(prog, arity));
                }
                out.into_iter().collect()
            }
        }
    }

    /// Address-taken functions callable with `arity` arguments (`None`: any).
    pub fn fallback_targets(&self, prog: &Program, arity: Option<usize>) -> Vec<FuncId> {
        self.addr_taken_funcs
            .iter()
            .copied()
            .filter(|&f| match (arity, prog.functions.get(f.0 as usize)) {
                (_, None) => false,
                (None, Some(_)) => true,
                (Some(n), Some(func)) => match prog.types.fn_sig(func.ty) {
                    None => true,
                    Some(sig) if !sig.prototyped => true,
                    Some(sig) if sig.variadic => n >= sig.params.len(),
                    Some(sig) => n == sig.params.len(),
                },
            })
            .collect()
    }

    /// Targets of a call site as the solver resolved them (`None` if `site` is not a call).
    pub fn site_targets(&self, site: &CallSite) -> Option<&SiteTargets> {
        self.sites.get(site)
    }

    /// Every call site with its targets.
    pub fn call_sites(&self) -> impl Iterator<Item = (&CallSite, &SiteTargets)> {
        self.sites.iter()
    }

    /// The abstract location of a concrete pointer.
    pub fn abstract_pointer(&self, prog: &Program, p: &Pointer) -> AbsLoc {
        let obj = match p.obj.kind {
            ObjKind::Var(v) => AbsObj::Var(v),
            ObjKind::Alloc(a) => AbsObj::Alloc(a),
            ObjKind::Str(s) => AbsObj::Str(s),
            // main's argv vector and strings: memory the program did not create.
            // and objects of the environment an uninitialized pointer points to
            ObjKind::Argv | ObjKind::ArgvStr(_) | ObjKind::Env => AbsObj::Unknown,
        };
        match self.layout(prog, obj) {
            // Only offset 0 of an untyped object is ever named abstractly.
            Layout::Untyped => AbsLoc::start(obj),
            _ => self.loc_at(prog, obj, p.offset),
        }
    }

    /// What may be stored at `loc`.
    pub fn pts_of_loc(&self, loc: &AbsLoc) -> &BTreeSet<AbsLoc> {
        if self.escaped.contains(&loc.obj) {
            return &self.e_locs;
        }
        self.mem
            .get(&loc.obj)
            .and_then(|m| m.get(&loc.off))
            .unwrap_or(&self.empty)
    }

    /// What `f` may return, by byte offset in the returned value.
    pub fn returns(&self, f: FuncId) -> Option<&BTreeMap<u64, BTreeSet<AbsLoc>>> {
        self.rets.get(&f)
    }

    /// True if unknown external code may reach `obj`.
    pub fn is_escaped(&self, obj: AbsObj) -> bool {
        self.escaped.contains(&obj)
    }

    /// Objects unknown external code may reach.
    pub fn escaped(&self) -> &BTreeSet<AbsObj> {
        &self.escaped
    }

    /// Every location of every escaped object (what unknown code may read or write).
    pub fn escaped_locs(&self) -> &BTreeSet<AbsLoc> {
        &self.e_locs
    }

    /// True if the program may run unknown external code.
    pub fn unknown_active(&self) -> bool {
        self.unknown_active
    }

    /// Functions with a body that unknown external code may call back.
    pub fn escaped_funcs(&self, prog: &Program) -> Vec<FuncId> {
        self.escaped
            .iter()
            .filter_map(|o| match o {
                AbsObj::Func(f)
                    if prog
                        .functions
                        .get(f.0 as usize)
                        .is_some_and(|x| x.body.is_some()) =>
                {
                    Some(*f)
                }
                _ => None,
            })
            .collect()
    }

    /// Objects some pointer may point to (including every escaped object).
    pub fn pointed_objects(&self) -> BTreeSet<AbsObj> {
        let mut out: BTreeSet<AbsObj> = self.escaped.clone();
        let sets = self
            .mem
            .values()
            .chain(self.rets.values())
            .flat_map(|m| m.values());
        for s in sets {
            out.extend(s.iter().map(|l| l.obj));
        }
        out
    }

    /// Number of solver rounds the analysis took.
    pub fn rounds(&self) -> usize {
        self.rounds
    }

    /// Human-readable name of a location, e.g. `x+8`, `alloc#2`, `str#0`, `main`, `unknown`.
    pub fn loc_name(prog: &Program, l: &AbsLoc) -> String {
        let base = match l.obj {
            AbsObj::Var(v) => prog
                .vars
                .get(v.0 as usize)
                .map(|x| x.name.clone())
                .unwrap_or_else(|| format!("var#{}", v.0)),
            AbsObj::Alloc(a) => format!("alloc#{}", a.0),
            AbsObj::Str(s) => format!("str#{}", s.0),
            AbsObj::Func(f) => prog
                .functions
                .get(f.0 as usize)
                .map(|x| x.name.clone())
                .unwrap_or_else(|| format!("func#{}", f.0)),
            AbsObj::Unknown => "unknown".into(),
            AbsObj::Escaped => "escaped".into(),
        };
        if l.off == 0 {
            base
        } else {
            format!("{base}+{}", l.off)
        }
    }
}

/// True for struct, union and array types (copied cell by cell).
pub(crate) fn is_aggregate(prog: &Program, t: Ty) -> bool {
    matches!(
        prog.types.kind(t),
        TypeKind::Struct(_) | TypeKind::Array(..)
    )
}

#[cfg(test)]
mod tests;
