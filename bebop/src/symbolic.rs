//! The BDD summary engine: the RHS algorithm of Fig. 3 of the Bebop paper,
//! over oxidd BDDs.
//!
//! # Variables per scope slot
//! BDD variables are allocated per *scope slot*, not per program variable:
//! one slot per global, then local slots `0..max_locals` shared by every
//! procedure (a procedure's formals are its first slots) and one slot per
//! return register, local `k` beside register `k` ([`Layout::slot`]). Each slot has three adjacent copies — `E` (the value at
//! procedure entry, the first half of a path edge), `C` (the current value)
//! and `N` (the next value, used inside a transfer) — and a few choice
//! variables for `?`, `*` and `schoose` come last. The manager thus holds
//! 3·(globals + max locals + max returns) + max choices variables, whatever
//! the number of procedures, and every renaming is between copies of the
//! same slot (order preserving, local).
//!
//! # Path edges, summaries, rings
//! `PathEdges(v)` is a BDD over the E and C copies of the variables in scope
//! at `v`. Summaries are kept per procedure (not per call site) as one BDD
//! over the inputs (C copies of the globals it uses, N copies of its formal
//! slots) and the outputs (N copies of the globals it modifies and of the
//! return registers); joining it at a call site is one relational product.
//! The search is breadth first and level synchronous, processing only the
//! new path edges of each vertex (semi-naive); the new edges of each level
//! are kept as the vertex's *rings* (§3.2), from which [`crate::witness`]
//! builds shortest hierarchical traces.
//!
//! # Optimizations (§3.3)
//! Variables dead at a vertex are quantified out of its path edges (live
//! ranges), and a callee's path edges and summary mention only the globals it
//! may read or modify (MOD/REF): the others are quantified out at the call
//! and pass unchanged around it. Beyond the paper, `goto`, `skip` and
//! `assume` are passed over (`jumps`): path edges go straight to the
//! statements after them, on the conditions of the `assume`s.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use crate::analysis::{liveness, mod_ref, Liveness, ModRef};
use crate::bdd::{Bdd, BddManager, Renaming, VarSet};
use crate::cfg::{CExpr, Cfg, CondKind, ProcId, VKind, Var, VertexId};
use crate::reach::{GiveUp, Limit, Outcome, Stats, Target};

/// Copy index of a slot's entry value.
pub(crate) const E: u32 = 0;
/// Copy index of a slot's current value.
pub(crate) const C: u32 = 1;
/// Copy index of a slot's next value.
pub(crate) const N: u32 = 2;

/// Where each variable lives in the BDD manager.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Layout {
    pub ng: u32,
    pub nl: u32,
    pub nr: u32,
    pub nchoice: u32,
}

impl Layout {
    pub fn slots(&self) -> u32 {
        self.ng + self.nl + self.nr
    }
    /// Globals first; then local slot `k` and return register `k` side by side (a
    /// procedure that returns its formals' values — c2bp's do, formal `k` as return `k` —
    /// has summaries relating each formal to its return register, linear in this order and
    /// exponential with the two blocks apart); then the locals or registers left over.
    pub fn slot(&self, v: Var) -> u32 {
        let paired = self.nl.min(self.nr);
        match v {
            Var::Global(i) => i,
            Var::Local(i) if i < paired => self.ng + 2 * i,
            Var::Ret(i) if i < paired => self.ng + 2 * i + 1,
            Var::Local(i) | Var::Ret(i) => self.ng + paired + i,
        }
    }
    /// BDD variable of copy `copy` of variable `v`.
    pub fn var(&self, v: Var, copy: u32) -> u32 {
        3 * self.slot(v) + copy
    }
    pub fn choice(&self, k: u32) -> u32 {
        3 * self.slots() + k
    }
    pub fn num_vars(&self) -> u32 {
        3 * self.slots() + self.nchoice
    }
    /// The variables in scope in a procedure with `nlocals` locals.
    pub fn scope(&self, nlocals: u32) -> impl Iterator<Item = Var> + Clone {
        (0..self.ng)
            .map(Var::Global)
            .chain((0..nlocals).map(Var::Local))
            .chain((0..self.nr).map(Var::Ret))
    }
}

/// How an intraprocedural vertex transforms path edges.
pub(crate) enum Transfer {
    Identity,
    /// Branch conditions (choices quantified).
    Cond {
        t: Bdd,
        f: Bdd,
    },
    /// `x⃗ := e⃗` where no right-hand side reads a target:
    /// `(∃ C_x⃗. D) ∧ rel₁ ∧ … ∧ relₙ`, then `∃ post` if given.
    AssignFast {
        quant: VarSet,
        rels: Vec<Bdd>,
        post: Option<VarSet>,
    },
    /// General parallel assignment through the N copies:
    /// `rename(∃ quant. D ∧ rel₁ ∧ … ∧ relₙ)`, then `∃ post` if given.
    AssignGeneral {
        rels: Vec<Bdd>,
        quant: VarSet,
        ren: Renaming,
        post: Option<VarSet>,
    },
    Call(Box<CallTransfer>),
}

/// Precomputed relations of one call site.
pub(crate) struct CallTransfer {
    pub callee: ProcId,
    pub ret: VertexId,
    /// `∃ch. ⋀ N_formal_j ↔ arg_j(C)`.
    pub bind: Bdd,
    /// Quantified when entering the callee: E copies, caller locals,
    /// return registers, globals the callee does not use.
    pub entry_quant: VarSet,
    /// `N_formal → C_formal`.
    pub entry_ren: Renaming,
    /// Quantified when joining a summary: N formals, C of modified globals
    /// and of the return registers.
    pub join_quant: VarSet,
    /// `N → C` for modified globals and return registers.
    pub join_ren: Renaming,
}

/// Per-procedure precomputed data.
pub(crate) struct ProcData {
    /// `⋀ E_x ↔ C_x` over the live formals and used globals at entry.
    pub entry_eq: Bdd,
    pub enforce: Option<Bdd>,
    /// Quantified from exit path edges to form the summary.
    pub sum_quant: VarSet,
    /// Moves exit path edges into summary coordinates.
    pub sum_ren: Renaming,
}

