//! Canonical pretty-printer for boolean programs.
//!
//! The output uses 2-space indentation, one statement per line, labels on
//! their statement's line (`L: skip;`), an explicit return type (`void`,
//! `bool`, `bool<n>`) on every procedure, and the minimal parentheses allowed
//! by precedence and associativity. A decider that is exactly nondeterministic
//! prints as `?`; nondeterminism inside a larger expression prints as `*`.
//!
//! For every program `p` the parser produces, `parse(print_program(&p))`
//! equals `p` up to spans (see [`without_spans`]), so printing is stable.

use crate::ast::{BinOp, Decl, Expr, ExprKind, Ident, Proc, Program, Span, Stmt, StmtKind};
use std::fmt::Write;

/// Prints a whole program in canonical form.
pub fn print_program(p: &Program) -> String {
    let mut out = String::new();
    for d in &p.globals {
        write_decl(&mut out, d, 0);
    }
    for (i, proc) in p.procs.iter().enumerate() {
        if i > 0 || !p.globals.is_empty() {
            out.push('\n');
        }
        write_proc(&mut out, proc);
    }
    out
}

/// Prints an expression with minimal parentheses (`*` for nondeterminism).
pub fn print_expr(e: &Expr) -> String {
    let mut out = String::new();
    write_expr(&mut out, e, 0);
    out
}

/// Prints a decider: `?` if it is exactly a nondeterministic choice,
/// otherwise the expression as [`print_expr`] does.
pub fn print_decider(e: &Expr) -> String {
    match e.kind {
        ExprKind::Nondet => "?".to_string(),
        _ => print_expr(e),
    }
}

/// Prints one statement (with its labels and any nested statements) at
/// indentation level 0, ending with a newline.
pub fn print_stmt(s: &Stmt) -> String {
    let mut out = String::new();
    write_stmt(&mut out, s, 0);
    out
}

/// The head of a statement on one line, as a trace shows it: the whole
/// statement for simple statements, `if (d) then` / `while (d) do` for
/// compound ones. Labels are included.
pub fn print_stmt_head(s: &Stmt) -> String {
    let mut out = String::new();
    write_labels(&mut out, &s.labels);
    match &s.kind {
        StmtKind::If { arms, .. } => {
            let cond = arms
                .first()
                .map(|(c, _)| print_decider(c))
                .unwrap_or_default();
            let _ = write!(out, "if ({cond}) then");
        }
        StmtKind::While { cond, .. } => {
            let _ = write!(out, "while ({}) do", print_decider(cond));
        }
        _ => write_simple(&mut out, &s.kind),
    }
    out
}

/// A copy of the program with every span set to the default (empty) span:
/// two programs are equal "modulo spans" when their `without_spans` are equal.
pub fn without_spans(p: &Program) -> Program {
    let mut p = p.clone();
    for d in &mut p.globals {
        clear_decl(d);
    }
    for proc in &mut p.procs {
        proc.span = Span::default();
        proc.name.span = Span::default();
        proc.formals.iter_mut().for_each(clear_ident);
        proc.locals.iter_mut().for_each(clear_decl);
        if let Some(e) = &mut proc.enforce {
            clear_expr(e);
        }
        clear_stmts(&mut proc.body);
    }
    p
}

fn clear_ident(i: &mut Ident) {
    i.span = Span::default();
}

fn clear_decl(d: &mut Decl) {
    d.span = Span::default();
    d.vars.iter_mut().for_each(clear_ident);
}

fn clear_stmts(ss: &mut [Stmt]) {
    for s in ss {
        s.span = Span::default();
        s.labels.iter_mut().for_each(clear_ident);
        match &mut s.kind {
            StmtKind::Skip => {}
            StmtKind::Print(es) | StmtKind::Return(es) => es.iter_mut().for_each(clear_expr),
            StmtKind::Goto(ls) => ls.iter_mut().for_each(clear_ident),
            StmtKind::Assign { lhs, rhs } => {
                lhs.iter_mut().for_each(clear_ident);
                rhs.iter_mut().for_each(clear_expr);
            }
            StmtKind::Call { lhs, callee, args } => {
                lhs.iter_mut().for_each(clear_ident);
                clear_ident(callee);
                args.iter_mut().for_each(clear_expr);
            }
            StmtKind::If { arms, els } => {
                for (c, b) in arms {
                    clear_expr(c);
                    clear_stmts(b);
                }
                if let Some(b) = els {
                    clear_stmts(b);
                }
            }
            StmtKind::While { cond, body } => {
                clear_expr(cond);
                clear_stmts(body);
            }
            StmtKind::Assert(e) | StmtKind::Assume(e) => clear_expr(e),
        }
    }
}

