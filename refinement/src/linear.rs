//! Linear simplification of predicate atoms: sums of the same terms combined, and in a
//! comparison terms that occur on both sides cancelled, so that the forms weakest
//! preconditions and formal images produce (`\result == n + 1 + (m - 1)`, `m == n + m`)
//! become the predicate they mean (`\result == n + m`, `n == 0`).
//!
//! Moving terms across a comparison is exact for `==` and `!=` in every integer type
//! (equality modulo 2^k is preserved) and for ordering comparisons over signed types (whose
//! overflow C leaves undefined, and which predicates treat as mathematical integers); for
//! ordering comparisons over unsigned types only each side is simplified on its own. An
//! atom is rewritten only when its simplified form is smaller, so other predicates keep
//! the form they were found in.

use slamrs_abstraction::cir::{BinOp, Expr, ExprKind, Program, Ty, UnOp};

/// A linear combination over atom expressions: coefficients in order of first appearance,
/// and a constant.
#[derive(Default)]
struct Lin {
    terms: Vec<(Expr, i128)>,
    constant: i128,
}

impl Lin {
    fn add_term(&mut self, e: &Expr, c: i128) {
        match self.terms.iter_mut().find(|(x, _)| x == e) {
            Some((_, k)) => *k += c,
            None => self.terms.push((e.clone(), c)),
        }
    }

    /// Adds `c * e`, flattening `+`, `-`, unary `-` and products with a constant of type `ty`.
    fn add(&mut self, e: &Expr, c: i128, ty: Ty) {
        match &e.kind {
            ExprKind::Int(n) => self.constant += c * n,
            ExprKind::Binary(BinOp::Add, a, b) if e.ty == ty => {
                self.add(a, c, ty);
                self.add(b, c, ty);
            }
            ExprKind::Binary(BinOp::Sub, a, b) if e.ty == ty => {
                self.add(a, c, ty);
                self.add(b, -c, ty);
            }
            ExprKind::Unary(UnOp::Neg, a) if e.ty == ty => self.add(a, -c, ty),
            ExprKind::Binary(BinOp::Mul, a, b) if e.ty == ty => match (&a.kind, &b.kind) {
                (ExprKind::Int(k), _) => self.add(b, c * k, ty),
                (_, ExprKind::Int(k)) => self.add(a, c * k, ty),
                _ => self.add_term(e, c),
            },
            _ => self.add_term(e, c),
        }
    }

    /// Number of atom occurrences and constants (the size that must shrink).
    fn size(&self) -> usize {
        self.terms.iter().filter(|(_, c)| *c != 0).count() + usize::from(self.constant != 0)
    }
}

/// Atom occurrences and constants of `e` as a sum.
fn size_of(e: &Expr, ty: Ty) -> usize {
    match &e.kind {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) if e.ty == ty => {
            size_of(a, ty) + size_of(b, ty)
        }
        ExprKind::Unary(UnOp::Neg, a) if e.ty == ty => size_of(a, ty),
        _ => 1,
    }
}

/// `Σ c·x + k` as an expression of type `ty` (`0` when empty).
fn rebuild(terms: &[(Expr, i128)], constant: i128, ty: Ty) -> Expr {
    let int = |n: i128| Expr {
        kind: ExprKind::Int(n),
        ty,
    };
    let bin = |op: BinOp, a: Expr, b: Expr| Expr {
        kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
        ty,
    };
    let scaled = |x: &Expr, c: i128| {
        if c == 1 {
            x.clone()
        } else {
            bin(BinOp::Mul, int(c), x.clone())
        }
    };
    let mut out: Option<Expr> = None;
    for (x, c) in terms.iter().filter(|(_, c)| *c != 0) {
        out = Some(match out {
            None if *c > 0 => scaled(x, *c),
            None => Expr {
                kind: ExprKind::Unary(UnOp::Neg, Box::new(scaled(x, -c))),
                ty,
            },
            Some(acc) if *c > 0 => bin(BinOp::Add, acc, scaled(x, *c)),
            Some(acc) => bin(BinOp::Sub, acc, scaled(x, -c)),
        });
    }
    match out {
        None => int(constant),
        Some(acc) if constant > 0 => bin(BinOp::Add, acc, int(constant)),
        Some(acc) if constant < 0 => bin(BinOp::Sub, acc, int(-constant)),
        Some(acc) => acc,
    }
}

/// `e` with sums simplified; `e` itself unless that makes it smaller.
fn simplify_side(e: &Expr) -> Expr {
    let mut lin = Lin::default();
    lin.add(e, 1, e.ty);
    if lin.size() < size_of(e, e.ty) {
        rebuild(&lin.terms, lin.constant, e.ty)
    } else {
        e.clone()
    }
}

