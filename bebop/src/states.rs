//! The reachable states of a boolean program whose error is unreachable: at chosen
//! vertices, and at the exit of every procedure, read off the BDD engine's path edges once
//! its search reached the fixpoint.
//!
//! This is what a proof by Bebop knows. A path edge at a vertex `v` pairs the values the
//! variables had when `v`'s procedure was entered (`E`) with their values at `v` (`C`);
//! the set of all of them is an inductive invariant of the boolean program. [`reachable`]
//! projects it to the variables the caller can name and returns it as plain data: a
//! disjunction of cubes of literals, each cube a prime implicant of the projection (so
//! the result is short, and exact: the cubes' union is the projected set); or, where that
//! takes more cubes than the caller allows, the conjunction of every clause of one or two
//! literals the set implies (weaker than the set, still true of it).
//!
//! The engine runs with `goto`, `skip` and `assume` not passed over
//! ([`crate::symbolic::SymbolicOptions::skip_jumps`] off), so every vertex has its own path
//! edges. Dead variables are quantified as in every run; the projection is then weaker but
//! stays inductive, since a variable dead at a vertex is written before it is read on
//! every path from there.

use std::time::Instant;

use crate::bdd::Bdd;
use crate::cfg::{Cfg, ProcId, Var, VertexId};
use crate::reach::{GiveUp, Limit, Outcome, Target};
use crate::symbolic::{Symbolic, SymbolicOptions, C, E};

/// Which value of a variable a literal speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum When {
    /// The value when the procedure was entered.
    Entry,
    /// The value at the vertex (at the exit: the value returned).
    Now,
}

/// `var` (at `when`) is `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Lit {
    pub var: Var,
    pub when: When,
    pub value: bool,
}

/// A set of valuations as a disjunction of cubes: no cube is false; no cube at all is
/// false, one empty cube is true.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Cubes(pub Vec<Vec<Lit>>);

impl Cubes {
    pub fn is_false(&self) -> bool {
        self.0.is_empty()
    }
    pub fn is_true(&self) -> bool {
        self.0.iter().any(|c| c.is_empty())
    }
}

/// A set of valuations, or a superset of it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum States {
    /// Exactly the set, as a disjunction of prime cubes.
    Exact(Cubes),
    /// The conjunction of these clauses (disjunctions of literals), each implied by the
    /// set: the short clauses true of it, when the exact form is too long.
    Implied(Vec<Vec<Lit>>),
}

/// Names the part of a cube of a vertex whose literals contradict each other, if they do.
pub type Infeasible<'a> = dyn FnMut(VertexId, &[Lit]) -> Option<Vec<Lit>> + 'a;

/// What [`reachable`] found.
#[derive(Clone, Debug, Default)]
pub struct Reachable {
    /// For each vertex asked about, in order: its states (`None`: not in a procedure).
    pub at: Vec<Option<States>>,
    /// For each procedure: the states at its exit, entry values beside the returned ones.
    pub exits: Vec<Option<States>>,
}

/// Why [`reachable`] has no answer.
#[derive(Clone, Debug)]
pub enum NoStates {
    /// The error is reachable: there is no invariant to read.
    ErrorReachable,
    /// The search gave up.
    GaveUp(GiveUp),
}

