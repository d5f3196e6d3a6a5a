//! What refinement learns besides predicates, and how c2bp uses it: cubes of predicates
//! found in the states and steps of spurious abstract traces.
//!
//! c2bp's own `enforce` holds the inconsistent cubes its bounded search finds (up to the
//! cube length, within a query budget), and its `F` the cubes that search reaches. With
//! many related predicates (a loop unrolled a few times leaves `i <= n - 2`,
//! `j == 2 * n - 4`, …) the search stops before the cube a proof needs, such as
//! `{2 * i == j} ∧ {i >= n} ∧ {i <= n} ∧ ¬{j == 2 * n}`; the boolean program then reaches
//! the error through a state or a step the predicates rule out, refinement finds the path
//! infeasible but every predicate it would add is already there, and the same path comes
//! back. SLAM's answer is to refine the abstract transition relation itself (its
//! *Constrain*, after Das and Dill). This module does that for states and single steps:
//! - [`inconsistent_core`] shrinks the valuation of a trace state to a minimal cube Z3
//!   proves unsatisfiable; refinement records it in [`PredicateSet::constraints`], and
//!   `cubes_for` gives c2bp the ones it proves again, which become `!(cube)` in the
//!   procedure's `enforce`. Only predicates that `enforce` may mention take part: global
//!   ones and the procedure's own that its callees cannot change (see
//!   `edges::enforce`: right after a call returns, those still hold their values
//!   from before it).
//! - [`edge_core`] finds, for an `assume` or an assignment the trace takes, a minimal cube
//!   of the state before it that rules the step out; refinement records it in
//!   [`PredicateSet::seeds`], and c2bp's cube search tries it first.

use super::cubes;
use super::predicates::{LearntCube, PredicateSet, Scope};
use super::wp::Wp;
use crate::analysis::modref::ModRef;
use crate::analysis::points_to::PointsTo;
use crate::cir::{FuncId, Program, Stmt};
use crate::smt::encode::Addresses;
use crate::smt::term::{Conv, Term};

/// Queries spent shrinking one core.
const MAX_SHRINK_CHECKS: usize = 64;

/// What the conversion of predicates to terms needs.
pub struct Env<'a> {
    pub prog: &'a Program,
    pub pt: &'a PointsTo,
    pub modref: &'a ModRef,
    pub addrs: &'a Addresses,
    /// The entry function (global predicates are converted in its scope, as c2bp does).
    pub entry: FuncId,
    /// Casts wrap (as [`super::Options::wrap_ints`]).
    pub wrap_ints: bool,
    pub timeout_ms: u32,
}

impl Env<'_> {
    fn term(&self, preds: &PredicateSet, i: usize) -> Term {
        let p = &preds.preds[i];
        let func = match p.scope {
            Scope::Func(f) => f,
            Scope::Global => self.entry,
        };
        let empty = Default::default();
        Conv {
            prog: self.prog,
            pt: self.pt,
            func,
            subst: &empty,
            wrap_casts: self.wrap_ints,
        }
        .expr(&p.expr)
        .map(Term::truth)
        .unwrap_or(Term::Fresh(u32::MAX))
    }
}

/// A minimal sub-cube of `lits` (predicate indices with values; `atoms[k]` is the term of
/// `lits[k]`) that is unsatisfiable with `background`, over predicate indices again.
fn shrink(
    env: &Env,
    atoms: &[Term],
    lits: &[(usize, bool)],
    background: &[Term],
) -> Option<Vec<(usize, bool)>> {
    if lits.is_empty() || lits.len() > u16::MAX as usize {
        return None;
    }
    let cube: cubes::Cube = lits
        .iter()
        .enumerate()
        .map(|(k, &(_, v))| (k as u16, v))
        .collect();
    let core = cubes::minimal_unsat(
        atoms,
        &cube,
        background,
        env.addrs,
        env.timeout_ms,
        MAX_SHRINK_CHECKS,
    )?;
    Some(core.iter().map(|&(k, v)| (lits[k as usize].0, v)).collect())
}

/// A minimal cube of `valuation` (predicate indices of `preds` with values, as in a state
/// of `f`'s procedure) that Z3 proves unsatisfiable, over the predicates `f`'s `enforce`
/// may mention; `None` if that part of the valuation is consistent (or undecided).
pub fn inconsistent_core(
    env: &Env,
    preds: &PredicateSet,
    f: FuncId,
    valuation: &[(usize, bool)],
) -> Option<Vec<(usize, bool)>> {
    let mods = super::edges::callees_mod_of(env.prog, env.pt, env.modref, f);
    let mut usable: Vec<(usize, bool)> = Vec::new();
    let mut atoms: Vec<Term> = Vec::new();
    for &(i, v) in valuation {
        let t = env.term(preds, i);
        let allowed = match preds.preds[i].scope {
            Scope::Global => true,
            Scope::Func(g) => g == f && !super::edges::meets(&t, &mods),
        };
        if allowed {
            if matches!(t, Term::Fresh(_)) {
                return None;
            }
            usable.push((i, v));
            atoms.push(t);
        }
    }
    shrink(env, &atoms, &usable, &[])
}

