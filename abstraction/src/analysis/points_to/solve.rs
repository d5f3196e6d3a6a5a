//! The constraint solver: rounds over every statement of the program until nothing grows.
//!
//! Each round evaluates every statement (and every initializer) against the current state,
//! then applies what it implies: new points-to facts, escaped objects, layout changes. Facts
//! only grow, layouts only move `Untyped -> Typed -> Collapsed`, so the rounds terminate.
//! After a layout change every set is re-canonicalized at the start of the next round.
//! Indirect calls that resolve to no function at the fixpoint fall back to every compatible
//! address-taken function, and solving resumes.
//!
//! While solving, "every location of every escaped object" is the one location of
//! [`AbsObj::Escaped`]: what an escaped location holds, what unknown code returns. Reading
//! through it gives it again, writing through it makes the value escape, calling through it
//! runs unknown code. A driver's escaped memory has thousands of locations, which every
//! statement that touches it copied into its sets, every round; at the end
//! ([`Solver::finish`]) the sets that hold it get the escaped locations themselves, once.
//! Layout effects of accesses through it are not applied to the escaped objects: whatever
//! their layout, such an access may touch every location of every escaped object.
//! Globals the program never names do not escape: unknown code may use them, but the
//! program reaches them only through pointers into escaped memory, which may point
//! anywhere in it already (a driver's headers declare hundreds).

use super::eval::{lval_ty, Effect, Eval, BYTE_CAP};
use super::{default_layout, AbsLoc, AbsObj, CallSite, Layout, PointsTo, SiteTargets};
use crate::analysis::layout;
use crate::cir::env::{classify, EnvFn, Known};
use crate::cir::{Callee, Expr, ExprKind, FuncId, Lval, NodeId, Program, Stmt, VarId, VarKind};
use rustc_hash::FxHashMap as HashMap;
use std::collections::{BTreeMap, BTreeSet};

/// Where a write goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Dst {
    Loc(AbsLoc),
    /// Byte `off` of the value function `f` returns (`u64::MAX`: anywhere in it).
    Ret(FuncId, u64),
}

/// Marks a returned value too large to track byte by byte.
const RET_ANY: u64 = u64::MAX;

/// What one statement implies.
#[derive(Default)]
struct Out {
    writes: Vec<(Dst, BTreeSet<AbsLoc>)>,
    escapes: BTreeSet<AbsObj>,
    activate: bool,
    site: Option<(CallSite, SiteTargets)>,
}

/// An argument's abstract value.
enum ArgVal {
    /// A scalar: what it may point to.
    Scalar(BTreeSet<AbsLoc>),
    /// An aggregate read from these locations, of this many bytes.
    Agg(BTreeSet<AbsLoc>, u64),
}

/// Transfer functions of one statement.
struct Transfer<'a> {
    ev: Eval<'a>,
    out: Out,
    fallback: &'a BTreeSet<CallSite>,
    results: &'a HashMap<FuncId, VarId>,
    externals: &'a [External],
}

/// What a call of one function without a body does, classified once per solve (every
/// round visits every call).
#[derive(Clone, Debug)]
struct External {
    class: EnvFn,
    /// [`Program::unknown_is_pure`](crate::cir::Program::unknown_is_pure).
    pure: bool,
}

impl<'a> Transfer<'a> {
    fn write(&mut self, d: Dst, v: BTreeSet<AbsLoc>) {
        if !v.is_empty() {
            self.out.writes.push((d, v));
        }
    }

    /// The value `v` goes to every cell of `size` bytes at each of `dst` (size 0: a scalar).
    fn write_value(&mut self, dst: &BTreeSet<AbsLoc>, size: u64, v: &BTreeSet<AbsLoc>) {
        if v.is_empty() {
            return;
        }
        for l in dst {
            for c in self.ev.bytes_cells(*l, size) {
                self.write(Dst::Loc(c), v.clone());
            }
        }
    }

    /// Copy `size` bytes from each of `src` to each of `dst`.
    fn copy(&mut self, dst: &BTreeSet<AbsLoc>, src: &BTreeSet<AbsLoc>, size: u64) {
        for l in dst {
            for r in src {
                for (c, v) in self.ev.copy_bytes(*l, *r, size) {
                    self.write(Dst::Loc(c), v);
                }
            }
        }
    }

