//! Shorter claims that say the same of every real state.
//!
//! Bebop's cubes are over predicates as independent booleans, so a cube of a claim often
//! carries literals its others imply (`i == j && !(i == j + 1)`), and a set splits into
//! cubes that differ only where the arithmetic does not care. [`simplify`] drops each
//! literal Z3 proves implied by the rest of its cube, then merges cubes that differ in one
//! literal only (`A && p || A && !p` is `A`) and removes cubes another one contains. Every
//! step keeps the set of real states, so the claim means exactly what it meant.

use bebop::states::Lit;
use z3::ast::Bool;

use crate::smt::encode::{Addresses, Encoder};
use crate::smt::solver_pool::PooledSolver;
use crate::smt::term::Term;

/// Z3's time to decide one implication, in milliseconds.
const IMPLIED_MS: u32 = 500;

/// `cubes` (a disjunction) with implied literals dropped and cubes merged; `term` gives
/// the term of a literal Z3 may reason about (`None`: the literal is kept as it is).
pub fn simplify(
    cubes: Vec<Vec<Lit>>,
    term: &dyn Fn(&Lit) -> Option<Term>,
    addrs: &Addresses,
) -> Vec<Vec<Lit>> {
    let mut cubes: Vec<Vec<Lit>> = cubes
        .into_iter()
        .map(|c| drop_implied(c, term, addrs))
        .collect();
    // merge `A ∧ p` and `A ∧ ¬p`, drop cubes a smaller one contains, until nothing changes
    loop {
        let mut changed = false;
        'pairs: for i in 0..cubes.len() {
            for j in i + 1..cubes.len() {
                if let Some(merged) = resolve(&cubes[i], &cubes[j]) {
                    cubes[i] = merged;
                    cubes.remove(j);
                    changed = true;
                    break 'pairs;
                }
            }
        }
        let before = cubes.len();
        let all = cubes.clone();
        cubes.retain(|c| {
            !all.iter()
                .any(|d| d.len() < c.len() && d.iter().all(|l| c.contains(l)))
        });
        cubes.dedup_by(|a, b| same(a, b));
        changed |= cubes.len() != before;
        if !changed {
            return cubes;
        }
    }
}

/// Same literals, in any order.
fn same(a: &[Lit], b: &[Lit]) -> bool {
    a.len() == b.len() && a.iter().all(|l| b.contains(l))
}

/// The common part of two cubes that differ in one literal's value only.
fn resolve(a: &[Lit], b: &[Lit]) -> Option<Vec<Lit>> {
    if a.len() != b.len() {
        return None;
    }
    let mut differing = None;
    for l in a {
        if b.contains(l) {
            continue;
        }
        let flipped = Lit {
            value: !l.value,
            ..*l
        };
        if differing.is_some() || !b.contains(&flipped) {
            return None;
        }
        differing = Some(*l);
    }
    let d = differing?;
    Some(a.iter().filter(|l| **l != d).copied().collect())
}

/// The cube without the literals the others imply (checked one at a time, so the result
/// still implies every literal it lost).
fn drop_implied(
    cube: Vec<Lit>,
    term: &dyn Fn(&Lit) -> Option<Term>,
    addrs: &Addresses,
) -> Vec<Lit> {
    let terms: Vec<Option<Term>> = cube.iter().map(term).collect();
    if terms.iter().filter(|t| t.is_some()).count() < 2 {
        return cube;
    }
    let solver = PooledSolver::new(IMPLIED_MS);
    let mut enc = Encoder::new(addrs);
    // `holds_k → t_k`, `fails_k → ¬t_k`
    let mut holds = Vec::new();
    let mut fails = Vec::new();
    for (k, t) in terms.iter().enumerate() {
        let (h, f) = (
            Bool::new_const(format!("holds{k}")),
            Bool::new_const(format!("fails{k}")),
        );
        if let Some(t) = t {
            let b = enc.boolean(t);
            solver.assert(h.implies(&b));
            solver.assert(f.implies(b.not()));
        }
        holds.push(h);
        fails.push(f);
    }
    let mut kept: Vec<bool> = vec![true; cube.len()];
    for k in 0..cube.len() {
        if terms[k].is_none() {
            continue;
        }
        let mut assumptions: Vec<Bool> = (0..cube.len())
            .filter(|&j| j != k && kept[j] && terms[j].is_some())
            .map(|j| holds[j].clone())
            .collect();
        assumptions.push(fails[k].clone());
        if solver.check_assumptions(&assumptions) == z3::SatResult::Unsat {
            kept[k] = false;
        }
    }
    cube.into_iter()
        .zip(kept)
        .filter_map(|(l, k)| k.then_some(l))
        .collect()
}
