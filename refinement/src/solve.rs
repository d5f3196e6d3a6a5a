//! Deciding a path formula: a model (the values of its choices) or a minimal unsat core
//! (the `assume` steps that contradict each other).

use crate::encode::PathFormula;
use z3::ast::Int;
use z3::{Params, SatResult};

/// What Z3 says about a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Feasibility {
    /// Feasible: the value of each choice, in order.
    Feasible(Vec<i128>),
    /// Infeasible: the steps of a minimal set of conflicting `assume`s.
    Infeasible(Vec<usize>),
    /// Z3 could not decide (timeout, nonlinear arithmetic).
    Unknown(String),
}

/// Decides `f` with a timeout per query; minimizes the core by deletion (at most
/// `max_checks` extra queries).
pub fn decide(f: &PathFormula, timeout_ms: u32, max_checks: usize) -> Feasibility {
    let mut p = Params::new();
    p.set_u32("timeout", timeout_ms);
    f.solver.set_params(&p);
    let all: Vec<_> = f.guards.iter().map(|(g, _)| g.clone()).collect();
    match f.solver.check_assumptions(&all) {
        SatResult::Sat => {
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
        SatResult::Unknown => Feasibility::Unknown(
            f.solver
                .get_reason_unknown()
                .unwrap_or_else(|| "Z3 answered unknown".into()),
        ),
        SatResult::Unsat => {
            let core = f.solver.get_unsat_core();
            let mut keep: Vec<usize> = f
                .guards
                .iter()
                .enumerate()
                .filter(|(_, (g, _))| core.contains(g))
                .map(|(i, _)| i)
                .collect();
            // deletion-based minimization, latest conditions first
            let mut checks = 0;
            let mut k = keep.len();
            while k > 0 && checks < max_checks {
                k -= 1;
                let trial: Vec<_> = keep
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != k)
                    .map(|(_, &g)| f.guards[g].0.clone())
                    .collect();
                checks += 1;
                if f.solver.check_assumptions(&trial) == SatResult::Unsat {
                    keep.remove(k);
                }
            }
            Feasibility::Infeasible(keep.into_iter().map(|g| f.guards[g].1).collect())
        }
    }
}