    fn arg_val(&mut self, e: &Expr) -> ArgVal {
        let size = self.ev.agg_size(e.ty);
        match (&e.kind, size) {
            (ExprKind::Read(lv), s) if s > 0 => ArgVal::Agg(self.ev.lval(lv), s),
            _ => ArgVal::Scalar(self.ev.expr(e)),
        }
    }

    /// Everything an argument value may carry.
    fn arg_flat(&mut self, a: &ArgVal) -> BTreeSet<AbsLoc> {
        match a {
            ArgVal::Scalar(v) => v.clone(),
            ArgVal::Agg(locs, size) => {
                let mut out = BTreeSet::new();
                for l in locs {
                    out.extend(self.ev.bytes_value(*l, *size));
                }
                out
            }
        }
    }

    /// `dst` (of type `ty`) receives the value `a`.
    fn assign_arg(&mut self, dst: &BTreeSet<AbsLoc>, ty_size: u64, a: &ArgVal) {
        match a {
            ArgVal::Agg(src, size) => {
                let n = if ty_size > 0 { ty_size } else { *size };
                self.copy(dst, src, n);
            }
            ArgVal::Scalar(v) => self.write_value(dst, ty_size, v),
        }
    }

    /// `lhs = rhs` with `lhs` of type `ty`.
    fn assign(&mut self, lhs: &Lval, rhs: &Expr) {
        let dst = self.ev.lval(lhs);
        let size = lval_ty(self.ev.prog, lhs)
            .map(|t| self.ev.agg_size(t))
            .unwrap_or(0);
        let a = self.arg_val(rhs);
        self.assign_arg(&dst, size, &a);
    }

    fn stmt(&mut self, func: FuncId, site: CallSite, stmt: &Stmt) {
        match stmt {
            Stmt::Skip | Stmt::Error => {}
            Stmt::Assign { lhs, rhs } => self.assign(lhs, rhs),
            Stmt::Assume(e) => {
                self.ev.expr(e);
            }
            Stmt::Havoc { lhs, .. } => {
                self.ev.lval(lhs);
            }
            Stmt::Alloc { lhs, site, size } => {
                self.ev.expr(size);
                let dst = self.ev.lval(lhs);
                let v = BTreeSet::from([AbsLoc::start(AbsObj::Alloc(*site))]);
                self.write_value(&dst, 0, &v);
            }
            Stmt::Call { lhs, callee, args } => self.call(site, lhs.as_ref(), callee, args),
            Stmt::Return(Some(e)) => self.ret(func, e),
            Stmt::Return(None) => {}
            Stmt::Halt { code } => {
                if let Some(e) = code {
                    self.ev.expr(e);
                }
            }
        }
    }

    fn ret(&mut self, func: FuncId, e: &Expr) {
        match self.arg_val(e) {
            ArgVal::Scalar(v) => {
                // the `\result` pseudo variable (of predicates about the returned value)
                // points where the returned pointer does
                if let Some(&r) = self.results.get(&func) {
                    self.write(Dst::Loc(AbsLoc::start(AbsObj::Var(r))), v.clone());
                }
                self.write(Dst::Ret(func, 0), v)
            }
            ArgVal::Agg(src, size) if size > BYTE_CAP => {
                let mut all = BTreeSet::new();
                for r in &src {
                    all.extend(self.ev.bytes_value(*r, size));
                }
                self.write(Dst::Ret(func, RET_ANY), all);
            }
            ArgVal::Agg(src, size) => {
                for r in &src {
                    for x in 0..size {
                        let c = self.ev.loc_at(r.obj, r.off as i64 + x as i64);
                        let v = self.ev.pts(&c).clone();
                        self.write(Dst::Ret(func, x), v);
                    }
                }
            }
        }
    }

    /// `lhs` receives what `g` returns.
    fn ret_into(&mut self, g: FuncId, lhs: &BTreeSet<AbsLoc>, lhs_size: u64) {
        let Some(rets) = self.ev.pt.rets.get(&g) else {
            return;
        };
        for (&x, v) in rets {
            for l in lhs {
                if x == RET_ANY {
                    for c in self.ev.bytes_cells(*l, lhs_size) {
                        self.write(Dst::Loc(c), v.clone());
                    }
                } else {
                    let c = self.ev.loc_at(l.obj, l.off as i64 + x as i64);
                    self.write(Dst::Loc(c), v.clone());
                }
            }
        }
    }