fn clear_expr(e: &mut Expr) {
    e.span = Span::default();
    match &mut e.kind {
        ExprKind::Const(_) | ExprKind::Var(_) | ExprKind::Nondet => {}
        ExprKind::Not(a) => clear_expr(a),
        ExprKind::Bin(_, a, b) | ExprKind::Schoose(a, b) => {
            clear_expr(a);
            clear_expr(b);
        }
    }
}

fn indent(out: &mut String, level: usize) {
    for _ in 0..level {
        out.push_str("  ");
    }
}

fn join_idents(ids: &[Ident]) -> String {
    ids.iter()
        .map(|i| i.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn join_exprs(es: &[Expr]) -> String {
    es.iter().map(print_expr).collect::<Vec<_>>().join(", ")
}

fn write_decl(out: &mut String, d: &Decl, level: usize) {
    indent(out, level);
    let _ = writeln!(out, "decl {};", join_idents(&d.vars));
}

fn write_proc(out: &mut String, p: &Proc) {
    match p.returns {
        0 => out.push_str("void "),
        1 => out.push_str("bool "),
        n => {
            let _ = write!(out, "bool<{n}> ");
        }
    }
    let _ = writeln!(out, "{}({})", p.name.name, join_idents(&p.formals));
    out.push_str("begin\n");
    for d in &p.locals {
        write_decl(out, d, 1);
    }
    if let Some(e) = &p.enforce {
        let _ = writeln!(out, "  enforce {};", print_expr(e));
    }
    write_stmts(out, &p.body, 1);
    out.push_str("end\n");
}

fn write_stmts(out: &mut String, ss: &[Stmt], level: usize) {
    for s in ss {
        write_stmt(out, s, level);
    }
}

fn write_labels(out: &mut String, labels: &[Ident]) {
    for l in labels {
        let _ = write!(out, "{}: ", l.name);
    }
}

fn write_stmt(out: &mut String, s: &Stmt, level: usize) {
    indent(out, level);
    write_labels(out, &s.labels);
    match &s.kind {
        StmtKind::If { arms, els } => {
            for (i, (cond, body)) in arms.iter().enumerate() {
                if i > 0 {
                    indent(out, level);
                    out.push_str("elsif");
                } else {
                    out.push_str("if");
                }
                let _ = writeln!(out, " ({}) then", print_decider(cond));
                write_stmts(out, body, level + 1);
            }
            if let Some(body) = els {
                indent(out, level);
                out.push_str("else\n");
                write_stmts(out, body, level + 1);
            }
            indent(out, level);
            out.push_str("fi\n");
        }
        StmtKind::While { cond, body } => {
            let _ = writeln!(out, "while ({}) do", print_decider(cond));
            write_stmts(out, body, level + 1);
            indent(out, level);
            out.push_str("od\n");
        }
        k => {
            write_simple(out, k);
            out.push('\n');
        }
    }
}

/// A statement that fits on one line (not `if`/`while`).
fn write_simple(out: &mut String, k: &StmtKind) {
    let _ = match k {
        StmtKind::Skip => write!(out, "skip;"),
        StmtKind::Print(es) => write!(out, "print({});", join_exprs(es)),
        StmtKind::Goto(ls) => write!(out, "goto {};", join_idents(ls)),
        StmtKind::Return(es) if es.is_empty() => write!(out, "return;"),
        StmtKind::Return(es) => write!(out, "return {};", join_exprs(es)),
        StmtKind::Assign { lhs, rhs } => {
            write!(out, "{} := {};", join_idents(lhs), join_exprs(rhs))
        }
        StmtKind::Call { lhs, callee, args } if lhs.is_empty() => {
            write!(out, "{}({});", callee.name, join_exprs(args))
        }
        StmtKind::Call { lhs, callee, args } => write!(
            out,
            "{} := {}({});",
            join_idents(lhs),
            callee.name,
            join_exprs(args)
        ),
        StmtKind::Assert(e) => write!(out, "assert({});", print_decider(e)),
        StmtKind::Assume(e) => write!(out, "assume({});", print_decider(e)),
        StmtKind::If { .. } | StmtKind::While { .. } => Ok(()),
    };
}

/// Binding strength of `!` (tighter than every binary operator).
const NOT_PREC: u8 = 6;
/// Binding strength of atoms.
const ATOM_PREC: u8 = 7;

fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Bin(op, _, _) => op.precedence(),
        ExprKind::Not(_) => NOT_PREC,
        _ => ATOM_PREC,
    }
}

