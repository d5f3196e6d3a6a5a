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
//! literals the set implies (weaker than the set, still true of it). Valuations the caller
//! knows to be no state at all (`x == 1` and `x == 2` both true: [`Consistency`]) are
//! don't-cares of the cover. A procedure's precondition is read at its first vertex with
//! entry and current values equal, since a loop that starts the body reaches that vertex
//! again with other values.
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

/// What the caller knows of the literals that cannot hold together. The boolean program
/// does not know that `x == 1` and `x == 2` exclude each other; a valuation that has both
/// is no state at all, so it is a don't-care of the set read (neither covered nor kept
/// out), and the set is stated in far fewer cubes.
pub trait Consistency {
    /// Sets of literals over `lits` (the variables kept at `vertex`, with their copies)
    /// each of which cannot hold as a whole, known before any cube is read.
    fn contradictions(&mut self, vertex: VertexId, lits: &[(Var, When)]) -> Vec<Vec<Lit>>;
    /// The part of `cube` (a cube of `vertex`) whose literals contradict each other, if
    /// they do.
    fn infeasible(&mut self, vertex: VertexId, cube: &[Lit]) -> Option<Vec<Lit>>;
}

/// Every valuation may be a state.
pub struct Unconstrained;

impl Consistency for Unconstrained {
    fn contradictions(&mut self, _: VertexId, _: &[(Var, When)]) -> Vec<Vec<Lit>> {
        Vec::new()
    }
    fn infeasible(&mut self, _: VertexId, _: &[Lit]) -> Option<Vec<Lit>> {
        None
    }
}