    fn call(&mut self, site: CallSite, lhs: Option<&Lval>, callee: &Callee, args: &[Expr]) {
        let prog = self.ev.prog;
        let lhs_locs = lhs.map(|lv| self.ev.lval(lv)).unwrap_or_default();
        let lhs_size = lhs
            .and_then(|lv| lval_ty(prog, lv))
            .map(|t| self.ev.agg_size(t))
            .unwrap_or(0);
        let (targets, mut unknown, mut calls_back) = match callee {
            Callee::Direct(f) => (BTreeSet::from([*f]), false, false),
            Callee::Indirect(e) => self.indirect_targets(site, e, args.len()),
        };
        let vals: Vec<ArgVal> = args.iter().map(|a| self.arg_val(a)).collect();
        for &g in &targets {
            let Some(func) = prog.functions.get(g.0 as usize) else {
                continue;
            };
            if func.body.is_some() {
                for (p, a) in func.params.iter().zip(&vals) {
                    let dst = BTreeSet::from([self.ev.loc_at(AbsObj::Var(*p), 0)]);
                    let size = prog
                        .vars
                        .get(p.0 as usize)
                        .map(|v| self.ev.agg_size(v.ty))
                        .unwrap_or(0);
                    self.assign_arg(&dst, size, a);
                }
                if lhs.is_some() {
                    self.ret_into(g, &lhs_locs, lhs_size);
                }
                continue;
            }
            let Some(ext) = self.externals.get(g.0 as usize) else {
                continue;
            };
            match &ext.class {
                EnvFn::Nondet
                | EnvFn::Assume
                | EnvFn::Error
                | EnvFn::AssertCall
                | EnvFn::Halt { .. } => {}
                EnvFn::Alloc { .. } => {
                    // An allocator reached through a pointer: no allocation site names the
                    // object, so it is memory only the environment names.
                    self.out.activate = true;
                    let mut v = self.ev.pt.e_locs.clone();
                    v.insert(AbsLoc::start(AbsObj::Unknown));
                    self.write_value(&lhs_locs, lhs_size, &v);
                }
                EnvFn::Known(k) => self.known(*k, &vals, &lhs_locs, lhs_size),
                EnvFn::Unknown if ext.pure => {
                    // SV-COMP's reading: an arbitrary result, no other effect; a pointer
                    // it returns points to memory only the environment names
                    let v = BTreeSet::from([AbsLoc::start(AbsObj::Unknown)]);
                    self.write_value(&lhs_locs, lhs_size, &v);
                }
                EnvFn::Unknown => {
                    unknown = true;
                    calls_back |= !prog.quiet_externals.contains(&g);
                }
            }
        }
        if unknown {
            self.unknown_call(&vals, &lhs_locs, lhs_size);
        }
        self.out.site = Some((
            site,
            SiteTargets {
                funcs: targets.into_iter().collect(),
                unknown,
                calls_back,
            },
        ));
    }

    /// What a call through `e` with `nargs` arguments may reach: the functions, whether
    /// unknown code may run, whether that code may call the program back.
    fn indirect_targets(
        &mut self,
        site: CallSite,
        e: &Expr,
        nargs: usize,
    ) -> (BTreeSet<FuncId>, bool, bool) {
        let mut targets = BTreeSet::new();
        let mut unknown = false;
        for l in self.ev.expr(e) {
            match l.obj {
                AbsObj::Func(f) => {
                    targets.insert(f);
                }
                AbsObj::Unknown => unknown = true,
                AbsObj::Escaped => {
                    // any escaped function, or unknown code (`Unknown` is escaped)
                    unknown = true;
                    targets.extend(self.ev.pt.escaped.iter().filter_map(|o| match o {
                        AbsObj::Func(f) => Some(*f),
                        _ => None,
                    }));
                }
                _ => {}
            }
        }
        if unknown || (targets.is_empty() && self.fallback.contains(&site)) {
            targets.extend(self.ev.pt.fallback_targets(self.ev.prog, Some(nargs)));
        }
        (targets, unknown, unknown)
    }