/// Writes `e`, parenthesized if it binds more loosely than `ctx` requires.
fn write_expr(out: &mut String, e: &Expr, ctx: u8) {
    let paren = prec(e) < ctx;
    if paren {
        out.push('(');
    }
    match &e.kind {
        ExprKind::Const(b) => out.push(if *b { '1' } else { '0' }),
        ExprKind::Var(v) => out.push_str(v),
        ExprKind::Nondet => out.push('*'),
        ExprKind::Not(a) => {
            out.push('!');
            write_expr(out, a, NOT_PREC);
        }
        ExprKind::Bin(op, a, b) => {
            let p = op.precedence();
            let (lctx, rctx) = if *op == BinOp::Implies {
                (p + 1, p)
            } else {
                (p, p + 1)
            };
            write_expr(out, a, lctx);
            let _ = write!(out, " {} ", op.symbol());
            write_expr(out, b, rctx);
        }
        ExprKind::Schoose(a, b) => {
            out.push_str("schoose[");
            write_expr(out, a, 0);
            out.push_str(", ");
            write_expr(out, b, 0);
            out.push(']');
        }
    }
    if paren {
        out.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::{parse, parse_expr};

    fn rt(src: &str) -> String {
        print_expr(&parse_expr(src).unwrap())
    }

    #[test]
    fn minimal_parentheses() {
        assert_eq!(rt("(a | b) & c"), "(a | b) & c");
        assert_eq!(rt("a | (b & c)"), "a | b & c");
        assert_eq!(rt("(a => b) => c"), "(a => b) => c");
        assert_eq!(rt("a => (b => c)"), "a => b => c");
        assert_eq!(rt("(a & b) & c"), "a & b & c");
        assert_eq!(rt("a & (b & c)"), "a & (b & c)");
        assert_eq!(rt("a = (b != c)"), "a = (b != c)");
        assert_eq!(rt("!(!a) = (T)"), "!!a = 1");
        assert_eq!(rt("!(a ^ ?)"), "!(a ^ *)");
        assert_eq!(rt("schoose[(a|b), F]"), "schoose[a | b, 0]");
    }

    #[test]
    fn program_layout() {
        let src =
            "decl g; main() begin decl h; L: if (?) then h := !g; elsif (g) then else A(g,h); fi \
                   while (h) do M: N: skip; od end bool<2> A(a, b) begin return a, *; end";
        let p = parse(src).unwrap();
        let printed = print_program(&p);
        assert_eq!(
            printed,
            "decl g;\n\nvoid main()\nbegin\n  decl h;\n  L: if (?) then\n    h := !g;\n  elsif (g) then\n  else\n    A(g, h);\n  fi\n  while (h) do\n    M: N: skip;\n  od\nend\n\nbool<2> A(a, b)\nbegin\n  return a, *;\nend\n"
        );
        let again = parse(&printed).unwrap();
        assert_eq!(without_spans(&again), without_spans(&p));
        assert_eq!(print_program(&again), printed);
        assert_eq!(print_stmt_head(&p.procs[0].body[0]), "L: if (?) then");
        assert_eq!(print_stmt(&p.procs[1].body[0]), "return a, *;\n");
    }
}
