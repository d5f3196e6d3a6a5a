//! The parser of the rule language: tokens to a [`Rule`], with the semantic checks that
//! need no program (state variables known, `$return` only in exit events, ...).

use super::ast::{
    Event, EventFunc, EventKind, Handler, Pos, RBinOp, RExpr, RExprKind, RStmt, RUnOp, Rule,
    StateVar,
};
use super::lexer::{lex, Diag, Tok, Token};

/// Deepest nesting of statements and expressions accepted (deeper input is an error, not a
/// stack overflow).
const MAX_DEPTH: u32 = 200;

/// Parses rule `text`; errors are (position, message).
pub fn parse(name: &str, file: &str, text: &str) -> Result<Rule, Diag> {
    let toks = lex(text)?;
    let mut p = Parser {
        toks,
        i: 0,
        depth: 0,
        state: Vec::new(),
        names: Vec::new(),
    };
    let mut handlers = Vec::new();
    loop {
        if p.peek() == &Tok::Eof {
            break;
        }
        if p.is_word("state") && p.peek_at(1) == &Tok::Punct("{") {
            p.state_block()?;
        } else {
            handlers.push(p.handler()?);
        }
    }
    if handlers.is_empty() {
        return Err((p.pos(), "a rule needs at least one event handler".into()));
    }
    let state = p.state.clone();
    for h in &mut handlers {
        p.resolve_handler(h)?;
    }
    Ok(Rule {
        name: name.to_string(),
        file: file.to_string(),
        text: text.to_string(),
        state,
        handlers,
    })
}

/// Reserved words: they cannot name state variables.
const KEYWORDS: [&str; 7] = ["state", "if", "else", "abort", "giveup", "int", "return"];

struct Parser {
    toks: Vec<Token>,
    i: usize,
    depth: u32,
    state: Vec<StateVar>,
    /// Identifiers used in expressions and assignments, resolved after parsing:
    /// (name, position), indexed by the placeholder stored in `RExprKind::State`.
    names: Vec<(String, Pos)>,
}

impl Parser {
    fn peek(&self) -> &Tok {
        self.peek_at(0)
    }

    fn peek_at(&self, k: usize) -> &Tok {
        let last = self.toks.len() - 1;
        &self.toks[(self.i + k).min(last)].tok
    }

    fn pos(&self) -> Pos {
        let last = self.toks.len() - 1;
        self.toks[self.i.min(last)].pos
    }

