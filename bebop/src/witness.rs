//! Shortest hierarchical traces from the BDD engine's rings (§3.2).
//!
//! Backward: from an edge at the target in its lowest ring, repeatedly pick
//! a predecessor edge in a lower ring — through a transfer function, through
//! a summary edge at a call (the summary is then expanded on demand by the
//! same walk inside the callee, from its exit back to its entry), or, at the
//! first vertex of a procedure, up to a call of it — until the first
//! statement of `main`; the `goto`s, `skip`s and `assume`s the search
//! passed over (`symbolic::jumps`) are put back between a step and the one
//! after them. Every chosen edge is a cube (a partial valuation of
//! the entry and current copies). Rings strictly decrease along the walk and
//! a summary is only expanded with edges of lower rings, so the walk ends.
//!
//! Forward: the cubes are turned into one concrete trajectory by running
//! the concrete semantics from a state of the first cube and resolving every
//! nondeterministic choice so that the next state lies in the next cube.
//! Each cube lies in the preimage of the next, so this never backtracks.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::rc::Rc;

use crate::bdd::{Bdd, VarSet};
use crate::cfg::{CExpr, CondKind, ProcId, VKind, Var, VertexId};
use crate::reach::{Target, Trace, TraceStep};
use crate::semantics::{
    call_entries_with, intra_step, intra_successors, return_state, MAX_ENUMERATED_CHOICES,
};
use crate::state::{Bits, State};
use crate::symbolic::{Symbolic, Transfer, C, E, N};

type Cube = Vec<Option<bool>>;

/// Most ways over passed-over vertices [`Witness::ways`] returns for a pair.
const MAX_WAYS: usize = 64;

/// Ways over passed-over vertices with their guards ([`Witness::ways`]).
type Ways = Rc<Vec<Rc<(Vec<VertexId>, Bdd)>>>;

/// Calls with more choices than this have their callee entry read off a BDD
/// ([`Witness::entry_by_bdd`]) rather than enumerated.
const ENUMERATED_ENTRY_CHOICES: u32 = 12;

/// Most relations [`Witness::partitions`] keeps at once.
const MAX_CACHED_PARTITIONS: usize = 4096;

/// An assignment's relation in partitions, each with the targets (N copies)
/// it mentions.
type Partitions = Rc<Vec<(Bdd, VarSet)>>;

struct WStep {
    v: VertexId,
    cube: Cube,
    /// For a call passed over by a summary edge: the callee's expansion.
    sub: Option<WFrame>,
}

struct WFrame {
    proc: ProcId,
    steps: Vec<WStep>,
}

enum Cand {
    /// Through the transfer of `u` to its successor `w`, then over the way
    /// of passed-over vertices from `w` (`symbolic::jumps`) whose `assume`s
    /// the guard collects.
    Intra(VertexId, VertexId, Bdd, Rc<(Vec<VertexId>, Bdd)>),
    Summary(VertexId, Bdd),
    Lift(VertexId, Bdd),
}

struct Witness<'s, 'a> {
    s: &'s Symbolic<'a>,
    /// For each vertex with path edges, its predecessors `(u, w)`: `u` has
    /// path edges, and its successor `w` jumps to the vertex.
    preds: Vec<Vec<(VertexId, VertexId)>>,
    /// [`Witness::partitions`], per vertex and `keep_choices`.
    parts: RefCell<HashMap<(VertexId, bool), Partitions>>,
    /// [`Witness::ways`], per pair of vertices.
    ways: RefCell<HashMap<(VertexId, VertexId), Ways>>,
}

/// Builds a concrete trace to the target the engine found reachable.
pub(crate) fn build(s: &Symbolic<'_>) -> Result<Trace, String> {
    let cfg = s.cfg;
    let mut preds = vec![Vec::new(); cfg.vertices.len()];
    for u in 0..cfg.vertices.len() as VertexId {
        if !s.jump.keeps_edges(u) {
            continue;
        }
        for w in cfg.intra_succ(u) {
            if cfg.proc_of(w).is_some() && cfg.proc_of(w) == cfg.proc_of(u) {
                for &x in s.jump.of(w) {
                    preds[x as usize].push((u, w));
                }
            }
        }
    }
    let w = Witness {
        s,
        preds,
        parts: RefCell::default(),
        ways: RefCell::default(),
    };
    w.trace()
}

