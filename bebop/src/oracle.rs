//! The explicit oracle of "may loop", procedure relations and CTL: the same
//! semantics as [`crate::termination`] and [`crate::ctl_check`], on explicit
//! states, sharing only the CFG and the concrete step functions.
//!
//! Every procedure is explored from every valuation of its globals and
//! locals ([`crate::explicit::explore`]: explicit summaries, so recursion
//! ends). The configurations (vertex, state) found get their successors on
//! the summary graph: intraprocedural steps, a call's return states (one
//! per exit its callee reaches from the entry), a call's callee entries. A
//! configuration may loop when it lies on an infinite path of that graph:
//! the configurations left after removing, again and again, those with no
//! successor left. CTL is evaluated by its fixpoints over the configurations
//! of one procedure, with the successors of [`crate::ctl_check`]'s Kripke
//! structure (a state with none, or at a call whose callee may loop, is its
//! own successor). Small programs only: it enumerates every valuation.

use rustc_hash::FxHashMap as HashMap;

use crate::cfg::{Cfg, ProcId, VKind, Var, VertexId};
use crate::ctl::{Ctl, Unary};
use crate::explicit::{explore, Explored};
use crate::reach::{GiveUp, Limit};
use crate::semantics::{call_entries, enforce_holds, intra_successors, return_state};
use crate::state::State;

/// The explored configurations and their may-loop values.
pub struct Oracle<'a> {
    cfg: &'a Cfg,
    explored: Explored,
    configs: Vec<(VertexId, State)>,
    index: HashMap<(VertexId, State), usize>,
    /// Intraprocedural and return successors of each configuration.
    steps: Vec<Vec<usize>>,
    /// Callee entries of each call configuration.
    entries: Vec<Vec<usize>>,
    /// Whether each configuration may loop.
    diverge: Vec<bool>,
}

/// Every valuation of the globals and `p`'s locals (registers cleared).
fn all_states(cfg: &Cfg, p: ProcId) -> Vec<State> {
    let ng = cfg.globals.len() as u32;
    let nl = cfg.procs[p as usize].locals.len() as u32;
    (0..1u64 << (ng + nl))
        .map(|bits| {
            let mut s = State::zeros(cfg, p);
            for i in 0..ng {
                s.g.set(i, bits >> i & 1 == 1);
            }
            for j in 0..nl {
                s.l.set(j, bits >> (ng + j) & 1 == 1);
            }
            s
        })
        .collect()
}

