//! Recursive-descent parser for boolean programs.
//!
//! [`parse`] builds an [`ast::Program`](crate::ast::Program) with spans on
//! every node, or returns the first error (in source order) as a
//! [`Diagnostic`]. The grammar is documented in `docs/boolean-programs.md`.
//!
//! The parser never panics. Nesting is capped at [`MAX_NESTING`] levels,
//! counting statements (`if`/`while`) and expressions together: an `if` or
//! `while` is one level, and an expression inside a statement at level `s`
//! may be at most `MAX_NESTING - s` deep (both as the parser's recursion and
//! as the depth of the resulting tree: a chain `a | b | …` of `n` operators
//! is `n + 1` deep). Deeper input is rejected with "nesting too deep", so
//! every recursive pass over a parsed program recurses at most
//! `MAX_NESTING` levels below a procedure body.
//!
//! Spans: an expression's span covers the whole expression as written
//! (including enclosing parentheses); a statement's span covers the statement
//! itself from its first keyword or identifier to its `;`, `fi` or `od`, but
//! not its labels, which carry their own spans; a procedure's span runs from
//! its return type (or name) to its `end`; a declaration's from `decl` to `;`.

use crate::ast::{BinOp, Decl, Expr, ExprKind, Ident, Proc, Program, Span, Stmt, StmtKind};
use crate::diag::Diagnostic;
use crate::lexer::{tokenize, Keyword, Token, TokenKind};

/// Maximum nesting the parser accepts, statements and expressions together.
pub const MAX_NESTING: usize = 500;

type PResult<T> = Result<T, Diagnostic>;

/// Parses a whole boolean program.
///
/// Returns the first syntax error (lexical or grammatical, whichever comes
/// first in the source) with a precise span.
pub fn parse(src: &str) -> Result<Program, Diagnostic> {
    run(src, |p| p.program())
}

/// Parses a single expression (the whole input must be one expression).
/// Useful for tests and tools that take expressions on their own.
pub fn parse_expr(src: &str) -> Result<Expr, Diagnostic> {
    run(src, |p| {
        let e = p.expr()?;
        if p.peek() == &TokenKind::Eof {
            Ok(e)
        } else {
            Err(p.unexpected("end of expression"))
        }
    })
}

/// Lexes `src` and runs `f` on the tokens, reporting whichever of the
/// lexical and the grammatical error comes first.
fn run<T>(src: &str, f: impl FnOnce(&mut Parser<'_>) -> PResult<T>) -> PResult<T> {
    let (toks, lex_err) = tokenize(src);
    let mut p = Parser {
        toks: &toks,
        pos: 0,
        depth: 0,
        expr_base: 0,
    };
    match (f(&mut p), lex_err) {
        (Ok(x), None) => Ok(x),
        (Ok(_), Some(le)) => Err(le),
        (Err(pe), None) => Err(pe),
        // The token stream stops at the lexical error; a parse error strictly
        // before it is genuine, one at the cut is caused by the lexical error.
        (Err(pe), Some(le)) => Err(if pe.span.start < le.span.start {
            pe
        } else {
            le
        }),
    }
}

struct Parser<'t> {
    toks: &'t [Token],
    /// Index of the next token; the last token is always `Eof` and is never
    /// consumed, so `pos < toks.len()` holds throughout.
    pos: usize,
    /// Current nesting: open `if`/`while` statements plus expression
    /// recursion.
    depth: usize,
    /// `depth` when the current top-level expression started: its tree may
    /// be at most `MAX_NESTING - expr_base` deep.
    expr_base: usize,
}

/// What terminates a statement sequence.
#[derive(Clone, Copy, PartialEq, Eq)]
enum SeqEnd {
    /// A procedure body: `end`.
    Proc,
    /// An `if` branch: `elsif`, `else` or `fi`.
    IfArm,
    /// The `else` branch: `fi`.
    Else,
    /// A `while` body: `od`.
    While,
}

