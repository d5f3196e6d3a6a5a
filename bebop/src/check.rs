//! Semantic checks on a parsed boolean program.
//!
//! [`check`] reports, each located at the offending identifier or statement:
//! - undeclared variables (in expressions, assignment and call targets),
//!   resolved in the procedure's formals and locals first, then the globals
//!   (a local may shadow a global);
//! - duplicate variables in one scope (two globals; two formals/locals of one
//!   procedure);
//! - duplicate labels within a procedure, and `goto` to a missing label
//!   (labels are per procedure);
//! - calls to undefined procedures, duplicate procedures, a missing `main`;
//! - arity mismatches: call arguments vs formals, call results vs the callee's
//!   return count (a call without results may discard returned values),
//!   assignment targets vs values, `return` values vs the procedure's return
//!   count;
//! - the same variable twice on the left of one assignment or call;
//! - nondeterminism (`*`, `?`, `schoose`) inside `enforce`.
//!
//! Diagnostics come sorted by position (a missing `main` last).
//! [`check_with_source`] gives the same diagnostics, but messages about a
//! duplicate also say where the first definition is ("… (first defined at
//! line 4)"), which needs the source text.

use crate::ast::{Expr, ExprKind, Ident, Proc, Program, Span, Stmt, StmtKind};
use crate::diag::Diagnostic;
use rustc_hash::FxHashMap as HashMap;
use rustc_hash::FxHashSet as HashSet;

/// Runs all semantic checks; an empty vector means the program is well formed.
pub fn check(p: &Program) -> Vec<Diagnostic> {
    render(run(p), None)
}

/// Like [`check`], with line numbers of first definitions in the messages
/// about duplicates. `src` must be the text `p` was parsed from.
pub fn check_with_source(p: &Program, src: &str) -> Vec<Diagnostic> {
    render(run(p), Some(src))
}

/// A diagnostic, possibly referring to an earlier definition.
struct Issue {
    message: String,
    span: Span,
    /// `("declared" | "defined", span of the first definition)`
    first: Option<(&'static str, Span)>,
}

fn render(issues: Vec<Issue>, src: Option<&str>) -> Vec<Diagnostic> {
    // Byte offsets of line starts, to find many line numbers quickly.
    let line_starts: Vec<usize> = match src {
        Some(src) if issues.iter().any(|i| i.first.is_some()) => std::iter::once(0)
            .chain(src.match_indices('\n').map(|(i, _)| i + 1))
            .collect(),
        _ => Vec::new(),
    };
    issues
        .into_iter()
        .map(|i| {
            let message = match (i.first, src) {
                (Some((verb, at)), Some(_)) => {
                    let line = line_starts.partition_point(|&s| s <= at.start as usize);
                    format!("{} (first {verb} at line {line})", i.message)
                }
                _ => i.message,
            };
            Diagnostic::new(message, i.span)
        })
        .collect()
}

fn plural(n: usize, word: &str) -> String {
    match n {
        0 => format!("no {word}s"),
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    }
}

fn run(p: &Program) -> Vec<Issue> {
    let mut c = Checker {
        globals: HashMap::default(),
        procs: HashMap::default(),
        issues: Vec::new(),
    };
    for d in &p.globals {
        for v in &d.vars {
            c.declare_global(v);
        }
    }
    for proc in &p.procs {
        match c.procs.get(proc.name.name.as_str()) {
            Some(first) => {
                let first = first.name.span;
                c.issues.push(Issue {
                    message: format!("duplicate procedure `{}`", proc.name.name),
                    span: proc.name.span,
                    first: Some(("defined", first)),
                });
            }
            None => {
                c.procs.insert(&proc.name.name, proc);
            }
        }
    }
    for proc in &p.procs {
        c.proc(proc);
    }
    let mut issues = c.issues;
    issues.sort_by_key(|i| i.span.start);
    if !p.procs.iter().any(|q| q.name.name == "main") {
        issues.push(Issue {
            message: "program has no `main` procedure".into(),
            span: Span::default(),
            first: None,
        });
    }
    issues
}

struct Checker<'p> {
    globals: HashMap<&'p str, Span>,
    procs: HashMap<&'p str, &'p Proc>,
    issues: Vec<Issue>,
}

/// The variables and labels of the procedure being checked.
struct ProcCtx<'p> {
    proc: &'p Proc,
    locals: HashMap<&'p str, Span>,
    labels: HashMap<&'p str, Span>,
}

impl<'p> Checker<'p> {
    fn err(&mut self, message: String, span: Span) {
        self.issues.push(Issue {
            message,
            span,
            first: None,
        });
    }

