//! Simplifies a rule for one program: a state variable that no instrumented handler
//! assigns keeps its initial value, so its reads become that constant, and conditions
//! that become constant keep only the branch taken. With the `locking` rule on a Linux
//! driver, the Windows and POSIX families then add neither code nor predicates.

use std::collections::BTreeSet;

use slamrs_abstraction::cir::Program;

use super::super::ast::{EventFunc, Handler, RBinOp, RExpr, RExprKind, RStmt, RUnOp, Rule};

/// `rule` with the handlers that will run on `prog` simplified. Handlers of events on
/// functions the program does not know are dropped, and so are handlers left empty.
pub fn simplify(rule: &Rule, prog: &Program) -> Rule {
    let live = |h: &Handler| -> Vec<_> {
        h.events
            .iter()
            .filter(|e| match &e.func {
                EventFunc::Entry => true,
                EventFunc::Named(n) => prog.func_by_name(n).is_some(),
            })
            .cloned()
            .collect()
    };
    let mut assigned = BTreeSet::new();
    for h in &rule.handlers {
        if !live(h).is_empty() {
            h.body
                .iter()
                .for_each(|s| collect_assigned(s, &mut assigned));
        }
    }
    let consts: Vec<Option<i128>> = rule
        .state
        .iter()
        .enumerate()
        .map(|(i, s)| (!assigned.contains(&i)).then_some(s.init))
        .collect();
    let handlers = rule
        .handlers
        .iter()
        .filter_map(|h| {
            let events = live(h);
            if events.is_empty() {
                return None;
            }
            let body: Vec<RStmt> = h.body.iter().filter_map(|s| stmt(s, &consts)).collect();
            if body.is_empty() {
                return None;
            }
            Some(Handler {
                events,
                body,
                pos: h.pos,
            })
        })
        .collect();
    Rule {
        handlers,
        ..rule.clone()
    }
}

fn collect_assigned(s: &RStmt, out: &mut BTreeSet<usize>) {
    match s {
        RStmt::Assign { var, .. } => {
            out.insert(*var);
        }
        RStmt::If { then, els, .. } => {
            collect_assigned(then, out);
            if let Some(e) = els {
                collect_assigned(e, out);
            }
        }
        RStmt::Block(b) => b.iter().for_each(|s| collect_assigned(s, out)),
        RStmt::Abort { .. } | RStmt::GiveUp { .. } => {}
    }
}

/// The simplified statement (`None` if nothing is left).
fn stmt(s: &RStmt, consts: &[Option<i128>]) -> Option<RStmt> {
    match s {
        RStmt::If {
            cond,
            then,
            els,
            pos,
        } => {
            let cond = expr(cond, consts);
            match constant(&cond) {
                Some(v) if v != 0 => stmt(then, consts),
                Some(_) => els.as_ref().and_then(|e| stmt(e, consts)),
                None => Some(RStmt::If {
                    cond,
                    then: Box::new(stmt(then, consts).unwrap_or(RStmt::Block(Vec::new()))),
                    els: els.as_ref().and_then(|e| stmt(e, consts)).map(Box::new),
                    pos: *pos,
                }),
            }
        }
        RStmt::Block(b) => {
            let b: Vec<RStmt> = b.iter().filter_map(|s| stmt(s, consts)).collect();
            (!b.is_empty()).then_some(RStmt::Block(b))
        }
        RStmt::Assign { var, value, pos } => Some(RStmt::Assign {
            var: *var,
            value: expr(value, consts),
            pos: *pos,
        }),
        RStmt::Abort { .. } | RStmt::GiveUp { .. } => Some(s.clone()),
    }
}

fn constant(e: &RExpr) -> Option<i128> {
    match e.kind {
        RExprKind::Int(v) => Some(v),
        _ => None,
    }
}

/// The simplified expression: constant state variables replaced, and operators on
/// constants computed when the result is an `int` C would compute the same way.
fn expr(e: &RExpr, consts: &[Option<i128>]) -> RExpr {
    let kind = match &e.kind {
        RExprKind::State(i) => match consts.get(*i).copied().flatten() {
            Some(v) => RExprKind::Int(v),
            None => e.kind.clone(),
        },
        RExprKind::Unary(op, a) => {
            let a = expr(a, consts);
            match (op, constant(&a)) {
                (RUnOp::Not, Some(v)) => RExprKind::Int((v == 0) as i128),
                _ => RExprKind::Unary(*op, Box::new(a)),
            }
        }
        RExprKind::Binary(op, a, b) => {
            let (a, b) = (expr(a, consts), expr(b, consts));
            match fold_binary(*op, constant(&a), constant(&b)) {
                Some(v) => RExprKind::Int(v),
                None => RExprKind::Binary(*op, Box::new(a), Box::new(b)),
            }
        }
        k => k.clone(),
    };
    RExpr { kind, pos: e.pos }
}

/// Folds comparisons and logical operators (`&&`/`||` also when only the left operand is
/// known and decides).
fn fold_binary(op: RBinOp, a: Option<i128>, b: Option<i128>) -> Option<i128> {
    let int = |v: i128| i32::try_from(v).is_ok();
    match (op, a, b) {
        (RBinOp::And, Some(0), _) => Some(0),
        (RBinOp::Or, Some(x), _) if x != 0 => Some(1),
        (_, Some(x), Some(y)) if int(x) && int(y) => match op {
            RBinOp::Lt => Some((x < y) as i128),
            RBinOp::Le => Some((x <= y) as i128),
            RBinOp::Gt => Some((x > y) as i128),
            RBinOp::Ge => Some((x >= y) as i128),
            RBinOp::Eq => Some((x == y) as i128),
            RBinOp::Ne => Some((x != y) as i128),
            RBinOp::And => Some((x != 0 && y != 0) as i128),
            RBinOp::Or => Some((x != 0 || y != 0) as i128),
            _ => None,
        },
        _ => None,
    }
}