impl SeqEnd {
    fn stops(self, k: &TokenKind) -> bool {
        let TokenKind::Keyword(k) = k else {
            return false;
        };
        match self {
            SeqEnd::Proc => *k == Keyword::End,
            SeqEnd::IfArm => matches!(k, Keyword::Elsif | Keyword::Else | Keyword::Fi),
            SeqEnd::Else => *k == Keyword::Fi,
            SeqEnd::While => *k == Keyword::Od,
        }
    }

    fn expected(self) -> &'static str {
        match self {
            SeqEnd::Proc => "a statement or `end`",
            SeqEnd::IfArm => "a statement, `elsif`, `else` or `fi`",
            SeqEnd::Else => "a statement or `fi`",
            SeqEnd::While => "a statement or `od`",
        }
    }
}

fn binop(k: &TokenKind) -> Option<BinOp> {
    Some(match k {
        TokenKind::Implies => BinOp::Implies,
        TokenKind::Or => BinOp::Or,
        TokenKind::Xor => BinOp::Xor,
        TokenKind::And => BinOp::And,
        TokenKind::Eq => BinOp::Eq,
        TokenKind::Ne => BinOp::Ne,
        _ => return None,
    })
}

#[cold]
fn too_deep(span: Span) -> Diagnostic {
    Diagnostic::new(
        format!("nesting too deep (more than {MAX_NESTING} levels)"),
        span,
    )
}

impl<'t> Parser<'t> {
    // ----- token access -------------------------------------------------