    fn next(&mut self) -> Token {
        let last = self.toks.len() - 1;
        let t = self.toks[self.i.min(last)].clone();
        if self.i < last {
            self.i += 1;
        }
        t
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(s) if s == w)
    }

    fn is_punct(&self, p: &str) -> bool {
        matches!(self.peek(), Tok::Punct(s) if *s == p)
    }

    fn describe(t: &Tok) -> String {
        match t {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Dollar(s) => format!("`${s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Str(_) => "a string".into(),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the rule".into(),
        }
    }

    fn expected(&self, what: &str) -> Diag {
        (
            self.pos(),
            format!("expected {what}, found {}", Self::describe(self.peek())),
        )
    }

    fn expect_punct(&mut self, p: &str) -> Result<Pos, Diag> {
        if self.is_punct(p) {
            Ok(self.next().pos)
        } else {
            Err(self.expected(&format!("`{p}`")))
        }
    }

    fn ident(&mut self, what: &str) -> Result<(String, Pos), Diag> {
        match self.peek().clone() {
            Tok::Ident(s) => {
                let pos = self.next().pos;
                Ok((s, pos))
            }
            _ => Err(self.expected(what)),
        }
    }

    fn enter(&mut self) -> Result<(), Diag> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err((self.pos(), "the rule nests too deeply".into()));
        }
        Ok(())
    }

    /// `state { int x = c; ptr p; ... }`
    fn state_block(&mut self) -> Result<(), Diag> {
        self.next();
        self.expect_punct("{")?;
        while !self.is_punct("}") {
            let pointer = self.is_word("ptr");
            if !pointer && !self.is_word("int") {
                return Err(self.expected(
                    "`int` or `ptr` (state variables are `int NAME [= CONSTANT];` or `ptr NAME;`)",
                ));
            }
            self.next();
            let (name, pos) = self.ident("a state variable name")?;
            if KEYWORDS.contains(&name.as_str()) {
                return Err((pos, format!("`{name}` is a reserved word")));
            }
            if self.state.iter().any(|s| s.name == name) {
                return Err((pos, format!("state variable `{name}` is declared twice")));
            }
            let init = if self.is_punct("=") {
                self.next();
                let e = self.expr()?;
                let v = const_eval(&e)?;
                if pointer && v != 0 {
                    return Err((e.pos, "a `ptr` state variable starts as 0 (null)".into()));
                }
                if v < i32::MIN as i128 || v > i32::MAX as i128 {
                    return Err((e.pos, format!("initial value {v} does not fit in an `int`")));
                }
                v
            } else {
                0
            };
            self.expect_punct(";")?;
            self.state.push(StateVar {
                name,
                init,
                pointer,
                pos,
            });
        }
        self.next();
        Ok(())
    }

    /// `f.entry, g.exit { stmts }`
    fn handler(&mut self) -> Result<Handler, Diag> {
        let pos = self.pos();
        let mut events = vec![self.event()?];
        while self.is_punct(",") {
            self.next();
            events.push(self.event()?);
        }
        self.expect_punct("{")?;
        let body = self.stmts_until_brace()?;
        Ok(Handler { events, body, pos })
    }

    fn event(&mut self) -> Result<Event, Diag> {
        let pos = self.pos();
        let func = match self.peek().clone() {
            Tok::Ident(s) if !KEYWORDS.contains(&s.as_str()) => EventFunc::Named(s),
            Tok::Dollar(s) if s == "entry" => EventFunc::Entry,
            Tok::Dollar(s) => {
                return Err((
                    pos,
                    format!("unknown event function `${s}` (only `$entry` is predefined)"),
                ))
            }
            _ => {
                return Err(self.expected("an event such as `KeAcquireSpinLock.entry` or `state {`"))
            }
        };
        self.next();
        self.expect_punct(".")?;
        let kind = match self.peek() {
            Tok::Ident(s) if s == "entry" => EventKind::Entry,
            Tok::Ident(s) if s == "exit" => EventKind::Exit,
            _ => return Err(self.expected("`entry` or `exit`")),
        };
        self.next();
        Ok(Event { func, kind, pos })
    }

    /// Statements up to a closing `}` (consumed).
    fn stmts_until_brace(&mut self) -> Result<Vec<RStmt>, Diag> {
        let mut out = Vec::new();
        while !self.is_punct("}") {
            if self.peek() == &Tok::Eof {
                return Err(self.expected("`}`"));
            }
            if let Some(s) = self.stmt()? {
                out.push(s);
            }
        }
        self.next();
        Ok(out)
    }

    /// One statement; `None` for an empty statement `;`.
    fn stmt(&mut self) -> Result<Option<RStmt>, Diag> {
        self.enter()?;
        let r = self.stmt_inner();
        self.depth -= 1;
        r
    }

    fn stmt_inner(&mut self) -> Result<Option<RStmt>, Diag> {
        let pos = self.pos();
        if self.is_punct(";") {
            self.next();
            return Ok(None);
        }
        if self.is_punct("{") {
            self.next();
            return Ok(Some(RStmt::Block(self.stmts_until_brace()?)));
        }
        if self.is_word("if") {
            self.next();
            self.expect_punct("(")?;
            let cond = self.expr()?;
            self.expect_punct(")")?;
            let then = Box::new(self.stmt()?.unwrap_or(RStmt::Block(Vec::new())));
            let els = if self.is_word("else") {
                self.next();
                Some(Box::new(self.stmt()?.unwrap_or(RStmt::Block(Vec::new()))))
            } else {
                None
            };
            return Ok(Some(RStmt::If {
                cond,
                then,
                els,
                pos,
            }));
        }
        for word in ["abort", "giveup"] {
            if !self.is_word(word) {
                continue;
            }
            self.next();
            let message = match self.peek().clone() {
                Tok::Str(s) => {
                    self.next();
                    s
                }
                _ => return Err(self.expected(&format!("the {word} message (a string)"))),
            };
            self.expect_punct(";")?;
            return Ok(Some(if word == "abort" {
                RStmt::Abort { message, pos }
            } else {
                RStmt::GiveUp { message, pos }
            }));
        }
        match self.peek().clone() {
            Tok::Ident(name) if !KEYWORDS.contains(&name.as_str()) => {
                self.next();
                self.expect_punct("=")?;
                let value = self.expr()?;
                self.expect_punct(";")?;
                self.names.push((name, pos));
                Ok(Some(RStmt::Assign {
                    var: self.names.len() - 1,
                    value,
                    pos,
                }))
            }
            Tok::Dollar(d) => Err((
                pos,
                format!("`${d}` cannot be assigned: only state variables can"),
            )),
            _ => Err(self.expected("a statement (`if`, `abort`, `giveup`, `{`, or `VAR = EXPR;`)")),
        }
    }

    /// An expression (C precedence, `||` lowest).
    fn expr(&mut self) -> Result<RExpr, Diag> {
        self.binary(0)
    }

    fn binary(&mut self, min_prec: u8) -> Result<RExpr, Diag> {
        self.enter()?;
        let r = self.binary_inner(min_prec);
        self.depth -= 1;
        r
    }

    fn binary_inner(&mut self, min_prec: u8) -> Result<RExpr, Diag> {
        let mut lhs = self.unary()?;
        while let Tok::Punct(p) = self.peek() {
            let Some((op, prec)) = binop(p) else { break };
            if prec < min_prec {
                break;
            }
            let pos = self.next().pos;
            let rhs = self.binary(prec + 1)?;
            lhs = RExpr {
                kind: RExprKind::Binary(op, Box::new(lhs), Box::new(rhs)),
                pos,
            };
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> Result<RExpr, Diag> {
        let pos = self.pos();
        let op = match self.peek() {
            Tok::Punct("-") => Some(RUnOp::Neg),
            Tok::Punct("~") => Some(RUnOp::BitNot),
            Tok::Punct("!") => Some(RUnOp::Not),
            Tok::Punct("+") => None,
            _ => return self.primary(),
        };
        self.next();
        self.enter()?;
        let a = self.unary();
        self.depth -= 1;
        let a = a?;
        Ok(match op {
            Some(op) => RExpr {
                kind: RExprKind::Unary(op, Box::new(a)),
                pos,
            },
            None => a,
        })
    }

    fn primary(&mut self) -> Result<RExpr, Diag> {
        let pos = self.pos();
        let kind = match self.peek().clone() {
            Tok::Int(v) => RExprKind::Int(v),
            Tok::Ident(name) if !KEYWORDS.contains(&name.as_str()) => {
                self.names.push((name, pos));
                RExprKind::State(self.names.len() - 1)
            }
            Tok::Dollar(d) if d == "return" => RExprKind::Return,
            Tok::Dollar(d) if d.chars().all(|c| c.is_ascii_digit()) => match d.parse::<u32>() {
                Ok(0) => return Err((pos, "arguments are numbered from `$1`".into())),
                Ok(n) => RExprKind::Arg(n),
                Err(_) => return Err((pos, format!("argument number `${d}` is too large"))),
            },
            Tok::Dollar(d) => {
                return Err((
                    pos,
                    format!("unknown `${d}` (expressions may use `$1`, `$2`, ... and `$return`)"),
                ))
            }
            Tok::Punct("(") => {
                self.next();
                let e = self.expr()?;
                self.expect_punct(")")?;
                return Ok(e);
            }
            _ => return Err(self.expected("an expression")),
        };
        self.next();
        Ok(RExpr { kind, pos })
    }

    /// Replaces name placeholders by state variable indices; checks `$return`.
    fn resolve_handler(&self, h: &mut Handler) -> Result<(), Diag> {
        let entry_event = h.events.iter().find(|e| e.kind == EventKind::Entry);
        for s in &mut h.body {
            self.resolve_stmt(s, entry_event)?;
        }
        Ok(())
    }

    fn lookup(&self, placeholder: usize) -> Result<usize, Diag> {
        let (name, pos) = &self.names[placeholder];
        self.state
            .iter()
            .position(|s| &s.name == name)
            .ok_or_else(|| (*pos, format!("unknown state variable `{name}`")))
    }

    fn resolve_stmt(&self, s: &mut RStmt, entry_event: Option<&Event>) -> Result<(), Diag> {
        match s {
            RStmt::If {
                cond, then, els, ..
            } => {
                self.resolve_expr(cond, entry_event)?;
                self.resolve_stmt(then, entry_event)?;
                if let Some(e) = els {
                    self.resolve_stmt(e, entry_event)?;
                }
            }
            RStmt::Block(b) => {
                for s in b {
                    self.resolve_stmt(s, entry_event)?;
                }
            }
            RStmt::Assign { var, value, .. } => {
                *var = self.lookup(*var)?;
                self.resolve_expr(value, entry_event)?;
            }
            RStmt::Abort { .. } | RStmt::GiveUp { .. } => {}
        }
        Ok(())
    }

    fn resolve_expr(&self, e: &mut RExpr, entry_event: Option<&Event>) -> Result<(), Diag> {
        match &mut e.kind {
            RExprKind::State(p) => *p = self.lookup(*p)?,
            RExprKind::Return => {
                if let Some(ev) = entry_event {
                    return Err((
                        e.pos,
                        format!(
                            "`$return` is only available in exit events, and this handler runs on `{}.entry` (line {})",
                            event_name(&ev.func),
                            ev.pos.line
                        ),
                    ));
                }
            }
            RExprKind::Unary(_, a) => self.resolve_expr(a, entry_event)?,
            RExprKind::Binary(_, a, b) => {
                self.resolve_expr(a, entry_event)?;
                self.resolve_expr(b, entry_event)?;
            }
            RExprKind::Int(_) | RExprKind::Arg(_) => {}
        }
        Ok(())
    }
}

/// How an event's function is written.
pub fn event_name(f: &EventFunc) -> &str {
    match f {
        EventFunc::Entry => "$entry",
        EventFunc::Named(n) => n,
    }
}

/// The binary operator spelled `p` and its precedence (higher binds tighter).
fn binop(p: &str) -> Option<(RBinOp, u8)> {
    Some(match p {
        "||" => (RBinOp::Or, 1),
        "&&" => (RBinOp::And, 2),
        "|" => (RBinOp::BitOr, 3),
        "^" => (RBinOp::BitXor, 4),
        "&" => (RBinOp::BitAnd, 5),
        "==" => (RBinOp::Eq, 6),
        "!=" => (RBinOp::Ne, 6),
        "<" => (RBinOp::Lt, 7),
        "<=" => (RBinOp::Le, 7),
        ">" => (RBinOp::Gt, 7),
        ">=" => (RBinOp::Ge, 7),
        "<<" => (RBinOp::Shl, 8),
        ">>" => (RBinOp::Shr, 8),
        "+" => (RBinOp::Add, 9),
        "-" => (RBinOp::Sub, 9),
        "*" => (RBinOp::Mul, 10),
        "/" => (RBinOp::Div, 10),
        "%" => (RBinOp::Rem, 10),
        _ => return None,
    })
}

/// The value of a constant expression (a state variable's initializer), computed as C
/// `int` arithmetic would for values in range.
fn const_eval(e: &RExpr) -> Result<i128, Diag> {
    let bad = |what: &str| Err((e.pos, format!("{what} in a constant initializer")));
    let v = match &e.kind {
        RExprKind::Int(v) => *v,
        RExprKind::State(_) => return bad("a variable"),
        RExprKind::Arg(_) | RExprKind::Return => return bad("`$` names"),
        RExprKind::Unary(op, a) => {
            let a = const_eval(a)?;
            match op {
                RUnOp::Neg => -a,
                RUnOp::BitNot => !a,
                RUnOp::Not => (a == 0) as i128,
            }
        }
        RExprKind::Binary(op, a, b) => {
            let (a, b) = (const_eval(a)?, const_eval(b)?);
            let r = match op {
                RBinOp::Add => a.checked_add(b),
                RBinOp::Sub => a.checked_sub(b),
                RBinOp::Mul => a.checked_mul(b),
                RBinOp::Div | RBinOp::Rem if b == 0 => return bad("division by zero"),
                RBinOp::Div => a.checked_div(b),
                RBinOp::Rem => a.checked_rem(b),
                RBinOp::Shl | RBinOp::Shr if !(0..32).contains(&b) => {
                    return bad("a shift out of range")
                }
                RBinOp::Shl => a.checked_shl(b as u32),
                RBinOp::Shr => a.checked_shr(b as u32),
                RBinOp::Lt => Some((a < b) as i128),
                RBinOp::Le => Some((a <= b) as i128),
                RBinOp::Gt => Some((a > b) as i128),
                RBinOp::Ge => Some((a >= b) as i128),
                RBinOp::Eq => Some((a == b) as i128),
                RBinOp::Ne => Some((a != b) as i128),
                RBinOp::BitAnd => Some(a & b),
                RBinOp::BitXor => Some(a ^ b),
                RBinOp::BitOr => Some(a | b),
                RBinOp::And => Some((a != 0 && b != 0) as i128),
                RBinOp::Or => Some((a != 0 || b != 0) as i128),
            };
            match r {
                Some(v) if v.abs() <= i64::MAX as i128 => v,
                _ => return bad("an overflow"),
            }
        }
    };
    Ok(v)
}
