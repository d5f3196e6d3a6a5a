//! Abstract syntax of boolean programs, with source spans on every node.
//!
//! The grammar is documented in `docs/boolean-programs.md`. The parser
//! ([`crate::parser`]) builds these trees and the printer ([`crate::printer`])
//! turns them back into text.

use serde::Serialize;

/// A half-open byte range `[start, end)` into the source text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub fn new(start: usize, end: usize) -> Span {
        Span {
            start: start as u32,
            end: end as u32,
        }
    }
    /// The smallest span covering both.
    pub fn to(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

/// An identifier: a C-style name or a `{…}` name (stored with its braces).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Ident {
    pub name: String,
    pub span: Span,
}

/// A whole boolean program: global declarations followed by procedures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Program {
    pub globals: Vec<Decl>,
    pub procs: Vec<Proc>,
}

/// `decl a, b, {x == 0};`
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Decl {
    pub vars: Vec<Ident>,
    pub span: Span,
}

/// A procedure definition.
///
/// `returns` is the number of booleans it returns: 0 for `void f(…)` or a
/// bare `f(…)`, 1 for `bool f(…)`, n for `bool<n> f(…)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Proc {
    pub name: Ident,
    pub returns: usize,
    pub formals: Vec<Ident>,
    pub locals: Vec<Decl>,
    /// `enforce e;` after the local declarations: a procedure invariant.
    pub enforce: Option<Expr>,
    pub body: Vec<Stmt>,
    pub span: Span,
}

/// A statement with its labels (`L1: L2: stmt`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stmt {
    pub labels: Vec<Ident>,
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum StmtKind {
    /// `skip;`
    Skip,
    /// `print(e1, …);`
    Print(Vec<Expr>),
    /// `goto L;` or the nondeterministic `goto L1, L2;`
    Goto(Vec<Ident>),
    /// `return;` or `return e1, …;`
    Return(Vec<Expr>),
    /// Parallel assignment `x1, …, xk := e1, …, ek;`
    Assign { lhs: Vec<Ident>, rhs: Vec<Expr> },
    /// `f(a, …);` or `x, y := f(a, …);`
    Call {
        lhs: Vec<Ident>,
        callee: Ident,
        args: Vec<Expr>,
    },
    /// `if (d) then … elsif (d) then … else … fi`; `arms` holds the `if` and
    /// every `elsif`, `els` the optional `else` branch.
    If {
        arms: Vec<(Expr, Vec<Stmt>)>,
        els: Option<Vec<Stmt>>,
    },
    /// `while (d) do … od`
    While { cond: Expr, body: Vec<Stmt> },
    /// `assert(d);`
    Assert(Expr),
    /// `assume(d);`
    Assume(Expr),
}

/// A boolean expression. Deciders (`?`) are expressions too: [`ExprKind::Nondet`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum ExprKind {
    /// `0`, `1`, `F`, `T`
    Const(bool),
    Var(String),
    /// `*` or `?`: a fresh nondeterministic value at each evaluation.
    Nondet,
    /// `!e`
    Not(Box<Expr>),
    Bin(BinOp, Box<Expr>, Box<Expr>),
    /// `schoose[pos, neg]`: true if `pos` holds, else false if `neg` holds,
    /// else either.
    Schoose(Box<Expr>, Box<Expr>),
}

/// Binary operators, loosest-binding first: `=>`, `|`, `^`, `&`, `= !=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum BinOp {
    Implies,
    Or,
    Xor,
    And,
    Eq,
    Ne,
}

impl BinOp {
    /// The operator as written in source.
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Implies => "=>",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::And => "&",
            BinOp::Eq => "=",
            BinOp::Ne => "!=",
        }
    }
    /// Binding strength: higher binds tighter.
    pub fn precedence(self) -> u8 {
        match self {
            BinOp::Implies => 1,
            BinOp::Or => 2,
            BinOp::Xor => 3,
            BinOp::And => 4,
            BinOp::Eq | BinOp::Ne => 5,
        }
    }
    /// Applies the operator to two values.
    pub fn apply(self, a: bool, b: bool) -> bool {
        match self {
            BinOp::Implies => !a || b,
            BinOp::Or => a || b,
            BinOp::Xor => a ^ b,
            BinOp::And => a && b,
            BinOp::Eq => a == b,
            BinOp::Ne => a != b,
        }
    }
}

impl Expr {
    /// Number of nondeterministic choices one evaluation makes (`*`, `?`, and
    /// the free case of each `schoose`).
    pub fn choice_count(&self) -> usize {
        match &self.kind {
            ExprKind::Const(_) | ExprKind::Var(_) => 0,
            ExprKind::Nondet => 1,
            ExprKind::Not(e) => e.choice_count(),
            ExprKind::Bin(_, a, b) => a.choice_count() + b.choice_count(),
            ExprKind::Schoose(a, b) => a.choice_count() + b.choice_count() + 1,
        }
    }

    /// Calls `f` on every variable name the expression reads.
    pub fn for_each_var(&self, f: &mut impl FnMut(&str)) {
        match &self.kind {
            ExprKind::Const(_) | ExprKind::Nondet => {}
            ExprKind::Var(v) => f(v),
            ExprKind::Not(e) => e.for_each_var(f),
            ExprKind::Bin(_, a, b) | ExprKind::Schoose(a, b) => {
                a.for_each_var(f);
                b.for_each_var(f);
            }
        }
    }
}
