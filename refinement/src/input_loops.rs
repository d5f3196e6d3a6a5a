//! Loops that repeat for as long as an input says: `while (nondet()) { ... }`, the loop of
//! a driver harness that calls one more entry point while the environment wants. A program
//! with one has infinitely many paths, so a directed exploration ([`crate::explore`]) can
//! never cover them all: it still looks for bugs there, but says at once that it cannot
//! prove anything, so nobody waits for a proof that cannot come.
//!
//! A loop (a cyclic strongly connected component of a function's CFG) is one when some
//! edge leaving it is an `assume` over variables that the loop sets from inputs only, and
//! every other edge leaving it tests only variables (not memory) that the loop does not
//! assign: nothing but inputs decides how often it runs. (`while (nondet()) { if (x > 5)
//! break; x++; }` is not one: `x` bounds it.) The check is a heuristic for a budget
//! decision, never for a verdict.

use crate::loops::{assigned_var, loops};
use slamrs_abstraction::analysis::callgraph::CallGraph;
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::cir::{Expr, ExprKind, FuncId, HavocKind, Loc, Lval, Program, Stmt, VarId};
use std::collections::BTreeSet;

/// The location of a loop, in `entry` or a function it may call, that repeats for as long
/// as an input says; `None` when there is none.
pub fn input_controlled_loop(prog: &Program, pt: &PointsTo, entry: FuncId) -> Option<Loc> {
    for f in CallGraph::build(prog, pt).reachable_from(entry) {
        let Some(body) = prog.func(f).body.as_ref() else {
            continue;
        };
        for l in loops(body) {
            // variables the loop assigns, and those it assigns from inputs only
            let mut assigned = BTreeSet::new();
            let mut otherwise = BTreeSet::new();
            for &n in &l {
                for e in &body.node(n).edges {
                    if let Some(v) = assigned_var(&e.stmt) {
                        assigned.insert(v);
                        if !matches!(
                            e.stmt,
                            Stmt::Havoc {
                                why: HavocKind::Input(_),
                                ..
                            }
                        ) {
                            otherwise.insert(v);
                        }
                    }
                }
            }
            let inputs: BTreeSet<VarId> = assigned.difference(&otherwise).copied().collect();
            let mut by_input = None;
            let mut bounded_otherwise = false;
            for &n in &l {
                for e in body.node(n).edges.iter().filter(|e| !l.contains(&e.to)) {
                    let mut vars = BTreeSet::new();
                    let plain = match &e.stmt {
                        Stmt::Assume(c) => scalar_vars(c, &mut vars),
                        _ => false,
                    };
                    if plain && !vars.is_empty() && vars.is_subset(&inputs) {
                        by_input.get_or_insert(e.loc);
                    } else if !plain || !vars.is_disjoint(&assigned) {
                        bounded_otherwise = true;
                    }
                }
            }
            if let (Some(at), false) = (by_input, bounded_otherwise) {
                return Some(at);
            }
        }
    }
    None
}

/// Adds the variables `e` reads to `out`; false when it reads memory (anything but whole
/// scalar variables whose address is not taken).
fn scalar_vars(e: &Expr, out: &mut BTreeSet<VarId>) -> bool {
    match &e.kind {
        ExprKind::Read(lv) => match **lv {
            Lval::Var(v) => {
                out.insert(v);
                true
            }
            _ => false,
        },
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => scalar_vars(a, out),
        ExprKind::Binary(_, a, b) => scalar_vars(a, out) & scalar_vars(b, out),
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) | ExprKind::AddrOf(_) => true,
    }
}

#[cfg(test)]
mod tests {
    use super::input_controlled_loop;
    use slamrs_abstraction::analysis::points_to::PointsTo;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    fn found(src: &str) -> bool {
        let src = format!("extern int __VERIFIER_nondet_int(void);\n{src}");
        let prog = load_text("t.c", src, &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        input_controlled_loop(&prog, &PointsTo::compute(&prog), main).is_some()
    }

    #[test]
    fn an_environment_loop_is_found_in_a_callee_too() {
        assert!(found(
            "int n; void env(int *d) { while (d != 0 && __VERIFIER_nondet_int()) { if (__VERIFIER_nondet_int()) n++; else n--; } }\n\
             int main(void) { int x; env(&x); return 0; }"
        ));
    }

    #[test]
    fn loops_bounded_by_a_counter_are_not() {
        assert!(!found(
            "int main(void) { int x = 0; while (__VERIFIER_nondet_int()) { if (x > 5) break; x++; } return 0; }"
        ));
        assert!(!found(
            "int main(void) { int i; for (i = 0; i < 10; i++) { if (__VERIFIER_nondet_int()) return 1; } return 0; }"
        ));
    }
}