/// Runs the BDD engine to its fixpoint and reads the reachable states at `vertices` and at
/// every procedure's exit, keeping only the literals `keep(vertex, var, when)` accepts
/// (the others are quantified: the result is the projection). `infeasible(vertex, cube)`
/// may name a part of a cube whose literals contradict each other (see [`project`]). A set
/// that takes more than `max_cubes` cubes is given by its implied clauses
/// ([`States::Implied`]).
pub fn reachable(
    cfg: &Cfg,
    opts: &SymbolicOptions,
    vertices: &[VertexId],
    keep: &dyn Fn(VertexId, Var, When) -> bool,
    max_cubes: usize,
    infeasible: &mut Infeasible,
) -> Result<Reachable, NoStates> {
    let _span = tracing::info_span!("reachable_states").entered();
    let opts = SymbolicOptions {
        skip_jumps: false,
        ..opts.clone()
    };
    let mut s = Symbolic::new(cfg, Target::AssertFailure, opts);
    if let Err(gave_up) = s.search(Instant::now()) {
        return Err(match gave_up.0 {
            Outcome::GaveUp(g) => NoStates::GaveUp(g),
            _ => NoStates::GaveUp(GiveUp {
                limit: Limit::Internal,
                message: "the search stopped without an answer".into(),
            }),
        });
    }
    if s.found {
        return Err(NoStates::ErrorReachable);
    }
    let mut read = |s: &Symbolic, v: VertexId| -> Option<States> {
        let proc = cfg.proc_of(v)?;
        project(s, proc, v, &s.pe[v as usize], keep, max_cubes, infeasible)
    };
    let at = vertices.iter().map(|&v| read(&s, v)).collect();
    let exits = cfg.procs.iter().map(|p| read(&s, p.exit)).collect();
    if let Err(full) = s.m.check() {
        return Err(NoStates::GaveUp(GiveUp {
            limit: Limit::NodeTable,
            message: format!("{full} (memory limit)"),
        }));
    }
    Ok(Reachable { at, exits })
}

/// The set `pe` of a vertex of `proc`, projected to the kept literals.
///
/// Cubes are picked from the set one at a time; `infeasible` may say that a cube's
/// literals cannot hold together (their predicates contradict each other: the boolean
/// program does not know that `x > 0` and `x < 0` exclude each other), giving a
/// contradicting part, which then joins the don't-cares: no state has it, so it is
/// neither covered nor kept out. Each cube is widened to a prime implicant of the set
/// with its don't-cares.
fn project(
    s: &Symbolic,
    proc: ProcId,
    vertex: VertexId,
    pe: &Bdd,
    keep: &dyn Fn(VertexId, Var, When) -> bool,
    max_cubes: usize,
    infeasible: &mut Infeasible,
) -> Option<States> {
    let m = &s.m;
    let nl = s.cfg.procs[proc as usize].locals.len() as u32;
    // BDD variable -> the literal it stands for, for the kept ones
    let mut named: Vec<(u32, Var, When)> = Vec::new();
    for v in s.lay.scope(nl) {
        for (copy, when) in [(E, When::Entry), (C, When::Now)] {
            if keep(vertex, v, when) {
                named.push((s.lay.var(v, copy), v, when));
            }
        }
    }
    let kept: Vec<u32> = named.iter().map(|n| n.0).collect();
    let others: Vec<u32> = (0..m.num_vars()).filter(|i| !kept.contains(i)).collect();
    let f = m.exists(pe, &m.cube(&others));
    let lit_of = |i: u32, value: bool| {
        let &(_, var, when) = named.iter().find(|n| n.0 == i).expect("kept var");
        Lit { var, when, value }
    };
    let index_of = |l: &Lit| {
        named
            .iter()
            .find(|n| n.1 == l.var && n.2 == l.when)
            .map(|n| (n.0, l.value))
    };
    let mut dont_care = m.f();
    let mut rest = f.clone();
    let mut cubes = Vec::new();
    let mut asked = 0;
    while !m.is_false(&rest) {
        if cubes.len() == max_cubes || asked > 4 * max_cubes {
            // what every real state satisfies: the contradictory valuations are none
            let real = m.and(&f, &m.not(&dont_care));
            return Some(States::Implied(implied_clauses(s, &real, &lit_of)));
        }
        let picked = m.pick_cube(&rest)?;
        let mut lits: Vec<(u32, bool)> = kept
            .iter()
            .filter_map(|&i| picked.get(i as usize).copied().flatten().map(|b| (i, b)))
            .collect();
        asked += 1;
        let named_lits: Vec<Lit> = lits.iter().map(|&(i, b)| lit_of(i, b)).collect();
        if let Some(core) = infeasible(vertex, &named_lits) {
            let core: Vec<(u32, bool)> = core.iter().filter_map(index_of).collect();
            let no = m.lits(core.iter().copied());
            dont_care = m.or(&dont_care, &no);
            rest = m.and(&rest, &m.not(&no));
            continue;
        }
        // widen to a prime implicant: drop each literal the set (with don't-cares) does
        // not need
        let with_dc = m.or(&f, &dont_care);
        let mut k = 0;
        while k < lits.len() {
            let mut fewer = lits.clone();
            fewer.remove(k);
            if m.implies(&m.lits(fewer.iter().copied()), &with_dc) {
                lits = fewer;
            } else {
                k += 1;
            }
        }
        let cube = m.lits(lits.iter().copied());
        rest = m.and(&rest, &m.not(&cube));
        cubes.push(lits.iter().map(|&(i, value)| lit_of(i, value)).collect());
    }
    Some(States::Exact(Cubes(cubes)))
}

