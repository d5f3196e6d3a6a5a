//! The Kripke structure of a model (§2.4): each step runs one top-level
//! procedure instance (its parameters chosen nondeterministically). The
//! transition relation stays partitioned, one part per instance, each over
//! the bits it writes only; images and pre-images are computed part by part
//! with early quantification (`and_exists`). A procedure that may not return
//! leads to the single loop state `L` (the `loop` bit set, every other bit
//! 0), which loops forever; a state where no procedure can complete or loop
//! stutters, so that every path is infinite as CTL requires.

use bebop::bdd::Bdd;

use super::layout::Copy;
use super::stmt::{instance_sizes, Compiler, Summaries};
use super::trans::Trans;
use super::{CheckError, Engine};
use crate::model::*;

/// One part of the transition relation: a top-level procedure instance.
#[derive(Clone, Debug)]
pub struct Part {
    pub proc: usize,
    pub args: Vec<u64>,
    pub tr: Trans,
}

/// The transition structure over global states plus the loop state.
pub struct Kripke<'e> {
    pub e: &'e Engine,
    pub parts: Vec<Part>,
    /// The parts merged into clusters for images (see [`cluster`]).
    pub clusters: Vec<Trans>,
    /// Valid states: variables hold values of their types, or `L`.
    pub valid: Bdd,
    pub loop_state: Bdd,
    pub not_loop: Bdd,
    /// States from which some part may not return.
    pub may_loop: Bdd,
    /// Valid non-loop states with no successor: they stutter.
    pub deadlock: Bdd,
    pub valid_not_loop: Bdd,
}

impl Engine {
    /// Builds the Kripke structure from the summaries.
    pub(crate) fn kripke(&self, sums: &Summaries) -> Result<Kripke<'_>, CheckError> {
        let m = &self.m;
        let mut parts = Vec::new();
        for (p, def) in self.model.procs.iter().enumerate() {
            if !def.toplevel {
                continue;
            }
            let (count, sizes) = instance_sizes(&self.model, p);
            for inst in 0..count {
                let tr = sums
                    .get(&(p, inst))
                    .cloned()
                    .ok_or_else(|| CheckError::Internal("missing summary".into()))?;
                if m.is_false(&tr.t) && m.is_false(&tr.l) {
                    continue;
                }
                parts.push(Part {
                    proc: p,
                    args: split_tuple(inst, &sizes),
                    tr,
                });
            }
        }
        let lb = m.var(self.lay.bdd_var(self.lay.loop_bit, Copy::Cur));
        let zeros: Vec<(u32, bool)> = (0..self.lay.globals)
            .map(|b| (self.lay.bdd_var(b, Copy::Cur), false))
            .collect();
        let loop_state = m.and(&lb, &m.lits(zeros));
        let not_loop = m.not(&lb);
        let valid_globals = self.valid_globals(sums);
        let valid_not_loop = m.and(&valid_globals, &not_loop);
        let valid = m.or(&valid_not_loop, &loop_state);
        let tx = self.tx();
        let may_loop = m.or_all(parts.iter().map(|p| &p.tr.l));
        let enabled: Vec<Bdd> = parts.iter().map(|p| tx.pre(&p.tr, &m.t())).collect();
        let live = m.or(&m.or_all(&enabled), &may_loop);
        let deadlock = m.and(&m.and(&valid, &not_loop), &m.not(&live));
        m.check()?;
        let clusters = cluster(&tx, &parts);
        Ok(Kripke {
            e: self,
            clusters,
            parts,
            valid,
            loop_state,
            not_loop,
            may_loop,
            valid_not_loop,
            deadlock,
        })
    }

    fn valid_globals(&self, sums: &Summaries) -> Bdd {
        let c = Compiler {
            ev: self.eval(None),
            tx: self.tx(),
            sums,
            proc: 0,
        };
        let v: Vec<Bdd> = (0..self.model.vars.len())
            .map(|x| c.valid(x, Copy::Cur))
            .collect();
        self.m.and_all(&v)
    }
}

