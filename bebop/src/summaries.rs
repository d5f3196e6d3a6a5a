//! Procedure relations as cubes, for people: for each procedure, the entry
//! valuations it returns from with the exit valuations, and the entry
//! valuations from which it may loop ([`crate::termination`]), read off the
//! BDDs of [`crate::relations`] as prime cubes ([`crate::states`]).
//!
//! A return cube's entry literals are the globals the procedure may read or
//! write (MOD/REF) and its formals, at entry; its exit literals the globals
//! it may write and the values it returns. Globals it does not write keep
//! their values.

use crate::bdd::Bdd;
use crate::cfg::{ProcId, Var, VertexId};
use crate::relations::Relations;
use crate::states::{project, States, Unconstrained, When};
use crate::symbolic::{C, E, N};
use crate::termination::Termination;

/// Most cubes one set is listed in; past it, its implied short clauses are.
const MAX_CUBES: usize = 4096;

/// One procedure's relation.
#[derive(Clone, Debug)]
pub struct ProcRelation {
    pub proc: ProcId,
    /// Entry literals (`When::Entry`) with exit literals (`When::Now`).
    pub returns: States,
    /// Entry literals from which the procedure may run forever.
    pub loops: States,
    /// The globals it may read or write, then its formals: the entry.
    pub entry_vars: Vec<Var>,
    /// The globals it may write, then its return registers: the exit.
    pub exit_vars: Vec<Var>,
}

/// The relation of every procedure, in declaration order.
pub fn relations(r: &Relations<'_>, t: &Termination) -> Vec<ProcRelation> {
    let _span = tracing::info_span!("summaries").entered();
    (0..r.cfg().procs.len() as ProcId)
        .map(|q| relation(r, t, q))
        .collect()
}

fn relation(r: &Relations<'_>, t: &Termination, q: ProcId) -> ProcRelation {
    let s = &r.s;
    let cfg = r.cfg();
    let pr = &cfg.procs[q as usize];
    let qi = q as usize;
    let used: Vec<Var> = (0..s.lay.ng)
        .filter(|&g| s.mr.used(qi, g))
        .map(Var::Global)
        .collect();
    let written: Vec<Var> = (0..s.lay.ng)
        .filter(|&g| s.mr.modified[qi].get(g))
        .map(Var::Global)
        .collect();
    let entry_vars: Vec<Var> = used
        .iter()
        .copied()
        .chain((0..pr.formals).map(Var::Local))
        .collect();
    let exit_vars: Vec<Var> = written
        .iter()
        .copied()
        .chain((0..pr.returns).map(Var::Ret))
        .collect();
    let keep = |_: VertexId, x: Var, w: When| match w {
        When::Entry => entry_vars.contains(&x),
        When::Now => exit_vars.contains(&x),
    };
    let exact = |set: &Bdd, v: VertexId, keep: &dyn Fn(VertexId, Var, When) -> bool| {
        project(s, q, v, set, keep, MAX_CUBES, &mut Unconstrained)
            .unwrap_or(States::Implied(Vec::new()))
    };
    let returns = exact(&s.pe[pr.exit as usize], pr.exit, &keep);
    let loops = exact(&loop_on_entry_copies(r, t, q), pr.first, &|_, x, w| {
        w == When::Entry && entry_vars.contains(&x)
    });
    ProcRelation {
        proc: q,
        returns,
        loops,
        entry_vars,
        exit_vars,
    }
}

/// `q`'s loop entries (globals on `C`, formals on `N`) moved to the `E`
/// copies, as a set of its first vertex.
fn loop_on_entry_copies(r: &Relations<'_>, t: &Termination, q: ProcId) -> Bdd {
    let s = &r.s;
    let mut ren: Vec<(u32, u32)> = (0..s.lay.ng)
        .map(|g| (s.lay.var(Var::Global(g), C), s.lay.var(Var::Global(g), E)))
        .collect();
    for j in 0..r.cfg().procs[q as usize].formals {
        ren.push((s.lay.var(Var::Local(j), N), s.lay.var(Var::Local(j), E)));
    }
    s.m.rename(&t.loop_entries[q as usize], &s.renaming(&ren))
}
