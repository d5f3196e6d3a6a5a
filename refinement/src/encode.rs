//! The path formula of a CIR path: static single assignment over Z3 integers.
//!
//! Scalars whose address is never taken get a new symbol at each assignment; memory is one
//! Z3 array per access kind (as c2bp's memory model: width and signedness, pointer,
//! bit-field), indexed by address, with a new version at each write. Objects sit at c2bp's
//! fixed addresses; the i-th allocation of the path at its own far-away address. Each
//! `assume` is guarded by a literal, so an infeasible path yields an unsat core of the
//! conditions that contradict each other. Nondeterministic values (inputs, uninitialized
//! variables, allocation failures) are recorded so a model can be replayed.
//!
//! Integers are mathematical, constrained to their C type's range where they enter (inputs);
//! the interpreter's replay in machine integers decides whether the path is real.
//!
//! [`encode_stepped`] records the same constraints, each with the step that made it, for
//! interpolation ([`crate::interpolate`]): the path can then be split at any step.

use crate::path::CirPath;
use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::cir::env::{classify, EnvFn};
use slamrs_abstraction::cir::{
    AllocId, Callee, Expr, ExprKind, FuncId, HavocKind, Loc, Lval, Opaque, Program, Stmt, Ty,
    TypeKind, VarId,
};
use slamrs_abstraction::smt::encode::{Addresses, Encoder};
use slamrs_abstraction::smt::solver_pool::{Arith, Limit, PooledSolver};
use slamrs_abstraction::smt::term::{as_int, Conv, MemKind, NoTerm, Obj, Term};
use z3::ast::{Array, Bool, Int};
use z3::Sort;

/// A nondeterministic value the path consumed, in path order.
#[derive(Clone, Debug)]
pub struct Choice {
    /// Path step that made the choice (`None`: before the entry function).
    pub step: Option<usize>,
    pub kind: ChoiceKind,
    /// The Z3 symbol (a `Term::Fresh` number).
    pub sym: u32,
}

/// What kind of nondeterminism a [`Choice`] is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChoiceKind {
    /// An input (`__VERIFIER_nondet_*`, an unknown external function's result), with the
    /// function it comes from.
    Input(String),
    /// An uninitialized variable's value at a `havoc` edge at `loc`.
    Uninit(Loc),
    /// An opaque value at `loc` (inline assembly, `va_arg`): the compiled program
    /// computes its own.
    Opaque(Opaque, Loc),
    /// Whether an allocation (at this site) that may fail returns NULL (symbol is 1 for
    /// failure).
    AllocFails(AllocId),
}

/// A path formula ready for Z3.
pub struct PathFormula {
    pub solver: PooledSolver,
    /// One literal per `assume` step: (literal, step index).
    pub guards: Vec<(Bool, usize)>,
    pub choices: Vec<Choice>,
    /// Where the encoding over-approximated (memory havocked wholesale, unknown shapes).
    pub approximations: Vec<String>,
    /// The path's memory reads: kind, address, value ([`crate::solve::env_memory`]).
    pub mem_reads: Vec<(MemKind, Int, Int)>,
    /// The first step at which the path read an integer in memory that a scalar write of
    /// another width may have written (`Encoder::mixed_widths`): from there on the byte
    /// model ([`encode_bytes`]) may decide it otherwise.
    pub first_mixed_read: Option<usize>,
    /// That each array index the path evaluates stays within its array: not asserted (an
    /// access out of bounds is undefined behaviour, not an infeasible path), but a model
    /// is chosen with them where there is one, since the replay stops at such an access
    /// ([`crate::solve::decide`]).
    pub in_bounds: Vec<Bool>,
}

/// Address of the i-th allocation of the path.
fn alloc_addr(i: usize) -> i128 {
    (1i128 << 44) + (i as i128) * (1i128 << 32)
}

/// Most objects a `memset` is written leaf by leaf for; bigger ones havoc memory.
const MAX_MEMSET_OBJECTS: i128 = 64;

/// Most scalar leaves an aggregate access is split into; bigger ones are havocked.
const MAX_LEAVES: usize = 4096;

struct Frame {
    func: FuncId,
    saved: Vec<(VarId, Option<Term>)>,
    ret_lhs: Option<Lval>,
}

struct Enc<'a> {
    prog: &'a Program,
    pt: &'a PointsTo,
    z: Encoder<'a>,
    subst: HashMap<VarId, Term>,
    next: u32,
    solver: PooledSolver,
    frames: Vec<Frame>,
    allocs: usize,
    out: Vec<Choice>,
    approx: Vec<String>,
    /// Assert each `assume`'s condition itself rather than guarded by a literal (no unsat
    /// cores, but Z3 sees unit bounds).
    direct: bool,
    /// Record the constraints, each with the step that made it, instead of asserting them
    /// ([`encode_stepped`]).
    log: Option<Vec<(Option<usize>, Bool)>>,
    /// The step being encoded (`None`: static storage and the entry).
    cur: Option<usize>,
    /// [`PathFormula::in_bounds`].
    in_bounds: Vec<Bool>,
}

/// Encodes `path` (which starts in `entry`); its queries time out after `timeout_ms`.
pub fn encode(
    prog: &Program,
    pt: &PointsTo,
    addrs: &Addresses,
    path: &CirPath,
    entry: FuncId,
    timeout_ms: u32,
) -> Result<PathFormula, NoTerm> {
    encode_in(
        prog,
        pt,
        addrs,
        path,
        entry,
        timeout_ms,
        Encoder::with_arrays(addrs),
    )
}

