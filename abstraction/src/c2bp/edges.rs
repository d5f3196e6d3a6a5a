//! Abstraction of single CIR edges into boolean-program statements, procedure invariants
//! (`enforce`) and the static initializers.

use super::bp;
use super::cubes::{self, Cube, Query};
use super::wp::{Source, Target, Wp};
use super::{edge_label, Ctx, Scope};
use crate::analysis::points_to::{AbsLoc, AbsObj};
use crate::cir::env::{classify, EnvFn, Known};
use crate::cir::{Callee, Expr, ExprKind, FuncId, Lval, NodeId, Stmt, VarId};
use crate::smt::term::{as_int, CellsKey, Conv, Obj, Op, Term};
use bebop::ast::{Expr as BExpr, Stmt as BStmt, StmtKind};
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;
use std::sync::Arc;

/// A fact the abstraction may use: a term and the boolean-program expression holding its
/// truth value.
#[derive(Clone, Debug)]
pub(crate) struct Atom {
    term: Term,
    bp: BExpr,
    /// The locations the term depends on (for relevance).
    syms: Arc<BTreeSet<Sym>>,
}

impl Atom {
    fn new(term: Term, bp: BExpr) -> Atom {
        let syms = Arc::new(symbols(&term));
        Atom { term, bp, syms }
    }
}

/// Reserved fresh value: the result of a call or allocation on this edge.
const RESULT: Term = Term::Fresh(0);

/// Name of the `k`-th call-result temporary (1-based).
pub fn temp_name(k: usize) -> String {
    format!("t{k}")
}