impl Witness<'_, '_> {
    fn trace(&self) -> Result<Trace, String> {
        let s = self.s;
        let cfg = s.cfg;
        // The target edge in the lowest ring.
        let (start_v, cube, ring, err_tail) = match &s.target {
            Target::AssertFailure => {
                let (a, lvl, d) = s
                    .err_rings
                    .iter()
                    .min_by_key(|(_, l, _)| *l)
                    .ok_or("no error edge")?;
                let cube = self.pick(d)?;
                (*a, cube.clone(), lvl - 1, Some(cube))
            }
            Target::Vertices(vs) => {
                let (v, lvl, d) = vs
                    .iter()
                    .filter_map(|&v| s.rings[v as usize].first().map(|(l, d)| (v, *l, d)))
                    .min_by_key(|(_, l, _)| *l)
                    .ok_or("no edge at the target")?;
                (v, self.pick(d)?, lvl, None)
            }
        };
        let mut frames = Vec::new();
        let mut at = Some((start_v, cube, ring));
        let mut first = true;
        while let Some((v, cube, ring)) = at.take() {
            let p = cfg.proc_of(v).ok_or("vertex outside procedures")?;
            let (mut frame, lift) = self.walk(p, v, cube, ring, false)?;
            if first {
                if let Some(c) = err_tail.clone() {
                    frame.steps.push(WStep {
                        v: cfg.err,
                        cube: c,
                        sub: None,
                    });
                }
                first = false;
            }
            frames.push(frame);
            at = lift;
        }
        frames.reverse();
        self.concretize(&frames)
    }

    /// The ways from `w` to `cur` over passed-over vertices
    /// (`symbolic::jumps`: `goto`, `skip`, `assume`), each as its vertices
    /// (`w` first, `cur` excluded) and the conjunction of its `assume`s'
    /// conditions (choices quantified); at most [`MAX_WAYS`], found depth
    /// first, remembered per pair. One empty way if `w` is `cur`.
    fn ways(&self, w: VertexId, cur: VertexId) -> Ways {
        if let Some(ws) = self.ways.borrow().get(&(w, cur)) {
            return ws.clone();
        }
        let (s, cfg, m) = (self.s, self.s.cfg, &self.s.m);
        let guard = |x: VertexId| s.pass_condition(x).unwrap_or_else(|| m.t());
        let mut out: Vec<Rc<(Vec<VertexId>, Bdd)>> = Vec::new();
        if w == cur {
            out.push(Rc::new((Vec::new(), m.t())));
        } else {
            let mut stack: Vec<(VertexId, usize)> = vec![(w, 0)];
            while let Some(&mut (x, ref mut i)) = stack.last_mut() {
                if out.len() >= MAX_WAYS {
                    break;
                }
                let succ = &cfg.vertex(x).succ;
                if *i >= succ.len() {
                    stack.pop();
                    continue;
                }
                let y = succ[*i];
                *i += 1;
                if y == cur {
                    let way: Vec<VertexId> = stack.iter().map(|&(v, _)| v).collect();
                    let mut g = m.t();
                    for &v in &way {
                        g = m.and(&g, &guard(v));
                    }
                    if !m.is_false(&g) {
                        out.push(Rc::new((way, g)));
                    }
                } else if !s.jump.keeps_edges(y) && !stack.iter().any(|&(v, _)| v == y) {
                    stack.push((y, 0));
                }
            }
        }
        let out: Ways = Rc::new(out);
        self.ways.borrow_mut().insert((w, cur), out.clone());
        out
    }

    fn pick(&self, b: &Bdd) -> Result<Cube, String> {
        self.s.m.pick_cube(b).ok_or_else(|| "empty set".to_string())
    }

    fn cube_bdd(&self, c: &Cube) -> Bdd {
        self.s.m.lits(
            c.iter()
                .enumerate()
                .filter_map(|(i, v)| v.map(|b| (i as u32, b))),
        )
    }