/// [`encode`] with the integers in memory as bytes ([`Encoder::with_bytes`]): exact where
/// the path writes memory with one width and reads it with another.
pub fn encode_bytes(
    prog: &Program,
    pt: &PointsTo,
    addrs: &Addresses,
    path: &CirPath,
    entry: FuncId,
    timeout_ms: u32,
) -> Result<PathFormula, NoTerm> {
    encode_in(
        prog,
        pt,
        addrs,
        path,
        entry,
        timeout_ms,
        Encoder::with_bytes(addrs),
    )
}

fn encode_in<'a>(
    prog: &'a Program,
    pt: &'a PointsTo,
    addrs: &'a Addresses,
    path: &CirPath,
    entry: FuncId,
    timeout_ms: u32,
    z: Encoder<'a>,
) -> Result<PathFormula, NoTerm> {
    let solver = PooledSolver::with(Limit::millis(timeout_ms), Arith::Legacy);
    let mut e = Enc::blank(prog, pt, addrs, solver, false);
    e.z = z;
    e.statics(entry)?;
    e.enter(entry, &[], None)?;
    let mut guards = Vec::new();
    let mut first_mixed_read = None;
    for i in 0..path.steps.len() {
        if let Some(g) = e.step(path, i)? {
            guards.push((g, i));
        }
        if first_mixed_read.is_none() && e.z.mixed_widths() {
            first_mixed_read = Some(i);
            tracing::debug!(
                step = i,
                at = %prog.loc_string(path.edge(prog, i).loc),
                stmt = %slamrs_abstraction::cir::print::stmt(prog, &path.edge(prog, i).stmt),
                "a read of memory written with another width"
            );
        }
    }
    Ok(PathFormula {
        first_mixed_read,
        mem_reads: e.z.take_reads(),
        in_bounds: std::mem::take(&mut e.in_bounds),
        solver: e.solver,
        guards,
        choices: e.out,
        approximations: e.approx,
    })
}

/// A path's constraints, each with the step that made it, for splitting the path at a
/// step ([`crate::interpolate`]).
pub struct SteppedFormula {
    /// (step, constraint); `None`: static storage and entering the entry function.
    pub constraints: Vec<(Option<usize>, Bool)>,
    /// The values of the variables in scope before each step asked for.
    pub cuts: Vec<CutValues>,
}

/// The variables of a function (and of static storage) in scope before a step, with
/// their values as Z3 terms of the path formula.
pub struct CutValues {
    pub step: usize,
    pub func: FuncId,
    /// Integer variables not in memory: (variable, its value: a symbol of its own, defined
    /// by the constraints before the step and read by those after it).
    pub values: Vec<(VarId, Int)>,
}

/// The constraints of `path` (which starts in `entry`) by step, and the values in scope
/// before each step of `cuts`.
pub fn encode_stepped(
    prog: &Program,
    pt: &PointsTo,
    addrs: &Addresses,
    path: &CirPath,
    entry: FuncId,
    cuts: &[usize],
) -> Result<SteppedFormula, NoTerm> {
    // (the constraints are recorded, never asserted: the solver stays empty)
    let solver = PooledSolver::with(Limit::Resources(1), Arith::Default);
    let mut e = Enc::blank(prog, pt, addrs, solver, false);
    e.log = Some(Vec::new());
    e.statics(entry)?;
    e.enter(entry, &[], None)?;
    let mut out = Vec::new();
    for i in 0..path.steps.len() {
        if cuts.contains(&i) {
            let func = path.steps[i].func;
            let mut vars: Vec<VarId> = e
                .subst
                .keys()
                .copied()
                .filter(|&v| {
                    let var = prog.var(v);
                    !e.in_memory(v)
                        && prog.types.as_int(var.ty).is_some()
                        && var.frame_of().is_none_or(|f| f == func)
                })
                .collect();
            vars.sort();
            // each value becomes a symbol of its own, defined by the prefix, so the suffix
            // reads the symbol rather than the prefix's term (a constant the encoder folded
            // into the suffix's conditions would make the suffix contradict itself)
            e.cur = i.checked_sub(1);
            let values = vars
                .into_iter()
                .map(|v| {
                    let t = e.subst[&v].clone();
                    let k = e.fresh();
                    let sym = Term::Fresh(k);
                    let (a, b) = (e.int(&sym), e.int(&t));
                    e.assert(a.eq(&b));
                    e.subst.insert(v, sym);
                    (v, a)
                })
                .collect();
            out.push(CutValues {
                step: i,
                func,
                values,
            });
        }
        e.cur = Some(i);
        e.step(path, i)?;
    }
    Ok(SteppedFormula {
        constraints: e.log.take().unwrap_or_default(),
        cuts: out,
    })
}

/// Most symbols of a linear term [`Enc::set_var`] keeps as a term when exploring.
const MAX_LINEAR_SYMBOLS: usize = 3;

