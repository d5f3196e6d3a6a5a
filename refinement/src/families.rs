//! Constant families: the constants each scalar variable is compared with for equality
//! (`v == c`, `v != c`, the cases of a `switch`) or assigned (`v = c`) anywhere in the
//! program. When refinement discovers `v == c`, the rest of `v`'s family (`v == c'` for the
//! other constants) comes with it ([`Families::siblings`]).
//!
//! A state machine (a protocol's `switch (s->state)`, a driver's device state, a lock's
//! `0`/`1`) is proved by one predicate per state its variable can be in. Found one at a time,
//! each costs a whole iteration (abstraction, model checking, refinement) whose spurious
//! path differs from the last only by the next state: the SSH tasks of `scripts/svcomp`
//! took 40–54 iterations for 80–120 such predicates. The family is the set of values the
//! program itself gives the variable a meaning for, so predicates over it are the ones the
//! proof will need in the common case; a family larger than [`MAX_FAMILY`] is taken as data,
//! not states, and left alone.

use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::cir::{BinOp, Expr, ExprKind, Lval, Program, Stmt, VarId};
use std::collections::BTreeSet;

/// Largest family whose members are added together.
pub const MAX_FAMILY: usize = 64;

/// The equality constants of every variable that has any.
#[derive(Clone, Debug, Default)]
pub struct Families {
    consts: HashMap<VarId, BTreeSet<i128>>,
}

impl Families {
    /// Collects the families of `prog`'s variables from every edge of every body.
    pub fn compute(prog: &Program) -> Families {
        let mut fam = Families::default();
        for f in prog.func_ids() {
            let Some(body) = &prog.func(f).body else {
                continue;
            };
            for (_, edge) in body.edges() {
                match &edge.stmt {
                    Stmt::Assume(c) => fam.conditions(c),
                    Stmt::Assign {
                        lhs: Lval::Var(v),
                        rhs:
                            Expr {
                                kind: ExprKind::Int(c),
                                ..
                            },
                    } => {
                        fam.consts.entry(*v).or_default().insert(*c);
                    }
                    _ => {}
                }
            }
        }
        fam
    }

    /// Adds the `v == c` and `v != c` comparisons in `e` (through `!`: CIR has no `&&` or `||`).
    fn conditions(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Ne, a, b) => {
                if let Some((v, c)) = var_const(a, b) {
                    self.consts.entry(v).or_default().insert(c);
                }
            }
            ExprKind::Unary(_, a) => self.conditions(a),
            _ => {}
        }
    }

    /// The constants of `v`'s family.
    pub fn of(&self, v: VarId) -> impl Iterator<Item = i128> + '_ {
        self.consts.get(&v).into_iter().flatten().copied()
    }

    /// For a predicate `v == c` or `v != c` (either side), the same comparison with each
    /// other constant of `v`'s family; nothing for other predicates or a family larger
    /// than [`MAX_FAMILY`].
    pub fn siblings(&self, pred: &Expr) -> Vec<Expr> {
        let ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = &pred.kind else {
            return Vec::new();
        };
        let Some((v, c)) = var_const(a, b) else {
            return Vec::new();
        };
        let Some(family) = self.consts.get(&v) else {
            return Vec::new();
        };
        if family.len() > MAX_FAMILY {
            return Vec::new();
        }
        // the constant side becomes `k`, the variable side stays
        let with = |side: &Expr, k: i128| match side.kind {
            ExprKind::Int(_) => Expr {
                kind: ExprKind::Int(k),
                ty: side.ty,
            },
            _ => side.clone(),
        };
        family
            .iter()
            .filter(|&&k| k != c)
            .map(|&k| Expr {
                kind: ExprKind::Binary(*op, Box::new(with(a, k)), Box::new(with(b, k))),
                ty: pred.ty,
            })
            .collect()
    }
}

/// `(v, c)` when one of `a`, `b` reads variable `v` and the other is the constant `c`.
fn var_const(a: &Expr, b: &Expr) -> Option<(VarId, i128)> {
    match (&a.kind, &b.kind) {
        (ExprKind::Read(lv), ExprKind::Int(c)) | (ExprKind::Int(c), ExprKind::Read(lv)) => {
            match **lv {
                Lval::Var(v) => Some((v, *c)),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use slamrs_abstraction::cir::print;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    const MACHINE: &str = r#"
        int state;
        int other;
        int big;
        void step(int x) {
            switch (state) {
            case 1: state = 2; break;
            case 2: if (x) state = 7; else state = 3; break;
            default: break;
            }
            if (other < 5) other = 9;
            if (big == x) big = 4;
        }
        int main(void) { state = 1; step(0); step(1); return 0; }
    "#;

    /// The siblings of the predicate `pred`'s text among the comparisons of `state`.
    fn siblings(prog: &Program, fam: &Families, pred: &Expr) -> Vec<String> {
        let mut out: Vec<String> = fam
            .siblings(pred)
            .iter()
            .map(|e| print::expr(prog, e))
            .collect();
        out.sort();
        out
    }

    /// The condition `var == ...` of the first `assume` in `step` comparing `var` for equality.
    fn first_eq(prog: &Program, var: &str) -> Expr {
        let f = prog.func_by_name("step").expect("step");
        let body = prog.func(f).body.as_ref().expect("body");
        body.edges()
            .find_map(|(_, e)| match &e.stmt {
                Stmt::Assume(c) if matches!(c.kind, ExprKind::Binary(BinOp::Eq, ..)) => {
                    let text = print::expr(prog, c);
                    text.starts_with(var).then(|| c.clone())
                }
                _ => None,
            })
            .expect("an equality")
    }

    #[test]
    fn a_state_variable_brings_every_value_it_is_compared_with_or_assigned() {
        let prog = load_text("t.c", MACHINE.into(), &LoadOptions::default()).expect("loads");
        let fam = Families::compute(&prog);
        let pred = first_eq(&prog, "state");
        assert_eq!(print::expr(&prog, &pred), "state == 1");
        assert_eq!(
            siblings(&prog, &fam, &pred),
            ["state == 2", "state == 3", "state == 7"]
        );
    }

    #[test]
    fn order_comparisons_and_comparisons_with_other_variables_make_no_family() {
        let prog = load_text("t.c", MACHINE.into(), &LoadOptions::default()).expect("loads");
        let fam = Families::compute(&prog);
        // `other` is only assigned 9 and compared with `<`: a family of one, no siblings
        let other = prog
            .var_ids()
            .find(|&v| prog.var(v).name == "other")
            .expect("other");
        assert_eq!(fam.of(other).collect::<Vec<_>>(), [9]);
        // `big == x` compares with a variable: only the assigned 4 is in the family
        let pred = first_eq(&prog, "big");
        assert!(
            fam.siblings(&pred).is_empty(),
            "{:?}",
            siblings(&prog, &fam, &pred)
        );
    }
}