    /// Keeps only the E and C literals of the variables in scope in `p`.
    fn restrict(&self, c: &Cube, p: ProcId) -> Cube {
        let lay = &self.s.lay;
        let nl = self.s.cfg.procs[p as usize].locals.len() as u32;
        let mut out = vec![None; c.len()];
        for x in lay.scope(nl) {
            for copy in [E, C] {
                let i = lay.var(x, copy) as usize;
                out[i] = c[i];
            }
        }
        out
    }

    fn scope(&self, p: ProcId) -> Vec<Var> {
        let nl = self.s.cfg.procs[p as usize].locals.len() as u32;
        self.s.lay.scope(nl).collect()
    }

    /// Walks back from edge `cube` at `v` (ring `ring`) in procedure `p`.
    /// For an expansion, stops at `p`'s entry; otherwise continues to the
    /// first statement of `main` or returns the caller edge to continue from.
    #[allow(clippy::type_complexity)]
    fn walk(
        &self,
        p: ProcId,
        v: VertexId,
        cube: Cube,
        ring: u32,
        expansion: bool,
    ) -> Result<(WFrame, Option<(VertexId, Cube, u32)>), String> {
        let s = self.s;
        let cfg = s.cfg;
        let m = &s.m;
        let first = cfg.procs[p as usize].first;
        let mut rev = vec![WStep { v, cube, sub: None }];
        let mut ring = ring;
        let done = |mut rev: Vec<WStep>| {
            rev.reverse();
            WFrame {
                proc: p,
                steps: rev,
            }
        };
        loop {
            let last = rev.last_mut().expect("nonempty");
            let cur = last.v;
            let cb = self.cube_bdd(&last.cube);
            if cur == first {
                if expansion {
                    let z = m.and(&cb, &s.procs[p as usize].entry_eq);
                    if !m.is_false(&z) {
                        last.cube = self.restrict(&self.pick(&z)?, p);
                        return Ok((done(rev), None));
                    }
                } else if p == cfg.main {
                    if let Some((_, init)) = s.rings[first as usize].first() {
                        let z = m.and(&cb, init);
                        if !m.is_false(&z) {
                            last.cube = self.restrict(&self.pick(&z)?, p);
                            return Ok((done(rev), None));
                        }
                    }
                }
            }
            let mut best: Option<(u32, Cand)> = None;
            let mut consider = |lvl: u32, c: Cand| {
                if best.as_ref().is_none_or(|(l, _)| lvl < *l) {
                    best = Some((lvl, c));
                }
            };
            for &(u, w) in &self.preds[cur as usize] {
                if let VKind::Call { ret, .. } = cfg.vertex(u).kind {
                    if ret == w {
                        if let Some((lvl, z)) = self.summary_pred(u, &cb, ring) {
                            consider(lvl, Cand::Summary(u, z));
                        }
                        continue;
                    }
                }
                for way in self.ways(w, cur).iter() {
                    let pre = self.pre_image(u, w, &m.and(&cb, &way.1));
                    if let Some((lvl, z)) = self.intra_pred(u, &pre, ring) {
                        consider(lvl, Cand::Intra(u, w, z, way.clone()));
                    }
                }
            }
            let mut lift_cube = None;
            if cur == first && !expansion && p != cfg.main {
                let z0 = m.and(&cb, &s.procs[p as usize].entry_eq);
                if !m.is_false(&z0) {
                    let ke = self.restrict(&self.pick(&z0)?, p);
                    let target = self.entry_target(p, &ke);
                    for &u in &cfg.procs[p as usize].callers {
                        let Some(Transfer::Call(ct)) = &s.transfers[u as usize] else {
                            continue;
                        };
                        let nf: Vec<u32> = (0..cfg.procs[p as usize].formals)
                            .map(|j| s.lay.var(Var::Local(j), N))
                            .collect();
                        let pre = m.and_exists(&ct.bind, &target, &m.cube(&nf));
                        if let Some((lvl, z)) = self.lowest(u, &pre, ring) {
                            consider(lvl, Cand::Lift(u, z));
                        }
                    }
                    lift_cube = Some(ke);
                }
            }
            let Some((lvl, cand)) = best else {
                return Err(format!(
                    "no predecessor for {} in ring {ring}",
                    cfg.describe(cur)
                ));
            };
            let ring_here = ring;
            ring = lvl;
            match cand {
                Cand::Intra(u, w, z, way) => {
                    // The way keeps the state, and its `assume`s must pass:
                    // its steps share one cube within `cur`'s and the guard,
                    // fixed literal by literal so that states of `z` still
                    // lead into it.
                    let (z, here) = if way.0.is_empty() {
                        (z, rev.last().expect("nonempty").cube.clone())
                    } else {
                        let mut b = m.and(&cb, &way.1);
                        for x in m.support(&way.1) {
                            for val in [false, true] {
                                let t = m.and(&b, &m.lit(x, val));
                                let zt = m.and(&z, &self.pre_image(u, w, &t));
                                if !m.is_false(&zt) {
                                    b = t;
                                    break;
                                }
                            }
                        }
                        let here = self.restrict(&self.pick(&b)?, p);
                        let z = m.and(&z, &self.pre_image(u, w, &self.cube_bdd(&here)));
                        (z, here)
                    };
                    for &x in way.0.iter().rev() {
                        rev.push(WStep {
                            v: x,
                            cube: here.clone(),
                            sub: None,
                        });
                    }
                    rev.push(WStep {
                        v: u,
                        cube: self.restrict(&self.pick(&z)?, p),
                        sub: None,
                    });
                }
                Cand::Summary(u, z) => {
                    let (sub, cube) = self.expand(u, &z, ring_here)?;
                    rev.push(WStep {
                        v: u,
                        cube: self.restrict(&cube, p),
                        sub: Some(sub),
                    });
                }
                Cand::Lift(u, z) => {
                    rev.last_mut().expect("nonempty").cube = lift_cube.expect("set with lift");
                    let caller = cfg.proc_of(u).expect("call in a procedure");
                    let cube = self.restrict(&self.pick(&z)?, caller);
                    return Ok((done(rev), Some((u, cube, lvl))));
                }
            }
        }
    }