    fn tok(&self) -> &'t Token {
        let toks: &'t [Token] = self.toks;
        &toks[self.pos.min(toks.len() - 1)]
    }

    fn peek(&self) -> &'t TokenKind {
        &self.tok().kind
    }

    fn peek_at(&self, n: usize) -> &'t TokenKind {
        let toks: &'t [Token] = self.toks;
        &toks[(self.pos + n).min(toks.len() - 1)].kind
    }

    fn span(&self) -> Span {
        self.tok().span
    }

    /// End of the most recently consumed token.
    fn prev_end(&self) -> u32 {
        match self.pos.checked_sub(1).and_then(|i| self.toks.get(i)) {
            Some(t) => t.span.end,
            None => 0,
        }
    }

    fn span_from(&self, start: u32) -> Span {
        Span {
            start,
            end: self.prev_end().max(start),
        }
    }

    fn bump(&mut self) -> &'t Token {
        let t = self.tok();
        if t.kind != TokenKind::Eof {
            self.pos += 1;
        }
        t
    }

    fn at(&self, k: &TokenKind) -> bool {
        self.peek() == k
    }

    fn at_kw(&self, k: Keyword) -> bool {
        self.peek() == &TokenKind::Keyword(k)
    }

    fn eat(&mut self, k: &TokenKind) -> bool {
        if self.at(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_kw(&mut self, k: Keyword) -> bool {
        self.eat(&TokenKind::Keyword(k))
    }

    fn unexpected(&self, expected: &str) -> Diagnostic {
        Diagnostic::new(
            format!("expected {expected}, found {}", self.peek()),
            self.span(),
        )
    }

    fn expect(&mut self, k: &TokenKind) -> PResult<&'t Token> {
        if self.at(k) {
            Ok(self.bump())
        } else {
            Err(self.unexpected(&k.to_string()))
        }
    }

    fn expect_kw(&mut self, k: Keyword) -> PResult<&'t Token> {
        self.expect(&TokenKind::Keyword(k))
    }

    fn ident(&mut self, what: &str) -> PResult<Ident> {
        match self.peek() {
            TokenKind::Ident(name) => {
                let span = self.bump().span;
                Ok(Ident {
                    name: name.clone(),
                    span,
                })
            }
            TokenKind::Keyword(k) if *k != Keyword::True && *k != Keyword::False => {
                Err(Diagnostic::new(
                    format!(
                        "expected {what}, found keyword `{}` (keywords cannot be used as names)",
                        k.as_str()
                    ),
                    self.span(),
                ))
            }
            _ => Err(self.unexpected(what)),
        }
    }

    /// `id (, id)*`
    fn ident_list(&mut self, what: &str) -> PResult<Vec<Ident>> {
        let mut ids = vec![self.ident(what)?];
        while self.eat(&TokenKind::Comma) {
            ids.push(self.ident(what)?);
        }
        Ok(ids)
    }

    // ----- declarations and procedures -----------------------------------

    fn program(&mut self) -> PResult<Program> {
        let mut globals = Vec::new();
        while self.at_kw(Keyword::Decl) {
            globals.push(self.decl()?);
        }
        let mut procs = Vec::new();
        while !self.at(&TokenKind::Eof) {
            if self.at_kw(Keyword::Decl) {
                return Err(Diagnostic::new(
                    "global declarations must come before all procedures",
                    self.span(),
                ));
            }
            procs.push(self.proc()?);
        }
        Ok(Program { globals, procs })
    }

    /// `decl id, …;`
    fn decl(&mut self) -> PResult<Decl> {
        let start = self.expect_kw(Keyword::Decl)?.span.start;
        let vars = self.ident_list("a variable name")?;
        self.expect(&TokenKind::Semi)?;
        Ok(Decl {
            vars,
            span: self.span_from(start),
        })
    }

    fn proc(&mut self) -> PResult<Proc> {
        let start = self.span().start;
        let returns = if self.eat_kw(Keyword::Void) {
            0
        } else if self.eat_kw(Keyword::Bool) {
            if self.eat(&TokenKind::Lt) {
                let n = self.count()?;
                self.expect(&TokenKind::Gt)?;
                n
            } else {
                1
            }
        } else {
            0
        };
        let name = match self.peek() {
            TokenKind::Ident(_) => self.ident("a procedure name")?,
            _ => {
                return Err(
                    self.unexpected(if returns == 0 && start == self.span().start {
                        "a procedure definition"
                    } else {
                        "a procedure name"
                    }),
                )
            }
        };
        self.expect(&TokenKind::LParen)?;
        let mut formals = Vec::new();
        if self.at_kw(Keyword::Void) && self.peek_at(1) == &TokenKind::RParen {
            self.bump();
        } else if !self.at(&TokenKind::RParen) {
            formals = self.ident_list("a parameter name")?;
        }
        self.expect(&TokenKind::RParen)?;
        self.expect_kw(Keyword::Begin)?;
        let mut locals = Vec::new();
        while self.at_kw(Keyword::Decl) {
            locals.push(self.decl()?);
        }
        let enforce = if self.eat_kw(Keyword::Enforce) {
            let e = self.expr()?;
            self.expect(&TokenKind::Semi)?;
            Some(e)
        } else {
            None
        };
        let body = self.sseq(SeqEnd::Proc)?;
        self.expect_kw(Keyword::End)?;
        Ok(Proc {
            name,
            returns,
            formals,
            locals,
            enforce,
            body,
            span: self.span_from(start),
        })
    }

    /// The `n` of `bool<n>`: a number ≥ 1.
    fn count(&mut self) -> PResult<usize> {
        let TokenKind::Number(text) = self.peek() else {
            return Err(self.unexpected("the number of return values"));
        };
        let span = self.span();
        let n = text
            .bytes()
            .try_fold(0usize, |acc, d| {
                acc.checked_mul(10)?.checked_add(usize::from(d - b'0'))
            })
            .ok_or_else(|| Diagnostic::new("number too large", span))?;
        if n == 0 {
            return Err(Diagnostic::new(
                "`bool<0>` is not a return type: use `void` for a procedure without return values",
                span,
            ));
        }
        self.bump();
        Ok(n)
    }

    // ----- statements ----------------------------------------------------

    // The recursive paths (sseq → stmt → nested → if/while → sseq, and
    // expr_bp → unary → paren/not/schoose → expr_bp) are split into small
    // functions so that stack frames stay small even in unoptimized builds.

    fn sseq(&mut self, end: SeqEnd) -> PResult<Vec<Stmt>> {
        let mut stmts = Vec::new();
        loop {
            if end.stops(self.peek()) {
                return Ok(stmts);
            }
            if let Some(d) = self.seq_error(end) {
                return Err(d);
            }
            stmts.push(self.stmt()?);
        }
    }

    /// The error for a token that can neither start a statement nor end the
    /// sequence, if the current token is one.
    #[inline(never)]
    fn seq_error(&self, end: SeqEnd) -> Option<Diagnostic> {
        let msg = match self.peek() {
            TokenKind::Eof => return Some(self.unexpected(end.expected())),
            TokenKind::Keyword(Keyword::Decl) => {
                "declarations must come before the statements of a procedure".to_string()
            }
            TokenKind::Keyword(Keyword::Enforce) => {
                "`enforce` must come right after the local declarations".to_string()
            }
            TokenKind::Keyword(
                kw @ (Keyword::End | Keyword::Elsif | Keyword::Else | Keyword::Fi | Keyword::Od),
            ) => format!("unexpected `{}`: expected {}", kw.as_str(), end.expected()),
            _ => return None,
        };
        Some(Diagnostic::new(msg, self.span()))
    }

    fn stmt(&mut self) -> PResult<Stmt> {
        let labels = self.labels()?;
        let start = self.span().start;
        let kind = match self.peek() {
            TokenKind::Keyword(Keyword::If) => self.nested(Self::if_stmt),
            TokenKind::Keyword(Keyword::While) => self.nested(Self::while_stmt),
            _ => self.simple_stmt(),
        }?;
        Ok(Stmt {
            labels,
            kind,
            span: self.span_from(start),
        })
    }

    /// `L1: L2: …`
    #[inline(never)]
    fn labels(&mut self) -> PResult<Vec<Ident>> {
        let mut labels = Vec::new();
        while matches!(self.peek(), TokenKind::Ident(_)) && self.peek_at(1) == &TokenKind::Colon {
            labels.push(self.ident("a label")?);
            self.bump();
        }
        Ok(labels)
    }

    /// Every statement but `if` and `while`.
    #[inline(never)]
    fn simple_stmt(&mut self) -> PResult<StmtKind> {
        Ok(match self.peek() {
            TokenKind::Keyword(Keyword::Skip) => {
                self.bump();
                self.expect(&TokenKind::Semi)?;
                StmtKind::Skip
            }
            TokenKind::Keyword(Keyword::Print) => {
                self.bump();
                self.expect(&TokenKind::LParen)?;
                let args = self.args()?;
                self.expect(&TokenKind::Semi)?;
                StmtKind::Print(args)
            }
            TokenKind::Keyword(Keyword::Goto) => {
                self.bump();
                let targets = self.ident_list("a label")?;
                self.expect(&TokenKind::Semi)?;
                StmtKind::Goto(targets)
            }
            TokenKind::Keyword(Keyword::Return) => {
                self.bump();
                let vals = if self.at(&TokenKind::Semi) {
                    Vec::new()
                } else {
                    self.expr_list()?
                };
                self.expect(&TokenKind::Semi)?;
                StmtKind::Return(vals)
            }
            TokenKind::Keyword(Keyword::Assert) => {
                self.bump();
                let d = self.decider()?;
                self.expect(&TokenKind::Semi)?;
                StmtKind::Assert(d)
            }
            TokenKind::Keyword(Keyword::Assume) => {
                self.bump();
                let d = self.decider()?;
                self.expect(&TokenKind::Semi)?;
                StmtKind::Assume(d)
            }
            TokenKind::Ident(_) => self.assign_or_call()?,
            _ => return Err(self.unexpected("a statement")),
        })
    }

    /// Runs a nested-statement parser under the depth guard.
    fn nested(&mut self, f: fn(&mut Self) -> PResult<StmtKind>) -> PResult<StmtKind> {
        if self.depth >= MAX_NESTING {
            return Err(too_deep(self.span()));
        }
        self.depth += 1;
        let r = f(self);
        self.depth -= 1;
        r
    }

    fn if_stmt(&mut self) -> PResult<StmtKind> {
        self.expect_kw(Keyword::If)?;
        let mut arms = Vec::new();
        loop {
            let cond = self.decider()?;
            self.expect_kw(Keyword::Then)?;
            let body = self.sseq(SeqEnd::IfArm)?;
            arms.push((cond, body));
            if !self.eat_kw(Keyword::Elsif) {
                break;
            }
        }
        let els = if self.eat_kw(Keyword::Else) {
            Some(self.sseq(SeqEnd::Else)?)
        } else {
            None
        };
        self.expect_kw(Keyword::Fi)?;
        // Tolerate C habits: `fi;`
        self.eat(&TokenKind::Semi);
        Ok(StmtKind::If { arms, els })
    }

    fn while_stmt(&mut self) -> PResult<StmtKind> {
        self.expect_kw(Keyword::While)?;
        let cond = self.decider()?;
        self.expect_kw(Keyword::Do)?;
        let body = self.sseq(SeqEnd::While)?;
        self.expect_kw(Keyword::Od)?;
        self.eat(&TokenKind::Semi);
        Ok(StmtKind::While { cond, body })
    }

    /// `x, … := e, …;`, `x, … := f(e, …);` or `f(e, …);`
    fn assign_or_call(&mut self) -> PResult<StmtKind> {
        if self.peek_at(1) == &TokenKind::LParen {
            let callee = self.ident("a procedure name")?;
            self.bump();
            let args = self.args()?;
            self.expect(&TokenKind::Semi)?;
            return Ok(StmtKind::Call {
                lhs: Vec::new(),
                callee,
                args,
            });
        }
        let lhs = self.ident_list("a variable name")?;
        if !self.eat(&TokenKind::Assign) {
            let what = if lhs.len() == 1 {
                "`:=`, `:` or `(`"
            } else {
                "`:=` or `,`"
            };
            return Err(self.unexpected(what));
        }
        if matches!(self.peek(), TokenKind::Ident(_)) && self.peek_at(1) == &TokenKind::LParen {
            let callee = self.ident("a procedure name")?;
            self.bump();
            let args = self.args()?;
            self.expect(&TokenKind::Semi)?;
            return Ok(StmtKind::Call { lhs, callee, args });
        }
        let rhs = self.expr_list()?;
        self.expect(&TokenKind::Semi)?;
        Ok(StmtKind::Assign { lhs, rhs })
    }

    /// Arguments after an already consumed `(`: `e, …)` or `)`.
    fn args(&mut self) -> PResult<Vec<Expr>> {
        if self.eat(&TokenKind::RParen) {
            return Ok(Vec::new());
        }
        let args = self.expr_list()?;
        if !self.eat(&TokenKind::RParen) {
            return Err(self.unexpected("`,` or `)`"));
        }
        Ok(args)
    }

    /// `( d )` where `d` is an expression (which may be `?`).
    fn decider(&mut self) -> PResult<Expr> {
        self.expect(&TokenKind::LParen)?;
        let d = self.expr()?;
        if !self.eat(&TokenKind::RParen) {
            return Err(self.unexpected("`)` or an operator"));
        }
        Ok(d)
    }

    // ----- expressions ---------------------------------------------------

    fn expr_list(&mut self) -> PResult<Vec<Expr>> {
        let mut es = vec![self.expr()?];
        while self.eat(&TokenKind::Comma) {
            es.push(self.expr()?);
        }
        Ok(es)
    }

    fn expr(&mut self) -> PResult<Expr> {
        self.expr_base = self.depth;
        self.expr_bp(0).map(|(e, _)| e)
    }

    fn enter(&mut self) -> PResult<()> {
        if self.depth >= MAX_NESTING {
            return Err(too_deep(self.span()));
        }
        self.depth += 1;
        Ok(())
    }

    /// Precedence climbing. Returns the expression and the depth of its tree.
    fn expr_bp(&mut self, min_prec: u8) -> PResult<(Expr, usize)> {
        self.enter()?;
        let r = self.expr_bp_inner(min_prec);
        self.depth -= 1;
        r
    }

    fn expr_bp_inner(&mut self, min_prec: u8) -> PResult<(Expr, usize)> {
        let (mut lhs, mut depth) = self.unary()?;
        while let Some(op) = binop(self.peek()) {
            let prec = op.precedence();
            if prec < min_prec {
                break;
            }
            self.bump();
            let next = if op == BinOp::Implies { prec } else { prec + 1 };
            let rhs = self.expr_bp(next)?;
            (lhs, depth) = self.bin(op, (lhs, depth), rhs)?;
        }
        Ok((lhs, depth))
    }

    /// Checks that a tree `depth` deep fits under the current statement.
    fn check_tree_depth(&self, depth: usize, span: Span) -> PResult<()> {
        if self.expr_base + depth > MAX_NESTING {
            Err(too_deep(span))
        } else {
            Ok(())
        }
    }

    /// Builds `lhs op rhs`, checking the depth of the resulting tree.
    #[inline(never)]
    fn bin(
        &self,
        op: BinOp,
        (lhs, ld): (Expr, usize),
        (rhs, rd): (Expr, usize),
    ) -> PResult<(Expr, usize)> {
        let depth = ld.max(rd) + 1;
        let span = lhs.span.to(rhs.span);
        self.check_tree_depth(depth, span)?;
        let kind = ExprKind::Bin(op, Box::new(lhs), Box::new(rhs));
        Ok((Expr { kind, span }, depth))
    }

    /// `!`-prefixed operands and atoms.
    fn unary(&mut self) -> PResult<(Expr, usize)> {
        match self.peek() {
            TokenKind::Not => self.not_expr(),
            TokenKind::LParen => self.paren_expr(),
            TokenKind::Keyword(Keyword::Schoose) => self.schoose_expr(),
            _ => Ok((self.atom()?, 1)),
        }
    }

    /// `! e`
    #[inline(never)]
    fn not_expr(&mut self) -> PResult<(Expr, usize)> {
        let start = self.bump().span.start;
        self.enter()?;
        let r = self.unary();
        self.depth -= 1;
        let (e, d) = r?;
        let span = self.span_from(start);
        self.check_tree_depth(d + 1, span)?;
        let kind = ExprKind::Not(Box::new(e));
        Ok((Expr { kind, span }, d + 1))
    }

    /// `( e )`
    #[inline(never)]
    fn paren_expr(&mut self) -> PResult<(Expr, usize)> {
        let start = self.bump().span.start;
        let (mut e, d) = self.expr_bp(0)?;
        if !self.eat(&TokenKind::RParen) {
            return Err(self.unexpected("`)` or an operator"));
        }
        e.span = self.span_from(start);
        Ok((e, d))
    }

    /// `schoose [ e , e ]`
    #[inline(never)]
    fn schoose_expr(&mut self) -> PResult<(Expr, usize)> {
        let start = self.bump().span.start;
        self.expect(&TokenKind::LBracket)?;
        let (pos, d1) = self.expr_bp(0)?;
        self.expect(&TokenKind::Comma)?;
        let (neg, d2) = self.expr_bp(0)?;
        if !self.eat(&TokenKind::RBracket) {
            return Err(self.unexpected("`]` or an operator"));
        }
        let d = d1.max(d2) + 1;
        let span = self.span_from(start);
        self.check_tree_depth(d, span)?;
        let kind = ExprKind::Schoose(Box::new(pos), Box::new(neg));
        Ok((Expr { kind, span }, d))
    }

    fn atom(&mut self) -> PResult<Expr> {
        let span = self.span();
        let kind = match self.peek() {
            TokenKind::Number(n) => match n.as_str() {
                "0" => ExprKind::Const(false),
                "1" => ExprKind::Const(true),
                _ => {
                    return Err(Diagnostic::new(
                        format!(
                            "invalid constant `{}`: the boolean constants are 0 and 1",
                            crate::lexer::shorten(n)
                        ),
                        span,
                    ))
                }
            },
            TokenKind::Keyword(Keyword::True) => ExprKind::Const(true),
            TokenKind::Keyword(Keyword::False) => ExprKind::Const(false),
            TokenKind::Ident(name) => ExprKind::Var(name.clone()),
            TokenKind::Star | TokenKind::Question => ExprKind::Nondet,
            _ => return Err(self.unexpected("an expression")),
        };
        self.bump();
        Ok(Expr { kind, span })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(src: &str) -> Expr {
        parse_expr(src).unwrap_or_else(|d| panic!("{}", d.render("e", src)))
    }

    fn shape(e: &Expr) -> String {
        match &e.kind {
            ExprKind::Const(b) => (*b as u8).to_string(),
            ExprKind::Var(v) => v.clone(),
            ExprKind::Nondet => "*".into(),
            ExprKind::Not(a) => format!("!{}", shape(a)),
            ExprKind::Bin(op, a, b) => format!("({} {} {})", shape(a), op.symbol(), shape(b)),
            ExprKind::Schoose(a, b) => format!("schoose[{}, {}]", shape(a), shape(b)),
        }
    }

    #[test]
    fn precedence_and_associativity() {
        assert_eq!(shape(&e("a | b & c")), "(a | (b & c))");
        assert_eq!(shape(&e("a => b => c")), "(a => (b => c))");
        assert_eq!(shape(&e("a & b & c")), "((a & b) & c)");
        assert_eq!(shape(&e("a ^ b | c ^ d")), "((a ^ b) | (c ^ d))");
        assert_eq!(shape(&e("!a = b != c")), "((!a = b) != c)");
        assert_eq!(shape(&e("!(a & ?) => T")), "(!(a & *) => 1)");
        assert_eq!(shape(&e("schoose[a, F] & *")), "(schoose[a, 0] & *)");
    }

    #[test]
    fn expression_spans_cover_everything() {
        let x = e(" ( a & b ) | !c ");
        assert_eq!(x.span, Span::new(1, 15));
        let ExprKind::Bin(_, l, r) = &x.kind else {
            panic!()
        };
        assert_eq!(l.span, Span::new(1, 10));
        assert_eq!(r.span, Span::new(13, 15));
    }

    #[test]
    fn statements() {
        let src = "decl g;\nbool<2> f(a, b) begin decl c; enforce a | b;\n  L: M: c := f(a, b);\n  return b, c;\nend\nvoid main(void) begin f(g, g); g := (g); goto L1, L2; if (?) then elsif (g) then skip; else fi while (*) do od end";
        let p = parse(src).unwrap_or_else(|d| panic!("{}", d.render("t", src)));
        assert_eq!(p.procs.len(), 2);
        let f = &p.procs[0];
        assert_eq!(f.returns, 2);
        assert!(f.enforce.is_some());
        let s = &f.body[0];
        assert_eq!(s.labels.len(), 2);
        assert!(matches!(&s.kind, StmtKind::Call { lhs, .. } if lhs.len() == 1));
        assert_eq!(
            &src[s.span.start as usize..s.span.end as usize],
            "c := f(a, b);"
        );
        let m = &p.procs[1];
        assert!(m.formals.is_empty());
        assert!(matches!(&m.body[0].kind, StmtKind::Call { lhs, .. } if lhs.is_empty()));
        assert!(matches!(&m.body[1].kind, StmtKind::Assign { .. }));
        assert!(matches!(&m.body[2].kind, StmtKind::Goto(t) if t.len() == 2));
        assert!(
            matches!(&m.body[3].kind, StmtKind::If { arms, els: Some(e) } if arms.len() == 2 && e.is_empty())
        );
        assert!(matches!(&m.body[4].kind, StmtKind::While { body, .. } if body.is_empty()));
    }

    fn err(src: &str) -> String {
        let d = parse(src).unwrap_err();
        d.render("t.bp", src).lines().next().unwrap().to_string()
    }

    #[test]
    fn errors_are_located() {
        assert_eq!(
            err("main() begin skip end"),
            "t.bp:1:19: error: expected `;`, found `end`"
        );
        assert_eq!(
            err("main() begin x := 2; end"),
            "t.bp:1:19: error: invalid constant `2`: the boolean constants are 0 and 1"
        );
        assert_eq!(
            err("main() begin\n if (x) then skip; od end"),
            "t.bp:2:20: error: unexpected `od`: expected a statement, `elsif`, `else` or `fi`"
        );
        assert_eq!(
            err("main() begin skip; @ /* "),
            "t.bp:1:20: error: unexpected character `@`"
        );
        assert_eq!(
            err("main() begin x y; /* "),
            "t.bp:1:16: error: expected `:=`, `:` or `(`, found identifier `y`"
        );
        assert_eq!(
            err("main() begin skip; /* "),
            "t.bp:1:20: error: unterminated block comment"
        );
        assert_eq!(
            err("bool<0> f() begin end"),
            "t.bp:1:6: error: `bool<0>` is not a return type: use `void` for a procedure without return values"
        );
        assert_eq!(
            err("main() begin\n"),
            "t.bp:2:1: error: expected a statement or `end`, found end of input"
        );
        assert_eq!(
            err("decl then;"),
            "t.bp:1:6: error: expected a variable name, found keyword `then` (keywords cannot be used as names)"
        );
    }

    #[test]
    fn deep_nesting_is_an_error_not_a_crash() {
        for src in [
            format!(
                "main() begin x := {}a{}; end",
                "(".repeat(100_000),
                ")".repeat(100_000)
            ),
            format!("main() begin x := {}a; end", "!".repeat(100_000)),
            format!("main() begin x := {}; end", vec!["a"; 100_000].join(" & ")),
            format!("main() begin x := {}; end", vec!["a"; 100_000].join(" => ")),
            format!(
                "main() begin x := {}a{}; end",
                "schoose[".repeat(100_000),
                ",b]".repeat(100_000)
            ),
            format!("main() begin {} end", "while (a) do ".repeat(100_000)),
            format!("main() begin {} end", "if (a) then ".repeat(100_000)),
        ] {
            let d = parse(&src).unwrap_err();
            assert!(d.message.starts_with("nesting too deep"), "{}", d.message);
        }
        // Right at the limit is fine, one more level is not. Statements and
        // expressions count together.
        let whiles = |n: usize, body: &str| {
            format!(
                "main() begin {}{body}{} end",
                "while (a) do ".repeat(n),
                " od".repeat(n)
            )
        };
        let nots = |n: usize| format!("x := {}a;", "!".repeat(n));
        let chain = |n: usize| format!("x := {};", vec!["a"; n].join(" | "));
        let m = MAX_NESTING;
        for (src, ok) in [
            (whiles(m - 1, "skip;"), true),
            (whiles(m, "skip;"), false),
            (whiles(0, &nots(m - 1)), true),
            (whiles(0, &nots(m)), false),
            (whiles(0, &chain(m)), true),
            (whiles(0, &chain(m + 1)), false),
            (whiles(200, &nots(m - 201)), true),
            (whiles(200, &nots(m - 200)), false),
            (whiles(200, &chain(m - 200)), true),
            (whiles(200, &chain(m - 199)), false),
        ] {
            match parse(&src) {
                Ok(_) => assert!(ok, "accepted: {src}"),
                Err(d) => {
                    assert!(!ok, "rejected: {}", d.message);
                    assert!(d.message.starts_with("nesting too deep"), "{}", d.message);
                }
            }
        }
    }

    #[test]
    fn lexical_error_after_parse_error_is_not_reported_first() {
        assert_eq!(
            err("main() begin skip end @"),
            "t.bp:1:19: error: expected `;`, found `end`"
        );
    }
}
