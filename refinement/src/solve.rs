//! Deciding a path formula: a model (the values of its choices) or a minimal unsat core
//! (the `assume` steps that contradict each other).

use crate::encode::PathFormula;
use crate::replay::EnvMemory;
use slamrs_abstraction::smt::solver_pool::Limit;
use slamrs_abstraction::smt::term::MemKind;
use z3::ast::Int;
use z3::SatResult;

/// What Z3 says about a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// Feasible: the value of each choice, in order.
    Feasible(Vec<i128>),
    /// Infeasible: minimal sets of conflicting `assume` steps (their guards disjoint).
    Infeasible(Vec<Vec<usize>>),
    /// Z3 could not decide (timeout, nonlinear arithmetic).
    Unknown(String),
}

/// Decides `f` (its solver has the timeout per query). An infeasible path yields up to `max_cores`
/// cores with disjoint guards: after each core is minimized by deletion (at most
/// `max_checks` extra queries), its guards are set aside and the rest of the path is asked
/// again, so that one refinement learns every independent reason the path fails.
pub fn decide(f: &PathFormula, max_checks: usize, max_cores: usize) -> Feasibility {
    let all: Vec<usize> = (0..f.guards.len()).collect();
    decide_among(f, all, max_checks, max_cores)
}

/// [`decide`] with only the guards of the `assume` steps in `steps` enforced (a path
/// slice); cores are drawn from those.
pub fn decide_slice(
    f: &PathFormula,
    steps: &std::collections::BTreeSet<usize>,
    max_checks: usize,
    max_cores: usize,
) -> Feasibility {
    let gs: Vec<usize> = (0..f.guards.len())
        .filter(|&g| steps.contains(&f.guards[g].1))
        .collect();
    decide_among(f, gs, max_checks, max_cores)
}

/// [`decide`] over the guards `all` (indices into `f.guards`).
fn decide_among(
    f: &PathFormula,
    all: Vec<usize>,
    max_checks: usize,
    max_cores: usize,
) -> Feasibility {
    match check(f, &all) {
        SatResult::Sat => preferred_model(f, &all).unwrap_or_else(|| model_values(f)),
        SatResult::Unknown => Feasibility::Unknown(
            f.solver
                .get_reason_unknown()
                .unwrap_or_else(|| "Z3 answered unknown".into()),
        ),
        SatResult::Unsat => {
            let first = unsat_core(f);
            // the checks that minimize cores and look for more of them are not what the
            // path's answer rests on: they get a share of a query's resources, so that a
            // path formula Z3 finds hard (symbolic stores, `memcpy`) cannot hold the
            // refinement up for minutes; an undecided check only leaves a core larger
            let side = Limit::Resources((f.solver.limit().units() / SIDE_QUERY_SHARE).max(1));
            let cores = f.solver.limited(side, || {
                let mut undecided = 0;
                let mut cores = vec![minimal_core(f, first, max_checks, &mut undecided)];
                let mut rest = all;
                while cores.len() < max_cores.max(1) && undecided < MAX_UNDECIDED_CHECKS {
                    let used = cores.last().expect("one core");
                    rest.retain(|g| !used.contains(g));
                    if check(f, &rest) != SatResult::Unsat {
                        break;
                    }
                    let core = minimal_core(f, unsat_core(f), max_checks, &mut undecided);
                    if core.is_empty() {
                        break;
                    }
                    cores.push(core);
                }
                cores
            });
            Feasibility::Infeasible(
                cores
                    .into_iter()
                    .map(|c| c.into_iter().map(|g| f.guards[g].1).collect())
                    .collect(),
            )
        }
    }
}

/// The share of a path query's resource limit that each check of a core's minimization,
/// and each search for a further core, may use.
const SIDE_QUERY_SHARE: u32 = 16;

/// The search for cores stops (keeping what it has, unminimized) after this many checks Z3
/// could not decide within their share: the rest would most likely be as hard.
const MAX_UNDECIDED_CHECKS: usize = 2;