    fn declare_global(&mut self, v: &'p Ident) {
        if let Some(&first) = self.globals.get(v.name.as_str()) {
            self.issues.push(Issue {
                message: format!("duplicate variable `{}`", v.name),
                span: v.span,
                first: Some(("declared", first)),
            });
        } else {
            self.globals.insert(&v.name, v.span);
        }
    }

    fn proc(&mut self, proc: &'p Proc) {
        let mut cx = ProcCtx {
            proc,
            locals: HashMap::default(),
            labels: HashMap::default(),
        };
        let vars = proc
            .formals
            .iter()
            .chain(proc.locals.iter().flat_map(|d| d.vars.iter()));
        for v in vars {
            if let Some(&first) = cx.locals.get(v.name.as_str()) {
                self.issues.push(Issue {
                    message: format!("duplicate variable `{}`", v.name),
                    span: v.span,
                    first: Some(("declared", first)),
                });
            } else {
                cx.locals.insert(&v.name, v.span);
            }
        }
        self.collect_labels(&mut cx, &proc.body);
        if let Some(e) = &proc.enforce {
            self.expr(&cx, e);
            self.deterministic(e);
        }
        self.stmts(&cx, &proc.body);
    }

    fn collect_labels(&mut self, cx: &mut ProcCtx<'p>, stmts: &'p [Stmt]) {
        for s in stmts {
            for l in &s.labels {
                if let Some(&first) = cx.labels.get(l.name.as_str()) {
                    self.issues.push(Issue {
                        message: format!("duplicate label `{}`", l.name),
                        span: l.span,
                        first: Some(("defined", first)),
                    });
                } else {
                    cx.labels.insert(&l.name, l.span);
                }
            }
            match &s.kind {
                StmtKind::If { arms, els } => {
                    for (_, body) in arms {
                        self.collect_labels(cx, body);
                    }
                    if let Some(body) = els {
                        self.collect_labels(cx, body);
                    }
                }
                StmtKind::While { body, .. } => self.collect_labels(cx, body),
                _ => {}
            }
        }
    }

    fn declared(&self, cx: &ProcCtx<'p>, name: &str) -> bool {
        cx.locals.contains_key(name) || self.globals.contains_key(name)
    }

    fn expr(&mut self, cx: &ProcCtx<'p>, e: &Expr) {
        match &e.kind {
            ExprKind::Const(_) | ExprKind::Nondet => {}
            ExprKind::Var(v) => {
                if !self.declared(cx, v) {
                    self.err(format!("undeclared variable `{v}`"), e.span);
                }
            }
            ExprKind::Not(a) => self.expr(cx, a),
            ExprKind::Bin(_, a, b) | ExprKind::Schoose(a, b) => {
                self.expr(cx, a);
                self.expr(cx, b);
            }
        }
    }

    fn exprs(&mut self, cx: &ProcCtx<'p>, es: &[Expr]) {
        for e in es {
            self.expr(cx, e);
        }
    }