    fn known(&mut self, k: Known, vals: &[ArgVal], lhs: &BTreeSet<AbsLoc>, lhs_size: u64) {
        match k {
            Known::Output | Known::Free | Known::Strlen | Known::Strcmp | Known::Abs => {}
            Known::Memset | Known::Strcpy => {
                if let Some(d) = vals.first() {
                    let d = self.arg_flat(d);
                    self.write_value(lhs, lhs_size, &d);
                }
            }
            Known::Memcpy => {
                let (Some(d), Some(s)) = (vals.first(), vals.get(1)) else {
                    return;
                };
                let d = self.arg_flat(d);
                let s = self.arg_flat(s);
                self.memcpy(&d, &s);
                self.write_value(lhs, lhs_size, &d);
            }
        }
    }

    /// `memcpy(d, s, n)`: pointers stored in the source objects go to the destination objects
    /// (offset by offset when both have the same array-free layout and the same offset).
    /// What a source object holds in all its cells is gathered once, and a destination
    /// object that no source copies into cell by cell gets what all the sources hold, once:
    /// a copy between two large sets (escaped memory) stays linear in them.
    fn memcpy(&mut self, d: &BTreeSet<AbsLoc>, s: &BTreeSet<AbsLoc>) {
        let prog = self.ev.prog;
        let pt = self.ev.pt;
        let mut held: BTreeMap<AbsObj, BTreeSet<AbsLoc>> = BTreeMap::new();
        for r in s {
            held.entry(r.obj).or_insert_with(|| {
                let mut all = BTreeSet::new();
                for x in pt.object_locs(prog, r.obj) {
                    all.extend(pt.pts_of_loc(&x).iter().copied());
                }
                all
            });
        }
        let mut everything: Option<BTreeSet<AbsLoc>> = None;
        let mut merged: BTreeMap<AbsObj, BTreeSet<AbsLoc>> = BTreeMap::new();
        for l in d {
            let ll = pt.layout(prog, l.obj);
            let mut rest = Vec::new();
            for r in s {
                let lr = pt.layout(prog, r.obj);
                match (ll, lr) {
                    (Layout::Untyped, Layout::Typed(t)) => {
                        // the copy gives the fresh object the source's layout; copy next round
                        self.ev.fx.push(Effect::Adopt { obj: l.obj, ty: t });
                    }
                    (Layout::Typed(a), Layout::Typed(b))
                        if a == b
                            && l.off == r.off
                            && !layout::has_nested_array(&prog.types, a) =>
                    {
                        for x in pt.object_locs(prog, r.obj) {
                            let v = pt.pts_of_loc(&x).clone();
                            let cell = AbsLoc {
                                obj: l.obj,
                                off: x.off,
                            };
                            self.write(Dst::Loc(cell), v);
                        }
                    }
                    _ => rest.push(r.obj),
                }
            }
            let into = merged.entry(l.obj).or_default();
            if rest.len() == s.len() {
                let all =
                    everything.get_or_insert_with(|| held.values().flatten().copied().collect());
                if into.len() < all.len() {
                    into.extend(all.iter().copied());
                }
            } else {
                for r in rest {
                    into.extend(held[&r].iter().copied());
                }
            }
        }
        for (obj, all) in merged {
            if all.is_empty() {
                continue;
            }
            for c in pt.object_locs(prog, obj) {
                self.write(Dst::Loc(c), all.clone());
            }
        }
    }

    /// A call to unknown external code (docs/cir.md rules 1-3).
    fn unknown_call(&mut self, vals: &[ArgVal], lhs: &BTreeSet<AbsLoc>, lhs_size: u64) {
        self.out.activate = true;
        for a in vals {
            let v = self.arg_flat(a);
            self.out.escapes.extend(v.iter().map(|l| l.obj));
        }
        let mut v = self.ev.pt.e_locs.clone();
        v.insert(AbsLoc::start(AbsObj::Unknown));
        self.write_value(lhs, lhs_size, &v);
    }
}