/// New path edges of one vertex per level, levels ascending.
pub(crate) type Rings = smallvec::SmallVec<[(u32, Bdd); 2]>;

/// Options of the BDD engine.
#[derive(Clone, Debug)]
pub struct SymbolicOptions {
    /// Quantify dead variables (live ranges, §3.3).
    pub live_ranges: bool,
    /// Restrict callees to the globals they use (MOD/REF, §3.3).
    pub mod_ref: bool,
    /// Give up when the manager holds more inner nodes than this.
    pub max_nodes: usize,
    /// Size of the BDD node table: an operation that finds it full (even after a garbage
    /// collection) makes the search give up ([`crate::bdd::NodeTableFull`]).
    pub node_capacity: usize,
    /// Count path and summary edges (pairs of valuations) for the
    /// statistics; costs one model count per vertex at the end.
    pub count_edges: bool,
    /// Pass over `goto`, `skip` and `assume` (straight-line compression):
    /// path edges go to the first vertices after them, on the conditions of
    /// the `assume`s, and traces put the steps back in.
    pub skip_jumps: bool,
    /// When to stop searching before an answer (the search then gives up).
    pub stop: Stop,
}

/// A request to stop a search early: once `flag` is set (another engine answered) or
/// `deadline` has passed. Checked between batches of worklist items.
#[derive(Clone, Debug, Default)]
pub struct Stop {
    pub flag: Option<Arc<AtomicBool>>,
    pub deadline: Option<Instant>,
}

impl Stop {
    /// Why the search should stop now, if it should.
    pub fn requested(&self) -> Option<(Limit, &'static str)> {
        if self
            .flag
            .as_ref()
            .is_some_and(|f| f.load(Ordering::Acquire))
        {
            return Some((Limit::Stopped, "stopped: another search answered first"));
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            return Some((Limit::TimeLimit, "stopped: time limit reached"));
        }
        None
    }
}

/// Worklist items processed between two checks of [`SymbolicOptions::stop`].
const STOP_CHECK_EVERY: u64 = 256;

impl Default for SymbolicOptions {
    fn default() -> Self {
        SymbolicOptions {
            live_ranges: true,
            mod_ref: true,
            max_nodes: 1 << 24,
            node_capacity: 1 << 24,
            count_edges: false,
            skip_jumps: true,
            stop: Stop::default(),
        }
    }
}

/// The state of one run of the BDD engine. It owns its BDD manager.
pub struct Symbolic<'a> {
    pub(crate) cfg: &'a Cfg,
    pub(crate) m: BddManager,
    pub(crate) lay: Layout,
    pub(crate) mr: ModRef,
    pub(crate) live: Liveness,
    pub(crate) opts: SymbolicOptions,
    pub(crate) pe: Vec<Bdd>,
    /// New path edges per vertex per level: (level, delta), levels ascending.
    pub(crate) rings: Vec<Rings>,
    pub(crate) summary: Vec<Bdd>,
    pub(crate) sum_rings: Vec<Vec<(u32, Bdd)>>,
    /// Path edges at `Err`: (assert vertex, level, edges).
    pub(crate) err_rings: Vec<(VertexId, u32, Bdd)>,
    pub(crate) transfers: Vec<Option<Transfer>>,
    pub(crate) procs: Vec<ProcData>,
    pub(crate) dead: Vec<Option<VarSet>>,
    /// Where path edges arriving at a vertex go: the vertex itself, or for a
    /// `goto`/`skip`/`assume` the first vertices after it ([`jumps`]).
    pub(crate) jump: Jumps,
    pub(crate) stats: Stats,
    /// Interned quantification sets and renamings: transfers of similar
    /// statements share them instead of each allocating its own.
    varsets: RefCell<HashMap<Vec<u32>, VarSet>>,
    renamings: RefCell<HashMap<Vec<(u32, u32)>, Renaming>>,
    pub(crate) target: Target,
    touched: Vec<VertexId>,
    pub(crate) found: bool,
    level: u32,
    /// Where the search starts ([`Roots`]).
    pub(crate) roots: Roots,
}

/// Where a search starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Roots {
    /// At `main`'s first statement, every valuation (the paper's search).
    Main,
    /// At every procedure's first statement, every entry valuation: then
    /// each procedure's summary is its whole relation, and its path edges are
    /// every state reachable from any of its entries ([`crate::relations`]).
    EveryProcedure,
}

