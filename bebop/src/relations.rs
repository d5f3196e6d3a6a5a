//! Procedure relations from every entry, and one step backward over the
//! summary graph: the BDD layer under "may loop" ([`crate::termination`])
//! and CTL ([`crate::ctl`]).
//!
//! [`Relations::compute`] runs the BDD engine ([`crate::symbolic`]) to its
//! fixpoint seeded at *every* procedure's first statement with every entry
//! valuation ([`Roots::EveryProcedure`]), so each procedure's summary is its
//! whole relation (entry valuation → exit valuation) and the path edges of a
//! vertex are every state reachable there from any entry of its procedure.
//! Live ranges are off (a CTL formula may read any variable anywhere) and
//! `goto`/`skip`/`assume` keep their own path edges; MOD/REF stays on.
//!
//! The sets read from it ([`Relations::at`]) are over the `C` copies only: a
//! procedure's *state* at a vertex is the valuation of its globals, locals
//! and return registers there. The summary graph of a procedure has its
//! intraprocedural edges, an edge from each call over the callee's summary to
//! the return site, and (for "may loop") an edge from each call into the
//! callee's first vertex. [`Relations::pre_intra`], [`Relations::pre_return`]
//! and [`Relations::pre_entry`] are the preimages along those edges.

use std::time::Instant;

use crate::bdd::{Bdd, Renaming, VarSet};
use crate::cfg::{Cfg, CondKind, ProcId, VKind, Var, VertexId};
use crate::reach::{GiveUp, Limit, Outcome, Stats, Target};
use crate::state::State;
use crate::symbolic::{Roots, Symbolic, SymbolicOptions, Transfer, C, E, N};

/// An assignment's preimage data: its targets (and the variables it leaves
/// arbitrary) move `C → N`, then each partition of its relation is applied
/// with its own targets quantified, then every moved `N` copy.
struct AssignPre {
    to_n: Renaming,
    parts: Vec<(Bdd, VarSet)>,
    moved_n: VarSet,
}

/// The fixpoint of the BDD engine from every entry, with the per-vertex
/// state sets and the preimage data over the summary graph.
pub struct Relations<'a> {
    pub(crate) s: Symbolic<'a>,
    /// For each vertex in a procedure: its reachable states (`C` copies).
    pub(crate) at: Vec<Bdd>,
    assigns: Vec<Option<AssignPre>>,
    /// The statistics of the engine run.
    pub stats: Stats,
}

impl<'a> Relations<'a> {
    /// Runs the BDD engine from every entry of every procedure to its
    /// fixpoint. `opts` gives the limits (node table, stop); the
    /// optimizations are set as the module docs say.
    pub fn compute(cfg: &'a Cfg, opts: &SymbolicOptions) -> Result<Relations<'a>, GiveUp> {
        let _span = tracing::info_span!("relations").entered();
        let opts = SymbolicOptions {
            live_ranges: false,
            skip_jumps: false,
            ..opts.clone()
        };
        let mut s = Symbolic::new(cfg, Target::Vertices(Vec::new()), opts);
        s.roots = Roots::EveryProcedure;
        if let Err(gave_up) = s.search(Instant::now()) {
            return Err(match gave_up.0 {
                Outcome::GaveUp(g) => g,
                _ => GiveUp {
                    limit: Limit::Internal,
                    message: "the search stopped without an answer".into(),
                },
            });
        }
        for v in 0..cfg.vertices.len() as VertexId {
            if cfg.proc_of(v).is_some() {
                s.ensure_transfer(v);
            }
        }
        let all_e: Vec<u32> = (0..s.lay.slots()).map(|k| 3 * k + E).collect();
        let all_e = s.cube(&all_e);
        let at = s.pe.iter().map(|pe| s.m.exists(pe, &all_e)).collect();
        let assigns = (0..cfg.vertices.len() as VertexId)
            .map(|v| assign_pre(&s, v))
            .collect();
        let stats = s.stats.clone();
        let r = Relations {
            s,
            at,
            assigns,
            stats,
        };
        r.check_table()?;
        Ok(r)
    }

    pub fn cfg(&self) -> &'a Cfg {
        self.s.cfg
    }

    /// Gives up if the node table filled up (results would be meaningless).
    pub(crate) fn check_table(&self) -> Result<(), GiveUp> {
        self.s.m.check().map_err(|full| GiveUp {
            limit: Limit::NodeTable,
            message: format!("{full} (memory limit)"),
        })
    }

