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
    let mut acc: Option<Expr> = None;
    for e in items {
        if is_const(&e, false) {
            return konst(false);
        }
        if is_const(&e, true) {
            continue;
        }
        acc = Some(match acc {
            None => e,
            Some(a) => ex(ExprKind::Bin(BinOp::And, Box::new(a), Box::new(e))),
        });
    }
    acc.unwrap_or_else(|| konst(true))
}

/// Disjunction, folding constants.
pub fn or(items: Vec<Expr>) -> Expr {
    let mut acc: Option<Expr> = None;
    for e in items {
        if is_const(&e, true) {
            return konst(true);
        }
        if is_const(&e, false) {
            continue;
        }
        acc = Some(match acc {
            None => e,
            Some(a) => ex(ExprKind::Bin(BinOp::Or, Box::new(a), Box::new(e))),
        });
    }
    acc.unwrap_or_else(|| konst(false))
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