/// Most variables whose pairs are tried as two-literal clauses.
const MAX_PAIR_VARS: usize = 96;

/// The clauses of one literal, and of two literals over variables neither of which is
/// fixed, that `f` implies.
fn implied_clauses(s: &Symbolic, f: &Bdd, lit_of: &dyn Fn(u32, bool) -> Lit) -> Vec<Vec<Lit>> {
    let m = &s.m;
    let support = m.support(f);
    let mut clauses = Vec::new();
    let mut free = Vec::new();
    for &v in &support {
        if m.implies(f, &m.var(v)) {
            clauses.push(vec![lit_of(v, true)]);
        } else if m.implies(f, &m.nvar(v)) {
            clauses.push(vec![lit_of(v, false)]);
        } else {
            free.push(v);
        }
    }
    if free.len() <= MAX_PAIR_VARS {
        for (k, &a) in free.iter().enumerate() {
            for &b in &free[k + 1..] {
                for (va, vb) in [(true, true), (true, false), (false, true), (false, false)] {
                    let clause = m.or(&m.lit(a, va), &m.lit(b, vb));
                    if m.implies(f, &clause) {
                        clauses.push(vec![lit_of(a, va), lit_of(b, vb)]);
                    }
                }
            }
        }
    }
    clauses
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cfg_of(src: &str) -> Cfg {
        let prog = crate::parser::parse(src).expect("parses");
        assert!(crate::check::check(&prog).is_empty());
        Cfg::build(&prog).expect("builds")
    }

    #[test]
    fn a_counter_modulo_two_alternates_at_the_loop_head() {
        // x flips each iteration and starts false: at the loop head x is either value, and
        // y (a copy of the old x, negated) always differs from x after the first round.
        let cfg = cfg_of(
            "decl x, y;\n\
             void main() begin\n\
               x := F; y := T;\n\
               L: while (*) do\n\
                 y := x; x := !x;\n\
               od\n\
               assert(x != y);\n\
             end\n",
        );
        let head = (0..cfg.vertices.len() as u32)
            .find(|&v| cfg.vertices[v as usize].labels.iter().any(|l| l == "L"))
            .expect("label L");
        let r = reachable(
            &cfg,
            &SymbolicOptions::default(),
            &[head],
            &|_, _, w| w == When::Now,
            16,
            &mut |_, _| None,
        )
        .expect("error unreachable");
        let Some(States::Exact(at)) = r.at[0].clone() else {
            panic!("few cubes: {:?}", r.at[0]);
        };
        // the invariant is x != y: two cubes over the two globals
        assert_eq!(at.0.len(), 2, "{at:?}");
        for cube in &at.0 {
            assert_eq!(cube.len(), 2);
            assert_ne!(cube[0].value, cube[1].value);
        }
    }

    #[test]
    fn a_reachable_error_has_no_invariant() {
        let cfg = cfg_of("decl x;\nvoid main() begin\n x := T;\n assert(!x);\nend\n");
        let r = reachable(
            &cfg,
            &SymbolicOptions::default(),
            &[],
            &|_, _, _| true,
            4,
            &mut |_, _| None,
        );
        assert!(matches!(r, Err(NoStates::ErrorReachable)));
    }
}
