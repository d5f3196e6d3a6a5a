//! CTL over the Kripke structure (§2.5, §5.5), by the standard fixpoints,
//! restricted to a set `R` of states closed under successors (the states
//! reachable from those the assertion is checked at): `EX` is a pre-image,
//! `EU` a backward least fixpoint that takes the pre-image of the last
//! frontier only, `EG` a greatest fixpoint; the universal operators are
//! their duals. Because a CTL operator just yields a set of states, it can
//! sit anywhere a formula can, under quantifiers and inside comprehensions.

use bebop::bdd::Bdd;

use super::eval::CtlHook;
use super::kripke::Kripke;
use super::CheckError;
use crate::model::CtlOp;

/// CTL evaluation within the states `r`.
pub struct Ctl<'k, 'e> {
    pub k: &'k Kripke<'e>,
    pub r: Bdd,
}

type R<T> = Result<T, CheckError>;

impl Ctl<'_, '_> {
    fn neg(&self, x: &Bdd) -> Bdd {
        let m = &self.k.e.m;
        m.and(&self.r, &m.not(x))
    }

    pub fn ex(&self, f: &Bdd) -> Bdd {
        self.k.e.m.and(&self.r, &self.k.preimage(f))
    }

    /// `E[f U g]`: backward from `g`, by sweeps over the clusters in which
    /// each cluster's pre-image already includes the states the earlier
    /// clusters of the sweep added (chaining: one sweep may cover several
    /// steps). Each pre-image is taken of the smaller of the new states and
    /// all states found so far (both give the same new states).
    pub fn eu(&self, f: &Bdd, g: &Bdd) -> R<Bdd> {
        let m = &self.k.e.m;
        let f = m.and(f, &self.r);
        let mut z = m.and(g, &self.r);
        let mut frontier = z.clone();
        while !m.is_false(&frontier) {
            let mut added = m.f();
            for c in 0..=self.k.clusters.len() {
                let from = if m.node_count(&frontier) <= m.node_count(&z) {
                    &frontier
                } else {
                    &z
                };
                let pre = match c {
                    _ if c == self.k.clusters.len() => self.k.pre_special(from),
                    _ => self.k.pre_cluster(c, from),
                };
                let new = m.and(&m.and(&f, &pre), &m.not(&z));
                if !m.is_false(&new) {
                    z = m.or(&z, &new);
                    frontier = m.or(&frontier, &new);
                    added = m.or(&added, &new);
                }
            }
            frontier = added;
            self.k.e.note_peak();
            m.check()?;
        }
        Ok(z)
    }

    /// `EG f`.
    pub fn eg(&self, f: &Bdd) -> R<Bdd> {
        let m = &self.k.e.m;
        let mut z = m.and(f, &self.r);
        loop {
            let next = m.and(&z, &self.k.preimage(&z));
            self.k.e.note_peak();
            m.check()?;
            if next == z {
                return Ok(z);
            }
            z = next;
        }
    }

    /// The states where `op` applied to `f` (and `g`) holds.
    pub fn apply(&self, op: CtlOp, f: &Bdd, g: Option<&Bdd>) -> R<Bdd> {
        let t = self.r.clone();
        let g = g.cloned().unwrap_or_else(|| t.clone());
        Ok(match op {
            CtlOp::EX => self.ex(f),
            CtlOp::EF => self.eu(&t, f)?,
            CtlOp::EG => self.eg(f)?,
            CtlOp::EU => self.eu(f, &g)?,
            CtlOp::AX => self.neg(&self.ex(&self.neg(f))),
            CtlOp::AF => self.neg(&self.eg(&self.neg(f))?),
            CtlOp::AG => self.neg(&self.eu(&t, &self.neg(f))?),
            CtlOp::AU => {
                let (nf, ng) = (self.neg(f), self.neg(&g));
                let both = self.k.e.m.and(&nf, &ng);
                let bad = self.k.e.m.or(&self.eu(&ng, &both)?, &self.eg(&ng)?);
                self.neg(&bad)
            }
        })
    }
}

impl CtlHook for Ctl<'_, '_> {
    fn ctl(&self, op: CtlOp, f: &Bdd, g: Option<&Bdd>) -> Result<Bdd, CheckError> {
        self.apply(op, f, g)
    }

    fn loop_state(&self) -> Bdd {
        self.k.loop_state.clone()
    }
}