impl<'a> Oracle<'a> {
    /// Explores every procedure from every valuation; gives up past
    /// `max_bits` variables in one scope or `max_nodes` explored states.
    pub fn new(cfg: &'a Cfg, max_bits: u32, max_nodes: usize) -> Result<Oracle<'a>, GiveUp> {
        let _span = tracing::info_span!("oracle").entered();
        let ng = cfg.globals.len() as u32;
        if cfg.max_choices > max_bits
            || cfg
                .procs
                .iter()
                .any(|p| ng + p.locals.len() as u32 > max_bits)
        {
            return Err(GiveUp {
                limit: Limit::States,
                message: format!(
                    "the oracle enumerates at most 2^{max_bits} valuations of a scope or of a step's choices"
                ),
            });
        }
        let roots = (0..cfg.procs.len() as ProcId)
            .map(|p| (p, all_states(cfg, p)))
            .collect();
        let explored = explore(cfg, roots, max_nodes)?;
        let mut o = Oracle {
            cfg,
            explored,
            configs: Vec::new(),
            index: HashMap::default(),
            steps: Vec::new(),
            entries: Vec::new(),
            diverge: Vec::new(),
        };
        o.collect_configs();
        o.link();
        o.diverge = o.infinite_paths();
        Ok(o)
    }

    fn collect_configs(&mut self) {
        let found: Vec<(VertexId, State)> = self
            .explored
            .states()
            .filter(|(v, _)| self.cfg.proc_of(*v).is_some())
            .map(|(v, s)| (v, s.clone()))
            .collect();
        for c in found {
            if !self.index.contains_key(&c) {
                self.index.insert(c.clone(), self.configs.len());
                self.configs.push(c);
            }
        }
    }

    /// The successors of every configuration on the summary graph.
    fn link(&mut self) {
        let cfg = self.cfg;
        for i in 0..self.configs.len() {
            let (v, st) = self.configs[i].clone();
            let p = cfg.proc_of(v);
            let (mut steps, mut entries) = (Vec::new(), Vec::new());
            match cfg.vertex(v).kind {
                VKind::Call { callee, ret, .. } => {
                    let first = cfg.procs[callee as usize].first;
                    for e in call_entries(cfg, v, &st) {
                        if !enforce_holds(cfg, callee, &e) {
                            continue;
                        }
                        entries.extend(self.index.get(&(first, e.clone())));
                        for x in self.explored.exits(cfg, callee, &e).unwrap_or_default() {
                            steps.extend(self.index.get(&(ret, return_state(&st, x))));
                        }
                    }
                }
                _ => {
                    for (w, t) in intra_successors(cfg, v, &st) {
                        if cfg.proc_of(w) == p {
                            steps.extend(self.index.get(&(w, t)));
                        }
                    }
                }
            }
            steps.sort_unstable();
            steps.dedup();
            self.steps.push(steps);
            self.entries.push(entries);
        }
    }

    /// The configurations on an infinite path: remove those without a
    /// successor left until none is removed.
    fn infinite_paths(&self) -> Vec<bool> {
        let mut alive: Vec<bool> = self
            .configs
            .iter()
            .map(|(v, _)| self.cfg.vertex(*v).kind != VKind::Exit)
            .collect();
        loop {
            let mut changed = false;
            for i in 0..alive.len() {
                if alive[i] && !self.all_succ(i).any(|j| alive[j]) {
                    alive[i] = false;
                    changed = true;
                }
            }
            if !changed {
                return alive;
            }
        }
    }

    fn all_succ(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.steps[i].iter().chain(&self.entries[i]).copied()
    }

    /// Whether `(v, st)` may loop; `None` if it was not explored.
    pub fn may_loop_at(&self, v: VertexId, st: &State) -> Option<bool> {
        self.index.get(&(v, st.clone())).map(|&i| self.diverge[i])
    }

    /// Whether procedure `p` may loop from some entry valuation.
    pub fn may_loop(&self, p: ProcId) -> bool {
        let first = self.cfg.procs[p as usize].first;
        self.configs
            .iter()
            .zip(&self.diverge)
            .any(|((v, _), d)| *v == first && *d)
    }

    /// The exit states of `p` from `entry` (globals and formals count).
    pub fn exits(&self, p: ProcId, entry: &State) -> Option<Vec<&State>> {
        self.explored.exits(self.cfg, p, entry)
    }

    /// The configurations of procedure `p`.
    pub fn configs_of(&self, p: ProcId) -> impl Iterator<Item = (usize, VertexId, &State)> + '_ {
        self.configs
            .iter()
            .enumerate()
            .filter(move |(_, (v, _))| self.cfg.proc_of(*v) == Some(p))
            .map(|(i, (v, s))| (i, *v, s))
    }

    /// The truth of `f` at every configuration of `p` (indexed as the
    /// configurations; others false), or the name that is no variable.
    pub fn ctl(&self, p: ProcId, f: &Ctl) -> Result<Vec<bool>, String> {
        let k = Explicit::new(self, p);
        k.sat(f)
    }

    /// The truth of `f` at `(v, st)` from [`Oracle::ctl`]'s answer.
    pub fn at(&self, sat: &[bool], v: VertexId, st: &State) -> Option<bool> {
        self.index.get(&(v, st.clone())).map(|&i| sat[i])
    }
}

/// The Kripke structure of one procedure over the oracle's configurations.
struct Explicit<'o, 'a> {
    o: &'o Oracle<'a>,
    p: ProcId,
    mine: Vec<bool>,
    succ: Vec<Vec<usize>>,
}