    /// The ring of `u` that produced an edge of ring `ring` at a successor
    /// through `u`'s transfer: ring `ring - 1`, as the search is level
    /// synchronous (the lowest ring as a fallback).
    fn intra_pred(&self, u: VertexId, pre: &Bdd, ring: u32) -> Option<(u32, Bdd)> {
        let m = &self.s.m;
        if m.is_false(pre) {
            return None;
        }
        let rings = &self.s.rings[u as usize];
        if let Ok(i) = rings.binary_search_by_key(&(ring.wrapping_sub(1)), |(l, _)| *l) {
            let z = m.and(&rings[i].1, pre);
            if !m.is_false(&z) {
                return Some((rings[i].0, z));
            }
        }
        self.lowest(u, pre, ring)
    }

    /// The lowest ring of `u` below `ring` that meets `pre`, and the meet.
    fn lowest(&self, u: VertexId, pre: &Bdd, ring: u32) -> Option<(u32, Bdd)> {
        let m = &self.s.m;
        if m.is_false(pre) {
            return None;
        }
        for (lvl, d) in &self.s.rings[u as usize] {
            if *lvl >= ring {
                break;
            }
            let z = m.and(d, pre);
            if !m.is_false(&z) {
                return Some((*lvl, z));
            }
        }
        None
    }

    /// States at the entry of `p` (globals on C, formals on N) that match
    /// entry cube `ke`.
    fn entry_target(&self, p: ProcId, ke: &Cube) -> Bdd {
        let lay = &self.s.lay;
        let globals = (0..lay.ng).map(|g| (Var::Global(g), C, C));
        let formals = (0..self.s.cfg.procs[p as usize].formals).map(|j| (Var::Local(j), C, N));
        self.copy_lits(ke, globals.chain(formals))
    }