/// `t` as `c0 + c1*f1 + ...` over at most [`MAX_LINEAR_SYMBOLS`] fresh symbols, if it is
/// linear (sums, differences, products with a constant of integers and fresh symbols).
fn linear_small(t: &Term) -> Option<Term> {
    use slamrs_abstraction::smt::term::Op;
    use std::collections::BTreeMap;
    fn go(t: &Term, scale: i128, acc: &mut BTreeMap<u32, i128>, c: &mut i128) -> Option<()> {
        match t {
            Term::Int(n) => *c = c.checked_add(n.checked_mul(scale)?)?,
            Term::Fresh(k) => {
                let e = acc.entry(*k).or_insert(0);
                *e = e.checked_add(scale)?;
            }
            Term::Bin(Op::Add, a, b) => {
                go(a, scale, acc, c)?;
                go(b, scale, acc, c)?;
            }
            Term::Bin(Op::Sub, a, b) => {
                go(a, scale, acc, c)?;
                go(b, scale.checked_neg()?, acc, c)?;
            }
            Term::Bin(Op::Mul, a, b) => match (&**a, &**b) {
                (Term::Int(n), x) | (x, Term::Int(n)) => go(x, scale.checked_mul(*n)?, acc, c)?,
                _ => return None,
            },
            _ => return None,
        }
        Some(())
    }
    let mut acc = BTreeMap::new();
    let mut c = 0i128;
    go(t, 1, &mut acc, &mut c)?;
    acc.retain(|_, k| *k != 0);
    if acc.len() > MAX_LINEAR_SYMBOLS {
        return None;
    }
    let mut out = Term::Int(c);
    for (k, coeff) in acc {
        let x = Term::bin(Op::Mul, Term::Int(coeff), Term::Fresh(k));
        out = Term::bin(Op::Add, out, x);
    }
    Some(out)
}

/// A path formula built one step at a time, for exploring a program's paths
/// ([`crate::explore`]): the caller adds the steps of a concrete run and, before a branch,
/// asks whether another edge's condition is satisfiable there.
pub struct Incremental<'a> {
    enc: Enc<'a>,
}

impl<'a> Incremental<'a> {
    /// The formula of the empty path from `entry` (static storage initialized, `entry`
    /// entered); each query may use `rlimit` of Z3's resource units (no timer:
    /// [`Limit::Resources`]).
    pub fn new(
        prog: &'a Program,
        pt: &'a PointsTo,
        addrs: &'a Addresses,
        entry: FuncId,
        rlimit: u32,
    ) -> Result<Self, NoTerm> {
        let solver = PooledSolver::with(Limit::Resources(rlimit), Arith::Legacy);
        let enc = Enc::start(prog, pt, addrs, entry, solver, true)?;
        Ok(Incremental { enc })
    }

    /// Adds step `i` of `path` (its steps before `i` were added already). An `assume`'s
    /// condition is asserted; the target of an indirect call comes back as a guard literal,
    /// which the caller asserts.
    pub fn step(&mut self, path: &CirPath, i: usize) -> Result<Option<Bool>, NoTerm> {
        self.enc.step(path, i)
    }

    /// The truth of `cond` (an expression of `func`, the function the path is in) in the
    /// current state; `Err` when it has no term (floating point).
    pub fn condition(&mut self, func: FuncId, cond: &Expr) -> Result<Bool, NoTerm> {
        let t = self.enc.term(func, cond)?.truth();
        Ok(self.enc.z.boolean(&t))
    }

    pub fn solver(&self) -> &PooledSolver {
        &self.enc.solver
    }

    /// The nondeterministic values consumed so far, in path order.
    pub fn choices(&self) -> &[Choice] {
        &self.enc.out
    }

    /// Where the encoding over-approximated so far.
    pub fn approximations(&self) -> &[String] {
        &self.enc.approx
    }
}

impl<'a> Enc<'a> {
    /// An encoder with nothing encoded yet.
    fn blank(
        prog: &'a Program,
        pt: &'a PointsTo,
        addrs: &'a Addresses,
        solver: PooledSolver,
        direct: bool,
    ) -> Self {
        Enc {
            prog,
            pt,
            z: Encoder::with_arrays(addrs),
            subst: HashMap::default(),
            next: 0,
            solver,
            frames: Vec::new(),
            allocs: 0,
            out: Vec::new(),
            approx: Vec::new(),
            direct,
            log: None,
            cur: None,
            in_bounds: Vec::new(),
        }
    }

    /// The encoder of the empty path from `entry`: static storage initialized, `entry`
    /// entered.
    fn start(
        prog: &'a Program,
        pt: &'a PointsTo,
        addrs: &'a Addresses,
        entry: FuncId,
        solver: PooledSolver,
        direct: bool,
    ) -> Result<Self, NoTerm> {
        let mut e = Enc::blank(prog, pt, addrs, solver, direct);
        e.statics(entry)?;
        e.enter(entry, &[], None)?;
        Ok(e)
    }

    /// Asserts `b`, or records it for the current step.
    fn assert(&mut self, b: Bool) {
        match &mut self.log {
            Some(log) => log.push((self.cur, b)),
            None => self.solver.assert(&b),
        }
    }

    fn fresh(&mut self) -> u32 {
        self.next += 1;
        self.next - 1
    }

