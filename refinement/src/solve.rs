//! Deciding a path formula: a model (the values of its choices) or a minimal unsat core
//! (the `assume` steps that contradict each other).

use crate::encode::PathFormula;
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
    match check(f, &all) {
        SatResult::Sat => model_values(f),
        SatResult::Unknown => Feasibility::Unknown(
            f.solver
                .get_reason_unknown()
                .unwrap_or_else(|| "Z3 answered unknown".into()),
        ),
        SatResult::Unsat => {
            let mut cores = vec![minimal_core(f, max_checks)];
            let mut rest = all;
            while cores.len() < max_cores.max(1) {
                let used = cores.last().expect("one core");
                rest.retain(|g| !used.contains(g));
                if check(f, &rest) != SatResult::Unsat {
                    break;
                }
                let core = minimal_core(f, max_checks);
                if core.is_empty() {
                    break;
                }
                cores.push(core);
            }
            Feasibility::Infeasible(
                cores
                    .into_iter()
                    .map(|c| c.into_iter().map(|g| f.guards[g].1).collect())
                    .collect(),
            )
        }
    }
}

/// Checks the path with the guards `gs` (indices into `f.guards`) assumed.
fn check(f: &PathFormula, gs: &[usize]) -> SatResult {
    let lits: Vec<_> = gs.iter().map(|&g| f.guards[g].0.clone()).collect();
    f.solver.check_assumptions(&lits)
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

/// The core of the last (unsatisfiable) check, minimized by deletion, latest conditions
/// first; indices into `f.guards`.
fn minimal_core(f: &PathFormula, max_checks: usize) -> Vec<usize> {
    let core = f.solver.get_unsat_core();
    let mut keep: Vec<usize> = f
        .guards
        .iter()
        .enumerate()
        .filter(|(_, (g, _))| core.contains(g))
        .map(|(i, _)| i)
        .collect();
    let mut checks = 0;
    let mut k = keep.len();
    while k > 0 && checks < max_checks {
        k -= 1;
        let trial: Vec<usize> = keep
            .iter()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .map(|(_, &g)| g)
            .collect();
        checks += 1;
        if check(f, &trial) == SatResult::Unsat {
            keep.remove(k);
        }
    }
    keep
}