/// The most call results one edge's code receives.
pub fn temps_used(code: &[BStmt]) -> usize {
    code.iter()
        .map(|s| match &s.kind {
            StmtKind::Call { lhs, .. } => lhs.len(),
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

fn visible(ctx: &Ctx, f: FuncId) -> Vec<usize> {
    let mut v = ctx.preds.globals();
    v.extend(ctx.preds.of_func(f));
    v
}

fn atoms_of(ctx: &Ctx, idx: &[usize]) -> Vec<Atom> {
    idx.iter()
        .map(|&i| Atom {
            term: ctx.terms[i].clone(),
            bp: bp::var(&ctx.preds.preds[i].name),
            syms: ctx.pred_syms[i].clone(),
        })
        .collect()
}

/// Symbols a term depends on, for relevance.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Sym {
    Cell(AbsLoc),
    AnyMem,
    Base(Obj),
}

pub(crate) fn symbols(t: &Term) -> BTreeSet<Sym> {
    let mut out = BTreeSet::new();
    t.visit(&mut |s| match s {
        Term::Var(v) => {
            out.insert(Sym::Cell(AbsLoc {
                obj: AbsObj::Var(*v),
                off: 0,
            }));
        }
        Term::Base(o) => {
            out.insert(Sym::Base(*o));
        }
        Term::Mem { cells, .. } => match &cells.0 {
            Some(c) => out.extend(c.iter().map(|l| Sym::Cell(*l))),
            None => {
                out.insert(Sym::AnyMem);
            }
        },
        _ => {}
    });
    out
}

/// The atoms relevant to `target`: those sharing symbols with it, transitively, nearest
/// first (within a layer, those bringing the fewest new symbols first), at most `max`.
fn relevant(target: &Term, atoms: &[Atom], max: usize) -> Vec<usize> {
    let syms: Vec<&BTreeSet<Sym>> = atoms.iter().map(|a| &*a.syms).collect();
    let mut reach = symbols(target);
    let mut chosen: Vec<usize> = Vec::new();
    loop {
        let mut layer: Vec<usize> = (0..atoms.len())
            .filter(|i| !chosen.contains(i))
            .filter(|&i| {
                syms[i].iter().any(|s| {
                    reach.contains(s)
                        || *s == Sym::AnyMem
                            && reach
                                .iter()
                                .any(|r| matches!(r, Sym::Cell(_) | Sym::AnyMem))
                })
            })
            .collect();
        if layer.is_empty() {
            break;
        }
        // where the layer is cut, the atoms that bring in the fewest new symbols stay
        // (over the target's own symbols, the ones that can decide it)
        layer.sort_by_key(|&i| syms[i].iter().filter(|s| !reach.contains(*s)).count());
        for i in layer {
            if chosen.len() >= max {
                return chosen;
            }
            reach.extend(syms[i].iter().cloned());
            chosen.push(i);
        }
    }
    chosen
}

fn cube_expr(cube: &Cube, atoms: &[Atom], map: &[usize]) -> BExpr {
    bp::and(
        cube.iter()
            .map(|&(j, v)| {
                let e = atoms[map[j as usize]].bp.clone();
                if v {
                    e
                } else {
                    bp::not(e)
                }
            })
            .collect(),
    )
}

/// `(F(target), F(¬target))` over `atoms`, as boolean-program expressions.
fn cover(ctx: &Ctx, atoms: &[Atom], target: &Term, background: &[Term]) -> (BExpr, BExpr) {
    let target = target.clone().truth();
    if let Term::Bin(Op::Ne, a, b) = &target {
        if matches!(**a, Term::Fresh(_)) && **b == Term::Int(0) {
            return (bp::konst(false), bp::konst(false));
        }
    }
    // quick path: the target is one of the atoms, or its negation
    if background.is_empty() {
        for a in atoms {
            if a.term == target {
                return (a.bp.clone(), bp::not(a.bp.clone()));
            }
            if Term::not(a.term.clone()) == target {
                return (bp::not(a.bp.clone()), a.bp.clone());
            }
        }
    }
    let mut map = relevant(&target, atoms, ctx.opts.max_atoms);
    // learnt cubes over these atoms are tried first (their atoms join the query)
    let mut seeds: Vec<Cube> = Vec::new();
    for seed in &ctx.seeds {
        let at: Option<Vec<(usize, bool)>> = seed
            .iter()
            .map(|(t, v)| atoms.iter().position(|a| a.term == *t).map(|k| (k, *v)))
            .collect();
        let Some(at) = at else { continue };
        let mut cube: Cube = Vec::new();
        for (k, v) in at {
            let pos = match map.iter().position(|&m| m == k) {
                Some(p) => p,
                None => {
                    map.push(k);
                    map.len() - 1
                }
            };
            cube.push((pos as u16, v));
        }
        cube.sort_unstable();
        seeds.push(cube);
    }
    let q_atoms: Vec<Term> = map.iter().map(|&i| atoms[i].term.clone()).collect();
    let mut background = background.to_vec();
    background.extend(wrapped_var_ranges(ctx.prog, &q_atoms, &target));
    let q = Query {
        atoms: q_atoms,
        target,
        background,
        seeds,
    };
    let c = cubes::cover(&q, ctx.lim, &ctx.addrs, ctx.cache, ctx.counters);
    let pos = bp::or(c.pos.iter().map(|cb| cube_expr(cb, atoms, &map)).collect());
    let neg = bp::or(c.neg.iter().map(|cb| cube_expr(cb, atoms, &map)).collect());
    (pos, neg)
}

/// `lo <= v <= hi` for each integer variable `v` of the query whose value a wrapping cast
/// takes (`(unsigned)a`: `a - (a >> 32) * 2^32`), with its type's range: every value a C
/// variable holds is in that range, and with it Z3 decides the division of a wrap at once
/// (without, the cube queries of SLAM's cdaudio `a = a + 1` under predicates `(unsigned)a
/// >= 56` took 31 s for the one edge).
fn wrapped_var_ranges(prog: &crate::cir::Program, atoms: &[Term], target: &Term) -> Vec<Term> {
    let mut vars = BTreeSet::new();
    let mut note = |t: &Term| {
        t.visit(&mut |x| {
            if let Term::Bin(Op::Shr, a, k) = x {
                if matches!(**k, Term::Int(8..=64)) {
                    a.visit(&mut |y| {
                        if let Term::Var(v) = y {
                            vars.insert(*v);
                        }
                    });
                }
            }
        })
    };
    atoms.iter().for_each(&mut note);
    note(target);
    vars.into_iter()
        .filter_map(|v| {
            let k = prog.types.as_int(prog.var(v).ty)?;
            if k.is_bool || k.bits > 64 {
                return None;
            }
            let (lo, hi) = if k.signed {
                (-(1i128 << (k.bits - 1)), (1i128 << (k.bits - 1)) - 1)
            } else {
                (0, (1i128 << k.bits) - 1)
            };
            let v = Term::Var(v);
            Some(Term::bin(
                Op::And,
                Term::bin(Op::Le, Term::Int(lo), v.clone()),
                Term::bin(Op::Le, v, Term::Int(hi)),
            ))
        })
        .collect()
}

fn choose(ctx: &Ctx, atoms: &[Atom], target: &Term, background: &[Term]) -> BExpr {
    let (p, n) = cover(ctx, atoms, target, background);
    bp::schoose(p, n)
}

fn conv<'a>(ctx: &'a Ctx, f: FuncId, subst: &'a HashMap<VarId, Term>) -> Conv<'a> {
    Conv {
        prog: ctx.prog,
        pt: ctx.pt,
        func: f,
        subst,
        wrap_casts: ctx.opts.wrap_ints,
    }
}

/// What writing `lhs` means, as a WP target.
pub(crate) fn target_of(c: &Conv, lhs: &Lval) -> Target {
    let prog = c.prog;
    if let Lval::Var(x) = lhs {
        let v = prog.var(*x);
        if !v.addr_taken && prog.types.is_scalar(v.ty) {
            return Target::Var(*x);
        }
    }
    let (addr, cells) = c.access(lhs);
    let addr = addr.unwrap_or(Term::Fresh(u32::MAX - 1));
    let scalar =
        crate::analysis::points_to::lval_ty(prog, lhs).is_some_and(|t| prog.types.is_scalar(t));
    if scalar {
        if let Ok(kind) = c.mem_kind(lhs) {
            return Target::Mem { kind, addr, cells };
        }
    }
    Target::Bytes {
        addr,
        size: c.lval_size(lhs),
        cells,
    }
}

pub(crate) fn source_of(c: &Conv, rhs: &Expr) -> Source {
    if c.prog.types.is_scalar(rhs.ty) {
        return match c.expr(rhs) {
            Ok(t) => Source::Value(as_int(t)),
            Err(_) => Source::Havoc,
        };
    }
    match &rhs.kind {
        ExprKind::Read(lv) => match c.access(lv) {
            (Ok(addr), cells) => Source::Copy { addr, cells },
            (Err(_), _) => Source::Havoc,
        },
        _ => Source::Havoc,
    }
}

/// The parallel assignment updating every predicate `lhs := source` may change.
fn assignment(
    ctx: &Ctx,
    f: FuncId,
    atoms_idx: &[usize],
    lhs: &Lval,
    source: Source,
    extra: &[Atom],
    background: &[Term],
) -> Option<BStmt> {
    let empty = HashMap::default();
    let c = conv(ctx, f, &empty);
    let target = target_of(&c, lhs);
    let mut atoms = atoms_of(ctx, atoms_idx);
    atoms.extend(extra.iter().cloned());
    let mut names = Vec::new();
    let mut values = Vec::new();
    // a predicate that names the assigned variable is given its value here even when its
    // term does not change: points-to may have resolved `tmp->f` to the one cell `tmp` can
    // point to, yet the predicate is a local of this function whose boolean variable holds
    // nothing meaningful until the variable is set (c-tests/memory/state_machine_safe.c:
    // `tmp = s` before `step(tmp)` left `{tmp->state == 0}` arbitrary, and refinement
    // stalled at that step: `coarse-cubes`)
    let assigned = match lhs {
        Lval::Var(v) => Some(*v),
        _ => None,
    };
    let names_assigned =
        |i: usize| assigned.is_some_and(|v| names_var(&ctx.preds.preds[i].expr, v));
    // such a value is decided by the other predicates only: the old values of those that
    // name the variable may be the arbitrary ones a local starts with
    let mut others: Option<Vec<Atom>> = None;
    for &i in atoms_idx {
        let t = &ctx.terms[i];
        let mut wp = Wp {
            next_fresh: 1,
            ptr_bytes: c.pointer_bytes(),
        };
        let w = wp.apply(&target, &source, t);
        if &w != t {
            names.push(ctx.preds.preds[i].name.clone());
            values.push(choose(ctx, &atoms, &w, background));
        } else if names_assigned(i) {
            let others = others.get_or_insert_with(|| {
                let idx: Vec<usize> = atoms_idx
                    .iter()
                    .copied()
                    .filter(|&j| !names_assigned(j))
                    .collect();
                let mut a = atoms_of(ctx, &idx);
                a.extend(extra.iter().cloned());
                a
            });
            names.push(ctx.preds.preds[i].name.clone());
            values.push(choose(ctx, others, &w, background));
        }
    }
    if names.is_empty() {
        None
    } else {
        Some(bp::assign(names, values))
    }
}

/// The expression reads variable `v` (directly or through it).
fn names_var(e: &Expr, v: VarId) -> bool {
    let mut vars = Vec::new();
    crate::c2bp::expr_vars(e, &mut vars);
    vars.contains(&v)
}

/// The statements of edge `e` of node `n` of `f`.
pub fn abstract_edge(ctx: &Ctx, f: FuncId, n: NodeId, e: usize) -> Vec<BStmt> {
    let body = ctx.prog.func(f).body.as_ref().expect("edges of bodies");
    let edge = &body.node(n).edges[e];
    let vis = visible(ctx, f);
    // a volatile variable may have changed before it is read
    let mut code: Vec<BStmt> = Vec::new();
    if !ctx.prog.volatile.is_empty() {
        let mut read = Vec::new();
        stmt_reads(&edge.stmt, &mut read);
        read.sort();
        read.dedup();
        for v in read.into_iter().filter(|v| ctx.prog.volatile.contains(v)) {
            code.extend(assignment(
                ctx,
                f,
                &vis,
                &Lval::Var(v),
                Source::Havoc,
                &[],
                &[],
            ));
        }
    }
    code.extend(edge_code(ctx, f, n, e, &vis));
    code
}

/// Variables an expression reads (the roots of the lvalues it reads).
fn expr_reads(e: &Expr, out: &mut Vec<VarId>) {
    match &e.kind {
        ExprKind::Read(lv) => lval_reads(lv, true, out),
        ExprKind::AddrOf(lv) => lval_reads(lv, false, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr_reads(a, out),
        ExprKind::Binary(_, a, b) => {
            expr_reads(a, out);
            expr_reads(b, out);
        }
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
    }
}

/// Variables read to evaluate an lvalue (its root too when `value`: it is read).
fn lval_reads(lv: &Lval, value: bool, out: &mut Vec<VarId>) {
    match lv {
        Lval::Var(v) => {
            if value {
                out.push(*v)
            }
        }
        Lval::Deref(e) => expr_reads(e, out),
        Lval::Field(b, ..) => lval_reads(b, value, out),
        Lval::Index(b, i) => {
            lval_reads(b, value, out);
            expr_reads(i, out);
        }
    }
}

fn stmt_reads(s: &Stmt, out: &mut Vec<VarId>) {
    match s {
        Stmt::Assign { lhs, rhs } => {
            lval_reads(lhs, false, out);
            expr_reads(rhs, out);
        }
        Stmt::Assume(c) => expr_reads(c, out),
        Stmt::Havoc { lhs, .. } => lval_reads(lhs, false, out),
        Stmt::Alloc { lhs, size, .. } => {
            lval_reads(lhs, false, out);
            expr_reads(size, out);
        }
        Stmt::Call { lhs, callee, args } => {
            if let Some(l) = lhs {
                lval_reads(l, false, out);
            }
            if let Callee::Indirect(e) = callee {
                expr_reads(e, out);
            }
            args.iter().for_each(|a| expr_reads(a, out));
        }
        Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => expr_reads(e, out),
        _ => {}
    }
}

fn edge_code(ctx: &Ctx, f: FuncId, n: NodeId, e: usize, vis: &[usize]) -> Vec<BStmt> {
    let body = ctx.prog.func(f).body.as_ref().expect("edges of bodies");
    let edge = &body.node(n).edges[e];
    let vis = vis.to_vec();
    let empty = HashMap::default();
    let c = conv(ctx, f, &empty);
    match &edge.stmt {
        Stmt::Skip => vec![],
        Stmt::Assume(cond) => assume_code(ctx, f, &vis, cond),
        Stmt::Assign { lhs, rhs } => assignment(ctx, f, &vis, lhs, source_of(&c, rhs), &[], &[])
            .into_iter()
            .collect(),
        Stmt::Havoc { lhs, .. } => assignment(ctx, f, &vis, lhs, Source::Havoc, &[], &[])
            .into_iter()
            .collect(),
        Stmt::Alloc { lhs, site, .. } => {
            let may_fail = ctx
                .prog
                .allocs
                .get(site.0 as usize)
                .is_none_or(|s| s.may_fail);
            alloc_code(ctx, f, &vis, lhs, may_fail)
        }
        Stmt::Call { lhs, callee, args } => {
            call_code(ctx, f, n, e, &vis, lhs.as_ref(), callee, args, &edge.stmt)
        }
        Stmt::Return(v) => vec![return_code(ctx, f, &vis, v.as_ref())],
        Stmt::Error => vec![bp::stmt(StmtKind::Assert(bp::konst(false)))],
        Stmt::Halt { .. } => vec![bp::stmt(StmtKind::Assume(bp::konst(false)))],
    }
}

fn assume_code(ctx: &Ctx, f: FuncId, vis: &[usize], cond: &Expr) -> Vec<BStmt> {
    let empty = HashMap::default();
    let Ok(t) = conv(ctx, f, &empty).expr(cond) else {
        return vec![];
    };
    let (_, neg) = cover(ctx, &atoms_of(ctx, vis), &t, &[]);
    if bp::is_const(&neg, false) {
        vec![]
    } else {
        vec![bp::stmt(StmtKind::Assume(bp::not(neg)))]
    }
}

fn alloc_code(ctx: &Ctx, f: FuncId, vis: &[usize], lhs: &Lval, may_fail: bool) -> Vec<BStmt> {
    // a fresh object lies apart from every named one (the path formula puts it higher
    // still), so `p == &g` is false for a pointer `p` to it
    let fresh = Term::bin(Op::Ge, RESULT, Term::Int(ctx.addrs.heap_start()));
    let bg = if may_fail {
        vec![Term::bin(
            Op::Or,
            Term::bin(Op::Eq, RESULT, Term::Int(0)),
            fresh,
        )]
    } else {
        vec![fresh]
    };
    assignment(ctx, f, vis, lhs, Source::Value(RESULT), &[], &bg)
        .into_iter()
        .collect()
}

/// Every location the functions with a body that `f` calls may modify.
fn callees_mod(ctx: &Ctx, f: FuncId) -> BTreeSet<AbsLoc> {
    callees_mod_of(ctx.prog, ctx.pt, ctx.modref, f)
}

/// The locations the callees (with bodies) of `f` may modify.
pub(super) fn callees_mod_of(
    prog: &crate::cir::Program,
    pt: &crate::analysis::points_to::PointsTo,
    modref: &crate::analysis::modref::ModRef,
    f: FuncId,
) -> BTreeSet<AbsLoc> {
    let mut out = BTreeSet::new();
    let Some(body) = &prog.func(f).body else {
        return out;
    };
    for node in &body.nodes {
        for edge in &node.edges {
            let Stmt::Call { callee, .. } = &edge.stmt else {
                continue;
            };
            for g in pt.call_targets(prog, f, callee) {
                if prog.func(g).body.is_some() {
                    out.extend(modref.mod_of(g).iter().copied());
                }
            }
        }
    }
    out
}

/// True if the term reads a location in `mods`.
pub(crate) fn meets(t: &Term, mods: &BTreeSet<AbsLoc>) -> bool {
    let mut hit = false;
    t.visit(&mut |s| match s {
        Term::Var(v) => {
            hit |= mods.contains(&AbsLoc {
                obj: AbsObj::Var(*v),
                off: 0,
            })
        }
        Term::Mem { cells, .. } => hit |= cells.meets(mods),
        _ => {}
    });
    hit
}

#[allow(clippy::too_many_arguments)]
fn call_code(
    ctx: &Ctx,
    f: FuncId,
    n: NodeId,
    e: usize,
    vis: &[usize],
    lhs: Option<&Lval>,
    callee: &Callee,
    args: &[Expr],
    stmt: &Stmt,
) -> Vec<BStmt> {
    let prog = ctx.prog;
    let targets = ctx.pt.call_targets(prog, f, callee);
    let mut alts: Vec<Vec<BStmt>> = Vec::new();
    let mut external = targets.is_empty();
    for &g in &targets {
        if prog.func(g).body.is_some() {
            alts.push(call_defined(ctx, f, vis, lhs, g, args));
        } else {
            external = true;
        }
    }
    if external {
        let env = match callee {
            Callee::Direct(g) if targets.len() == 1 => classify(&prog.func(*g).name),
            _ => EnvFn::Unknown,
        };
        alts.push(call_external(ctx, f, vis, lhs, args, stmt, env));
    }
    if alts.len() == 1 {
        return alts.pop().unwrap_or_default();
    }
    // nondeterministic choice among the possible callees
    let base = edge_label(n, e);
    let join = format!("{base}_j");
    let labels: Vec<String> = (0..alts.len()).map(|i| format!("{base}_c{i}")).collect();
    let mut out = vec![bp::goto(&labels)];
    for (i, mut code) in alts.into_iter().enumerate() {
        code.push(bp::goto(std::slice::from_ref(&join)));
        code[0] = bp::labelled(&labels[i], code[0].clone());
        out.extend(code);
    }
    out.push(bp::labelled(&join, bp::stmt(StmtKind::Skip)));
    out
}

fn call_defined(
    ctx: &Ctx,
    f: FuncId,
    vis: &[usize],
    lhs: Option<&Lval>,
    g: FuncId,
    args: &[Expr],
) -> Vec<BStmt> {
    let prog = ctx.prog;
    let sig = &ctx.sigs[&g];
    let empty = HashMap::default();
    let cf = conv(ctx, f, &empty);
    let params = &prog.func(g).params;
    let actuals: Vec<Option<Term>> = params
        .iter()
        .enumerate()
        .map(|(k, _)| args.get(k).and_then(|a| cf.expr(a).ok()).map(as_int))
        .collect();
    let mods = ctx.modref.mod_of(g);
    let mut subst: HashMap<VarId, Term> = HashMap::default();
    let mut invariant: HashMap<VarId, bool> = HashMap::default();
    for (k, &p) in params.iter().enumerate() {
        let t = actuals[k].clone().unwrap_or(Term::Fresh(u32::MAX - 2));
        invariant.insert(p, actuals[k].is_some() && !meets(&t, mods));
        subst.insert(p, t);
    }
    // entry values: the actual of `\old(x)` is the caller's `x`; where the callee may
    // change `x`, the returned predicates see `\old(x)` as itself, the symbol of the value
    // `x` had before the call (and the caller's own predicates are stated over it too)
    let mut before: HashMap<VarId, VarId> = HashMap::default(); // x -> \old(x)
    let mut unsayable: BTreeSet<VarId> = BTreeSet::new();
    for (old, x) in super::entry_values_of(prog, g) {
        let Ok(t) = cf.read(&Lval::Var(x)) else {
            unsayable.insert(old);
            continue;
        };
        let t = as_int(t);
        if meets(&t, mods) {
            if g == f {
                // a recursive call: the symbol is the caller's own entry value
                unsayable.insert(old);
            } else {
                before.insert(x, old);
            }
        } else {
            invariant.insert(old, true);
        }
        subst.insert(old, t);
    }
    let atoms = atoms_of(ctx, vis);
    let mut out = Vec::new();

    // 1. formal predicates from the actuals
    let cg = conv(ctx, g, &subst);
    let bargs: Vec<BExpr> = sig
        .formals
        .iter()
        .map(|&i| match cg.expr(&ctx.preds.preds[i].expr) {
            Ok(t) if actuals_known(ctx, i, &actuals, params) => choose(ctx, &atoms, &t, &[]),
            _ => bp::nondet(),
        })
        .collect();
    // 2. the call
    let temps: Vec<String> = (1..=sig.returns.len()).map(temp_name).collect();
    out.push(bp::stmt(StmtKind::Call {
        lhs: temps.iter().map(|t| bp::ident(t)).collect(),
        callee: bp::ident(&sig.name),
        args: bargs,
    }));
    // 3. what the returned predicates say in the caller's terms
    let mut subst_r = subst.clone();
    if let Some(r) = ctx.results.get(&g).copied() {
        subst_r.insert(r, RESULT);
    }
    if let Some(t) = ctx.returned.get(&g).copied() {
        subst_r.insert(t, RESULT);
    }
    for old in before.values() {
        subst_r.remove(old);
    }
    let cr = conv(ctx, g, &subst_r);
    let mut ret_atoms = Vec::new();
    for (k, &i) in sig.returns.iter().enumerate() {
        let mut vars = Vec::new();
        super::expr_vars(&ctx.preds.preds[i].expr, &mut vars);
        let ok = vars.iter().all(|v| {
            (!params.contains(v) || invariant.get(v).copied().unwrap_or(false))
                && !unsayable.contains(v)
        });
        if !ok {
            continue;
        }
        if let Ok(t) = cr.expr(&ctx.preds.preds[i].expr) {
            ret_atoms.push(Atom::new(t.truth(), bp::var(&temps[k])));
        }
    }
    // 4. the caller's own predicates the callee may have changed
    let (changed, kept): (Vec<usize>, Vec<usize>) = vis
        .iter()
        .partition(|&&i| ctx.preds.preds[i].scope != Scope::Global && meets(&ctx.terms[i], mods));
    if !changed.is_empty() {
        let mut facts = atoms_of(ctx, &kept);
        facts.extend(ret_atoms.iter().cloned());
        if !before.is_empty() {
            // the changed predicates' values before the call, over the values before it
            for &i in &changed {
                let t = ctx.terms[i].rewrite(&mut |t| match t {
                    Term::Var(x) => Term::Var(before.get(&x).copied().unwrap_or(x)),
                    other => other,
                });
                if t != ctx.terms[i] && !meets(&t, mods) {
                    facts.push(Atom::new(t, bp::var(&ctx.preds.preds[i].name)));
                }
            }
        }
        let values: Vec<BExpr> = changed
            .iter()
            .map(|&i| choose(ctx, &facts, &ctx.terms[i], &[]))
            .collect();
        let names = changed
            .iter()
            .map(|&i| ctx.preds.preds[i].name.clone())
            .collect();
        out.push(bp::assign(names, values));
    }
    // 5. the assignment of the result
    if let Some(lhs) = lhs {
        if let Some(s) = assignment(ctx, f, vis, lhs, Source::Value(RESULT), &ret_atoms, &[]) {
            out.push(s);
        }
    }
    out
}

/// True if every formal the predicate mentions has an actual.
fn actuals_known(ctx: &Ctx, i: usize, actuals: &[Option<Term>], params: &[VarId]) -> bool {
    let mut vars = Vec::new();
    super::expr_vars(&ctx.preds.preds[i].expr, &mut vars);
    vars.iter()
        .all(|v| match params.iter().position(|p| p == v) {
            Some(k) => actuals[k].is_some(),
            None => true,
        })
}

fn call_external(
    ctx: &Ctx,
    f: FuncId,
    vis: &[usize],
    lhs: Option<&Lval>,
    args: &[Expr],
    stmt: &Stmt,
    env: EnvFn,
) -> Vec<BStmt> {
    let empty = HashMap::default();
    let c = conv(ctx, f, &empty);
    let atoms = atoms_of(ctx, vis);
    let cond = |k: usize| args.get(k).and_then(|a| c.expr(a).ok());
    match env {
        EnvFn::Error => return vec![bp::stmt(StmtKind::Assert(bp::konst(false)))],
        EnvFn::Halt { .. } => return vec![bp::stmt(StmtKind::Assume(bp::konst(false)))],
        EnvFn::AssertCall => {
            let Some(t) = cond(0) else {
                return vec![bp::stmt(StmtKind::Assert(bp::nondet()))];
            };
            let (pos, neg) = cover(ctx, &atoms, &t, &[]);
            return vec![
                bp::stmt(StmtKind::Assert(pos)),
                bp::stmt(StmtKind::Assume(bp::not(neg))),
            ];
        }
        EnvFn::Assume => {
            let Some(t) = cond(0) else { return vec![] };
            let (_, neg) = cover(ctx, &atoms, &t, &[]);
            return vec![bp::stmt(StmtKind::Assume(bp::not(neg)))];
        }
        EnvFn::Nondet => {
            return lhs
                .and_then(|l| assignment(ctx, f, vis, l, Source::Value(RESULT), &[], &[]))
                .into_iter()
                .collect();
        }
        EnvFn::Alloc { may_fail, .. } => {
            return match lhs {
                Some(l) => alloc_code(ctx, f, vis, l, may_fail),
                None => vec![],
            }
        }
        EnvFn::Known(Known::Memset) if lhs.is_none() => {
            if let Some(target) = zeroed_object(ctx, args) {
                return assignment(ctx, f, vis, &target, Source::Zero, &[], &[])
                    .into_iter()
                    .collect();
            }
        }
        EnvFn::Known(_) | EnvFn::Unknown => {}
    }
    // effects on memory: every predicate over a location the call may write becomes unknown
    let no_lhs = stmt.without_result();
    let mods = ctx.modref.stmt_mod(ctx.prog, ctx.pt, f, &no_lhs);
    let hit: Vec<usize> = vis
        .iter()
        .copied()
        .filter(|&i| meets(&ctx.terms[i], &mods))
        .collect();
    let mut out = Vec::new();
    if !hit.is_empty() {
        out.push(bp::assign(
            hit.iter()
                .map(|&i| ctx.preds.preds[i].name.clone())
                .collect(),
            hit.iter().map(|_| bp::nondet()).collect(),
        ));
    }
    if let Some(l) = lhs {
        out.extend(assignment(ctx, f, vis, l, Source::Value(RESULT), &[], &[]));
    }
    out
}

/// The object `memset(p, 0, n)` zeroes, `*p`, when `n` is the size of `p`'s pointee type
/// (after pointer conversions): then the call is the aggregate write of zeros to it.
fn zeroed_object(ctx: &Ctx, args: &[Expr]) -> Option<Lval> {
    let [p, c, n] = args else { return None };
    let konst = |e: &Expr| {
        let mut e = e;
        while let ExprKind::Cast(i) = &e.kind {
            e = i;
        }
        match e.kind {
            ExprKind::Int(k) => Some(k),
            _ => None,
        }
    };
    if konst(c)? != 0 {
        return None;
    }
    let types = &ctx.prog.types;
    let mut p = p;
    while let ExprKind::Cast(i) = &p.kind {
        if !types.is_pointer(i.ty) {
            break;
        }
        p = i;
    }
    let size = types.size_of(types.pointee(p.ty)?)?;
    (size > 0 && konst(n)? == size as i128).then(|| Lval::Deref(Box::new(p.clone())))
}

fn return_code(ctx: &Ctx, f: FuncId, vis: &[usize], value: Option<&Expr>) -> BStmt {
    let sig = &ctx.sigs[&f];
    let empty = HashMap::default();
    let c = conv(ctx, f, &empty);
    let result = ctx.results.get(&f).copied();
    let atoms = atoms_of(ctx, vis);
    let v = value.and_then(|e| c.expr(e).ok()).map(as_int);
    let vals = sig
        .returns
        .iter()
        .map(|&i| {
            let t = &ctx.terms[i];
            let mentions_result = result.is_some_and(|r| {
                let mut m = false;
                t.visit(&mut |s| m |= *s == Term::Var(r));
                m
            });
            if !mentions_result {
                return bp::var(&ctx.preds.preds[i].name);
            }
            match (&v, result) {
                (Some(v), Some(r)) => {
                    let mut wp = Wp {
                        next_fresh: 1,
                        ptr_bytes: c.pointer_bytes(),
                    };
                    let w = wp.apply(&Target::Var(r), &Source::Value(v.clone()), t);
                    choose(ctx, &atoms, &w, &[])
                }
                _ => bp::nondet(),
            }
        })
        .collect();
    bp::stmt(StmtKind::Return(vals))
}

/// `enforce`: the negation of every cube of visible predicates Z3 proves inconsistent.
///
/// Bebop assumes `enforce` in every state of the procedure, also right after a call
/// returns, before the statement that brings the caller's predicates over what the callee
/// changed up to date (`call_defined`, step 4). In that state those predicates still hold
/// their values from before the call while global predicates already hold the new ones, so
/// a cube relating them may be false in it and enforcing it would cut real paths. Such
/// predicates are left out of `enforce`.
pub fn enforce(ctx: &Ctx, f: FuncId) -> Option<BExpr> {
    let callee_mods = callees_mod(ctx, f);
    let vis: Vec<usize> = visible(ctx, f)
        .into_iter()
        .filter(|&i| {
            ctx.preds.preds[i].scope == Scope::Global || !meets(&ctx.terms[i], &callee_mods)
        })
        .collect();
    let atoms = atoms_of(ctx, &vis);
    // group atoms that share symbols; only cubes within a group can be inconsistent in ways
    // the cube bound would find (a cube with an unrelated atom is never minimal)
    let syms: Vec<&BTreeSet<Sym>> = atoms.iter().map(|a| &*a.syms).collect();
    let mut group: Vec<usize> = (0..atoms.len()).collect();
    fn find(g: &mut [usize], i: usize) -> usize {
        let mut r = i;
        while g[r] != r {
            r = g[r];
        }
        g[i] = r;
        r
    }
    for i in 0..atoms.len() {
        for j in 0..i {
            if syms[i].iter().any(|s| syms[j].contains(s)) {
                let (a, b) = (find(&mut group, i), find(&mut group, j));
                group[a] = b;
            }
        }
    }
    let mut comps: HashMap<usize, Vec<usize>> = HashMap::default();
    for i in 0..atoms.len() {
        let r = find(&mut group, i);
        comps.entry(r).or_default().push(i);
    }
    let mut keys: Vec<usize> = comps.keys().copied().collect();
    keys.sort_unstable();
    let mut clauses = exclusive_constants(&atoms);
    for k in keys {
        let members = &comps[&k];
        if members.len() < 2 && !matches!(atoms[members[0]].term, Term::Bin(..)) {
            continue;
        }
        for chunk in members.chunks(ctx.opts.max_atoms.max(2) + 4) {
            let terms: Vec<Term> = chunk.iter().map(|&i| atoms[i].term.clone()).collect();
            let cubes = cubes::inconsistent(&terms, ctx.lim, &ctx.addrs, ctx.cache, ctx.counters);
            for cb in cubes.iter() {
                clauses.push(bp::not(cube_expr(cb, &atoms, chunk)));
            }
        }
    }
    clauses.extend(same_terms(ctx, &visible(ctx, f)));
    // the constraints refinement learnt (each proved again)
    let terms: Vec<Term> = atoms.iter().map(|a| a.term.clone()).collect();
    let all: Vec<usize> = (0..atoms.len()).collect();
    for cb in super::learned::cubes_for(ctx, f, &vis, &terms) {
        clauses.push(bp::not(cube_expr(&cb, &atoms, &all)));
    }
    if clauses.is_empty() {
        None
    } else {
        Some(bp::and(clauses))
    }
}

/// `p ⇔ q` for every two visible predicates with the same term: points-to resolves
/// `{tmp->state == 4}` and `{s->state == 4}` to one cell when `tmp` and `s` can only point to
/// it, so they have one truth in every state; said outright, a local predicate does not
/// keep the arbitrary value it starts with beside its twin (c-tests/memory/
/// state_machine_safe.c: the loop condition was decided through `{tmp->state == 4}` before
/// `tmp` was set). Also over locations callees modify. Terms
/// with fresh values are left out (two fresh values need not be equal), and so are pairs
/// of a global and a local predicate: between a call's return and the statement that
/// recomputes the caller's predicates, a global one already holds the new value and a
/// local one the old (see `enforce`); two of one scope are always updated together.
fn same_terms(ctx: &Ctx, vis: &[usize]) -> Vec<BExpr> {
    let mut first: HashMap<(Scope, &Term), usize> = HashMap::default();
    let mut out = Vec::new();
    for &i in vis {
        let t = &ctx.terms[i];
        let mut fresh = false;
        t.visit(&mut |x| fresh |= matches!(x, Term::Fresh(_)));
        if fresh {
            continue;
        }
        let key = (ctx.preds.preds[i].scope, t);
        match first.get(&key) {
            Some(&j) => {
                let (p, q) = (
                    bp::var(&ctx.preds.preds[i].name),
                    bp::var(&ctx.preds.preds[j].name),
                );
                out.push(bp::not(bp::or(vec![
                    bp::and(vec![p.clone(), bp::not(q.clone())]),
                    bp::and(vec![bp::not(p), q]),
                ])));
            }
            None => {
                first.insert(key, i);
            }
        }
    }
    out
}

/// `¬(x == c₁ ∧ x == c₂)` for every two atoms comparing one term `x` with different
/// constants. A state machine's predicates (`state == 1`, `state == 2`, … — refinement adds
/// them as families) exclude each other pairwise, and there are too many pairs for the
/// bounded search of inconsistent cubes: it looks at chunks of a few atoms of a group that
/// shares symbols, so with 35 states it missed most pairs, and the model checker then went
/// through abstract states with several at once. Said outright, they cost no query. Sound
/// whatever `x` is: a term without fresh values has one value in a state.
fn exclusive_constants(atoms: &[Atom]) -> Vec<BExpr> {
    // atoms `x == c` by their term `x` (in order of first appearance): (atom, c)
    let mut groups: Vec<Vec<(usize, i128)>> = Vec::new();
    let mut index: HashMap<&Term, usize> = HashMap::default();
    for (i, a) in atoms.iter().enumerate() {
        let Term::Bin(Op::Eq, l, r) = &a.term else {
            continue;
        };
        let (x, c) = match (&**l, &**r) {
            (x, Term::Int(c)) | (Term::Int(c), x) => (x, *c),
            _ => continue,
        };
        let mut fresh = false;
        x.visit(&mut |t| fresh |= matches!(t, Term::Fresh(_)));
        if fresh {
            continue;
        }
        let g = *index.entry(x).or_insert_with(|| {
            groups.push(Vec::new());
            groups.len() - 1
        });
        groups[g].push((i, c));
    }
    let mut out = Vec::new();
    for members in &groups {
        for (k, &(i, ci)) in members.iter().enumerate() {
            for &(j, cj) in &members[..k] {
                if ci != cj {
                    out.push(bp::not(bp::and(vec![
                        atoms[j].bp.clone(),
                        atoms[i].bp.clone(),
                    ])));
                }
            }
        }
    }
    out
}

/// Code at the start of `main`: global predicates get their values in the all-zero static
/// state, then the static initializers run as assignments.
pub fn init_code(ctx: &Ctx) -> Vec<BStmt> {
    let prog = ctx.prog;
    let globals = ctx.preds.globals();
    let mut out = Vec::new();
    if !globals.is_empty() {
        let statics: BTreeSet<VarId> = prog
            .var_ids()
            .filter(|&v| prog.var(v).is_static_storage())
            .collect();
        let zero = |t: &Term| {
            t.rewrite(&mut |s| match &s {
                Term::Var(v) if statics.contains(v) => Term::Int(0),
                Term::Mem {
                    cells: CellsKey(Some(c)),
                    ..
                } if !c.is_empty()
                    && c.iter()
                        .all(|l| matches!(l.obj, AbsObj::Var(v) if statics.contains(&v))) =>
                {
                    Term::Int(0)
                }
                _ => s,
            })
        };
        let names = globals
            .iter()
            .map(|&i| ctx.preds.preds[i].name.clone())
            .collect();
        let values = globals
            .iter()
            .map(|&i| choose(ctx, &[], &zero(&ctx.terms[i]), &[]))
            .collect();
        out.push(bp::assign(names, values));
    }
    let empty = HashMap::default();
    let c = conv(ctx, ctx.entry, &empty);
    for init in &prog.inits {
        out.extend(assignment(
            ctx,
            ctx.entry,
            &globals,
            &init.lhs,
            source_of(&c, &init.rhs),
            &[],
            &[],
        ));
    }
    out
}
