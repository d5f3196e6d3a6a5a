//! A compact text form of CIR for test output and assertions.

use crate::cir::{Callee, Expr, ExprKind, Lval, Program, Stmt, UnOp};
use std::fmt::Write;

/// Every function body as `nI -> nJ: stmt` lines.
pub(crate) fn dump(p: &Program) -> String {
    let mut out = String::new();
    for (i, v) in p.vars.iter().enumerate() {
        let _ = writeln!(
            out,
            "var {i} {} : {} {:?}{}",
            v.name,
            p.types.display(v.ty),
            v.kind,
            if v.addr_taken { " &" } else { "" }
        );
    }
    for init in &p.inits {
        let _ = writeln!(out, "init {} = {}", lval(p, &init.lhs), expr(p, &init.rhs));
    }
    for f in &p.functions {
        let Some(b) = &f.body else {
            let _ = writeln!(out, "extern {}: {}", f.name, p.types.display(f.ty));
            continue;
        };
        let _ = writeln!(
            out,
            "fn {} (entry n{}, exit n{}, halt n{})",
            f.name, b.entry.0, b.exit.0, b.halt.0
        );
        for (n, e) in b.edges() {
            let _ = writeln!(
                out,
                "  n{} -> n{}: {}   @{}",
                n.0,
                e.to.0,
                stmt(p, &e.stmt),
                e.loc.line
            );
        }
    }
    out
}

/// One statement.
pub(crate) fn stmt(p: &Program, s: &Stmt) -> String {
    match s {
        Stmt::Skip => "skip".into(),
        Stmt::Assign { lhs, rhs } => format!("{} = {}", lval(p, lhs), expr(p, rhs)),
        Stmt::Assume(e) => format!("assume({})", expr(p, e)),
        Stmt::Havoc { lhs, why } => format!("{} = havoc {:?}", lval(p, lhs), why),
        Stmt::Alloc { lhs, site, size } => {
            format!("{} = alloc#{}({})", lval(p, lhs), site.0, expr(p, size))
        }
        Stmt::Call { lhs, callee, args } => {
            let a: Vec<String> = args.iter().map(|a| expr(p, a)).collect();
            let c = match callee {
                Callee::Direct(f) => p.func(*f).name.clone(),
                Callee::Indirect(e) => format!("(*{})", expr(p, e)),
            };
            match lhs {
                Some(l) => format!("{} = {c}({})", lval(p, l), a.join(", ")),
                None => format!("{c}({})", a.join(", ")),
            }
        }
        Stmt::Return(None) => "return".into(),
        Stmt::Return(Some(e)) => format!("return {}", expr(p, e)),
        Stmt::Error => "error".into(),
        Stmt::Halt { code: None } => "halt".into(),
        Stmt::Halt { code: Some(c) } => format!("halt {}", expr(p, c)),
    }
}

/// An lvalue.
pub(crate) fn lval(p: &Program, l: &Lval) -> String {
    match l {
        Lval::Var(v) => p.var(*v).name.clone(),
        Lval::Deref(e) => format!("*{}", expr(p, e)),
        Lval::Field(b, s, i) => format!("{}.{}", lval(p, b), p.field(*s, *i).name),
        Lval::Index(b, i) => format!("{}[{}]", lval(p, b), expr(p, i)),
    }
}

/// An expression, with casts shown as `(type)`.
pub(crate) fn expr(p: &Program, e: &Expr) -> String {
    match &e.kind {
        ExprKind::Int(v) => v.to_string(),
        ExprKind::Read(l) => lval(p, l),
        ExprKind::AddrOf(l) => format!("&{}", lval(p, l)),
        ExprKind::Func(f) => format!("&{}", p.func(*f).name),
        ExprKind::Str(s) => format!("{:?}", String::from_utf8_lossy(&p.strings[s.0 as usize])),
        ExprKind::Unary(op, x) => {
            let o = match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::LogNot => "!",
            };
            format!("{o}{}", expr(p, x))
        }
        ExprKind::Binary(op, a, b) => {
            format!("({} {} {})", expr(p, a), op.symbol(), expr(p, b))
        }
        ExprKind::Cast(x) => format!("({}){}", p.types.display(e.ty), expr(p, x)),
    }
}