    /// The states of `u` with a successor at `w` in `set_w` (`u → w` an
    /// intraprocedural edge; not a call's).
    pub(crate) fn pre_intra(&self, u: VertexId, w: VertexId, set_w: &Bdd) -> Bdd {
        let s = &self.s;
        let m = &s.m;
        if let Some(a) = &self.assigns[u as usize] {
            let mut x = m.rename(set_w, &a.to_n);
            for (r, mine) in &a.parts {
                x = m.and_exists(&x, r, mine);
            }
            return m.exists(&x, &a.moved_n);
        }
        let vx = s.cfg.vertex(u);
        match &vx.kind {
            VKind::Cond { kind, cond } => {
                let c = s.expr(cond, C);
                let to_t = vx.succ[0] == w;
                let to_f = *kind != CondKind::Assume && vx.succ.get(1) == Some(&w);
                let g = match (to_t, to_f) {
                    (true, true) => m.t(),
                    (true, false) => c,
                    (false, true) => m.not(&c),
                    (false, false) => m.f(),
                };
                m.and_exists(set_w, &g, &s.cube(&s.choice_set(vx.choices)))
            }
            _ => set_w.clone(),
        }
    }

    /// The states of call `c` from which the callee returns into `set_ret`
    /// (a set at the call's return site), over the callee's summary.
    pub(crate) fn pre_return(&self, c: VertexId, set_ret: &Bdd) -> Bdd {
        let s = &self.s;
        let m = &s.m;
        let Some(Transfer::Call(ct)) = &s.transfers[c as usize] else {
            return m.f();
        };
        let q = ct.callee as usize;
        let mut back = Vec::new();
        let mut quant = Vec::new();
        for g in 0..s.lay.ng {
            if s.mr.modified[q].get(g) {
                back.push((s.lay.var(Var::Global(g), C), s.lay.var(Var::Global(g), N)));
            }
        }
        for r in 0..s.lay.nr {
            back.push((s.lay.var(Var::Ret(r), C), s.lay.var(Var::Ret(r), N)));
        }
        quant.extend(back.iter().map(|&(_, n)| n));
        for j in 0..s.cfg.procs[q].formals {
            quant.push(s.lay.var(Var::Local(j), N));
        }
        let after = m.rename(set_ret, &s.renaming(&back));
        let z = m.and(&ct.bind, &s.summary[q]);
        m.and_exists(&z, &after, &s.cube(&quant))
    }

    /// The states of call `c` that enter the callee in one of `entries`
    /// (entry valuations: globals on `C`, formals on `N`, as
    /// [`Relations::entries`] gives them).
    pub(crate) fn pre_entry(&self, c: VertexId, entries: &Bdd) -> Bdd {
        let s = &self.s;
        let m = &s.m;
        let Some(Transfer::Call(ct)) = &s.transfers[c as usize] else {
            return m.f();
        };
        let nf = s.cfg.procs[ct.callee as usize].formals;
        let formals: Vec<u32> = (0..nf).map(|j| s.lay.var(Var::Local(j), N)).collect();
        m.and_exists(&ct.bind, entries, &s.cube(&formals))
    }

    /// The entry valuations of `q` (globals on `C`, formals on `N`) of the
    /// states of `set_first`, a set at `q`'s first vertex: its other locals
    /// and its return registers are arbitrary at entry.
    pub(crate) fn entries(&self, q: ProcId, set_first: &Bdd) -> Bdd {
        let s = &self.s;
        let m = &s.m;
        let pr = &s.cfg.procs[q as usize];
        let mut quant: Vec<u32> = (pr.formals..s.lay.nl)
            .map(|j| s.lay.var(Var::Local(j), C))
            .collect();
        quant.extend((0..s.lay.nr).map(|r| s.lay.var(Var::Ret(r), C)));
        let ren: Vec<(u32, u32)> = (0..pr.formals)
            .map(|j| (s.lay.var(Var::Local(j), C), s.lay.var(Var::Local(j), N)))
            .collect();
        m.rename(&m.exists(set_first, &s.cube(&quant)), &s.renaming(&ren))
    }