/// What [`reachable`] found.
#[derive(Clone, Debug, Default)]
pub struct Reachable {
    /// For each vertex asked about, in order: its states (`None`: not in a procedure).
    pub at: Vec<Option<States>>,
    /// For each procedure: the states when it is entered, its precondition (current
    /// values only: at entry they are the entry values).
    pub entries: Vec<Option<States>>,
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
/// (the others are quantified: the result is the projection). `consistency` names the
/// literals that contradict each other (see [`project`]). A set
/// that takes more than `max_cubes` cubes is given by its implied clauses
/// ([`States::Implied`]).
pub fn reachable(
    cfg: &Cfg,
    opts: &SymbolicOptions,
    vertices: &[VertexId],
    keep: &dyn Fn(VertexId, Var, When) -> bool,
    max_cubes: usize,
    consistency: &mut dyn Consistency,
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
    let read = |s: &Symbolic, v: VertexId, consistency: &mut dyn Consistency| {
        let proc = cfg.proc_of(v)?;
        project(s, proc, v, &s.pe[v as usize], keep, max_cubes, consistency)
    };
    let at = vertices.iter().map(|&v| read(&s, v, consistency)).collect();
    let exits = cfg
        .procs
        .iter()
        .map(|p| read(&s, p.exit, consistency))
        .collect();
    let entries = (0..cfg.procs.len() as ProcId)
        .map(|p| {
            let first = cfg.procs[p as usize].first;
            let pe = s.m.and(&s.pe[first as usize], &entry_identity(&s, p));
            let now = |v: VertexId, x: Var, w: When| w == When::Now && keep(v, x, w);
            project(&s, p, first, &pe, &now, max_cubes, consistency)
        })
        .collect();
    if let Err(full) = s.m.check() {
        return Err(NoStates::GaveUp(GiveUp {
            limit: Limit::NodeTable,
            message: format!("{full} (memory limit)"),
        }));
    }
    Ok(Reachable { at, entries, exits })
}

/// `E ↔ C` for the globals and formals of `proc`: what holds when it is entered. Its first
/// vertex may also be reached later (a loop that starts the body), with other values.
fn entry_identity(s: &Symbolic, proc: ProcId) -> Bdd {
    let m = &s.m;
    let pr = &s.cfg.procs[proc as usize];
    let vars = (0..s.lay.ng)
        .map(Var::Global)
        .chain((0..pr.formals).map(Var::Local));
    let mut eq = m.t();
    for x in vars {
        let same = m.iff(&m.var(s.lay.var(x, E)), &m.var(s.lay.var(x, C)));
        eq = m.and(&eq, &same);
    }
    eq
}

/// The set `pe` of a vertex of `proc`, projected to the kept literals.
///
/// The contradictions known up front are don't-cares from the start: no state has them,
/// so they are neither covered nor kept out. Cubes are then picked from the set one at a
/// time; `consistency` may still say that a cube's literals cannot hold together, giving
/// a contradicting part, which joins the don't-cares. Each cube is widened to a prime
/// implicant of the set with its don't-cares.
pub(crate) fn project(
    s: &Symbolic,
    proc: ProcId,
    vertex: VertexId,
    pe: &Bdd,
    keep: &dyn Fn(VertexId, Var, When) -> bool,
    max_cubes: usize,
    consistency: &mut dyn Consistency,
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
    let vars: Vec<(Var, When)> = named.iter().map(|n| (n.1, n.2)).collect();
    for core in consistency.contradictions(vertex, &vars) {
        let core: Vec<(u32, bool)> = core.iter().filter_map(index_of).collect();
        dont_care = m.or(&dont_care, &m.lits(core.iter().copied()));
    }
    let mut rest = m.and(&f, &m.not(&dont_care));
    let mut cubes = Vec::new();
    let mut asked = 0;
    while !m.is_false(&rest) {
        if cubes.len() == max_cubes || asked > 4 * max_cubes {
            // what every real state satisfies: the contradictory valuations are none
            let real = m.and(&f, &m.not(&dont_care));
            return Some(States::Implied(implied_clauses(
                s, &real, &dont_care, &lit_of,
            )));
        }
        let picked = m.pick_cube(&rest)?;
        let mut lits: Vec<(u32, bool)> = kept
            .iter()
            .filter_map(|&i| picked.get(i as usize).copied().flatten().map(|b| (i, b)))
            .collect();
        asked += 1;
        let named_lits: Vec<Lit> = lits.iter().map(|&(i, b)| lit_of(i, b)).collect();
        if let Some(core) = consistency.infeasible(vertex, &named_lits) {
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
/// fixed, that `f` implies, but for those every consistent valuation satisfies (the
/// valuations in `dont_care` are none).
fn implied_clauses(
    s: &Symbolic,
    f: &Bdd,
    dont_care: &Bdd,
    lit_of: &dyn Fn(u32, bool) -> Lit,
) -> Vec<Vec<Lit>> {
    let m = &s.m;
    let consistent = m.not(dont_care);
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
                    if m.implies(f, &clause) && !m.implies(&consistent, &clause) {
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

    fn labelled(cfg: &Cfg, label: &str) -> VertexId {
        (0..cfg.vertices.len() as u32)
            .find(|&v| cfg.vertices[v as usize].labels.iter().any(|l| l == label))
            .expect("the label")
    }

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
        let head = labelled(&cfg, "L");
        let r = reachable(
            &cfg,
            &SymbolicOptions::default(),
            &[head],
            &|_, _, w| w == When::Now,
            16,
            &mut Unconstrained,
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

    /// `a`, `b`, `c` stand for `x == 1`, `x == 2`, `x == 3`: at most one holds.
    struct OneOf(Vec<Var>);

    impl Consistency for OneOf {
        fn contradictions(&mut self, _: VertexId, lits: &[(Var, When)]) -> Vec<Vec<Lit>> {
            let mut out = Vec::new();
            for (k, &(x, wx)) in lits.iter().enumerate() {
                for &(y, wy) in &lits[k + 1..] {
                    if wx == wy && self.0.contains(&x) && self.0.contains(&y) {
                        let lit = |var, when| Lit {
                            var,
                            when,
                            value: true,
                        };
                        out.push(vec![lit(x, wx), lit(y, wy)]);
                    }
                }
            }
            out
        }
        fn infeasible(&mut self, _: VertexId, _: &[Lit]) -> Option<Vec<Lit>> {
            None
        }
    }

    #[test]
    fn exclusive_literals_are_left_out_of_the_cubes() {
        // x cycles through 1, 2, 3; `f` is set exactly in state 1
        let cfg = cfg_of(
            "decl a, b, c, f;
             void main() begin
               a := T; b := F; c := F; f := T;
               L: while (*) do
                 if (a) then a, b, f := F, T, F;
                 elsif (b) then b, c := F, T;
                 else c, a, f := F, T, T;
                 fi
               od
               assert(!f | a);
             end
",
        );
        let head = labelled(&cfg, "L");
        let read = |consistency: &mut dyn Consistency| {
            let r = reachable(
                &cfg,
                &SymbolicOptions::default(),
                &[head],
                &|_, _, w| w == When::Now,
                16,
                consistency,
            )
            .expect("error unreachable");
            match r.at[0].clone() {
                Some(States::Exact(c)) => c,
                other => panic!("{other:?}"),
            }
        };
        let lits = |c: &Cubes| c.0.iter().map(Vec::len).sum::<usize>();
        let plain = read(&mut Unconstrained);
        let globals: Vec<Var> = (0..3).map(Var::Global).collect();
        let known = read(&mut OneOf(globals.clone()));
        // three states, either way; with a, b, c exclusive, a state needs no literal
        // saying the others are false
        assert_eq!(plain.0.len(), 3, "{plain:?}");
        assert_eq!(known.0.len(), 3, "{known:?}");
        assert!(lits(&known) < lits(&plain), "{known:?} vs {plain:?}");
        for cube in &known.0 {
            let negated = cube
                .iter()
                .filter(|l| !l.value && globals.contains(&l.var))
                .count();
            assert_eq!(negated, 0, "{cube:?}");
        }
    }

    #[test]
    fn a_procedure_that_starts_with_a_loop_has_its_entry_read_apart() {
        // `flip` is entered with g true; its first vertex is its loop head, where g takes
        // both values: the precondition is g alone, the loop invariant relates g to its
        // entry value not at all, but keeps that entry value
        let cfg = cfg_of(
            "decl g;
             void flip() begin
               L: while (*) do g := !g; od
             end
             void main() begin
               g := T; flip();
             end
",
        );
        let flip = cfg.procs.iter().position(|p| p.name == "flip").unwrap();
        let head = cfg.procs[flip].first;
        let r = reachable(
            &cfg,
            &SymbolicOptions::default(),
            &[head],
            &|_, _, _| true,
            16,
            &mut Unconstrained,
        )
        .expect("no error");
        let g = |when, value| Lit {
            var: Var::Global(0),
            when,
            value,
        };
        assert_eq!(
            r.entries[flip],
            Some(States::Exact(Cubes(vec![vec![g(When::Now, true)]])))
        );
        let Some(States::Exact(at)) = &r.at[0] else {
            panic!("{:?}", r.at[0]);
        };
        assert!(!at.is_true(), "{at:?}");
        assert!(
            at.0.iter().all(|c| c.contains(&g(When::Entry, true))),
            "{at:?}"
        );
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
            &mut Unconstrained,
        );
        assert!(matches!(r, Err(NoStates::ErrorReachable)));
    }
}
