//! Small builders for `bebop` syntax trees (spans are left empty).

use bebop::ast::{BinOp, Expr, ExprKind, Ident, Span, Stmt, StmtKind};

pub fn ident(name: &str) -> Ident {
    Ident {
        name: name.to_string(),
        span: Span::default(),
    }
}

fn ex(kind: ExprKind) -> Expr {
    Expr {
        kind,
        span: Span::default(),
    }
}

pub fn var(name: &str) -> Expr {
    ex(ExprKind::Var(name.to_string()))
}

pub fn konst(b: bool) -> Expr {
    ex(ExprKind::Const(b))
}

pub fn nondet() -> Expr {
    ex(ExprKind::Nondet)
}

pub fn is_const(e: &Expr, b: bool) -> bool {
    matches!(e.kind, ExprKind::Const(c) if c == b)
}

pub fn not(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Const(b) => konst(!b),
        ExprKind::Not(inner) => *inner,
        other => ex(ExprKind::Not(Box::new(Expr {
            kind: other,
            span: Span::default(),
        }))),
    }
}

/// Conjunction, folding constants.
pub fn and(items: Vec<Expr>) -> Expr {
    junction(items, BinOp::And, false)
}

/// Disjunction, folding constants.
pub fn or(items: Vec<Expr>) -> Expr {
    junction(items, BinOp::Or, true)
}

/// Longest list joined as a left-leaning chain (`a & b & c`, as it is written); longer
/// ones are balanced trees.
const MAX_CHAIN: usize = 64;

/// `items` joined by `op`, whose absorbing constant is `absorbing`; past [`MAX_CHAIN`] items
/// as a balanced tree: a chain of a thousand clauses (an `enforce` over a state variable's
/// 34 values) would be deeper than the boolean-program parser reads back.
fn junction(items: Vec<Expr>, op: BinOp, absorbing: bool) -> Expr {
    let mut kept = Vec::with_capacity(items.len());
    for e in items {
        if is_const(&e, absorbing) {
            return konst(absorbing);
        }
        if !is_const(&e, !absorbing) {
            kept.push(e);
        }
    }
    if kept.len() > MAX_CHAIN {
        return balanced(kept, op).unwrap_or_else(|| konst(!absorbing));
    }
    let mut kept = kept.into_iter();
    let Some(first) = kept.next() else {
        return konst(!absorbing);
    };
    kept.fold(first, |a, e| {
        ex(ExprKind::Bin(op, Box::new(a), Box::new(e)))
    })
}

fn balanced(mut items: Vec<Expr>, op: BinOp) -> Option<Expr> {
    match items.len() {
        0 => None,
        1 => items.pop(),
        n => {
            let right = items.split_off(n / 2);
            let (l, r) = (balanced(items, op)?, balanced(right, op)?);
            Some(ex(ExprKind::Bin(op, Box::new(l), Box::new(r))))
        }
    }
}

/// `schoose[pos, neg]`, simplified when one side is constant.
pub fn schoose(pos: Expr, neg: Expr) -> Expr {
    if is_const(&pos, true) {
        return konst(true);
    }
    if is_const(&neg, true) {
        return konst(false);
    }
    if is_const(&pos, false) && is_const(&neg, false) {
        return nondet();
    }
    // schoose[p, !p] is p
    if let ExprKind::Not(inner) = &neg.kind {
        if **inner == pos {
            return pos;
        }
    }
    ex(ExprKind::Schoose(Box::new(pos), Box::new(neg)))
}

pub fn stmt(kind: StmtKind) -> Stmt {
    Stmt {
        labels: vec![],
        kind,
        span: Span::default(),
    }
}

pub fn labelled(label: &str, mut s: Stmt) -> Stmt {
    s.labels.push(ident(label));
    s
}

pub fn goto(labels: &[String]) -> Stmt {
    stmt(StmtKind::Goto(labels.iter().map(|l| ident(l)).collect()))
}

pub fn assign(lhs: Vec<String>, rhs: Vec<Expr>) -> Stmt {
    stmt(StmtKind::Assign {
        lhs: lhs.iter().map(|l| ident(l)).collect(),
        rhs,
    })
}