/// The simplified form of a comparison atom (see the module documentation); any other
/// expression is returned unchanged.
pub fn simplify_atom(prog: &Program, e: Expr) -> Expr {
    let ExprKind::Binary(op, a, b) = &e.kind else {
        return e;
    };
    if !op.is_comparison() || a.ty != b.ty {
        return e;
    }
    let Some(ik) = prog.types.as_int(a.ty) else {
        return e;
    };
    let ty = a.ty;
    let across = matches!(op, BinOp::Eq | BinOp::Ne) || ik.signed;
    let cmp = |l: Expr, r: Expr| Expr {
        kind: ExprKind::Binary(*op, Box::new(l), Box::new(r)),
        ty: e.ty,
    };
    if !across {
        return cmp(simplify_side(a), simplify_side(b));
    }
    let mut lin = Lin::default();
    lin.add(a, 1, ty);
    lin.add(b, -1, ty);
    if lin.size() >= size_of(a, ty) + size_of(b, ty) {
        return e;
    }
    // positive terms on the left, the others and the constant on the right
    let left: Vec<(Expr, i128)> = lin.terms.iter().filter(|(_, c)| *c > 0).cloned().collect();
    let right: Vec<(Expr, i128)> = lin
        .terms
        .iter()
        .filter(|(_, c)| *c < 0)
        .map(|(x, c)| (x.clone(), -c))
        .collect();
    cmp(rebuild(&left, 0, ty), rebuild(&right, -lin.constant, ty))
}

#[cfg(test)]
mod tests {
    use super::simplify_atom;
    use slamrs_abstraction::c2bp::parse_predicates;
    use slamrs_abstraction::cir::print;
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    fn simplified(decls: &str, preds: &[&str]) -> Vec<String> {
        let src = format!("int main() {{ {decls} return 0; }}");
        let mut prog = load_text("t.c", src, &LoadOptions::default()).expect("loads");
        let text: String = preds.iter().map(|p| format!("main: {p}\n")).collect();
        let parsed = parse_predicates(&mut prog, &text).expect("parses");
        parsed
            .preds
            .iter()
            .map(|p| print::expr(&prog, &simplify_atom(&prog, p.expr.clone())))
            .collect()
    }

    #[test]
    fn combines_and_cancels() {
        let got = simplified(
            "int r = 0, n = 0, m = 0;",
            &[
                "r == n + 1 + (m - 1)",
                "m == n + m",
                "r + 2 < n + 5",
                "r == n + m",
                "n - n + r > 3",
            ],
        );
        assert_eq!(
            got,
            ["r == n + m", "0 == n", "r < n + 3", "r == n + m", "r > 3"]
        );
    }

    #[test]
    fn unsigned_order_is_kept_across_sides() {
        use slamrs_abstraction::cir::{BinOp, Expr, ExprKind, Lval};
        let src = "unsigned a, b; int main() { return 0; }";
        let prog = load_text("t.c", src.into(), &LoadOptions::default()).expect("loads");
        let var = |name: &str| prog.var_ids().find(|&v| prog.var(v).name == name).unwrap();
        let u = prog.var(var("a")).ty;
        let read = |name: &str| Expr {
            kind: ExprKind::Read(Box::new(Lval::Var(var(name)))),
            ty: u,
        };
        let int = |n: i128| Expr {
            kind: ExprKind::Int(n),
            ty: u,
        };
        let bin = |op: BinOp, x: Expr, y: Expr, ty| Expr {
            kind: ExprKind::Binary(op, Box::new(x), Box::new(y)),
            ty,
        };
        let int_ty = prog.func(prog.func_by_name("main").unwrap()).ty;
        let int_ty = prog.types.fn_sig(int_ty).unwrap().ret;
        let a1 = bin(BinOp::Add, read("a"), int(1), u);
        let b1 = bin(BinOp::Add, read("b"), int(1), u);
        let cases = [
            bin(BinOp::Lt, a1.clone(), b1.clone(), int_ty),
            bin(
                BinOp::Lt,
                bin(BinOp::Sub, a1.clone(), int(1), u),
                read("b"),
                int_ty,
            ),
            bin(BinOp::Eq, a1, b1, int_ty),
        ];
        let got: Vec<String> = cases
            .into_iter()
            .map(|e| print::expr(&prog, &simplify_atom(&prog, e)))
            .collect();
        assert_eq!(got, ["a + 1 < b + 1", "a < b", "a == b"]);
    }
}