/// The solver state around a [`PointsTo`] being built.
pub(super) struct Solver<'p> {
    prog: &'p Program,
    pt: PointsTo,
    changed: bool,
    /// A layout changed: sets must be re-canonicalized.
    dirty: bool,
    /// Indirect call sites resolved to nothing, now calling every compatible function.
    fallback: BTreeSet<CallSite>,
    /// Each function's `\result` pseudo variable (of predicates about its returned value).
    results: HashMap<FuncId, VarId>,
    /// Each function's [`External`] (by index).
    externals: Vec<External>,
    /// Some call runs unknown code that may call the program back (not only
    /// [`Program::quiet_externals`](crate::cir::Program::quiet_externals)): escaped
    /// functions may then be entered with escaped pointers.
    callbacks: bool,
    /// Non-static globals the program names (the ones that escape once unknown code runs).
    named_globals: Vec<VarId>,
}

impl<'p> Solver<'p> {
    pub fn new(prog: &'p Program) -> Self {
        let mut pt = PointsTo::default();
        for (i, f) in prog.functions.iter().enumerate() {
            if f.addr_taken {
                pt.addr_taken_funcs.insert(FuncId(i as u32));
            }
        }
        // Also every function named by an expression, whatever the flag says.
        let mut named = Named::default();
        for init in &prog.inits {
            named.expr(&init.rhs);
            named.lval(&init.lhs);
        }
        for f in &prog.functions {
            if let Some(body) = &f.body {
                for (_, e) in body.edges() {
                    named.stmt(&e.stmt);
                }
            }
        }
        pt.addr_taken_funcs.extend(named.funcs);
        let named_globals = named
            .vars
            .into_iter()
            .filter(|v| {
                matches!(
                    prog.vars.get(v.0 as usize).map(|x| &x.kind),
                    Some(VarKind::Global { is_static: false })
                )
            })
            .collect();
        let results = prog
            .var_ids()
            .filter(|&v| crate::c2bp::is_result_var(prog, v))
            .filter_map(|v| prog.var(v).frame_of().map(|f| (f, v)))
            .collect();
        let externals = (0..prog.functions.len())
            .map(|i| External {
                class: classify(&prog.functions[i].name),
                pure: prog.unknown_is_pure(FuncId(i as u32)),
            })
            .collect();
        Solver {
            externals,
            prog,
            pt,
            changed: false,
            dirty: false,
            callbacks: false,
            fallback: BTreeSet::new(),
            results,
            named_globals,
        }
    }

    pub fn run(mut self) -> PointsTo {
        loop {
            self.fixpoint();
            let new: Vec<CallSite> = self
                .pt
                .sites
                .iter()
                .filter(|(s, t)| t.funcs.is_empty() && !t.unknown && !self.fallback.contains(s))
                .map(|(s, _)| *s)
                .collect();
            if new.is_empty() {
                break;
            }
            self.fallback.extend(new);
        }
        self.finish()
    }

    /// The analysis without [`AbsObj::Escaped`]: the escaped locations listed, and every set
    /// that held the summary holding them.
    fn finish(mut self) -> PointsTo {
        self.pt.escaped.remove(&AbsObj::Escaped);
        self.pt.e_locs = self.compute_e_locs();
        let summary = AbsLoc::start(AbsObj::Escaped);
        let e_locs = &self.pt.e_locs;
        let expand = |set: &mut BTreeSet<AbsLoc>| {
            if set.remove(&summary) {
                set.extend(e_locs.iter().copied());
            }
        };
        for m in self.pt.mem.values_mut().chain(self.pt.rets.values_mut()) {
            m.values_mut().for_each(expand);
        }
        self.pt
    }

    fn fixpoint(&mut self) {
        loop {
            self.pt.rounds += 1;
            self.changed = false;
            if self.dirty {
                self.sweep();
                self.dirty = false;
            }
            self.pt.sites.clear();
            self.round();
            if !self.changed {
                break;
            }
        }
    }

