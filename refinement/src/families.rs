//! Constant families: the constants each scalar variable, and each field of a struct type,
//! is compared with for equality (`v == c`, `v != c`, the cases of a `switch`) or assigned
//! (`v = c`) anywhere in the program. When refinement discovers `v == c`, the rest of `v`'s
//! family (`v == c'` for the other constants) comes with it ([`Families::siblings`]); for a
//! field the family is the field's, whatever the access path (`s->state == 3` brings
//! `s->state == c'` for every constant any `X->state` or `X.state` of that struct type is
//! compared with or assigned), since a state machine's state usually lives in a struct
//! reached through a pointer. A temporary that lowering puts between a field and the
//! constants (`tmp = s->state; switch (tmp)`, `s->state = c ? 1 : 5` through `tmp`)
//! shares its constants with the field.
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
use slamrs_abstraction::cir::{
    BinOp, Expr, ExprKind, Lval, Program, Stmt, StructId, VarId, VarKind,
};
use std::collections::BTreeSet;

/// Largest family whose members are added together.
pub const MAX_FAMILY: usize = 64;

/// What a family belongs to: a variable, or a field of a struct type (every access path to
/// it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
enum Member {
    Var(VarId),
    Field(StructId, u32),
}

impl Member {
    fn of(lv: &Lval) -> Option<Member> {
        match lv {
            Lval::Var(v) => Some(Member::Var(*v)),
            Lval::Field(_, s, k) => Some(Member::Field(*s, *k)),
            _ => None,
        }
    }
}

/// The equality constants of every variable and field that has any.
#[derive(Clone, Debug, Default)]
pub struct Families {
    consts: HashMap<Member, BTreeSet<i128>>,
}

impl Families {
    /// Collects the families of `prog`'s variables from every edge of every body.
    pub fn compute(prog: &Program) -> Families {
        let mut fam = Families::default();
        // fields and the temporaries copied to or from them
        let mut links: Vec<(Member, VarId)> = Vec::new();
        for f in prog.func_ids() {
            let Some(body) = &prog.func(f).body else {
                continue;
            };
            for (_, edge) in body.edges() {
                let Stmt::Assign { lhs, rhs } = &edge.stmt else {
                    if let Stmt::Assume(c) = &edge.stmt {
                        fam.conditions(c);
                    }
                    continue;
                };
                let Some(m) = Member::of(lhs) else { continue };
                match &rhs.kind {
                    ExprKind::Int(c) => {
                        fam.consts.entry(m).or_default().insert(*c);
                    }
                    ExprKind::Read(r) => match (m, &**r) {
                        (Member::Field(..), Lval::Var(t)) if is_temp(prog, *t) => {
                            links.push((m, *t))
                        }
                        (Member::Var(t), r) if is_temp(prog, t) => {
                            if let Some(fm @ Member::Field(..)) = Member::of(r) {
                                links.push((fm, t));
                            }
                        }
                        _ => {}
                    },
                    _ => {}
                }
            }
        }
        for (m, t) in links {
            let from_temp: Vec<i128> = fam.of_member(Member::Var(t)).collect();
            fam.consts.entry(m).or_default().extend(from_temp);
        }
        fam
    }

    fn of_member(&self, m: Member) -> impl Iterator<Item = i128> + '_ {
        self.consts.get(&m).into_iter().flatten().copied()
    }

    /// Adds the `v == c` and `v != c` comparisons in `e` (through `!`: CIR has no `&&` or `||`).
    fn conditions(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Ne, a, b) => {
                if let Some((m, c)) = member_const(a, b) {
                    self.consts.entry(m).or_default().insert(c);
                }
            }
            ExprKind::Unary(_, a) => self.conditions(a),
            _ => {}
        }
    }

    /// The constants of `v`'s family.
    pub fn of(&self, v: VarId) -> impl Iterator<Item = i128> + '_ {
        self.of_member(Member::Var(v))
    }

    /// For a predicate `v == c` or `v != c` (either side), the same comparison with each
    /// other constant of `v`'s family; nothing for other predicates or a family larger
    /// than [`MAX_FAMILY`].
    pub fn siblings(&self, pred: &Expr) -> Vec<Expr> {
        let ExprKind::Binary(op @ (BinOp::Eq | BinOp::Ne), a, b) = &pred.kind else {
            return Vec::new();
        };
        let Some((m, c)) = member_const(a, b) else {
            return Vec::new();
        };
        let Some(family) = self.consts.get(&m) else {
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

/// `(m, c)` when one of `a`, `b` reads variable or field `m` and the other is the constant
/// `c`.
fn member_const(a: &Expr, b: &Expr) -> Option<(Member, i128)> {
    match (&a.kind, &b.kind) {
        (ExprKind::Read(lv), ExprKind::Int(c)) | (ExprKind::Int(c), ExprKind::Read(lv)) => {
            Member::of(lv).map(|m| (m, *c))
        }
        _ => None,
    }
}

/// A temporary lowering introduced.
fn is_temp(prog: &Program, v: VarId) -> bool {
    matches!(prog.var(v).kind, VarKind::Temp(_))
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