    /// The conjunction of literals `x[to] = cube[x[from]]` for each
    /// `(x, from, to)` whose `from` copy the cube fixes.
    fn copy_lits(&self, cube: &Cube, moves: impl IntoIterator<Item = (Var, u32, u32)>) -> Bdd {
        let lay = &self.s.lay;
        self.s.m.lits(moves.into_iter().filter_map(|(x, from, to)| {
            cube[lay.var(x, from) as usize].map(|b| (lay.var(x, to), b))
        }))
    }

    /// Preimage of edge set `cb` at `v` under the transfer of `u` (u → v).
    /// Only the assigned variables go through their N copies: the others keep
    /// their values, so `cb` constrains them as it is.
    fn pre_image(&self, u: VertexId, v: VertexId, cb: &Bdd) -> Bdd {
        let s = self.s;
        let m = &s.m;
        let vx = s.cfg.vertex(u);
        if let Some((lhs, _, free)) = self.assignment(u) {
            // ∃ N_lhs, N_free. cb[C→N on lhs and free] ∧ ⋀ N_x ↔ e_x(C), one
            // partition of the relation at a time, each N quantified as soon
            // as its (only) partition is in
            let moved = self.moved(&lhs, &free);
            let mut x = m.rename(cb, &m.renaming(&moved));
            for (r, mine) in self.partitions(u, false).iter() {
                x = m.and_exists(&x, r, mine);
            }
            let rest: Vec<u32> = moved.iter().map(|&(_, n)| n).collect();
            return m.exists(&x, &m.cube(&rest));
        }
        match &vx.kind {
            VKind::Cond { kind, cond } => {
                let c = s.expr(cond, C);
                let to_t = vx.succ[0] == v;
                let to_f = *kind != CondKind::Assume && vx.succ.get(1) == Some(&v);
                let g = match (to_t, to_f) {
                    (true, true) => m.t(),
                    (true, false) => c,
                    (false, true) => m.not(&c),
                    (false, false) => m.f(),
                };
                m.and_exists(cb, &g, &m.cube(&s.choice_set(vx.choices)))
            }
            _ => cb.clone(),
        }
    }

    /// The relation of assignment `u` over the N copies of its targets, in
    /// partitions, each with the targets it mentions; with `keep_choices` the
    /// choices stay free. Built once per vertex: a long trace passes the same
    /// statements many times.
    fn partitions(&self, u: VertexId, keep_choices: bool) -> Partitions {
        if let Some(p) = self.parts.borrow().get(&(u, keep_choices)) {
            return p.clone();
        }
        let (s, m) = (self.s, &self.s.m);
        let (lhs, rhs, _) = self.assignment(u).expect("an assignment");
        let ns: Vec<u32> = lhs.iter().map(|x| s.lay.var(*x, N)).collect();
        let parts: Partitions = Rc::new(
            s.assign_partitions(&ns, &rhs, keep_choices)
                .into_iter()
                .map(|r| {
                    let mine: Vec<u32> = m
                        .support(&r)
                        .into_iter()
                        .filter(|v| ns.contains(v))
                        .collect();
                    let mine = m.cube(&mine);
                    (r, mine)
                })
                .collect(),
        );
        let mut cache = self.parts.borrow_mut();
        if cache.len() >= MAX_CACHED_PARTITIONS {
            // A trace through thousands of distinct statements (deep call
            // chains) would keep every relation alive; loops repeat few.
            cache.clear();
        }
        cache.insert((u, keep_choices), parts.clone());
        parts
    }

    /// Vertex `u` as a parallel assignment ([`Symbolic::assignment`]).
    fn assignment(&self, u: VertexId) -> Option<(Vec<Var>, Vec<CExpr>, Vec<Var>)> {
        self.s.assignment(u)
    }

    /// The (C, N) copies of the targets and the freed variables of an assignment.
    fn moved(&self, lhs: &[Var], free: &[Var]) -> Vec<(u32, u32)> {
        let lay = &self.s.lay;
        lhs.iter()
            .chain(free)
            .map(|x| (lay.var(*x, C), lay.var(*x, N)))
            .collect()
    }