    fn round(&mut self) {
        let prog = self.prog;
        for init in &prog.inits {
            let out = {
                let mut t = self.transfer();
                t.assign(&init.lhs, &init.rhs);
                (t.out, t.ev.fx)
            };
            self.apply(out);
        }
        for (fi, f) in prog.functions.iter().enumerate() {
            let Some(body) = &f.body else { continue };
            let func = FuncId(fi as u32);
            for (ni, node) in body.nodes.iter().enumerate() {
                for (ei, edge) in node.edges.iter().enumerate() {
                    let site = CallSite {
                        func,
                        node: NodeId(ni as u32),
                        edge: ei,
                    };
                    let out = {
                        let mut t = self.transfer();
                        t.stmt(func, site, &edge.stmt);
                        (t.out, t.ev.fx)
                    };
                    self.apply(out);
                }
            }
        }
        // Escaped functions may be called back by unknown code with escaped pointers (not
        // when all the unknown code the program runs is quiet: a driver's kernel routines
        // other than the ones that take callbacks; the harness calls its entry points).
        if !self.callbacks {
            return;
        }
        for f in self.pt.escaped_funcs(prog) {
            let out = {
                let mut t = self.transfer();
                let mut v = t.ev.pt.e_locs.clone();
                v.insert(AbsLoc::start(AbsObj::Unknown));
                for p in &prog.functions[f.0 as usize].params {
                    let dst = BTreeSet::from([t.ev.loc_at(AbsObj::Var(*p), 0)]);
                    let size = prog
                        .vars
                        .get(p.0 as usize)
                        .map(|x| t.ev.agg_size(x.ty))
                        .unwrap_or(0);
                    t.write_value(&dst, size, &v);
                }
                if let Some(rets) = t.ev.pt.rets.get(&f) {
                    for s in rets.values() {
                        t.out.escapes.extend(s.iter().map(|l| l.obj));
                    }
                }
                (t.out, t.ev.fx)
            };
            self.apply(out);
        }
    }