/// A model the replays can follow more often than Z3's first, if the path has one: each
/// array index within its array ([`PathFormula::in_bounds`]: the interpreter stops at an
/// access out of bounds), and every uninitialized value 0 (the compiled program of a
/// native replay reads zeroed memory where it cannot be given a value); both if it can,
/// else the first alone, else the second.
fn preferred_model(f: &PathFormula, gs: &[usize]) -> Option<Feasibility> {
    let zeros: Vec<z3::ast::Bool> = f
        .choices
        .iter()
        .filter(|c| matches!(c.kind, crate::encode::ChoiceKind::Uninit(_)))
        .map(|c| Int::new_const(format!("fresh{}", c.sym)).eq(Int::from_i64(0)))
        .collect();
    let bounds: Vec<&z3::ast::Bool> = f.in_bounds.iter().collect();
    let mut tries: Vec<Vec<&z3::ast::Bool>> = Vec::new();
    if !bounds.is_empty() && !zeros.is_empty() {
        tries.push(bounds.iter().copied().chain(&zeros).collect());
    }
    if !bounds.is_empty() {
        tries.push(bounds);
    }
    if !zeros.is_empty() {
        tries.push(zeros.iter().collect());
    }
    let tried = tries.len();
    for extra in tries {
        let mut lits: Vec<z3::ast::Bool> = gs.iter().map(|&g| f.guards[g].0.clone()).collect();
        lits.extend(extra.into_iter().cloned());
        if f.solver.check_assumptions(&lits) == SatResult::Sat {
            return Some(model_values(f));
        }
    }
    if tried > 0 {
        // the first model again
        let _ = check(f, gs);
    }
    None
}

/// Another model of the (feasible) path `f`, whose choices differ from `previous` in at
/// least one value (the blocking clause stays in `f`'s solver). `None` when there is none
/// or Z3 cannot tell.
pub fn next_model(f: &PathFormula, previous: &[i128]) -> Option<Vec<i128>> {
    if f.choices.is_empty() {
        return None;
    }
    let differs: Vec<z3::ast::Bool> = f
        .choices
        .iter()
        .zip(previous)
        .map(|(c, &v)| {
            let sym = Int::new_const(format!("fresh{}", c.sym));
            sym.eq(Int::from_i128(v)).not()
        })
        .collect();
    let refs: Vec<&z3::ast::Bool> = differs.iter().collect();
    f.solver.assert(z3::ast::Bool::or(&refs));
    let all: Vec<usize> = (0..f.guards.len()).collect();
    match check(f, &all) {
        SatResult::Sat => match model_values(f) {
            Feasibility::Feasible(v) => Some(v),
            _ => None,
        },
        _ => None,
    }
}

/// Checks the path with the guards `gs` (indices into `f.guards`) assumed.
fn check(f: &PathFormula, gs: &[usize]) -> SatResult {
    let lits: Vec<_> = gs.iter().map(|&g| f.guards[g].0.clone()).collect();
    let t0 = std::time::Instant::now();
    let r = f.solver.check_assumptions(&lits);
    tracing::trace!(
        guards = gs.len(),
        ?r,
        ms = t0.elapsed().as_millis() as u64,
        "path check"
    );
    r
}

/// The values of the choices in the model of the last (satisfiable) check.
fn model_values(f: &PathFormula) -> Feasibility {
    let Some(model) = f.solver.get_model() else {
        return Feasibility::Unknown("Z3 gave no model".into());
    };
    let values = f
        .choices
        .iter()
        .map(|c| {
            let sym = Int::new_const(format!("fresh{}", c.sym));
            model
                .eval(&sym, true)
                .and_then(|v| v.as_i128())
                .unwrap_or(0)
        })
        .collect();
    Feasibility::Feasible(values)
}

/// The memory the path read in the model of the last (satisfiable) check, by address:
/// what a replay finds in memory only the environment names (the objects unknown functions
/// return pointers to sit at the address the model gave those pointers). The first read
/// of each address and kind in path order: a later one may read what the path wrote.
pub fn env_memory(f: &PathFormula) -> EnvMemory {
    let mut out = EnvMemory::default();
    let Some(model) = f.solver.get_model() else {
        return out;
    };
    for (kind, addr, val) in &f.mem_reads {
        let (bytes, pointer) = match kind {
            MemKind::Int { bytes, .. } => (u64::from(*bytes), false),
            MemKind::Ptr => (0, true),
            MemKind::Bits { .. } => continue,
        };
        let eval = |t: &Int| model.eval(t, true).and_then(|v| v.as_i128());
        if let (Some(a), Some(v)) = (eval(addr), eval(val)) {
            out.cells.entry((a, bytes, pointer)).or_insert(v);
        }
    }
    out
}