    /// A predecessor of edge set `cb` at the return site of call `u` over a
    /// summary edge: (ring of the call edge, joint cube set over the call
    /// edge, the callee's inputs and outputs).
    fn summary_pred(&self, u: VertexId, cb: &Bdd, ring: u32) -> Option<(u32, Bdd)> {
        let s = self.s;
        let m = &s.m;
        let Some(Transfer::Call(ct)) = &s.transfers[u as usize] else {
            return None;
        };
        let q = ct.callee as usize;
        let mut sum = m.f();
        for (lvl, d) in &s.sum_rings[q] {
            if *lvl < ring {
                sum = m.or(&sum, d);
            }
        }
        if m.is_false(&sum) {
            return None;
        }
        // Outputs of the callee move to N in the return-site cube.
        let mut back = Vec::new();
        for g in 0..s.lay.ng {
            if s.mr.modified[q].get(g) {
                back.push((s.lay.var(Var::Global(g), C), s.lay.var(Var::Global(g), N)));
            }
        }
        for r in 0..s.lay.nr {
            back.push((s.lay.var(Var::Ret(r), C), s.lay.var(Var::Ret(r), N)));
        }
        let cb_n = m.rename(cb, &m.renaming(&back));
        let base = m.and(&m.and(&ct.bind, &sum), &cb_n);
        self.lowest(u, &base, ring)
    }

    /// Expands the summary step at call `u` chosen from joint set `z`: walks
    /// the callee from an exit edge below `ring` back to its entry, then
    /// refines the call edge to agree with that entry. Returns the callee
    /// frame and the call-edge cube.
    fn expand(&self, u: VertexId, z: &Bdd, ring: u32) -> Result<(WFrame, Cube), String> {
        let s = self.s;
        let m = &s.m;
        let lay = &s.lay;
        let Some(Transfer::Call(ct)) = &s.transfers[u as usize] else {
            return Err("call without transfer".into());
        };
        let q = ct.callee;
        let qi = q as usize;
        let kappa = self.pick(z)?;
        let pr = &s.cfg.procs[qi];
        let used: Vec<Var> = (0..lay.ng)
            .filter(|&g| s.mr.used(qi, g))
            .map(Var::Global)
            .collect();
        let modified: Vec<Var> = (0..lay.ng)
            .filter(|&g| s.mr.modified[qi].get(g))
            .map(Var::Global)
            .collect();
        let formals = || (0..pr.formals).map(Var::Local);
        let rets = || (0..pr.returns).map(Var::Ret);
        // The callee's exit edge: inputs on E, outputs on C.
        let x = self.copy_lits(
            &kappa,
            used.iter()
                .map(|&g| (g, C, E))
                .chain(modified.iter().map(|&g| (g, N, C)))
                .chain(formals().map(|f| (f, N, E)))
                .chain(rets().map(|r| (r, N, C))),
        );
        // The outputs, kept when the call edge is refined below.
        let outs = self.copy_lits(
            &kappa,
            modified
                .iter()
                .map(|&g| (g, N, N))
                .chain(rets().map(|r| (r, N, N))),
        );
        let exit = s.cfg.procs[qi].exit;
        let (lvl, ze) = self
            .lowest(exit, &x, ring)
            .ok_or("summary edge without an exit edge below its ring")?;
        let ce = self.restrict(&self.pick(&ze)?, q);
        let (frame, _) = self.walk(q, exit, ce, lvl, true)?;
        // Refine the call edge to the entry the callee's walk arrived at.
        let entry = &frame.steps[0].cube;
        let inputs = self.copy_lits(
            entry,
            used.iter()
                .map(|&g| (g, E, C))
                .chain(formals().map(|f| (f, E, N))),
        );
        let k = m.and(&m.and(z, &outs), &inputs);
        let cube = self
            .pick(&k)
            .map_err(|_| "callee entry does not match the call".to_string())?;
        Ok((frame, cube))
    }