/// The constraint of `preds` for a cube over its predicate indices.
pub fn constraint(preds: &PredicateSet, f: FuncId, cube: &[(usize, bool)]) -> LearntCube {
    LearntCube {
        func: f,
        lits: cube
            .iter()
            .map(|&(i, v)| (preds.preds[i].expr.clone(), v))
            .collect(),
    }
}

/// For one CIR edge of `f` taken on a spurious trace, from a state with the predicate
/// values `pre` to one with the values `post`: a minimal cube of `pre` that rules the step
/// out, when there is one — for `assume(c)`, a cube that implies `!c`; for an assignment to
/// a variable, a cube that implies the opposite of some predicate's value in `post` (its
/// weakest precondition, as c2bp computes it). Only the predicates `f` sees take part.
pub fn edge_core(
    env: &Env,
    preds: &PredicateSet,
    f: FuncId,
    stmt: &Stmt,
    pre: &[(usize, bool)],
    post: &[(usize, bool)],
) -> Option<Vec<(usize, bool)>> {
    let seen = |i: usize| match preds.preds[i].scope {
        Scope::Global => true,
        Scope::Func(g) => g == f,
    };
    let pre: Vec<(usize, bool)> = pre.iter().copied().filter(|&(i, _)| seen(i)).collect();
    let atoms: Vec<Term> = pre.iter().map(|&(i, _)| env.term(preds, i)).collect();
    let empty = Default::default();
    let conv = Conv {
        prog: env.prog,
        pt: env.pt,
        func: f,
        subst: &empty,
        wrap_casts: env.wrap_ints,
    };
    let rule_out = |background: Term| shrink(env, &atoms, &pre, &[background]);
    match stmt {
        Stmt::Assume(c) => rule_out(conv.expr(c).ok()?.truth()),
        Stmt::Assign { lhs, rhs } => {
            let target = super::edges::target_of(&conv, lhs);
            let source = super::edges::source_of(&conv, rhs);
            for &(i, v) in post.iter().filter(|&&(i, _)| seen(i)) {
                let t = env.term(preds, i);
                let mut wp = Wp {
                    next_fresh: 1,
                    ptr_bytes: conv.pointer_bytes(),
                };
                let w = wp.apply(&target, &source, &t);
                if w == t {
                    continue;
                }
                let now = if v { w } else { Term::not(w) };
                if let Some(core) = rule_out(now) {
                    return Some(core);
                }
            }
            None
        }
        _ => None,
    }
}