impl<'o, 'a> Explicit<'o, 'a> {
    fn new(o: &'o Oracle<'a>, p: ProcId) -> Explicit<'o, 'a> {
        let n = o.configs.len();
        let mine: Vec<bool> = o
            .configs
            .iter()
            .map(|(v, _)| o.cfg.proc_of(*v) == Some(p))
            .collect();
        let mut succ = vec![Vec::new(); n];
        for i in (0..n).filter(|&i| mine[i]) {
            let mut s = o.steps[i].clone();
            let loops = o.entries[i].iter().any(|&e| o.diverge[e]);
            if s.is_empty() || loops {
                s.push(i);
            }
            succ[i] = s;
        }
        Explicit { o, p, mine, succ }
    }

    fn ex(&self, z: &[bool]) -> Vec<bool> {
        (0..z.len())
            .map(|i| self.mine[i] && self.succ[i].iter().any(|&j| z[j]))
            .collect()
    }

    fn eu(&self, a: &[bool], b: &[bool]) -> Vec<bool> {
        let mut z = b.to_vec();
        loop {
            let ex = self.ex(&z);
            let next: Vec<bool> = (0..z.len()).map(|i| z[i] || (a[i] && ex[i])).collect();
            if next == z {
                return z;
            }
            z = next;
        }
    }

    fn eg(&self, a: &[bool]) -> Vec<bool> {
        let mut z = a.to_vec();
        loop {
            let ex = self.ex(&z);
            let next: Vec<bool> = (0..z.len()).map(|i| a[i] && ex[i]).collect();
            if next == z {
                return z;
            }
            z = next;
        }
    }

    fn not(&self, a: &[bool]) -> Vec<bool> {
        (0..a.len()).map(|i| self.mine[i] && !a[i]).collect()
    }

    fn var(&self, name: &str) -> Option<Var> {
        let cfg = self.o.cfg;
        let pr = &cfg.procs[self.p as usize];
        if let Some(i) = pr.locals.iter().position(|l| l == name) {
            return Some(Var::Local(i as u32));
        }
        cfg.globals
            .iter()
            .position(|g| g == name)
            .map(|i| Var::Global(i as u32))
    }

    fn sat(&self, f: &Ctl) -> Result<Vec<bool>, String> {
        let zip = |a: Vec<bool>, b: Vec<bool>, op: fn(bool, bool) -> bool| -> Vec<bool> {
            a.iter().zip(&b).map(|(x, y)| op(*x, *y)).collect()
        };
        Ok(match f {
            Ctl::Const(b) => self.mine.iter().map(|m| *m && *b).collect(),
            Ctl::Var(n, _, _) => {
                let x = self.var(n).ok_or_else(|| format!("no variable `{n}`"))?;
                let cs = &self.o.configs;
                (0..cs.len())
                    .map(|i| self.mine[i] && cs[i].1.get(x))
                    .collect()
            }
            Ctl::Not(a) => self.not(&self.sat(a)?),
            Ctl::And(a, b) => zip(self.sat(a)?, self.sat(b)?, |x, y| x && y),
            Ctl::Or(a, b) => zip(self.sat(a)?, self.sat(b)?, |x, y| x || y),
            Ctl::Implies(a, b) => {
                self.not(&zip(self.sat(a)?, self.not(&self.sat(b)?), |x, y| x && y))
            }
            Ctl::Iff(a, b) => {
                let eq = zip(self.sat(a)?, self.sat(b)?, |x, y| x == y);
                zip(eq, self.mine.clone(), |x, y| x && y)
            }
            Ctl::Temporal(op, a) => {
                let a = self.sat(a)?;
                match op {
                    Unary::EX => self.ex(&a),
                    Unary::AX => self.not(&self.ex(&self.not(&a))),
                    Unary::EF => self.eu(&self.mine, &a),
                    Unary::AG => self.not(&self.eu(&self.mine, &self.not(&a))),
                    Unary::EG => self.eg(&a),
                    Unary::AF => self.not(&self.eg(&self.not(&a))),
                }
            }
            Ctl::Until { exists, hold, goal } => {
                let (a, b) = (self.sat(hold)?, self.sat(goal)?);
                if *exists {
                    self.eu(&a, &b)
                } else {
                    let nb = self.not(&b);
                    let stop = zip(self.not(&a), nb.clone(), |x, y| x && y);
                    let bad = zip(self.eu(&nb, &stop), self.eg(&nb), |x, y| x || y);
                    self.not(&bad)
                }
            }
        })
    }
}
