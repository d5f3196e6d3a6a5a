//! Learned constraints: cubes of predicates that no state satisfies, found in the states of
//! spurious abstract traces, and the `enforce` clauses they become.
//!
//! c2bp's own `enforce` holds the inconsistent cubes its bounded search finds (up to the
//! cube length, within a query budget). With many related predicates (a loop unrolled a few
//! times leaves `i <= n - 2`, `j == 2 * n - 4`, …) that search stops before the cube a proof
//! needs, such as `{2 * i == j} ∧ {i >= n} ∧ {i <= n} ∧ ¬{j == 2 * n}`; the boolean program
//! then reaches the error through a state that is inconsistent, refinement finds the path
//! infeasible but every predicate it would add is already there, and the same path comes
//! back. SLAM's answer is to refine the abstract transition relation itself (its
//! *Constrain*, after Das and Dill). This module does that for states:
//! [`inconsistent_core`] shrinks the valuation of a trace state to a minimal cube Z3 proves
//! unsatisfiable, refinement records it in [`PredicateSet::constraints`], and [`clauses`]
//! adds `!(cube)` to the procedure's `enforce` in the next abstraction, after checking it
//! again with Z3 (c2bp trusts no constraint it has not proved).
//!
//! Only predicates the procedure's `enforce` may mention take part: global ones and the
//! procedure's own that its callees cannot change (see [`super::edges::enforce`]: right
//! after a call returns, those still hold their values from before it).

use super::cubes;
use super::predicates::{LearntCube, PredicateSet, Scope};
use super::smt::Addresses;
use super::term::{Conv, Term};
use super::wp::Wp;
use crate::analysis::modref::ModRef;
use crate::analysis::points_to::PointsTo;
use crate::cir::{FuncId, Program, Stmt};

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
    let usable: Vec<(usize, bool)> = valuation
        .iter()
        .copied()
        .filter(|&(i, _)| match preds.preds[i].scope {
            Scope::Global => true,
            Scope::Func(g) => g == f && !super::edges::meets(&env.term(preds, i), &mods),
        })
        .collect();
    if usable.is_empty() || usable.len() > u16::MAX as usize {
        return None;
    }
    let atoms: Vec<Term> = usable.iter().map(|&(i, _)| env.term(preds, i)).collect();
    if atoms.iter().any(|t| matches!(t, Term::Fresh(_))) {
        return None;
    }
    let cube: cubes::Cube = usable
        .iter()
        .enumerate()
        .map(|(k, &(_, v))| (k as u16, v))
        .collect();
    let core = cubes::minimal_unsat(
        &atoms,
        &cube,
        &[],
        env.addrs,
        env.timeout_ms,
        MAX_SHRINK_CHECKS,
    )?;
    Some(
        core.iter()
            .map(|&(k, v)| (usable[k as usize].0, v))
            .collect(),
    )
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
    if pre.is_empty() || pre.len() > u16::MAX as usize {
        return None;
    }
    let atoms: Vec<Term> = pre.iter().map(|&(i, _)| env.term(preds, i)).collect();
    let cube: cubes::Cube = pre
        .iter()
        .enumerate()
        .map(|(k, &(_, v))| (k as u16, v))
        .collect();
    let empty = Default::default();
    let conv = Conv {
        prog: env.prog,
        pt: env.pt,
        func: f,
        subst: &empty,
        wrap_casts: env.wrap_ints,
    };
    let shrink = |background: Term| {
        cubes::minimal_unsat(
            &atoms,
            &cube,
            &[background],
            env.addrs,
            env.timeout_ms,
            MAX_SHRINK_CHECKS,
        )
        .map(|core| {
            core.iter()
                .map(|&(k, v)| (pre[k as usize].0, v))
                .collect::<Vec<_>>()
        })
    };
    match stmt {
        Stmt::Assume(c) => shrink(conv.expr(c).ok()?.truth()),
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
                if let Some(core) = shrink(now) {
                    return Some(core);
                }
            }
            None
        }
        _ => None,
    }
}

/// The learnt constraints of `f` as cubes over the predicates in `allowed` (indices into
/// `preds`): those whose every predicate is there and that Z3 confirms unsatisfiable.
pub(super) fn cubes_for(
    preds: &PredicateSet,
    f: FuncId,
    allowed: &[usize],
    term_of: &dyn Fn(usize) -> Term,
    addrs: &Addresses,
    timeout_ms: u32,
) -> Vec<Vec<(usize, bool)>> {
    let mut out = Vec::new();
    for c in preds.constraints.iter().filter(|c| c.func == f) {
        let cube: Option<Vec<(usize, bool)>> = c
            .lits
            .iter()
            .map(|(e, v)| {
                allowed
                    .iter()
                    .copied()
                    .find(|&i| preds.preds[i].expr == *e)
                    .map(|i| (i, *v))
            })
            .collect();
        let Some(cube) = cube else { continue };
        let atoms: Vec<Term> = cube.iter().map(|&(i, _)| term_of(i)).collect();
        let local: cubes::Cube = cube
            .iter()
            .enumerate()
            .map(|(k, &(_, v))| (k as u16, v))
            .collect();
        // proved again here, at no shrinking cost: a constraint c2bp cannot prove is dropped
        if cubes::minimal_unsat(&atoms, &local, &[], addrs, timeout_ms, 0).is_some() {
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