impl<'a> Symbolic<'a> {
    /// Sets up the manager and the per-procedure data.
    pub fn new(cfg: &'a Cfg, target: Target, opts: SymbolicOptions) -> Symbolic<'a> {
        let lay = Layout {
            ng: cfg.globals.len() as u32,
            nl: cfg.max_locals,
            nr: cfg.max_returns,
            nchoice: cfg.max_choices,
        };
        let m = BddManager::with_node_capacity(lay.num_vars().max(1), opts.node_capacity);
        let mr = if opts.mod_ref {
            mod_ref(cfg)
        } else {
            crate::analysis::ModRef::everything(cfg)
        };
        let live = if opts.live_ranges {
            liveness(cfg, &mr)
        } else {
            crate::analysis::Liveness::everything(cfg)
        };
        let nv = cfg.vertices.len();
        let f = m.f();
        let mut s = Symbolic {
            cfg,
            lay,
            mr,
            live,
            opts,
            pe: vec![f.clone(); nv],
            rings: vec![Rings::new(); nv],
            summary: vec![f.clone(); cfg.procs.len()],
            sum_rings: vec![Vec::new(); cfg.procs.len()],
            err_rings: Vec::new(),
            transfers: (0..nv).map(|_| None).collect(),
            procs: Vec::new(),
            dead: Vec::new(),
            jump: Jumps::default(),
            stats: Stats {
                engine: "bdd",
                bdd_vars: lay.num_vars() as u64,
                ..Stats::default()
            },
            target,
            varsets: RefCell::default(),
            renamings: RefCell::default(),
            touched: Vec::new(),
            found: false,
            level: 0,
            roots: Roots::Main,
            m,
        };
        s.procs = (0..cfg.procs.len() as ProcId)
            .map(|p| s.proc_data(p))
            .collect();
        s.dead = s.dead_sets();
        s.jump = if s.opts.skip_jumps {
            jumps(cfg, &s.target, &s.m, &|v| s.pass_condition(v))
        } else {
            Jumps::none(nv)
        };
        s
    }

    /// Runs the search; on reachability builds and returns a trace.
    pub fn run(mut self) -> (Outcome, Stats) {
        let _span = tracing::info_span!("bdd").entered();
        let t0 = Instant::now();
        let peak = match self.search(t0) {
            Ok(peak) => peak,
            Err(gave_up) => return *gave_up,
        };
        if !self.found {
            let stats = self.finish_stats(t0);
            return (Outcome::Unreachable, stats);
        }
        let t1 = Instant::now();
        let trace = crate::witness::build(&self);
        self.stats.phases.push(("trace", t1.elapsed()));
        if let Err(full) = self.m.check() {
            return self.table_full(full, peak, t0);
        }
        let stats = self.finish_stats(t0);
        match trace {
            Ok(t) => (Outcome::Reachable(t), stats),
            Err(e) => (
                GiveUp::outcome(
                    Limit::Internal,
                    format!("internal error while building the trace: {e}"),
                ),
                stats,
            ),
        }
    }

    /// Searches until the target is found or every path edge is known (the fixpoint);
    /// returns the peak node count, or the outcome of giving up.
    pub(crate) fn search(&mut self, t0: Instant) -> Result<usize, Box<(Outcome, Stats)>> {
        // The initial edges form ring 1; processing ring k yields ring k+1.
        self.level = 0;
        for (first, init) in self.seeds() {
            self.propagate(first, init);
        }
        self.level = 1;
        let mut frontier: Vec<(VertexId, Bdd)> = self.take_frontier();
        let mut peak = self.m.live_nodes();
        let mut gc_at = 1usize << 20;
        while !self.found && !frontier.is_empty() {
            let _lvl = tracing::trace_span!("level", level = self.level).entered();
            for (v, d) in frontier {
                self.stats.worklist_iterations += 1;
                if self
                    .stats
                    .worklist_iterations
                    .is_multiple_of(STOP_CHECK_EVERY)
                {
                    if let Some((limit, why)) = self.opts.stop.requested() {
                        self.stats.peak_bdd_nodes = peak.max(self.m.live_nodes()) as u64;
                        let stats = self.finish_stats(t0);
                        return Err(Box::new((GiveUp::outcome(limit, why), stats)));
                    }
                    if let Err(full) = self.m.check() {
                        return Err(Box::new(self.table_full(full, peak, t0)));
                    }
                }
                self.process(v, &d);
                if self.found {
                    break;
                }
            }
            self.level += 1;
            frontier = self.take_frontier();
            let nodes = self.m.live_nodes();
            peak = peak.max(nodes);
            if nodes > gc_at {
                self.m.gc();
                let after = self.m.live_nodes();
                gc_at = (after * 2).max(1 << 20);
                if after > self.opts.max_nodes {
                    self.stats.peak_bdd_nodes = peak as u64;
                    let stats = self.finish_stats(t0);
                    return Err(Box::new((
                        GiveUp::outcome(
                            Limit::NodeTable,
                            format!(
                                "BDD node limit exceeded ({after} live nodes > {})",
                                self.opts.max_nodes
                            ),
                        ),
                        stats,
                    )));
                }
            }
        }
        self.stats.peak_bdd_nodes = peak.max(self.m.live_nodes()) as u64;
        self.stats.phases.push(("search", t0.elapsed()));
        // no answer from a table that filled up: its results are meaningless
        if let Err(full) = self.m.check() {
            return Err(Box::new(self.table_full(full, peak, t0)));
        }
        Ok(peak)
    }

    /// Gives up because the BDD node table filled up.
    fn table_full(
        &mut self,
        full: crate::bdd::NodeTableFull,
        peak: usize,
        t0: Instant,
    ) -> (Outcome, Stats) {
        self.stats.peak_bdd_nodes = peak.max(self.m.live_nodes()) as u64;
        let stats = self.finish_stats(t0);
        (
            GiveUp::outcome(Limit::NodeTable, format!("{full} (memory limit)")),
            stats,
        )
    }

    fn finish_stats(&mut self, _t0: Instant) -> Stats {
        self.stats.path_edges =
            self.rings.iter().map(|r| r.len() as u64).sum::<u64>() + self.err_rings.len() as u64;
        self.stats.summary_edges = self.sum_rings.iter().map(|r| r.len() as u64).sum();
        if self.opts.count_edges {
            self.count_edges();
        }
        self.stats.final_bdd_nodes = self.m.live_nodes() as u64;
        self.stats.peak_bdd_nodes = self.stats.peak_bdd_nodes.max(self.stats.final_bdd_nodes);
        self.stats.clone()
    }

    /// Counts path edges (pairs of valuations of the variables the engine
    /// tracks at each vertex: live current values, entry values of formals
    /// and used globals) and summary edges (input/output pairs).
    fn count_edges(&mut self) {
        let n = self.m.num_vars() as i32;
        let mut total = 0.0;
        for v in 0..self.pe.len() {
            if self.m.is_false(&self.pe[v]) {
                continue;
            }
            let supp = self.m.support(&self.pe[v]).len() as i32;
            // Count over the support only: variables the set does not
            // mention are untracked (dead, out of scope or unused copies).
            total += self.m.sat_count(&self.pe[v]) / 2f64.powi(n - supp);
        }
        self.stats.path_edge_count = total;
        let mut sums = 0.0;
        for s in &self.summary {
            let supp = self.m.support(s).len() as i32;
            sums += self.m.sat_count(s) / 2f64.powi(n - supp);
        }
        self.stats.summary_edge_count = sums;
    }

    fn take_frontier(&mut self) -> Vec<(VertexId, Bdd)> {
        let mut t = std::mem::take(&mut self.touched);
        t.sort_unstable();
        t.dedup();
        let level = self.level;
        t.into_iter()
            .filter_map(|v| {
                self.rings[v as usize]
                    .iter()
                    .rev()
                    .find(|(l, _)| *l == level)
                    .map(|(_, d)| (v, d.clone()))
            })
            .collect()
    }

    /// The initial path edges ([`Roots`]): at `main`'s first vertex, or at
    /// every procedure's (each with its entry identity `E = C`).
    fn seeds(&self) -> Vec<(VertexId, Bdd)> {
        let main = self.cfg.main;
        let mut out = vec![(self.cfg.procs[main as usize].first, self.initial())];
        if self.roots == Roots::EveryProcedure {
            for (p, pr) in self.cfg.procs.iter().enumerate() {
                if p as ProcId != main {
                    out.push((pr.first, self.procs[p].entry_eq.clone()));
                }
            }
        }
        out
    }

    /// `PathEdges(First(main))`: every valuation, with E = C.
    pub(crate) fn initial(&self) -> Bdd {
        let main = self.cfg.main;
        let nl = self.cfg.procs[main as usize].locals.len() as u32;
        let first = self.cfg.procs[main as usize].first;
        let mut r = self.m.t();
        for v in self.lay.scope(nl) {
            if matches!(v, Var::Ret(_)) || !self.live.live[first as usize].contains(v) {
                continue;
            }
            let eq = self.m.iff(
                &self.m.var(self.lay.var(v, E)),
                &self.m.var(self.lay.var(v, C)),
            );
            r = self.m.and(&r, &eq);
        }
        r
    }

    /// Adds `p` to `PathEdges(w)` (the paper's Propagate), recording the new
    /// edges in the ring of the next level.
    fn propagate(&mut self, w: VertexId, p: Bdd) {
        if self.m.is_false(&p) {
            return;
        }
        let mut p = p;
        if let Some(q) = self.cfg.proc_of(w) {
            if let Some(inv) = &self.procs[q as usize].enforce {
                p = self.m.and(&p, inv);
            }
        }
        self.spread(None, w, p);
    }

    /// Adds `p`, arriving at `w`, to the path edges of the vertices `w`
    /// jumps to ([`jumps`]), each conjoined with its way's guard, quantifying
    /// the variables dead there unless `dead_before` (those already
    /// quantified from `p`) is the same set.
    fn spread(&mut self, dead_before: Option<VarSet>, w: VertexId, p: Bdd) {
        for k in self.jump.range(w) {
            let x = self.jump.to[k];
            let p = match &self.jump.guard[k] {
                Some(g) => self.m.and(&p, g),
                None => p.clone(),
            };
            let px = match (&dead_before, &self.dead[x as usize]) {
                (_, None) => p,
                (Some(b), Some(d)) if b.vars() == d.vars() => p,
                (_, Some(d)) => self.m.exists(&p, d),
            };
            self.add_path_edges(x, px);
        }
    }

    /// Adds `p` (enforced, dead variables quantified) to the path edges of `w`: its new part
    /// joins `w`'s ring of the next level.
    fn add_path_edges(&mut self, w: VertexId, p: Bdd) {
        let new = self.m.and(&p, &self.m.not(&self.pe[w as usize]));
        if self.m.is_false(&new) {
            return;
        }
        self.pe[w as usize] = self.m.or(&self.pe[w as usize], &new);
        let level = self.level + 1;
        let ring = &mut self.rings[w as usize];
        match ring.last_mut() {
            Some((l, d)) if *l == level => *d = self.m.or(d, &new),
            _ => ring.push((level, new)),
        }
        self.touched.push(w);
        if self.target.contains(self.cfg, w) {
            self.found = true;
        }
    }

    /// `propagate` along an edge `v → w` of one procedure whose transfer keeps the state
    /// (a `goto`, `skip` or the branch of a condition). `p` lies within the `enforce`
    /// invariant already (every path edge does, and its variables are live everywhere, so no
    /// quantification removes them), so conjoining it again would only cost time; and the
    /// variables dead at `v` are gone from `p`, so only those dead at `w` and not at `v` are
    /// quantified — none on a straight line where liveness does not change.
    fn propagate_kept(&mut self, v: VertexId, w: VertexId, p: Bdd) {
        if self.m.is_false(&p) {
            return;
        }
        self.spread(self.dead[v as usize].clone(), w, p);
    }

    fn propagate_err(&mut self, assert: VertexId, p: Bdd) {
        if self.m.is_false(&p) {
            return;
        }
        self.err_rings.push((assert, self.level + 1, p));
        if self.target == Target::AssertFailure {
            self.found = true;
        }
    }

    fn process(&mut self, v: VertexId, d: &Bdd) {
        let cfg = self.cfg;
        let vx = cfg.vertex(v);
        match &vx.kind {
            VKind::Err => {}
            VKind::Exit => {
                let q = vx.proc.expect("exit has a procedure") as usize;
                let pd = &self.procs[q];
                let s = self.m.rename(&self.m.exists(d, &pd.sum_quant), &pd.sum_ren);
                let new = self.m.and(&s, &self.m.not(&self.summary[q]));
                if self.m.is_false(&new) {
                    return;
                }
                self.summary[q] = self.m.or(&self.summary[q], &new);
                self.sum_rings[q].push((self.level, new.clone()));
                for &c in &cfg.procs[q].callers {
                    // Only call edges of rings up to this level: the ones
                    // added in this level are joined when the call is
                    // processed in the next, keeping rings well-founded.
                    let mut pe_c = self.pe[c as usize].clone();
                    if let Some((l, d)) = self.rings[c as usize].last() {
                        if *l > self.level {
                            pe_c = self.m.and(&pe_c, &self.m.not(d));
                        }
                    }
                    if self.m.is_false(&pe_c) {
                        continue;
                    }
                    let (ret, j) = self.join(c, &pe_c, &new);
                    self.propagate(ret, j);
                }
            }
            _ => {
                self.ensure_transfer(v);
                let tr = self.transfers[v as usize].take().expect("transfer built");
                self.apply(v, d, &tr);
                self.transfers[v as usize] = Some(tr);
            }
        }
    }

    fn apply(&mut self, v: VertexId, d: &Bdd, tr: &Transfer) {
        let cfg = self.cfg;
        let vx = cfg.vertex(v);
        match tr {
            Transfer::Identity => {
                for &w in &vx.succ {
                    self.propagate_kept(v, w, d.clone());
                }
            }
            Transfer::Cond { t, f } => {
                let kind = match vx.kind {
                    VKind::Cond { kind, .. } => kind,
                    _ => unreachable!("Cond transfer on a non-conditional"),
                };
                let dt = self.m.and(d, t);
                self.propagate_kept(v, vx.succ[0], dt);
                match kind {
                    CondKind::Assume => {}
                    CondKind::Assert => {
                        let df = self.m.and(d, f);
                        self.propagate_err(v, df);
                    }
                    CondKind::If | CondKind::While => {
                        let df = self.m.and(d, f);
                        self.propagate_kept(v, vx.succ[1], df);
                    }
                }
            }
            Transfer::AssignFast { quant, rels, post } => {
                let x = self.m.exists(d, quant);
                let r = self.conjoin(x, rels, post.as_ref());
                self.propagate(vx.succ[0], r);
            }
            Transfer::AssignGeneral {
                rels,
                quant,
                ren,
                post,
            } => {
                let x = self.conjoin(d.clone(), rels, Some(quant));
                let x = self.m.rename(&x, ren);
                let r = match post {
                    None => x,
                    Some(q) => self.m.exists(&x, q),
                };
                self.propagate(vx.succ[0], r);
            }
            Transfer::Call(ct) => {
                let q = ct.callee as usize;
                let bound = self.m.and(d, &ct.bind);
                let entry = self
                    .m
                    .rename(&self.m.exists(&bound, &ct.entry_quant), &ct.entry_ren);
                let entry = self.m.and(&entry, &self.procs[q].entry_eq);
                self.propagate(cfg.procs[q].first, entry);
                if !self.m.is_false(&self.summary[q]) {
                    let j = self.m.and_exists(&bound, &self.summary[q], &ct.join_quant);
                    let j = self.m.rename(&j, &ct.join_ren);
                    self.propagate(ct.ret, j);
                }
            }
        }
    }

    /// `∃ quant. x ∧ rels₁ ∧ … ∧ relsₙ`, conjoining one partition at a time
    /// (the last with the quantification): a monolithic relation of a wide
    /// parallel assignment can be exponentially larger than the sets it maps.
    pub(crate) fn conjoin(&self, mut x: Bdd, rels: &[Bdd], quant: Option<&VarSet>) -> Bdd {
        let Some((last, init)) = rels.split_last() else {
            return match quant {
                Some(q) => self.m.exists(&x, q),
                None => x,
            };
        };
        for r in init {
            x = self.m.and(&x, r);
        }
        match quant {
            Some(q) => self.m.and_exists(&x, last, q),
            None => self.m.and(&x, last),
        }
    }

    /// Joins path edges `pe_c` at call `c` with summary edges `s` of its
    /// callee: the path edges at the return site.
    pub(crate) fn join(&mut self, c: VertexId, pe_c: &Bdd, s: &Bdd) -> (VertexId, Bdd) {
        self.ensure_transfer(c);
        let Some(Transfer::Call(ct)) = &self.transfers[c as usize] else {
            unreachable!("call vertex without call transfer")
        };
        let bound = self.m.and(pe_c, &ct.bind);
        let j = self.m.and_exists(&bound, s, &ct.join_quant);
        (ct.ret, self.m.rename(&j, &ct.join_ren))
    }

    /// BDD of an expression over copy `copy`.
    pub(crate) fn expr(&self, e: &CExpr, copy: u32) -> Bdd {
        match e {
            CExpr::Const(b) => self.m.constant(*b),
            CExpr::Var(v) => self.m.var(self.lay.var(*v, copy)),
            CExpr::Choice(k) => self.m.var(self.lay.choice(*k)),
            CExpr::Not(a) => self.m.not(&self.expr(a, copy)),
            CExpr::Bin(op, a, b) => {
                let (a, b) = (self.expr(a, copy), self.expr(b, copy));
                use crate::ast::BinOp::*;
                match op {
                    Implies => self.m.imp(&a, &b),
                    Or => self.m.or(&a, &b),
                    Xor => self.m.xor(&a, &b),
                    And => self.m.and(&a, &b),
                    Eq => self.m.iff(&a, &b),
                    Ne => self.m.xor(&a, &b),
                }
            }
            CExpr::Schoose(p, n, k) => {
                let (p, n) = (self.expr(p, copy), self.expr(n, copy));
                let free = self.m.var(self.lay.choice(*k));
                self.m
                    .ite(&p, &self.m.t(), &self.m.ite(&n, &self.m.f(), &free))
            }
        }
    }

    /// The interned quantification set of `vars`.
    pub(crate) fn cube(&self, vars: &[u32]) -> VarSet {
        let mut key = vars.to_vec();
        key.sort_unstable();
        key.dedup();
        if let Some(v) = self.varsets.borrow().get(&key) {
            return v.clone();
        }
        let v = self.m.cube(&key);
        self.varsets.borrow_mut().insert(key, v.clone());
        v
    }

    /// The interned renaming of `pairs`.
    pub(crate) fn renaming(&self, pairs: &[(u32, u32)]) -> Renaming {
        let mut key = pairs.to_vec();
        key.sort_unstable();
        if let Some(r) = self.renamings.borrow().get(&key) {
            return r.clone();
        }
        let r = self.m.renaming(&key);
        self.renamings.borrow_mut().insert(key, r.clone());
        r
    }

    /// The condition on which a vertex passed over ([`jumps`]) lets the state
    /// through: an `assume`'s condition with its choices quantified; `None`
    /// (always) for a `goto` or `skip`.
    pub(crate) fn pass_condition(&self, v: VertexId) -> Option<Bdd> {
        let vx = self.cfg.vertex(v);
        match &vx.kind {
            VKind::Cond { cond, .. } => {
                let c = self.expr(cond, C);
                Some(self.m.exists(&c, &self.cube(&self.choice_set(vx.choices))))
            }
            _ => None,
        }
    }

    /// Vertex `u` as a parallel assignment: (targets, right-hand sides,
    /// variables it leaves arbitrary), or `None` if it assigns nothing. A
    /// `return` assigns the return registers; a return site assigns its
    /// targets from them and leaves the other registers arbitrary.
    pub(crate) fn assignment(&self, u: VertexId) -> Option<(Vec<Var>, Vec<CExpr>, Vec<Var>)> {
        match &self.cfg.vertex(u).kind {
            VKind::Assign { lhs, rhs } => Some((lhs.clone(), rhs.clone(), Vec::new())),
            VKind::Return(es) => {
                let lhs = (0..es.len() as u32).map(Var::Ret).collect();
                Some((lhs, es.clone(), Vec::new()))
            }
            VKind::ReturnSite { lhs, .. } => {
                let regs = (0..self.lay.nr)
                    .map(Var::Ret)
                    .filter(|r| !lhs.contains(r))
                    .collect();
                let rhs = (0..lhs.len() as u32)
                    .map(|i| CExpr::Var(Var::Ret(i)))
                    .collect();
                Some((lhs.clone(), rhs, regs))
            }
            _ => None,
        }
    }

    pub(crate) fn choice_set(&self, n: u32) -> Vec<u32> {
        (0..n).map(|k| self.lay.choice(k)).collect()
    }

    pub(crate) fn ensure_transfer(&mut self, v: VertexId) {
        if self.transfers[v as usize].is_none() {
            let t = self.build_transfer(v);
            self.transfers[v as usize] = Some(t);
        }
    }

    fn build_transfer(&self, v: VertexId) -> Transfer {
        let cfg = self.cfg;
        let vx = cfg.vertex(v);
        let chs = self.choice_set(vx.choices);
        let regs: Vec<Var> = (0..self.lay.nr).map(Var::Ret).collect();
        match &vx.kind {
            VKind::Skip | VKind::Print(_) | VKind::Goto | VKind::Exit | VKind::Err => {
                Transfer::Identity
            }
            VKind::Cond { cond, .. } => {
                let c = self.expr(cond, C);
                let q = self.cube(&chs);
                Transfer::Cond {
                    t: self.m.exists(&c, &q),
                    f: self.m.exists(&self.m.not(&c), &q),
                }
            }
            VKind::Return(es) => {
                let lhs: Vec<Var> = (0..es.len() as u32).map(Var::Ret).collect();
                self.assign_transfer(&lhs, es, None)
            }
            VKind::Assign { lhs, rhs } => self.assign_transfer(lhs, rhs, None),
            VKind::ReturnSite { lhs, .. } => {
                let rhs: Vec<CExpr> = (0..lhs.len() as u32)
                    .map(|i| CExpr::Var(Var::Ret(i)))
                    .collect();
                let post: Vec<u32> = regs.iter().map(|r| self.lay.var(*r, C)).collect();
                self.assign_transfer(lhs, &rhs, Some(self.cube(&post)))
            }
            VKind::Call { callee, args, ret } => {
                let q = *callee as usize;
                let formal = |j: u32| Var::Local(j);
                // each argument's choices quantified with the arguments sharing them:
                // `f(*, *, …)` binds each formal to nothing, where one conjunction of
                // `formal_j ↔ choice_j` (choices last in the order) is exponential
                let targets: Vec<u32> = (0..args.len() as u32)
                    .map(|j| self.lay.var(formal(j), N))
                    .collect();
                let bind = self
                    .assign_partitions(&targets, args, false)
                    .iter()
                    .fold(self.m.t(), |acc, r| self.m.and(&acc, r));
                let mut entry_quant = Vec::new();
                let mut join_quant = Vec::new();
                let mut join_ren = Vec::new();
                for s in 0..self.lay.slots() {
                    entry_quant.push(3 * s + E);
                }
                for j in 0..self.lay.nl {
                    entry_quant.push(self.lay.var(Var::Local(j), C));
                }
                for r in &regs {
                    entry_quant.push(self.lay.var(*r, C));
                    join_quant.push(self.lay.var(*r, C));
                    join_ren.push((self.lay.var(*r, N), self.lay.var(*r, C)));
                }
                for g in 0..self.lay.ng {
                    let gv = Var::Global(g);
                    if !self.mr.used(q, g) {
                        entry_quant.push(self.lay.var(gv, C));
                    }
                    if self.mr.modified[q].get(g) {
                        join_quant.push(self.lay.var(gv, C));
                        join_ren.push((self.lay.var(gv, N), self.lay.var(gv, C)));
                    }
                }
                let nf = cfg.procs[q].formals;
                let mut entry_ren = Vec::new();
                for j in 0..nf {
                    join_quant.push(self.lay.var(formal(j), N));
                    entry_ren.push((self.lay.var(formal(j), N), self.lay.var(formal(j), C)));
                }
                Transfer::Call(Box::new(CallTransfer {
                    callee: *callee,
                    ret: *ret,
                    bind,
                    entry_quant: self.cube(&entry_quant),
                    entry_ren: self.renaming(&entry_ren),
                    join_quant: self.cube(&join_quant),
                    join_ren: self.renaming(&join_ren),
                }))
            }
        }
    }

    fn assign_transfer(&self, lhs: &[Var], rhs: &[CExpr], post: Option<VarSet>) -> Transfer {
        let mut reads_target = false;
        for e in rhs {
            e.for_each_var(&mut |x| reads_target |= lhs.contains(&x));
        }
        let copy = if reads_target { N } else { C };
        let targets: Vec<u32> = lhs.iter().map(|x| self.lay.var(*x, copy)).collect();
        let rels = self.assign_partitions(&targets, rhs, false);
        let quant: Vec<u32> = lhs.iter().map(|x| self.lay.var(*x, C)).collect();
        if !reads_target {
            Transfer::AssignFast {
                quant: self.cube(&quant),
                rels,
                post,
            }
        } else {
            let ren: Vec<(u32, u32)> = lhs
                .iter()
                .map(|x| (self.lay.var(*x, N), self.lay.var(*x, C)))
                .collect();
            Transfer::AssignGeneral {
                rels,
                quant: self.cube(&quant),
                ren: self.renaming(&ren),
                post,
            }
        }
    }

    /// The relation `⋀ target_i ↔ rhs_i(C)` of a parallel assignment, split
    /// into partitions with their choices quantified: right-hand sides that
    /// share a choice land in one partition, so each choice is private to one.
    /// With `keep_choices`, the choices stay free (the witness picks them).
    pub(crate) fn assign_partitions(
        &self,
        targets: &[u32],
        rhs: &[CExpr],
        keep_choices: bool,
    ) -> Vec<Bdd> {
        let groups = crate::cfg::choice_groups(rhs);
        let parts = groups
            .into_iter()
            .map(|(members, chs)| {
                let mut rel = self.m.t();
                for i in members {
                    let eq = self.m.iff(&self.m.var(targets[i]), &self.expr(&rhs[i], C));
                    rel = self.m.and(&rel, &eq);
                }
                if keep_choices {
                    return rel;
                }
                let chs: Vec<u32> = chs.iter().map(|&k| self.lay.choice(k)).collect();
                self.m.exists(&rel, &self.cube(&chs))
            })
            .collect::<Vec<Bdd>>();
        self.cluster(parts)
    }

    /// Merges consecutive partitions while their conjunction stays small
    /// (threshold clustering): few small conjuncts are cheaper to apply than
    /// many tiny ones, and a bounded size avoids the monolithic blowup.
    fn cluster(&self, parts: Vec<Bdd>) -> Vec<Bdd> {
        const MAX_CLUSTER_NODES: usize = 2_000;
        let mut out: Vec<Bdd> = Vec::new();
        for r in parts {
            if let Some(last) = out.last_mut() {
                let merged = self.m.and(last, &r);
                if self.m.node_count(&merged) <= MAX_CLUSTER_NODES {
                    *last = merged;
                    continue;
                }
            }
            out.push(r);
        }
        out
    }

    fn proc_data(&self, p: ProcId) -> ProcData {
        let cfg = self.cfg;
        let pr = &cfg.procs[p as usize];
        let first_live = &self.live.live[pr.first as usize];
        let mut entry_eq = self.m.t();
        let eq = |v: Var| {
            self.m.iff(
                &self.m.var(self.lay.var(v, E)),
                &self.m.var(self.lay.var(v, C)),
            )
        };
        let is_main = p == cfg.main;
        for g in 0..self.lay.ng {
            let gv = Var::Global(g);
            if (is_main || self.mr.used(p as usize, g)) && first_live.contains(gv) {
                entry_eq = self.m.and(&entry_eq, &eq(gv));
            }
        }
        for j in 0..pr.formals {
            if first_live.contains(Var::Local(j)) {
                entry_eq = self.m.and(&entry_eq, &eq(Var::Local(j)));
            }
        }
        // Summary: keep E of used globals and formals, C of modified globals
        // and return registers; move them to summary coordinates.
        let mut quant = Vec::new();
        let mut ren = Vec::new();
        for g in 0..self.lay.ng {
            let gv = Var::Global(g);
            if !self.mr.modified[p as usize].get(g) {
                quant.push(self.lay.var(gv, C));
            } else {
                ren.push((self.lay.var(gv, C), self.lay.var(gv, N)));
            }
            if self.mr.used(p as usize, g) {
                ren.push((self.lay.var(gv, E), self.lay.var(gv, C)));
            } else {
                quant.push(self.lay.var(gv, E));
            }
        }
        for j in 0..self.lay.nl {
            let lv = Var::Local(j);
            quant.push(self.lay.var(lv, C));
            if j < pr.formals {
                ren.push((self.lay.var(lv, E), self.lay.var(lv, N)));
            } else {
                quant.push(self.lay.var(lv, E));
            }
        }
        for r in 0..self.lay.nr {
            let rv = Var::Ret(r);
            quant.push(self.lay.var(rv, E));
            if r < pr.returns {
                ren.push((self.lay.var(rv, C), self.lay.var(rv, N)));
            } else {
                quant.push(self.lay.var(rv, C));
            }
        }
        ProcData {
            entry_eq,
            enforce: pr.enforce.as_ref().map(|e| self.expr(e, C)),
            sum_quant: self.cube(&quant),
            sum_ren: self.renaming(&ren),
        }
    }

    /// For each vertex, the C copies of the in-scope variables dead there
    /// (and, at a procedure's first vertex, their E copies), interned.
    fn dead_sets(&self) -> Vec<Option<VarSet>> {
        let cfg = self.cfg;
        let mut interned: HashMap<Vec<u32>, VarSet> = HashMap::default();
        (0..cfg.vertices.len() as VertexId)
            .map(|v| {
                let vx = cfg.vertex(v);
                let p = vx.proc?;
                let nl = cfg.procs[p as usize].locals.len() as u32;
                let live = &self.live.live[v as usize];
                let first = cfg.procs[p as usize].first == v;
                let mut vars = Vec::new();
                for x in self.lay.scope(nl) {
                    if !live.contains(x) {
                        vars.push(self.lay.var(x, C));
                        if first && !matches!(x, Var::Ret(_)) {
                            vars.push(self.lay.var(x, E));
                        }
                    }
                }
                if vars.is_empty() {
                    return None;
                }
                Some(
                    interned
                        .entry(vars.clone())
                        .or_insert_with(|| self.cube(&vars))
                        .clone(),
                )
            })
            .collect()
    }
}

/// For each vertex, where path edges arriving at it go, and on what
/// condition. A `goto`, `skip` or `assume` changes no variable, so its path
/// edges are the union of its successors' arrivals, an `assume` keeping only
/// those that pass it: such vertices are passed over, and the edges go to the
/// first vertices after them that do something, each conjoined with the
/// conditions of the `assume`s on the way (straight-line compression: c2bp
/// emits a `goto` for every CFG edge and a `goto` and two `assume`s for every
/// branch, most of its statements). This saves the search a level and a union
/// per vertex passed over. Not passed over: a procedure's first vertex (calls
/// enter there and traces start there), a target, and a vertex on a cycle of
/// them (`L: goto L`), which keeps its own path edges so that the cycle has
/// one. Liveness never shrinks across them (they assign nothing), so the
/// variables dead at the vertices after one include those dead at it, and the
/// conditions read only variables live where they are passed.
pub(crate) fn jumps(
    cfg: &Cfg,
    target: &Target,
    m: &BddManager,
    guard_of: &dyn Fn(VertexId) -> Option<Bdd>,
) -> Jumps {
    let n = cfg.vertices.len();
    let passable: Vec<bool> = (0..n as VertexId)
        .map(|v| {
            let vx = cfg.vertex(v);
            matches!(
                vx.kind,
                VKind::Goto
                    | VKind::Skip
                    | VKind::Cond {
                        kind: CondKind::Assume,
                        ..
                    }
            ) && !vx.succ.is_empty()
                && vx.proc.is_some()
                && vx.succ.iter().all(|&w| cfg.proc_of(w) == vx.proc)
                && cfg.procs[vx.proc.expect("checked") as usize].first != v
                && !target.contains(cfg, v)
        })
        .collect();
    // Depth-first over the passable vertices; one found again while on the
    // stack closes a cycle and keeps its edges (`blocked`).
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let mut state = vec![NEW; n];
    let mut blocked = vec![false; n];
    let mut targets: Vec<Vec<(VertexId, Bdd)>> = vec![Vec::new(); n];
    for v0 in 0..n as VertexId {
        if !passable[v0 as usize] || state[v0 as usize] != NEW {
            continue;
        }
        state[v0 as usize] = OPEN;
        let mut stack: Vec<(VertexId, usize)> = vec![(v0, 0)];
        while let Some(&mut (v, ref mut i)) = stack.last_mut() {
            let succ = &cfg.vertex(v).succ;
            if *i < succ.len() {
                let w = succ[*i];
                *i += 1;
                if passable[w as usize] {
                    match state[w as usize] {
                        NEW => {
                            state[w as usize] = OPEN;
                            stack.push((w, 0));
                        }
                        OPEN => blocked[w as usize] = true,
                        _ => {}
                    }
                }
                continue;
            }
            stack.pop();
            let g = guard_of(v).unwrap_or_else(|| m.t());
            let mut out: Vec<(VertexId, Bdd)> = Vec::new();
            for &w in succ {
                if passable[w as usize] && !blocked[w as usize] {
                    for (x, h) in &targets[w as usize] {
                        out.push((*x, m.and(&g, h)));
                    }
                } else {
                    out.push((w, g.clone()));
                }
            }
            out.sort_by_key(|(x, _)| *x);
            let mut merged: Vec<(VertexId, Bdd)> = Vec::new();
            for (x, h) in out {
                match merged.last_mut() {
                    Some((y, k)) if *y == x => *k = m.or(k, &h),
                    _ => merged.push((x, h)),
                }
            }
            targets[v as usize] = merged;
            state[v as usize] = DONE;
        }
    }
    let mut out = Jumps::default();
    for v in 0..n {
        if passable[v] && !blocked[v] {
            for (x, h) in std::mem::take(&mut targets[v]) {
                out.to.push(x);
                out.guard.push((!m.is_true(&h)).then_some(h));
            }
        } else {
            out.to.push(v as VertexId);
            out.guard.push(None);
        }
        out.end.push(out.to.len() as u32);
    }
    out
}

/// Where path edges arriving at each vertex go, and on what condition
/// ([`jumps`]), all vertices' lists in one array (a vertex's own list is
/// `[v]` unless it is passed over).
#[derive(Clone, Debug, Default)]
pub(crate) struct Jumps {
    /// End of vertex `v`'s list in `to` (its start is the end of `v - 1`'s).
    end: Vec<u32>,
    pub(crate) to: Vec<VertexId>,
    /// For each entry of `to`: the condition of the `assume`s passed over on
    /// the way (choices quantified; `None`: true).
    pub(crate) guard: Vec<Option<Bdd>>,
}

impl Jumps {
    /// Every vertex keeps its own edges.
    fn none(n: usize) -> Jumps {
        Jumps {
            end: (1..=n as u32).collect(),
            to: (0..n as VertexId).collect(),
            guard: vec![None; n],
        }
    }

    /// The positions in `to` of `v`'s list.
    pub(crate) fn range(&self, v: VertexId) -> std::ops::Range<usize> {
        let start = if v == 0 { 0 } else { self.end[v as usize - 1] };
        start as usize..self.end[v as usize] as usize
    }

    /// Where path edges arriving at `v` go.
    pub(crate) fn of(&self, v: VertexId) -> &[VertexId] {
        &self.to[self.range(v)]
    }

    /// Whether `v` keeps its own path edges (it is not passed over).
    pub(crate) fn keeps_edges(&self, v: VertexId) -> bool {
        self.of(v) == [v]
    }
}

/// Decides whether `target` is reachable with the BDD engine.
pub fn check(cfg: &Cfg, target: &Target, opts: &SymbolicOptions) -> (Outcome, Stats) {
    Symbolic::new(cfg, target.clone(), opts.clone()).run()
}