    fn conv(&self, func: FuncId) -> Conv<'_> {
        Conv {
            prog: self.prog,
            pt: self.pt,
            func,
            subst: &self.subst,
            wrap_casts: true,
        }
    }

    fn term(&self, func: FuncId, e: &Expr) -> Result<Term, NoTerm> {
        self.conv(func).expr(e)
    }

    fn in_memory(&self, v: VarId) -> bool {
        let var = self.prog.var(v);
        var.addr_taken || !self.prog.types.is_scalar(var.ty)
    }

    fn int(&mut self, t: &Term) -> Int {
        self.z.int(&as_int(t.clone()))
    }

    /// `v := t` for a scalar not in memory.
    fn set_var(&mut self, v: VarId, t: Term) {
        // exploring: a linear term over few symbols stays a term (a counter stepped a
        // thousand times is `n - 3000`, not a chain of a thousand equations)
        let linear = if self.direct { linear_small(&t) } else { None };
        let t = match (t, linear) {
            (_, Some(l)) => l,
            (t @ (Term::Int(_) | Term::Fresh(_)), None) => t,
            (other, None) => {
                let k = self.fresh();
                let sym = Term::Fresh(k);
                let (a, b) = (self.int(&sym), self.int(&other));
                self.assert(a.eq(&b));
                sym
            }
        };
        self.subst.insert(v, t);
    }

    fn store(&mut self, kind: MemKind, addr: &Term, val: &Term) {
        let (a, v) = (self.int(addr), self.int(val));
        self.z.write_mem(kind, &a, &v);
    }

    /// Every memory array becomes arbitrary.
    fn havoc_memory(&mut self, why: String) {
        for kind in self.z.memory_kinds() {
            let k = self.fresh();
            self.z.set_memory(
                kind,
                Array::new_const(format!("havoc{k}"), &Sort::int(), &Sort::int()),
            );
        }
        self.approx.push(why);
    }

    /// The scalar leaves of a value of type `ty` at offset `off`: (offset, kind).
    fn leaves(&self, ty: Ty, off: i128, out: &mut Vec<(i128, MemKind)>) -> bool {
        if out.len() > MAX_LEAVES {
            return false;
        }
        let types = &self.prog.types;
        match types.kind(ty) {
            TypeKind::Int(k) => out.push((
                off,
                MemKind::Int {
                    bytes: (k.bits / 8).max(1) as u8,
                    signed: k.signed,
                },
            )),
            TypeKind::Pointer(_) => out.push((off, MemKind::Ptr)),
            TypeKind::Struct(s) => {
                let Some(fields) = types.struct_def(*s).fields.as_ref() else {
                    return false;
                };
                for f in fields {
                    let o = off + f.offset as i128;
                    if let Some((boff, width)) = f.bitfield {
                        let unit = types.size_of(f.ty).unwrap_or(4) as u8;
                        out.push((
                            o,
                            MemKind::Bits {
                                unit,
                                off: boff,
                                width,
                            },
                        ));
                    } else if !self.leaves(f.ty, o, out) {
                        return false;
                    }
                }
            }
            TypeKind::Array(elem, Some(n)) => {
                let size = types.size_of(*elem).unwrap_or(1) as i128;
                for i in 0..*n as i128 {
                    if !self.leaves(*elem, off + i * size, out) {
                        return false;
                    }
                }
            }
            TypeKind::Float(_) => {}
            _ => return false,
        }
        true
    }

    /// Writes `val` (a scalar term, or `None` for arbitrary) to a scalar lvalue.
    fn write_scalar(&mut self, func: FuncId, lhs: &Lval, val: Option<Term>) -> Result<(), NoTerm> {
        let val = match val {
            Some(v) => v,
            None => Term::Fresh(self.fresh()),
        };
        if let Lval::Var(v) = lhs {
            if !self.in_memory(*v) {
                self.set_var(*v, val);
                return Ok(());
            }
        }
        let conv = self.conv(func);
        let kind = match conv.mem_kind(lhs) {
            Ok(k) => k,
            Err(_) => return Ok(()), // floats: not tracked
        };
        let addr = conv.addr(lhs)?;
        let cells = conv.cells(lhs);
        self.z.note_write(kind, &cells);
        self.store(kind, &addr, &val);
        Ok(())
    }

    /// Writes an aggregate: copied from `src` (an address) or arbitrary.
    fn write_aggregate(
        &mut self,
        func: FuncId,
        lhs: &Lval,
        src: Option<Term>,
    ) -> Result<(), NoTerm> {
        let ty = self.prog.lval_ty(lhs);
        let dst = self.conv(func).addr(lhs)?;
        let mut leaves = Vec::new();
        if !self.leaves(ty, 0, &mut leaves) {
            self.havoc_memory("an aggregate too large or of unknown shape was written".into());
            return Ok(());
        }
        // read every source leaf before writing any (the copy may overlap)
        let vals: Vec<Term> = leaves
            .iter()
            .map(|&(off, kind)| match &src {
                Some(s) => mem_read(kind, plus(s.clone(), off)),
                None => Term::Fresh(self.fresh()),
            })
            .collect();
        let vals: Vec<Int> = vals.iter().map(|v| self.int(v)).collect();
        for (&(off, kind), v) in leaves.iter().zip(vals) {
            let a = self.int(&plus(dst.clone(), off));
            self.z.write_mem(kind, &a, &v);
        }
        Ok(())
    }

    fn is_scalar_lval(&self, lv: &Lval) -> bool {
        let ty = self.prog.lval_ty(lv);
        self.prog.types.is_scalar(ty) || matches!(self.prog.types.kind(ty), TypeKind::Float(_))
    }

    /// `lhs = rhs`.
    fn assign(&mut self, func: FuncId, lhs: &Lval, rhs: &Expr) -> Result<(), NoTerm> {
        if self.is_scalar_lval(lhs) {
            let val = self.term(func, rhs).ok(); // None: floats
            return self.write_scalar(func, lhs, val);
        }
        match &rhs.kind {
            ExprKind::Read(src) => {
                let a = self.conv(func).addr(src)?;
                self.write_aggregate(func, lhs, Some(a))
            }
            _ => self.write_aggregate(func, lhs, None),
        }
    }

    /// Zero static storage, then run the static initializers. Static storage in memory is
    /// zero in the initial memory arrays already (over its whole address range, whatever
    /// type it is read as); the scalars kept out of memory start as 0 here.
    fn statics(&mut self, entry: FuncId) -> Result<(), NoTerm> {
        for v in self.prog.var_ids() {
            let var = self.prog.var(v);
            if !var.is_static_storage() || var.name == slamrs_abstraction::c2bp::RESULT_NAME {
                continue;
            }
            if !self.in_memory(v) {
                self.subst.insert(v, Term::Int(0));
            }
        }
        for init in &self.prog.inits {
            self.assign(entry, &init.lhs, &init.rhs)?;
        }
        Ok(())
    }

    /// Enters `func` with argument terms (scalars) or addresses (aggregates).
    fn enter(
        &mut self,
        func: FuncId,
        args: &[Option<Term>],
        ret_lhs: Option<Lval>,
    ) -> Result<(), NoTerm> {
        let f = self.prog.func(func);
        let mut saved = Vec::new();
        for &v in f.params.iter().chain(f.locals.iter()) {
            saved.push((v, self.subst.remove(&v)));
        }
        let is_main_entry = self.frames.is_empty() && f.name == "main";
        for (i, &p) in f.params.iter().enumerate() {
            let arg = args.get(i).cloned().flatten();
            let arg = match arg {
                Some(a) => Some(a),
                None if is_main_entry && i == 0 => Some(Term::Int(1)), // argc
                None => None,
            };
            if self.is_scalar_lval(&Lval::Var(p)) {
                self.write_scalar(func, &Lval::Var(p), arg)?;
            } else {
                self.write_aggregate(func, &Lval::Var(p), arg)?;
            }
        }
        for &l in &f.locals {
            if !self.in_memory(l) {
                let k = self.fresh();
                self.subst.insert(l, Term::Fresh(k));
            }
        }
        self.frames.push(Frame {
            func,
            saved,
            ret_lhs,
        });
        Ok(())
    }

    fn leave(&mut self, ret: Option<Term>) -> Result<(), NoTerm> {
        let Some(frame) = self.frames.pop() else {
            return Ok(());
        };
        for (v, old) in frame.saved {
            match old {
                Some(t) => self.subst.insert(v, t),
                None => self.subst.remove(&v),
            };
        }
        let Some(caller) = self.frames.last().map(|f| f.func) else {
            return Ok(());
        };
        if let Some(lhs) = frame.ret_lhs {
            if self.is_scalar_lval(&lhs) {
                self.write_scalar(caller, &lhs, ret)?;
            } else {
                // a struct returned by value: its address was passed back
                self.write_aggregate(caller, &lhs, ret)?;
            }
        }
        Ok(())
    }

    /// A nondeterministic scalar for a choice of `kind` at `step`, in the range of `ty`.
    fn choice(&mut self, step: usize, kind: ChoiceKind, ty: Option<Ty>) -> Term {
        let k = self.fresh();
        let t = Term::Fresh(k);
        if let Some(ik) = ty.and_then(|t| self.prog.types.as_int(t)) {
            let (lo, hi) = if ik.is_bool {
                (0, 1)
            } else {
                slamrs_abstraction::interp::int_range(ik.bits, ik.signed)
            };
            let x = self.int(&t);
            self.assert(x.ge(Int::from_i128(lo)));
            self.assert(x.le(Int::from_i128(hi)));
        }
        self.out.push(Choice {
            step: Some(step),
            kind,
            sym: k,
        });
        t
    }

    /// Encodes step `i`; returns the guard literal of an `assume`.
    fn step(&mut self, path: &CirPath, i: usize) -> Result<Option<Bool>, NoTerm> {
        let s = &path.steps[i];
        let func = s.func;
        let body = self
            .prog
            .func(func)
            .body
            .as_ref()
            .expect("path functions have bodies");
        let edge = &body.nodes[s.node.0 as usize].edges[s.edge];
        let loc = edge.loc;
        if self.log.is_none() && !self.direct {
            self.note_indices(func, &edge.stmt);
        }
        match &edge.stmt {
            Stmt::Skip | Stmt::Error | Stmt::Halt { .. } => {}
            Stmt::Assign { lhs, rhs } => self.assign(func, lhs, rhs)?,
            Stmt::Assume(c) => {
                let t = match self.term(func, c) {
                    Ok(t) => t.truth(),
                    Err(_) => return Ok(None), // floats: no constraint
                };
                let b = self.z.boolean(&t);
                if self.direct || self.log.is_some() {
                    self.assert(b);
                    return Ok(None);
                }
                let g = Bool::new_const(format!("guard{i}"));
                self.assert(g.implies(&b));
                return Ok(Some(g));
            }
            Stmt::Havoc { lhs, why } => {
                if self.is_scalar_lval(lhs) {
                    let ty = self.prog.lval_ty(lhs);
                    let kind = match why {
                        HavocKind::Input(f) => Some(ChoiceKind::Input(f.clone())),
                        HavocKind::Uninit => Some(ChoiceKind::Uninit(loc)),
                        HavocKind::Opaque(what) => Some(ChoiceKind::Opaque(*what, loc)),
                    };
                    let val = match kind {
                        Some(k) => self.choice(i, k, Some(ty)),
                        None => Term::Fresh(self.fresh()),
                    };
                    self.write_scalar(func, lhs, Some(val))?;
                } else {
                    self.write_aggregate(func, lhs, None)?;
                    if let (Lval::Var(v), HavocKind::Uninit) = (lhs, why) {
                        // the members that point to objects of the environment, each its
                        // own far-away object (as the interpreter makes them)
                        for (_, slot) in self.prog.environment_slots(*v) {
                            let addr = Term::Int(alloc_addr(self.allocs));
                            self.allocs += 1;
                            self.write_scalar(func, &slot, Some(addr))?;
                        }
                    }
                }
            }
            Stmt::Alloc { lhs, site, size } => {
                let addr = Term::Int(alloc_addr(self.allocs));
                self.allocs += 1;
                let val = if self.prog.allocs[site.0 as usize].may_fail {
                    let fails = self.choice(i, ChoiceKind::AllocFails(*site), None);
                    let f = self.int(&fails);
                    self.assert(Bool::or(&[f.eq(Int::from_i64(0)), f.eq(Int::from_i64(1))]));
                    // an allocation succeeds only with a size the allocator can give (the
                    // interpreter's, whose replay fails a larger one: a module parameter
                    // times a struct size)
                    if let Ok(t) = self.term(func, size) {
                        let n = self.int(&t);
                        let max = Int::from_u64(slamrs_abstraction::interp::MAX_OBJECT);
                        let fits = Bool::and(&[n.ge(Int::from_i64(0)), n.le(&max)]);
                        self.assert(f.eq(Int::from_i64(0)).implies(&fits));
                    }
                    Term::Ite(
                        Box::new(Term::bin(
                            slamrs_abstraction::smt::term::Op::Eq,
                            fails,
                            Term::Int(1),
                        )),
                        Box::new(Term::Int(0)),
                        Box::new(addr),
                    )
                } else {
                    addr
                };
                self.write_scalar(func, lhs, Some(val))?;
            }
            Stmt::Call { lhs, callee, args } => {
                let arg_terms: Vec<Option<Term>> = args
                    .iter()
                    .map(|a| {
                        if self.prog.types.is_scalar(a.ty) {
                            self.term(func, a).ok()
                        } else if let ExprKind::Read(lv) = &a.kind {
                            self.conv(func).addr(lv).ok()
                        } else {
                            None
                        }
                    })
                    .collect();
                if let Some(g) = s.callee {
                    // the path calls `g` through the pointer: a condition like an assume's
                    // (guarded, so it can be part of an unsat core)
                    let target = match callee {
                        Callee::Indirect(fp) => {
                            let t = self.term(func, fp)?;
                            let (a, b) = (self.int(&t), self.int(&Term::Base(Obj::Func(g))));
                            if self.log.is_some() {
                                self.assert(a.eq(&b));
                                None
                            } else {
                                let guard = Bool::new_const(format!("guard{i}"));
                                self.assert(guard.implies(a.eq(&b)));
                                Some(guard)
                            }
                        }
                        Callee::Direct(_) => None,
                    };
                    self.enter(g, &arg_terms, lhs.clone())?;
                    if target.is_some() {
                        return Ok(target);
                    }
                } else {
                    self.external(i, func, lhs.as_ref(), callee, args)?;
                }
            }
            Stmt::Return(e) => {
                let val = match e {
                    Some(e) if self.prog.types.is_scalar(e.ty) => self.term(func, e).ok(),
                    Some(e) => match &e.kind {
                        ExprKind::Read(lv) => self.conv(func).addr(lv).ok(),
                        _ => None,
                    },
                    None => None,
                };
                self.leave(val)?;
            }
        }
        Ok(None)
    }

    /// A call of a function without a body, as the interpreter runs it.
    /// Records, for [`PathFormula::in_bounds`], that each array index the statement
    /// evaluates (in a value it reads or the place it writes) is within its array, in the
    /// state before the statement.
    fn note_indices(&mut self, func: FuncId, stmt: &Stmt) {
        let mut lvals: Vec<&Lval> = Vec::new();
        stmt.walk_exprs(&mut |e| {
            if let ExprKind::Read(lv) = &e.kind {
                lvals.push(lv);
            }
        });
        if let Some(lhs) = stmt_lhs(stmt) {
            lvals.push(lhs);
        }
        for lv in lvals {
            let mut at = lv;
            loop {
                at = match at {
                    Lval::Index(b, i) => {
                        self.note_index(func, b, i);
                        b
                    }
                    Lval::Field(b, ..) => b,
                    Lval::Var(_) | Lval::Deref(_) => break,
                };
            }
        }
    }

    /// `0 <= i < n` for an index `i` (not a constant) into `array`, an array of `n`
    /// elements.
    fn note_index(&mut self, func: FuncId, array: &Lval, i: &Expr) {
        if matches!(i.kind, ExprKind::Int(_)) {
            return;
        }
        let ty = self.prog.lval_ty(array);
        let TypeKind::Array(_, Some(n)) = self.prog.types.kind(ty) else {
            return;
        };
        let n = *n;
        let Ok(t) = self.term(func, i) else {
            return;
        };
        let v = self.int(&t);
        let within = Bool::and(&[v.ge(Int::from_i64(0)), v.lt(Int::from_u64(n))]);
        self.in_bounds.push(within);
    }

    fn external(
        &mut self,
        i: usize,
        func: FuncId,
        lhs: Option<&Lval>,
        callee: &Callee,
        args: &[Expr],
    ) -> Result<(), NoTerm> {
        let Callee::Direct(g) = callee else {
            self.havoc_memory("an indirect call to an unknown function".into());
            if let Some(lhs) = lhs {
                self.write_any(func, lhs)?;
            }
            return Ok(());
        };
        let f = self.prog.func(*g);
        let ret = self.prog.types.fn_sig(f.ty).map(|s| s.ret).filter(|&t| {
            self.prog.types.is_scalar(t) && !matches!(self.prog.types.kind(t), TypeKind::Float(_))
        });
        match classify(&f.name) {
            EnvFn::Nondet | EnvFn::Unknown => {
                // one input per call of a function returning an integer or a pointer, used
                // or not (as the interpreter consumes them)
                let name = f.name.clone();
                let val = ret.map(|t| self.choice(i, ChoiceKind::Input(name), Some(t)));
                if let Some(lhs) = lhs {
                    if self.is_scalar_lval(lhs) {
                        self.write_scalar(func, lhs, val)?;
                    } else {
                        self.write_aggregate(func, lhs, None)?;
                    }
                }
            }
            EnvFn::Known(k) => {
                use slamrs_abstraction::cir::env::Known;
                let exact = match k {
                    Known::Memset => {
                        self.memset_typed(func, args)? || self.memset_ranges(func, args)
                    }
                    Known::Memcpy => self.memcpy_ranges(func, args),
                    _ => false,
                };
                if !exact && matches!(k, Known::Memset | Known::Memcpy | Known::Strcpy) {
                    self.havoc_memory(format!("`{}` writes memory", f.name));
                }
                if let Some(lhs) = lhs {
                    self.write_any(func, lhs)?;
                }
            }
            _ => {
                if let Some(lhs) = lhs {
                    self.write_any(func, lhs)?;
                }
            }
        }
        Ok(())
    }

    /// `memcpy(d, s, n)` (and `memmove`) as what it does to each memory array: an access
    /// that lies inside `[d, d + n)` reads what the same access at the same offset from `s`
    /// read before the call, one that straddles an end of the range reads an arbitrary
    /// value, and every other access is unchanged (an array lambda over the arrays before
    /// the call, so an overlapping `memmove` is right too). False when an argument has no
    /// term (the caller then havocs memory).
    fn memcpy_ranges(&mut self, func: FuncId, args: &[Expr]) -> bool {
        let [dst, src, size] = args else {
            return false;
        };
        let (Ok(d), Ok(s), Ok(n)) = (
            self.term(func, dst),
            self.term(func, src),
            self.term(func, size),
        ) else {
            return false;
        };
        let (d, s, n) = (self.int(&d), self.int(&s), self.int(&n));
        self.write_range(func, "memcpy", &d, n, |before, a| {
            let from = Int::add(&[s.clone(), Int::sub(&[a.clone(), d.clone()])]);
            before.select(&from).as_int().expect("Int array")
        });
        true
    }

    /// Each memory array after a write of the range `[d, d + n)`: an access that lies
    /// inside reads `inside(array before, address)`, one that straddles an end of the
    /// range an arbitrary value, every other access is unchanged (an array lambda).
    fn write_range(
        &mut self,
        func: FuncId,
        what: &str,
        d: &Int,
        n: Int,
        inside: impl Fn(&Array, &Int) -> Int,
    ) {
        let ptr = self.conv(func).pointer_bytes();
        let end = Int::add(&[d.clone(), n]);
        for kind in self.z.memory_kinds() {
            let Some(before) = self.z.memory(kind) else {
                continue;
            };
            let k = self.fresh();
            let a = Int::new_const(format!("{what}{k}_addr"));
            let a_end = Int::add(&[a.clone(), Int::from_i64(kind.size(ptr) as i64)]);
            let within = Bool::and(&[d.le(&a), a_end.le(&end)]);
            let straddles = Bool::and(&[a_end.gt(d), a.lt(&end)]);
            let read = |arr: &Array, at: &Int| arr.select(at).as_int().expect("Int array");
            let unknown = Array::new_const(format!("{what}{k}"), &Sort::int(), &Sort::int());
            let value = within.ite(
                &inside(&before, &a),
                &straddles.ite(&read(&unknown, &a), &read(&before, &a)),
            );
            self.z.set_memory(
                kind,
                z3::ast::lambda_const(&[&a], &z3::ast::Dynamic::from_ast(&value)),
            );
        }
    }

    /// `memset(p, 0, n)` for any `n` as what it does to each memory array: an access that
    /// lies inside `[p, p + n)` reads 0, one that straddles an end of the range an
    /// arbitrary value, every other access is unchanged (an array lambda, as
    /// [`Enc::write_range`]). False when the fill is not the constant 0 or an argument has
    /// no term (the caller then havocs memory).
    fn memset_ranges(&mut self, func: FuncId, args: &[Expr]) -> bool {
        let [dst, val, size] = args else {
            return false;
        };
        let mut v = val;
        while let ExprKind::Cast(inner) = &v.kind {
            v = inner;
        }
        if !matches!(v.kind, ExprKind::Int(0)) {
            return false;
        }
        let (Ok(d), Ok(n)) = (self.term(func, dst), self.term(func, size)) else {
            return false;
        };
        let (d, n) = (self.int(&d), self.int(&n));
        self.write_range(func, "memset", &d, n, |_, _| Int::from_i64(0));
        true
    }

    /// `memset(p, c, n)` on whole objects of `p`'s pointee type (a constant `n`, a multiple
    /// of the type's size, at most [`MAX_MEMSET_OBJECTS`] of them), filling with 0, or with
    /// `c` where every leaf is a byte: each scalar leaf is written. False when the call is
    /// not of that form (the caller then havocs memory).
    fn memset_typed(&mut self, func: FuncId, args: &[Expr]) -> Result<bool, NoTerm> {
        fn strip(mut e: &Expr) -> &Expr {
            while let ExprKind::Cast(inner) = &e.kind {
                e = inner;
            }
            e
        }
        let [dst, val, size] = args else {
            return Ok(false);
        };
        let dst = strip(dst);
        let types = &self.prog.types;
        let TypeKind::Pointer(elem) = types.kind(dst.ty) else {
            return Ok(false);
        };
        let elem = *elem;
        let (ExprKind::Int(c), ExprKind::Int(n)) = (&strip(val).kind, &strip(size).kind) else {
            return Ok(false);
        };
        let (c, n) = (*c, *n);
        let Some(esize) = types.size_of(elem).map(|s| s as i128).filter(|&s| s > 0) else {
            return Ok(false);
        };
        if n <= 0 || n % esize != 0 || n / esize > MAX_MEMSET_OBJECTS {
            return Ok(false);
        }
        let mut leaves = Vec::new();
        if !self.leaves(elem, 0, &mut leaves) {
            return Ok(false);
        }
        let byte = (c & 0xff) as u8;
        let mut vals = Vec::with_capacity(leaves.len());
        for &(_, kind) in &leaves {
            vals.push(match kind {
                _ if byte == 0 => 0,
                MemKind::Int { bytes: 1, signed } => {
                    if signed {
                        i128::from(byte as i8)
                    } else {
                        i128::from(byte)
                    }
                }
                _ => return Ok(false),
            });
        }
        let base = self.term(func, dst)?;
        for j in 0..n / esize {
            for (&(off, kind), &v) in leaves.iter().zip(&vals) {
                self.store(kind, &plus(base.clone(), j * esize + off), &Term::Int(v));
            }
        }
        Ok(true)
    }

    fn write_any(&mut self, func: FuncId, lhs: &Lval) -> Result<(), NoTerm> {
        if self.is_scalar_lval(lhs) {
            self.write_scalar(func, lhs, None)
        } else {
            self.write_aggregate(func, lhs, None)
        }
    }
}