    fn transfer(&self) -> Transfer<'_> {
        Transfer {
            ev: Eval::new(self.prog, &self.pt),
            out: Out::default(),
            fallback: &self.fallback,
            results: &self.results,
            externals: &self.externals,
        }
    }

    fn apply(&mut self, (out, fx): (Out, Vec<Effect>)) {
        for e in fx {
            self.effect(e);
        }
        if out.activate {
            self.activate();
        }
        for o in out.escapes {
            self.escape(o);
        }
        for (d, v) in out.writes {
            self.add(d, v);
        }
        if let Some((site, t)) = out.site {
            if t.unknown && t.calls_back && !self.callbacks {
                self.callbacks = true;
                self.changed = true;
            }
            self.pt.sites.insert(site, t);
        }
    }

    fn add(&mut self, d: Dst, v: BTreeSet<AbsLoc>) {
        match d {
            Dst::Loc(l) if self.pt.escaped.contains(&l.obj) => {
                for x in v {
                    self.escape(x.obj);
                }
            }
            Dst::Loc(l) => {
                let set = self
                    .pt
                    .mem
                    .entry(l.obj)
                    .or_default()
                    .entry(l.off)
                    .or_default();
                for x in v {
                    self.changed |= set.insert(x);
                }
            }
            Dst::Ret(f, off) => {
                let set = self.pt.rets.entry(f).or_default().entry(off).or_default();
                for x in v {
                    self.changed |= set.insert(x);
                }
            }
        }
    }

    /// `obj` becomes reachable by unknown code, and so does everything stored in it.
    fn escape(&mut self, obj: AbsObj) {
        let mut work = vec![obj];
        while let Some(o) = work.pop() {
            if !self.pt.escaped.insert(o) {
                continue;
            }
            self.changed = true;
            if let Some(m) = self.pt.mem.get(&o) {
                for s in m.values() {
                    work.extend(s.iter().map(|l| l.obj));
                }
            }
        }
    }

    /// The program calls unknown code: `Unknown` and the non-static globals escape.
    fn activate(&mut self) {
        if self.pt.unknown_active {
            return;
        }
        self.pt.unknown_active = true;
        self.changed = true;
        self.escape(AbsObj::Unknown);
        self.escape(AbsObj::Escaped);
        self.pt.e_locs = BTreeSet::from([AbsLoc::start(AbsObj::Escaped)]);
        for v in std::mem::take(&mut self.named_globals) {
            self.escape(AbsObj::Var(v));
        }
    }

    fn set_layout(&mut self, obj: AbsObj, l: Layout) {
        if self.pt.layout(self.prog, obj) == l {
            return;
        }
        if l == default_layout(self.prog, obj) {
            self.pt.layouts.remove(&obj);
        } else {
            self.pt.layouts.insert(obj, l);
        }
        self.changed = true;
        self.dirty = true;
    }

    /// The layout an untyped object gets from being accessed as `ty`.
    fn typed_from(&self, ty: crate::cir::Ty) -> Option<Layout> {
        let types = &self.prog.types;
        let t = layout::strip_arrays(types, ty);
        match types.kind(t) {
            crate::cir::TypeKind::Void | crate::cir::TypeKind::Function(_) => None,
            _ if layout::size(types, t) > 0 => Some(Layout::Typed(t)),
            _ => Some(Layout::Collapsed),
        }
    }

    fn effect(&mut self, e: Effect) {
        let types = &self.prog.types;
        match e {
            Effect::View { obj, off, ty } => match self.pt.layout(self.prog, obj) {
                Layout::Untyped if off == 0 => {
                    if let Some(l) = self.typed_from(ty) {
                        self.set_layout(obj, l);
                    }
                }
                Layout::Untyped => self.set_layout(obj, Layout::Collapsed),
                Layout::Typed(t) => {
                    let off = layout::normalize(types, t, off as i64);
                    if !layout::view_compatible(types, t, off, ty) {
                        self.set_layout(obj, Layout::Collapsed);
                    }
                }
                Layout::Collapsed => {}
            },
            Effect::Arith { obj, ty } | Effect::Adopt { obj, ty } => {
                if self.pt.layout(self.prog, obj) == Layout::Untyped {
                    let l = self.typed_from(ty).unwrap_or(Layout::Collapsed);
                    self.set_layout(obj, l);
                }
            }
            Effect::Collapse(obj) => self.set_layout(obj, Layout::Collapsed),
        }
    }

    /// Re-canonicalize every location after layout changes.
    fn sweep(&mut self) {
        let prog = self.prog;
        let old = std::mem::take(&mut self.pt.mem);
        let canon = |pt: &PointsTo, l: &AbsLoc| pt.loc_at(prog, l.obj, l.off as i64);
        let mut new: rustc_hash::FxHashMap<AbsObj, BTreeMap<u64, BTreeSet<AbsLoc>>> =
            rustc_hash::FxHashMap::with_capacity_and_hasher(old.len(), Default::default());
        for (obj, m) in old {
            for (off, set) in m {
                let k = canon(&self.pt, &AbsLoc { obj, off });
                let mapped: BTreeSet<AbsLoc> = set.iter().map(|l| canon(&self.pt, l)).collect();
                new.entry(obj)
                    .or_default()
                    .entry(k.off)
                    .or_default()
                    .extend(mapped);
            }
        }
        self.pt.mem = new;
        let rets = std::mem::take(&mut self.pt.rets);
        for (f, m) in rets {
            let m2 = m
                .into_iter()
                .map(|(x, s)| (x, s.iter().map(|l| canon(&self.pt, l)).collect()))
                .collect();
            self.pt.rets.insert(f, m2);
        }
    }

    fn compute_e_locs(&self) -> BTreeSet<AbsLoc> {
        let mut out = BTreeSet::new();
        for o in self.pt.escaped.iter().filter(|o| **o != AbsObj::Escaped) {
            out.extend(self.pt.object_locs(self.prog, *o));
        }
        out
    }
}

/// The functions and variables a program names.
#[derive(Default)]
struct Named {
    funcs: BTreeSet<FuncId>,
    vars: BTreeSet<VarId>,
}

impl Named {
    fn stmt(&mut self, s: &Stmt) {
        if let Stmt::Assign { lhs, .. }
        | Stmt::Havoc { lhs, .. }
        | Stmt::Alloc { lhs, .. }
        | Stmt::Call { lhs: Some(lhs), .. } = s
        {
            self.vars.extend(lhs.base_var());
        }
        s.walk_exprs(&mut |e| self.one(e));
    }

    fn expr(&mut self, e: &Expr) {
        e.walk(&mut |x| self.one(x));
    }

    fn lval(&mut self, lv: &Lval) {
        self.vars.extend(lv.base_var());
        lv.walk_exprs(&mut |x| self.one(x));
    }

    /// One (sub)expression: a function it names, the variable it reads or takes the
    /// address of.
    fn one(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Func(f) => {
                self.funcs.insert(*f);
            }
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => self.vars.extend(lv.base_var()),
            _ => {}
        }
    }
}