impl Kripke<'_> {
    /// Successors of a set of states.
    pub fn image(&self, s: &Bdd) -> Bdd {
        let m = &self.e.m;
        let tx = self.e.tx();
        let s0 = m.and(s, &self.not_loop);
        let mut out: Vec<Bdd> = self.clusters.iter().map(|c| tx.post(c, &s0)).collect();
        let to_loop =
            !m.is_false(&m.and(&s0, &self.may_loop)) || !m.is_false(&m.and(s, &self.loop_state));
        if to_loop {
            out.push(self.loop_state.clone());
        }
        out.push(m.and(&s0, &self.deadlock));
        m.and(&m.or_all(&out), &self.valid)
    }

    /// Predecessors of a set of states.
    pub fn preimage(&self, x: &Bdd) -> Bdd {
        let m = &self.e.m;
        let mut out: Vec<Bdd> = (0..self.clusters.len())
            .map(|c| self.pre_cluster(c, x))
            .collect();
        out.push(self.pre_special(x));
        m.or_all(&out)
    }

    /// Predecessors of `x` through cluster `c`.
    pub fn pre_cluster(&self, c: usize, x: &Bdd) -> Bdd {
        let m = &self.e.m;
        let x0 = m.and(x, &self.not_loop);
        let p = self.e.tx().pre(&self.clusters[c], &x0);
        m.and(&p, &self.valid_not_loop)
    }

    /// Predecessors of `x` through the loop state and stuttering deadlocks.
    pub fn pre_special(&self, x: &Bdd) -> Bdd {
        let m = &self.e.m;
        let mut out = vec![m.and(&m.and(x, &self.not_loop), &self.deadlock)];
        if !m.is_false(&m.and(x, &self.loop_state)) {
            out.push(m.and(&self.may_loop, &self.valid_not_loop));
            out.push(self.loop_state.clone());
        }
        m.or_all(&out)
    }

    /// States reachable from `init` (breadth first, image of the frontier only).
    pub fn reach(&self, init: &Bdd) -> Result<Bdd, CheckError> {
        let m = &self.e.m;
        let mut r = m.and(init, &self.valid);
        let mut frontier = r.clone();
        while !m.is_false(&frontier) {
            let next = self.image(&frontier);
            frontier = m.and(&next, &m.not(&r));
            r = m.or(&r, &frontier);
            self.e.note_peak();
            m.check()?;
        }
        Ok(r)
    }

    /// The parts that take state `u` to state `v` (labels for traces).
    pub fn step_label(&self, u: &Bdd, v: &Bdd) -> String {
        let m = &self.e.m;
        let tx = self.e.tx();
        if !m.is_false(&m.and(u, &self.loop_state)) {
            return "(the loop state stays)".into();
        }
        for p in &self.parts {
            let hit = if !m.is_false(&m.and(v, &self.loop_state)) {
                !m.is_false(&m.and(u, &p.tr.l))
            } else {
                !m.is_false(&m.and(&tx.post(&p.tr, u), v))
            };
            if hit {
                let suffix = if m.is_false(&m.and(v, &self.loop_state)) {
                    ""
                } else {
                    " does not return"
                };
                return format!("{}{suffix}", self.part_name(p));
            }
        }
        "(deadlock: no procedure can run; the state stutters)".into()
    }

    fn part_name(&self, p: &Part) -> String {
        let model = &self.e.model;
        let def = &model.procs[p.proc];
        let args: Vec<String> = def
            .params
            .iter()
            .zip(&p.args)
            .map(|((_, d), v)| model.value_name(*d, *v))
            .collect();
        format!("{}({})", def.name, args.join(", "))
    }
}

/// Largest cluster relation, in nodes.
const CLUSTER_NODES: usize = 2000;

/// Merges parts into fewer, larger relations (disjunctions over the union
/// of their write sets), greedily in the order of their first written bit,
/// while the merged relation stays below [`CLUSTER_NODES`] nodes. Each
/// image then costs fewer passes over the state set, while every cluster
/// stays small; parts that write the same rows end up together.
fn cluster(tx: &super::trans::Tx, parts: &[Part]) -> Vec<Trans> {
    let mut order: Vec<&Part> = parts.iter().collect();
    order.sort_by_key(|p| p.tr.w.first().copied());
    let mut out: Vec<Trans> = Vec::new();
    for p in order {
        if let Some(last) = out.last_mut() {
            let merged = tx.choice(last, &p.tr);
            if tx.m.node_count(&merged.t) <= CLUSTER_NODES {
                *last = merged;
                continue;
            }
        }
        out.push(p.tr.clone());
    }
    out
}