/// The memory read of `kind` at `addr`.
/// The place a statement writes, if it has one.
fn stmt_lhs(stmt: &Stmt) -> Option<&Lval> {
    match stmt {
        Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => Some(lhs),
        Stmt::Call { lhs, .. } => lhs.as_ref(),
        _ => None,
    }
}

fn mem_read(kind: MemKind, addr: Term) -> Term {
    Term::Mem {
        kind,
        addr: Box::new(addr),
        cells: slamrs_abstraction::smt::term::CellsKey(None),
    }
}

/// `t + off`.
fn plus(t: Term, off: i128) -> Term {
    Term::bin(slamrs_abstraction::smt::term::Op::Add, t, Term::Int(off))
}

#[cfg(test)]
mod tests {
    use super::linear_small;
    use slamrs_abstraction::smt::term::{Op, Term};

    #[test]
    fn linear_terms_stay_small() {
        // ((f1 - 3) - 3) + 2 * f2 - f2  ==  -6 + f1 + f2
        let t = Term::bin(
            Op::Sub,
            Term::bin(
                Op::Add,
                Term::bin(
                    Op::Sub,
                    Term::bin(Op::Sub, Term::Fresh(1), Term::Int(3)),
                    Term::Int(3),
                ),
                Term::bin(Op::Mul, Term::Int(2), Term::Fresh(2)),
            ),
            Term::Fresh(2),
        );
        let want = Term::bin(
            Op::Add,
            Term::bin(Op::Add, Term::Int(-6), Term::Fresh(1)),
            Term::Fresh(2),
        );
        assert_eq!(linear_small(&t), Some(want));
        // x - x is 0
        let zero = Term::bin(Op::Sub, Term::Fresh(4), Term::Fresh(4));
        assert_eq!(linear_small(&zero), Some(Term::Int(0)));
        // products of symbols and divisions are not linear
        let sq = Term::bin(Op::Mul, Term::Fresh(1), Term::Fresh(1));
        assert_eq!(linear_small(&sq), None);
        let div = Term::bin(Op::Div, Term::Fresh(1), Term::Int(2));
        assert_eq!(linear_small(&div), None);
        // more than three symbols: a fresh symbol is better
        let many = (1..=4).fold(Term::Int(0), |t, k| Term::bin(Op::Add, t, Term::Fresh(k)));
        assert_eq!(linear_small(&many), None);
    }
}