    /// Whether concrete `st` (with frame entry `entry`) lies in `cube`.
    fn in_cube(&self, cube: &Cube, p: ProcId, entry: &State, st: &State) -> bool {
        let lay = &self.s.lay;
        self.scope(p).iter().all(|&x| {
            let e_ok = cube[lay.var(x, E) as usize].is_none_or(|b| entry.get(x) == b);
            let c_ok = cube[lay.var(x, C) as usize].is_none_or(|b| st.get(x) == b);
            e_ok && c_ok
        })
    }

    /// The callee entries of call `c` from `st` whose non-formal locals take
    /// their values from the callee's first cube (false where it is silent).
    /// The call's choices are enumerated: an error past
    /// [`MAX_ENUMERATED_CHOICES`] of them.
    fn entries(&self, c: VertexId, st: &State, cube: &Cube) -> Result<Vec<State>, String> {
        let cfg = self.s.cfg;
        let n = cfg.vertex(c).choices;
        if n > ENUMERATED_ENTRY_CHOICES {
            return Ok(self.entry_by_bdd(c, st, cube).into_iter().collect());
        }
        if n > MAX_ENUMERATED_CHOICES {
            return Err(format!(
                "the arguments of {} make {n} choices, too many to enumerate",
                cfg.describe(c)
            ));
        }
        let lay = &self.s.lay;
        let local = |j: u32| cube[lay.var(Var::Local(j), C) as usize].unwrap_or(false);
        Ok(call_entries_with(cfg, c, st, &local))
    }

    /// A callee entry of call `c` from `st` that lies in the callee's first cube, read off
    /// a BDD instead of enumerating the call's choices (`f(*, *, …)` with dozens of them):
    /// the binding of the formals (N copies, choices free) with the caller's state (C
    /// copies) and the cube's formal literals; the non-formal locals as in
    /// [`Self::entries`].
    fn entry_by_bdd(&self, c: VertexId, st: &State, cube: &Cube) -> Option<State> {
        let (s, m, lay) = (self.s, &self.s.m, &self.s.lay);
        let VKind::Call { callee, args, .. } = &s.cfg.vertex(c).kind else {
            return None;
        };
        let formal = |j: usize| Var::Local(j as u32);
        let targets: Vec<u32> = (0..args.len()).map(|j| lay.var(formal(j), N)).collect();
        let caller = s.cfg.proc_of(c)?;
        let here = m.lits(
            self.scope(caller)
                .into_iter()
                .map(|x| (lay.var(x, C), st.get(x))),
        );
        let wanted = m.lits((0..args.len()).filter_map(|j| {
            let b = cube[lay.var(formal(j), C) as usize]?;
            Some((lay.var(formal(j), N), b))
        }));
        let z = s
            .assign_partitions(&targets, args, true)
            .iter()
            .fold(m.and(&here, &wanted), |acc, r| m.and(&acc, r));
        let picked = m.pick_cube(&z)?;
        let q = &s.cfg.procs[*callee as usize];
        let mut t = State::zeros(s.cfg, *callee);
        t.g = st.g.clone();
        for (j, &v) in targets.iter().enumerate() {
            t.l.set(j as u32, picked[v as usize].unwrap_or(false));
        }
        for j in q.formals..q.locals.len() as u32 {
            t.l.set(j, cube[lay.var(Var::Local(j), C) as usize].unwrap_or(false));
        }
        Some(t)
    }