    /// Whether the concrete state `st` of the procedure of `v` is in `set`
    /// (a set of `v` over the `C` copies).
    pub fn holds(&self, set: &Bdd, v: VertexId, st: &State) -> bool {
        let s = &self.s;
        let Some(p) = s.cfg.proc_of(v) else {
            return false;
        };
        let nl = s.cfg.procs[p as usize].locals.len() as u32;
        let mut value = vec![false; s.m.num_vars() as usize];
        for x in s.lay.scope(nl) {
            value[s.lay.var(x, C) as usize] = st.get(x);
        }
        s.m.eval(set, &|i| value.get(i as usize).copied().unwrap_or(false))
    }

    /// A concrete state of `set` (a set of `v`): a cube of it, completed
    /// with `false`.
    pub(crate) fn pick(&self, set: &Bdd, v: VertexId) -> Option<State> {
        let s = &self.s;
        let p = s.cfg.proc_of(v)?;
        let cube = s.m.pick_cube(set)?;
        let nl = s.cfg.procs[p as usize].locals.len() as u32;
        let mut st = State::zeros(s.cfg, p);
        for x in s.lay.scope(nl) {
            if cube.get(s.lay.var(x, C) as usize).copied().flatten() == Some(true) {
                st.set(x, true);
            }
        }
        Some(st)
    }

    /// Whether `q`'s relation takes the entry `entry` (a state at its first
    /// vertex: globals and formals count) to `exit` (a state at its exit:
    /// globals and the registers it returns count).
    pub fn summary_holds(&self, q: ProcId, entry: &State, exit: &State) -> bool {
        let s = &self.s;
        let (lay, qi) = (&s.lay, q as usize);
        let mut value = vec![false; s.m.num_vars() as usize];
        for g in 0..lay.ng {
            let x = Var::Global(g);
            if !s.mr.modified[qi].get(g) && entry.get(x) != exit.get(x) {
                return false;
            }
            value[lay.var(x, C) as usize] = entry.get(x);
            value[lay.var(x, N) as usize] = exit.get(x);
        }
        for j in 0..s.cfg.procs[qi].formals {
            value[lay.var(Var::Local(j), N) as usize] = entry.get(Var::Local(j));
        }
        for r in 0..s.cfg.procs[qi].returns {
            value[lay.var(Var::Ret(r), N) as usize] = exit.get(Var::Ret(r));
        }
        s.m.eval(&s.summary[qi], &|i| {
            value.get(i as usize).copied().unwrap_or(false)
        })
    }

    /// The vertices of procedure `p`.
    pub(crate) fn vertices_of(&self, p: ProcId) -> impl Iterator<Item = VertexId> + '_ {
        let cfg = self.s.cfg;
        (0..cfg.vertices.len() as VertexId).filter(move |&v| cfg.proc_of(v) == Some(p))
    }

    /// The successors of `u` within its procedure in the summary graph, but
    /// for calls: the intraprocedural ones (the `Err` of an assertion is not
    /// in a procedure).
    pub(crate) fn intra_succ(&self, u: VertexId) -> Vec<VertexId> {
        let cfg = self.s.cfg;
        let mut out: Vec<VertexId> = cfg
            .intra_succ(u)
            .into_iter()
            .filter(|&w| cfg.proc_of(w).is_some())
            .collect();
        out.dedup();
        out
    }
}

/// The preimage data of `v` if it assigns (an assignment, a `return`, a
/// return site, which also leaves the return registers arbitrary).
fn assign_pre(s: &Symbolic<'_>, v: VertexId) -> Option<AssignPre> {
    let lay = &s.lay;
    let (lhs, rhs, free) = s.assignment(v)?;
    let moved: Vec<(u32, u32)> = lhs
        .iter()
        .chain(&free)
        .map(|x| (lay.var(*x, C), lay.var(*x, N)))
        .collect();
    let ns: Vec<u32> = lhs.iter().map(|x| lay.var(*x, N)).collect();
    let parts = s
        .assign_partitions(&ns, &rhs, false)
        .into_iter()
        .map(|r| {
            let mine: Vec<u32> =
                s.m.support(&r)
                    .into_iter()
                    .filter(|v| ns.contains(v))
                    .collect();
            let mine = s.cube(&mine);
            (r, mine)
        })
        .collect();
    let moved_n: Vec<u32> = moved.iter().map(|&(_, n)| n).collect();
    Some(AssignPre {
        to_n: s.renaming(&moved),
        parts,
        moved_n: s.cube(&moved_n),
    })
}
