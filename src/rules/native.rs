//! A rule as C, for the harness that replays counterexamples natively
//! (`slamrs_abstraction::native`): its state variables, the entry and exit handlers of each
//! function it observes and of `$entry`, and every `abort` numbered, with the location
//! instrumentation gave its `error` edge (so the native run's abort can be compared with
//! the interpreter's).

use slamrs_abstraction::cir::{FileId, Loc};
use slamrs_abstraction::native::{self, FnHooks, Hooks, Monitor};

use super::ast::{EventFunc, EventKind, RBinOp, RExpr, RExprKind, RStmt, RUnOp, Rule};

/// The monitor of `rule`; `rule_file` is the rule text's entry in `Program::files`.
pub fn monitor(rule: &Rule, rule_file: FileId) -> Monitor {
    let mut r = Render {
        file: rule_file,
        aborts: Vec::new(),
    };
    let mut functions = Vec::new();
    for name in rule.event_functions() {
        let func = EventFunc::Named(name.to_string());
        let hooks = Hooks {
            entry: r.handlers(rule, &func, EventKind::Entry),
            exit: r.handlers(rule, &func, EventKind::Exit),
        };
        functions.push(FnHooks {
            func: name.to_string(),
            hooks,
        });
    }
    let entry = Hooks {
        entry: r.handlers(rule, &EventFunc::Entry, EventKind::Entry),
        exit: r.handlers(rule, &EventFunc::Entry, EventKind::Exit),
    };
    Monitor {
        state: rule.state.iter().map(|s| s.init).collect(),
        pointer_state: rule.state.iter().map(|s| s.pointer).collect(),
        functions,
        entry,
        aborts: r.aborts,
    }
}

struct Render {
    file: FileId,
    aborts: Vec<Loc>,
}

impl Render {
    /// The bodies of the handlers of one event, in the order of the rule text.
    fn handlers(&mut self, rule: &Rule, func: &EventFunc, kind: EventKind) -> String {
        let mut out = String::new();
        for h in &rule.handlers {
            if h.events.iter().any(|e| &e.func == func && e.kind == kind) {
                out.push_str("{ ");
                for s in &h.body {
                    self.stmt(s, &mut out);
                }
                out.push_str("} ");
            }
        }
        out
    }

    fn stmt(&mut self, s: &RStmt, out: &mut String) {
        match s {
            RStmt::If {
                cond, then, els, ..
            } => {
                out.push_str(&format!("if ({}) {{ ", expr(cond)));
                self.stmt(then, out);
                out.push_str("} ");
                if let Some(e) = els {
                    out.push_str("else { ");
                    self.stmt(e, out);
                    out.push_str("} ");
                }
            }
            RStmt::Block(b) => {
                out.push_str("{ ");
                for s in b {
                    self.stmt(s, out);
                }
                out.push_str("} ");
            }
            RStmt::Assign { var, value, .. } => {
                out.push_str(&format!("{} = {}; ", native::state_var(*var), expr(value)));
            }
            // a `giveup` ends the native run like an abort at its own location: a replay
            // that expected a violation elsewhere disagrees (a counterexample that ends at
            // a `giveup` is never replayed: it is no violation)
            RStmt::Abort { pos, .. } | RStmt::GiveUp { pos, .. } => {
                let loc = Loc {
                    file: self.file,
                    line: pos.line,
                    col: pos.col,
                };
                let id = match self.aborts.iter().position(|l| *l == loc) {
                    Some(i) => i,
                    None => {
                        self.aborts.push(loc);
                        self.aborts.len() - 1
                    }
                };
                out.push_str(&native::abort_call(id));
                out.push(' ');
            }
        }
    }
}

fn expr(e: &RExpr) -> String {
    match &e.kind {
        RExprKind::Int(v) => {
            if *v >= i128::from(i32::MIN) && *v <= i128::from(i32::MAX) {
                format!("({v})")
            } else {
                format!("({v}LL)")
            }
        }
        RExprKind::State(i) => native::state_var(*i),
        RExprKind::Arg(k) => native::arg(*k as usize),
        RExprKind::Return => native::RET.to_string(),
        RExprKind::Unary(op, a) => {
            let o = match op {
                RUnOp::Neg => "-",
                RUnOp::BitNot => "~",
                RUnOp::Not => "!",
            };
            format!("({o}{})", expr(a))
        }
        RExprKind::Binary(op, a, b) => {
            let o = match op {
                RBinOp::Mul => "*",
                RBinOp::Div => "/",
                RBinOp::Rem => "%",
                RBinOp::Add => "+",
                RBinOp::Sub => "-",
                RBinOp::Shl => "<<",
                RBinOp::Shr => ">>",
                RBinOp::Lt => "<",
                RBinOp::Le => "<=",
                RBinOp::Gt => ">",
                RBinOp::Ge => ">=",
                RBinOp::Eq => "==",
                RBinOp::Ne => "!=",
                RBinOp::BitAnd => "&",
                RBinOp::BitXor => "^",
                RBinOp::BitOr => "|",
                RBinOp::And => "&&",
                RBinOp::Or => "||",
            };
            format!("({} {o} {})", expr(a), expr(b))
        }
    }
}