/// The guards (indices into `f.guards`) in the core of the last (unsatisfiable) check.
fn unsat_core(f: &PathFormula) -> Vec<usize> {
    let core = f.solver.get_unsat_core();
    f.guards
        .iter()
        .enumerate()
        .filter(|(_, (g, _))| core.contains(g))
        .map(|(i, _)| i)
        .collect()
}

/// `core` minimized by deletion, latest conditions first, with at most `max_checks`
/// checks, counting those Z3 cannot decide in `undecided`: a guard goes only when the
/// path is unsatisfiable without it, so the result is a core however many checks are
/// undecided.
fn minimal_core(
    f: &PathFormula,
    mut keep: Vec<usize>,
    max_checks: usize,
    undecided: &mut usize,
) -> Vec<usize> {
    let mut checks = 0;
    let mut k = keep.len();
    while k > 0 && checks < max_checks && *undecided < MAX_UNDECIDED_CHECKS {
        k -= 1;
        let trial: Vec<usize> = keep
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &g)| g)
            .collect();
        checks += 1;
        match check(f, &trial) {
            SatResult::Unsat => {
                keep.remove(k);
            }
            SatResult::Unknown => *undecided += 1,
            SatResult::Sat => {}
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use slamrs_abstraction::smt::solver_pool::PooledSolver;
    use z3::ast::Bool;

    /// A path formula over `solver` whose `assume` at each step is its condition, under a
    /// guard per step; no choices.
    fn guarded(solver: PooledSolver, conds: &[(usize, Bool)]) -> PathFormula {
        let guards = conds
            .iter()
            .map(|(step, c)| {
                let g = Bool::new_const(format!("g{step}"));
                solver.assert(g.implies(c));
                (g, *step)
            })
            .collect();
        PathFormula {
            solver,
            guards,
            choices: Vec::new(),
            approximations: Vec::new(),
            mem_reads: Vec::new(),
            first_mixed_read: None,
            in_bounds: Vec::new(),
        }
    }

    /// `x = 0; y = 0` with guards `x == 1` (step 3), `y == 1` (step 5) and `x == 0`
    /// (step 7): two independent reasons, so two cores; the consistent guard is in none.
    #[test]
    fn independent_reasons_give_disjoint_cores() {
        let solver = PooledSolver::new(10_000);
        let (x, y) = (Int::new_const("x"), Int::new_const("y"));
        solver.assert(x.eq(Int::from_i64(0)));
        solver.assert(y.eq(Int::from_i64(0)));
        let conds = [
            (3, x.eq(Int::from_i64(1))),
            (5, y.eq(Int::from_i64(1))),
            (7, x.eq(Int::from_i64(0))),
        ];
        let f = guarded(solver, &conds);
        let Feasibility::Infeasible(mut cores) = decide(&f, 64, 8) else {
            panic!("the path is infeasible");
        };
        cores.sort();
        assert_eq!(cores, vec![vec![3], vec![5]]);
        // one core only when asked for one
        let Feasibility::Infeasible(one) = decide(&f, 64, 1) else {
            panic!("the path is infeasible");
        };
        assert_eq!(one.len(), 1);
    }

    #[test]
    fn feasible_path_gives_the_choices() {
        let solver = PooledSolver::new(10_000);
        let x = Int::new_const("fresh0");
        let g = Bool::new_const("g0");
        solver.assert(g.implies(x.eq(Int::from_i64(42))));
        let f = PathFormula {
            solver,
            guards: vec![(g, 0)],
            choices: vec![crate::encode::Choice {
                step: Some(0),
                kind: crate::encode::ChoiceKind::Input("__VERIFIER_nondet_int".into()),
                sym: 0,
            }],
            approximations: Vec::new(),
            mem_reads: Vec::new(),
            first_mixed_read: None,
            in_bounds: Vec::new(),
        };
        assert_eq!(decide(&f, 64, 8), Feasibility::Feasible(vec![42]));
    }

    #[test]
    fn uninitialized_values_are_zero_where_the_path_allows() {
        let solver = PooledSolver::new(10_000);
        let (u, v) = (Int::new_const("fresh0"), Int::new_const("fresh1"));
        let g = Bool::new_const("g0");
        // the path needs v == 7; u is free
        solver.assert(g.implies(Bool::and(&[
            v.eq(Int::from_i64(7)),
            u.gt(Int::from_i64(-100)),
        ])));
        let uninit = |sym| crate::encode::Choice {
            step: Some(0),
            kind: crate::encode::ChoiceKind::Uninit(Default::default()),
            sym,
        };
        let f = PathFormula {
            solver,
            guards: vec![(g, 0)],
            choices: vec![uninit(0), uninit(1)],
            approximations: Vec::new(),
            mem_reads: Vec::new(),
            first_mixed_read: None,
            in_bounds: Vec::new(),
        };
        // u becomes 0; v keeps the value the path needs
        assert_eq!(decide(&f, 64, 8), Feasibility::Feasible(vec![0, 7]));
    }

    /// The model keeps array indices in bounds where the path allows it, and the
    /// uninitialized values 0 as well where both fit; an index the path forces out of
    /// bounds still gives a model.
    #[test]
    fn indices_stay_in_bounds_where_the_path_allows() {
        let decide_with = |need: i64, bound: i64| {
            let solver = PooledSolver::new(10_000);
            let i = Int::new_const("fresh0");
            let g = Bool::new_const("g0");
            solver.assert(g.implies(i.ge(Int::from_i64(need))));
            let choice = |sym, kind| crate::encode::Choice {
                step: Some(0),
                kind,
                sym,
            };
            let f = PathFormula {
                solver,
                guards: vec![(g, 0)],
                choices: vec![
                    choice(0, crate::encode::ChoiceKind::Input("n".into())),
                    choice(1, crate::encode::ChoiceKind::Uninit(Default::default())),
                ],
                approximations: Vec::new(),
                mem_reads: Vec::new(),
                first_mixed_read: None,
                in_bounds: vec![Bool::and(&[
                    i.ge(Int::from_i64(bound - 1)),
                    i.lt(Int::from_i64(bound)),
                ])],
            };
            decide(&f, 64, 8)
        };
        // the only in-bounds index the path allows is 99, and u becomes 0 beside it
        assert_eq!(decide_with(3, 100), Feasibility::Feasible(vec![99, 0]));
        // the path needs i >= 200: no model keeps it below 100, but the path is feasible
        match decide_with(200, 100) {
            Feasibility::Feasible(v) => assert!(v[0] >= 200 && v[1] == 0, "{v:?}"),
            other => panic!("{other:?}"),
        }
    }

    /// A core's minimization keeps every guard it cannot decide about (the result is still
    /// a core), gives up after [`MAX_UNDECIDED_CHECKS`], and leaves the solver's own limit
    /// in place afterwards.
    #[test]
    fn undecided_checks_keep_the_core_sound() {
        let solver = PooledSolver::new(10_000);
        let x = Int::new_const("x");
        // three guards, only the last two contradict each other
        let conds = [
            (1, x.gt(Int::from_i64(-5))),
            (2, x.eq(Int::from_i64(1))),
            (3, x.eq(Int::from_i64(2))),
        ];
        let f = guarded(solver, &conds);
        assert_eq!(check(&f, &[0, 1, 2]), SatResult::Unsat);
        let all = vec![0, 1, 2];
        // one resource unit decides nothing: nothing is removed, and the search stops
        let mut undecided = 0;
        let kept = f.solver.limited(Limit::Resources(1), || {
            minimal_core(&f, all.clone(), 64, &mut undecided)
        });
        assert_eq!(kept, all);
        assert_eq!(undecided, MAX_UNDECIDED_CHECKS);
        // with the solver's own limit back, the core minimizes to the contradiction
        assert_eq!(check(&f, &[0, 1, 2]), SatResult::Unsat);
        let mut undecided = 0;
        assert_eq!(minimal_core(&f, all, 64, &mut undecided), vec![1, 2]);
        assert_eq!(undecided, 0);
    }
}