/// The learnt constraints of `f` as cubes over the predicates in `allowed` (a cube's
/// literal `(k, v)` is about predicate `allowed[k]`, whose term is `terms[k]`): those whose
/// every predicate is there and that Z3 confirms unsatisfiable (a constraint c2bp cannot
/// prove is dropped).
pub(super) fn cubes_for(
    ctx: &super::Ctx,
    f: FuncId,
    allowed: &[usize],
    terms: &[Term],
) -> Vec<cubes::Cube> {
    let preds = ctx.preds;
    let mut out = Vec::new();
    for c in preds.constraints.iter().filter(|c| c.func == f) {
        let at: Option<Vec<(usize, bool)>> = c
            .lits
            .iter()
            .map(|(e, v)| {
                allowed
                    .iter()
                    .position(|&i| preds.preds[i].expr == *e)
                    .map(|k| (k, *v))
            })
            .collect();
        let Some(at) = at else { continue };
        let atoms: Vec<Term> = at.iter().map(|&(k, _)| terms[k].clone()).collect();
        let local: cubes::Cube = at
            .iter()
            .enumerate()
            .map(|(j, &(_, v))| (j as u16, v))
            .collect();
        if cubes::is_unsat(&atoms, &local, ctx.lim, &ctx.addrs, ctx.cache, ctx.counters) {
            let mut cube: cubes::Cube = at.iter().map(|&(k, v)| (k as u16, v)).collect();
            cube.sort_unstable();
            out.push(cube);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{parse_predicates, Abstractor, Options};
    use super::*;
    use crate::frontend::{load_text, LoadOptions};
    use bebop::cfg::Cfg;
    use bebop::driver::{decide, Engine};
    use bebop::reach::{Outcome, Target};
    use bebop::symbolic::SymbolicOptions;

    const PROGRAM: &str = "extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void)
{
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x == 1)
        if (y == 2)
            if (x + y != 3)
                reach_error();
    return 0;
}
";

    /// The program over `preds`, abstracted with cubes of one literal only; whether Bebop
    /// proves the error unreachable.
    fn proved(preds_text: &str, learn: impl Fn(&Program, &mut PredicateSet)) -> bool {
        let mut prog = load_text("learned.c", PROGRAM.into(), &LoadOptions::default()).unwrap();
        let mut preds = parse_predicates(&mut prog, preds_text).unwrap();
        learn(&prog, &mut preds);
        let opts = Options {
            cube_len: 1,
            ..Options::default()
        };
        let abs = Abstractor::new()
            .abstract_program(&prog, &preds, &opts)
            .unwrap();
        let text = bebop::printer::print_program(&abs.program);
        let cfg = Cfg::build(&bebop::parser::parse(&text).unwrap()).unwrap();
        let (outcome, _) = decide(
            &cfg,
            &Target::AssertFailure,
            &Engine::Bdd(SymbolicOptions::default()),
        );
        matches!(outcome, Outcome::Unreachable)
    }

    fn cube(prog: &Program, preds: &PredicateSet, lits: &[(&str, bool)]) -> LearntCube {
        let main = prog.func_by_name("main").unwrap();
        LearntCube {
            func: main,
            lits: lits
                .iter()
                .map(|&(name, v)| {
                    let p = preds.preds.iter().find(|p| p.name == name).unwrap();
                    (p.expr.clone(), v)
                })
                .collect(),
        }
    }

    const THREE: &str = "main: x == 1\nmain: y == 2\nmain: x + y == 3\n";

    #[test]
    fn a_proved_constraint_joins_enforce() {
        assert!(
            !proved(THREE, |_, _| {}),
            "one-literal cubes cannot prove it"
        );
        assert!(proved(THREE, |prog, preds| {
            let c = cube(
                prog,
                preds,
                &[
                    ("{x == 1}", true),
                    ("{y == 2}", true),
                    ("{x + y == 3}", false),
                ],
            );
            preds.constraints.push(c);
        }));
    }

    #[test]
    fn a_constraint_z3_cannot_prove_is_dropped() {
        // `x == 1 && y == 2 && x + y == 3` is satisfiable: enforcing its negation would cut
        // the real states of the branch; c2bp must not take it
        let mut prog = load_text("learned.c", PROGRAM.into(), &LoadOptions::default()).unwrap();
        let mut preds = parse_predicates(&mut prog, THREE).unwrap();
        let c = cube(
            &prog,
            &preds,
            &[
                ("{x == 1}", true),
                ("{y == 2}", true),
                ("{x + y == 3}", true),
            ],
        );
        preds.constraints.push(c);
        let abs = Abstractor::new()
            .abstract_program(&prog, &preds, &Options::default())
            .unwrap();
        let text = bebop::printer::print_program(&abs.program);
        // c2bp's own clause, in the form a learnt one would take
        assert!(
            text.contains("!({x == 1} & {y == 2} & !{x + y == 3})"),
            "{text}"
        );
        assert!(
            !text.contains("!({x == 1} & {y == 2} & {x + y == 3})"),
            "{text}"
        );
    }

    #[test]
    fn a_seed_cube_longer_than_the_bound_decides_a_condition() {
        let two = "main: x == 1\nmain: y == 2\n";
        assert!(!proved(two, |_, _| {}), "one-literal cubes cannot prove it");
        assert!(proved(two, |prog, preds| {
            let c = cube(prog, preds, &[("{x == 1}", true), ("{y == 2}", true)]);
            preds.seeds.push(c);
        }));
    }

    #[test]
    fn the_core_of_an_inconsistent_valuation_is_minimal() {
        let mut prog = load_text("learned.c", PROGRAM.into(), &LoadOptions::default()).unwrap();
        let preds = parse_predicates(&mut prog, &format!("{THREE}main: x > 5\n")).unwrap();
        let pt = PointsTo::compute(&prog);
        let cg = crate::analysis::callgraph::CallGraph::build(&prog, &pt);
        let modref = ModRef::compute(&prog, &pt, &cg);
        let addrs = Addresses::new(&prog);
        let main = prog.func_by_name("main").unwrap();
        let env = Env {
            prog: &prog,
            pt: &pt,
            modref: &modref,
            addrs: &addrs,
            entry: main,
            wrap_ints: true,
            timeout_ms: 5_000,
        };
        // x == 1, y == 2, !(x + y == 3), !(x > 5): the last literal is not needed
        let core = inconsistent_core(
            &env,
            &preds,
            main,
            &[(0, true), (1, true), (2, false), (3, false)],
        );
        assert_eq!(core, Some(vec![(0, true), (1, true), (2, false)]));
        // a consistent valuation has no core
        let none = inconsistent_core(
            &env,
            &preds,
            main,
            &[(0, true), (1, true), (2, true), (3, false)],
        );
        assert_eq!(none, None);
    }
}
