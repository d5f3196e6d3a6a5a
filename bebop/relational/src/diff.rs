//! Differential testing of the symbolic checker against the explicit
//! oracle: the verdict of every assertion, and its truth value at every
//! valid state and at the loop state, must agree.

use crate::explicit::kripke::Kripke;
use crate::explicit::value::{State, Val};
use crate::explicit::Explicit;
use crate::model::{Model, VarKind};
use crate::symbolic::check::{truth_table, GivenState};

/// The result of comparing the two engines on one model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Comparison {
    Agree,
    /// The model is too large for the oracle (not a disagreement).
    Skipped(String),
    Disagree(String),
}

/// The bits of a concrete state in the symbolic encoding.
fn encode(m: &Model, s: &State) -> GivenState {
    let vars = m
        .vars
        .iter()
        .zip(s)
        .map(|(v, val)| match (&v.kind, val) {
            (VarKind::Scalar(d), Val::S(x)) => {
                (0..m.dom_bits(*d)).map(|k| x >> k & 1 == 1).collect()
            }
            (VarKind::Rel { cols, .. }, Val::R(r)) => {
                let sizes: Vec<u64> = cols.iter().map(|d| m.dom_size(*d)).collect();
                let mut bits = vec![false; m.tuples(cols) as usize];
                for t in r {
                    bits[crate::model::tuple_index(t, &sizes) as usize] = true;
                }
                bits
            }
            _ => Vec::new(),
        })
        .collect();
    GivenState::Vars(vars)
}

/// Runs both engines on `model`.
pub fn compare(model: &Model) -> Comparison {
    let x = match Explicit::new(model) {
        Ok(x) => x,
        Err(e) => return Comparison::Skipped(e.0),
    };
    let k = Kripke::new(&x);
    let mut given: Vec<GivenState> = x.states.iter().map(|s| encode(model, s)).collect();
    given.push(GivenState::Loop);
    let (verdicts, table) = match truth_table(model.clone(), &given) {
        Ok(r) => r,
        Err(e) => return Comparison::Disagree(format!("symbolic engine failed: {e}")),
    };
    let want = k.verdicts();
    if verdicts != want {
        return Comparison::Disagree(format!(
            "verdicts: symbolic {verdicts:?}, explicit {want:?}"
        ));
    }
    let env = vec![None; model.locals];
    for (i, a) in model.asserts.iter().enumerate() {
        let sat = k.sat(&a.formula, &env);
        if let Some(j) = (0..sat.len()).find(|j| sat[*j] != table[i][*j]) {
            let at = x
                .states
                .get(j)
                .map_or("the loop state".to_string(), |s| format!("{s:?}"));
            return Comparison::Disagree(format!(
                "assertion {}: explicit {} at {at}, symbolic {}",
                i + 1,
                sat[j],
                table[i][j]
            ));
        }
    }
    Comparison::Agree
}