    /// Reports every nondeterministic construct in an `enforce` expression.
    fn deterministic(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Const(_) | ExprKind::Var(_) => {}
            ExprKind::Nondet => self.err(
                "nondeterministic choice (`*` or `?`) is not allowed in `enforce`".into(),
                e.span,
            ),
            ExprKind::Schoose(..) => {
                self.err("`schoose` is not allowed in `enforce`".into(), e.span)
            }
            ExprKind::Not(a) => self.deterministic(a),
            ExprKind::Bin(_, a, b) => {
                self.deterministic(a);
                self.deterministic(b);
            }
        }
    }

    /// Assignment or call targets: declared, and no variable twice.
    fn targets(&mut self, cx: &ProcCtx<'p>, lhs: &[Ident]) {
        let mut seen = HashSet::default();
        for v in lhs {
            if !self.declared(cx, &v.name) {
                self.err(format!("undeclared variable `{}`", v.name), v.span);
            }
            if !seen.insert(v.name.as_str()) {
                self.err(
                    format!(
                        "variable `{}` appears twice on the left-hand side of one assignment",
                        v.name
                    ),
                    v.span,
                );
            }
        }
    }

    fn stmts(&mut self, cx: &ProcCtx<'p>, stmts: &[Stmt]) {
        for s in stmts {
            self.stmt(cx, s);
        }
    }

    fn stmt(&mut self, cx: &ProcCtx<'p>, s: &Stmt) {
        match &s.kind {
            StmtKind::Skip => {}
            StmtKind::Print(es) => self.exprs(cx, es),
            StmtKind::Goto(targets) => {
                for l in targets {
                    if !cx.labels.contains_key(l.name.as_str()) {
                        self.err(format!("goto to undefined label `{}`", l.name), l.span);
                    }
                }
            }
            StmtKind::Return(vals) => {
                self.exprs(cx, vals);
                let want = cx.proc.returns;
                if vals.len() != want {
                    let gives = if vals.is_empty() {
                        "none".to_string()
                    } else {
                        vals.len().to_string()
                    };
                    self.err(
                        format!(
                            "procedure `{}` returns {}, but this `return` gives {gives}",
                            cx.proc.name.name,
                            plural(want, "value")
                        ),
                        s.span,
                    );
                }
            }
            StmtKind::Assign { lhs, rhs } => {
                self.targets(cx, lhs);
                self.exprs(cx, rhs);
                if lhs.len() != rhs.len() {
                    self.err(
                        format!(
                            "assignment to {} has {}",
                            plural(lhs.len(), "variable"),
                            plural(rhs.len(), "value")
                        ),
                        s.span,
                    );
                }
            }
            StmtKind::Call { lhs, callee, args } => {
                self.targets(cx, lhs);
                self.exprs(cx, args);
                let Some(&target) = self.procs.get(callee.name.as_str()) else {
                    self.err(
                        format!("call to undefined procedure `{}`", callee.name),
                        callee.span,
                    );
                    return;
                };
                if args.len() != target.formals.len() {
                    self.err(
                        format!(
                            "call to `{0}` passes {1}, but `{0}` has {2}",
                            callee.name,
                            plural(args.len(), "argument"),
                            plural(target.formals.len(), "formal")
                        ),
                        callee.span,
                    );
                }
                if let (Some(first), Some(last)) = (lhs.first(), lhs.last()) {
                    if lhs.len() != target.returns {
                        self.err(
                            format!(
                                "call to `{0}` assigns {1}, but `{0}` returns {2}",
                                callee.name,
                                plural(lhs.len(), "result"),
                                plural(target.returns, "value")
                            ),
                            first.span.to(last.span),
                        );
                    }
                }
            }
            StmtKind::If { arms, els } => {
                for (cond, body) in arms {
                    self.expr(cx, cond);
                    self.stmts(cx, body);
                }
                if let Some(body) = els {
                    self.stmts(cx, body);
                }
            }
            StmtKind::While { cond, body } => {
                self.expr(cx, cond);
                self.stmts(cx, body);
            }
            StmtKind::Assert(e) | StmtKind::Assume(e) => self.expr(cx, e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parser::parse;

    fn msgs(src: &str) -> Vec<String> {
        let p = parse(src).unwrap_or_else(|d| panic!("{}", d.render("t", src)));
        check_with_source(&p, src)
            .into_iter()
            .map(|d| d.message)
            .collect()
    }

    #[test]
    fn clean_program_has_no_diagnostics() {
        let src =
            "decl g; void main() begin decl g, h; h := !g; A(g, h); g := B(h); L: goto L; end \
                   void A(a1, a2) begin if (a1) then A(a2, a1); else g := a2; fi end \
                   bool B(x) begin enforce x | g; return x; end";
        assert_eq!(msgs(src), Vec::<String>::new());
    }

    #[test]
    fn reports_each_problem() {
        let src = "decl g, g;\nvoid f(a, a) begin decl a; enforce a & *; L: skip; L: skip; goto M; return 1; end\n\
                   bool<2> f() begin x, x := 1, y; return; end\nvoid h() begin g := f(1); f(); q(); r := 0; end";
        assert_eq!(
            msgs(src),
            vec![
                "duplicate variable `g` (first declared at line 1)",
                "duplicate variable `a` (first declared at line 2)",
                "duplicate variable `a` (first declared at line 2)",
                "nondeterministic choice (`*` or `?`) is not allowed in `enforce`",
                "duplicate label `L` (first defined at line 2)",
                "goto to undefined label `M`",
                "procedure `f` returns no values, but this `return` gives 1",
                "duplicate procedure `f` (first defined at line 2)",
                "undeclared variable `x`",
                "undeclared variable `x`",
                "variable `x` appears twice on the left-hand side of one assignment",
                "undeclared variable `y`",
                "procedure `f` returns 2 values, but this `return` gives none",
                "call to `f` assigns 1 result, but `f` returns no values",
                "call to `f` passes 1 argument, but `f` has 2 formals",
                "call to `f` passes no arguments, but `f` has 2 formals",
                "call to undefined procedure `q`",
                "undeclared variable `r`",
                "program has no `main` procedure",
            ]
        );
    }

    #[test]
    fn without_source_no_line_numbers() {
        let p = parse("decl g, g; main() begin end").unwrap();
        let d = check(&p);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].message, "duplicate variable `g`");
        assert_eq!(d[0].span, Span::new(8, 9));
    }
}