    /// The successor of `st` at `u` that lies in the next step's cube. The
    /// choices (a step may have dozens, a c2bp step more than 64: they are a
    /// bit set of any width) are read off small BDDs: the cube is a
    /// conjunction of literals and each choice belongs to one partition of the
    /// step's relation, so each partition is solved on its own with the
    /// current state fixed. An exhaustive search over few choices is the
    /// fallback.
    fn successor(
        &self,
        p: ProcId,
        u: VertexId,
        next: &WStep,
        entry: &State,
        st: &State,
    ) -> Option<State> {
        let (s, m, lay) = (self.s, &self.s.m, &self.s.lay);
        let fits = |t: &State| self.in_cube(&next.cube, p, entry, t);
        let vx = s.cfg.vertex(u);
        let mut ch = Bits::zeros(vx.choices as usize);
        let mut take = |z: &Bdd| {
            if let Some(c) = m.pick_cube(z) {
                for k in 0..vx.choices {
                    if c[lay.choice(k) as usize] == Some(true) {
                        ch.set(k, true);
                    }
                }
            }
        };
        if vx.choices > 0 {
            let here = self.copy_lits_state(p, entry, st);
            if let Some((lhs, _, _)) = self.assignment(u) {
                let moves = lhs.iter().map(|&x| (x, C, N));
                let wanted = m.and(&here, &self.copy_lits(&next.cube, moves));
                for (r, _) in self.partitions(u, true).iter() {
                    take(&m.and(&wanted, r));
                }
            } else if let VKind::Cond { cond, .. } = &vx.kind {
                let c = s.expr(cond, C);
                let g = if vx.succ[0] == next.v { c } else { m.not(&c) };
                take(&m.and(&here, &g));
            }
        }
        let hit = intra_step(s.cfg, u, st, &ch)
            .into_iter()
            .find(|(w, t)| *w == next.v && fits(t));
        if let Some((_, t)) = hit {
            return Some(t);
        }
        if vx.choices > 16 {
            return None;
        }
        intra_successors(s.cfg, u, st)
            .into_iter()
            .find(|(w, t)| *w == next.v && fits(t))
            .map(|(_, t)| t)
    }

    /// The cube of concrete `st` with frame entry `entry` in procedure `p`
    /// (E and C copies of the variables in scope).
    fn copy_lits_state(&self, p: ProcId, entry: &State, st: &State) -> Bdd {
        let lay = &self.s.lay;
        self.s.m.lits(
            self.scope(p)
                .into_iter()
                .flat_map(|x| [(lay.var(x, E), entry.get(x)), (lay.var(x, C), st.get(x))]),
        )
    }

    fn concretize(&self, frames: &[WFrame]) -> Result<Trace, String> {
        let cfg = self.s.cfg;
        let lay = &self.s.lay;
        let mut out = Vec::new();
        let f0 = frames.first().ok_or("no frames")?;
        let mut st = State::zeros(cfg, cfg.main);
        for x in self.scope(cfg.main) {
            if !matches!(x, Var::Ret(_)) {
                if let Some(b) = f0.steps[0].cube[lay.var(x, C) as usize] {
                    st.set(x, b);
                }
            }
        }
        for (i, frame) in frames.iter().enumerate() {
            if i > 0 {
                let call = frames[i - 1].steps.last().expect("nonempty").v;
                st = self
                    .entries(call, &st, &frame.steps[0].cube)?
                    .into_iter()
                    .find(|e| self.in_cube(&frame.steps[0].cube, frame.proc, e, e))
                    .ok_or("no callee entry matches the trace")?;
            }
            st = self.run_frame(frame, st, i as u32, &mut out)?;
        }
        Ok(Trace { steps: out })
    }

    fn run_frame(
        &self,
        frame: &WFrame,
        start: State,
        depth: u32,
        out: &mut Vec<TraceStep>,
    ) -> Result<State, String> {
        let cfg = self.s.cfg;
        let entry = start.clone();
        let mut st = start;
        for (i, step) in frame.steps.iter().enumerate() {
            if !self.in_cube(&step.cube, frame.proc, &entry, &st) {
                return Err(format!(
                    "concrete state leaves the trace at {}",
                    cfg.describe(step.v)
                ));
            }
            out.push(TraceStep {
                vertex: step.v,
                depth,
                state: st.clone(),
            });
            let Some(next) = frame.steps.get(i + 1) else {
                break;
            };
            st = if let Some(sub) = &step.sub {
                let e = self
                    .entries(step.v, &st, &sub.steps[0].cube)?
                    .into_iter()
                    .find(|e| self.in_cube(&sub.steps[0].cube, sub.proc, e, e))
                    .ok_or("no callee entry matches the summary")?;
                let x = self.run_frame(sub, e, depth + 1, out)?;
                return_state(&st, &x)
            } else {
                self.successor(frame.proc, step.v, next, &entry, &st)
                    .ok_or_else(|| format!("no successor of {} matches", cfg.describe(step.v)))?
            };
        }
        Ok(st)
    }
}
