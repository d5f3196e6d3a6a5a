//! A recursive-descent parser from tokens to [`ModelAst`]. It never panics:
//! the first syntax error is returned as a located [`Diagnostic`]. The
//! grammar and the operator precedences are documented in docs/relational.md.

use bebop::ast::Span;
use bebop::diag::Diagnostic;

use super::ast::*;
use super::lexer::{lex, Tok, Token};

type PResult<T> = Result<T, Diagnostic>;

/// Words that cannot name a variable, type, procedure or bound variable.
pub const KEYWORDS: &[&str] = &[
    "enum", "set", "bool", "int", "uint", "lone", "one", "some", "no", "all", "sole", "in",
    "toplevel", "void", "pred", "if", "else", "foreach", "while", "do", "for", "assert", "init",
    "true", "false", "emptyset", "none", "AX", "AF", "AG", "AU", "EX", "EF", "EG", "EU", "skip",
];

/// Nesting limit of expressions and statements (the parser recurses).
const MAX_DEPTH: usize = 200;

/// Parses a whole model.
pub fn parse(src: &str) -> PResult<ModelAst> {
    let toks = lex(src)?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let mut items = Vec::new();
    while !p.at_eof() {
        items.push(p.item()?);
    }
    Ok(ModelAst { items })
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: usize,
}

impl Parser {
    // ---- token helpers ----

    fn peek(&self) -> &Tok {
        &self.toks[self.pos].tok
    }

    fn peek_at(&self, k: usize) -> &Tok {
        let i = (self.pos + k).min(self.toks.len() - 1);
        &self.toks[i].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos].span
    }

    fn prev_end(&self) -> u32 {
        self.toks[self.pos.saturating_sub(1)].span.end
    }

    fn at_eof(&self) -> bool {
        matches!(self.peek(), Tok::Eof)
    }

    fn bump(&mut self) -> Tok {
        let t = self.toks[self.pos].tok.clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(x) if *x == s)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(x) if x == w)
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        let yes = self.is_sym(s);
        if yes {
            self.bump();
        }
        yes
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.bump();
        }
        yes
    }

    fn expect_sym(&mut self, s: &str) -> PResult<()> {
        if self.eat_sym(s) {
            Ok(())
        } else {
            Err(self.error(format!("expected `{s}`")))
        }
    }

    fn error(&self, what: String) -> Diagnostic {
        let found = match self.peek() {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Sym(s) => format!("`{s}`"),
            Tok::Eof => "end of file".to_string(),
        };
        Diagnostic::new(format!("{what}, found {found}"), self.span())
    }

    fn ident(&mut self) -> PResult<Ident> {
        match self.peek().clone() {
            Tok::Ident(name) if !KEYWORDS.contains(&name.as_str()) => {
                let span = self.span();
                self.bump();
                Ok(Ident { name, span })
            }
            _ => Err(self.error("expected a name".into())),
        }
    }

    fn int(&mut self) -> PResult<i64> {
        match self.peek() {
            Tok::Int(v) => {
                let v = *v;
                self.bump();
                Ok(v)
            }
            _ => Err(self.error("expected a number".into())),
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new("nesting too deep", self.span()));
        }
        Ok(())
    }

    fn from(&self, start: Span) -> Span {
        Span {
            start: start.start,
            end: self.prev_end().max(start.start),
        }
    }

    // ---- items ----

    fn item(&mut self) -> PResult<Item> {
        if self.eat_word("enum") {
            return self.enum_decl();
        }
        if self.is_word("assert") || self.is_word("init") {
            let start = self.span();
            let init = matches!(self.bump(), Tok::Ident(w) if w == "init");
            let formula = self.formula()?;
            self.expect_sym(";")?;
            let span = self.from(start);
            return Ok(if init {
                Item::Init { formula }
            } else {
                Item::Assert { formula, span }
            });
        }
        if self.is_word("toplevel") || self.is_word("void") {
            let toplevel = self.eat_word("toplevel");
            if !self.eat_word("void") {
                return Err(self.error("expected `void`".into()));
            }
            return self.proc(toplevel);
        }
        if self.eat_word("pred") {
            return self.pred(false);
        }
        if self.is_word("bool")
            && matches!(self.peek_at(1), Tok::Ident(_))
            && matches!(self.peek_at(2), Tok::Sym("("))
        {
            self.bump();
            return self.pred(true);
        }
        self.var_decl()
    }

    fn enum_decl(&mut self) -> PResult<Item> {
        let name = self.ident()?;
        let values = if self.eat_sym("[") {
            let n = self.int()?;
            if !(1..=1024).contains(&n) {
                return Err(Diagnostic::new(
                    "an enumeration has 1 to 1024 values",
                    self.toks[self.pos - 1].span,
                ));
            }
            self.expect_sym("]")?;
            (0..n)
                .map(|i| Ident {
                    name: format!("{}{}", name.name, i + 1),
                    span: name.span,
                })
                .collect()
        } else {
            self.eat_sym("=");
            self.expect_sym("{")?;
            let mut vs = vec![self.ident()?];
            while self.eat_sym(",") {
                vs.push(self.ident()?);
            }
            self.expect_sym("}")?;
            vs
        };
        self.eat_sym(";");
        Ok(Item::Enum { name, values })
    }

    fn params(&mut self) -> PResult<Vec<(TypeAst, Ident)>> {
        self.expect_sym("(")?;
        let mut ps = Vec::new();
        if !self.eat_sym(")") {
            loop {
                let ty = self.type_ast()?;
                ps.push((ty, self.ident()?));
                if self.eat_sym(")") {
                    break;
                }
                self.expect_sym(",")?;
            }
        }
        Ok(ps)
    }

    fn proc(&mut self, toplevel: bool) -> PResult<Item> {
        let name = self.ident()?;
        let params = self.params()?;
        let start = self.span();
        self.expect_sym("{")?;
        let body = self.block_rest(start)?;
        Ok(Item::Proc {
            name,
            params,
            toplevel,
            body,
        })
    }

    fn pred(&mut self, bool_form: bool) -> PResult<Item> {
        let name = self.ident()?;
        let params = self.params()?;
        self.expect_sym("{")?;
        let body = self.formula()?;
        if bool_form {
            self.eat_sym(";");
        }
        self.expect_sym("}")?;
        Ok(Item::Pred { name, params, body })
    }

    fn var_decl(&mut self) -> PResult<Item> {
        let ty = self.type_ast()?;
        let mut names = vec![self.ident()?];
        while self.eat_sym(",") {
            names.push(self.ident()?);
        }
        self.expect_sym(";")?;
        Ok(Item::Var { ty, names })
    }

    fn scalar_type(&mut self) -> PResult<ScalarAst> {
        if self.eat_word("bool") {
            return Ok(ScalarAst::Bool);
        }
        if self.is_word("int") || self.is_word("uint") {
            let signed = matches!(self.bump(), Tok::Ident(w) if w == "int");
            if !self.eat_sym("<") {
                return Err(self.error("an integer type needs a width: `int<W>`".into()));
            }
            let at = self.span();
            let w = self.int()?;
            if !(1..=16).contains(&w) {
                return Err(Diagnostic::new("integer widths are 1 to 16 bits", at));
            }
            self.expect_sym(">")?;
            return Ok(ScalarAst::Int {
                width: w as u32,
                signed,
            });
        }
        Ok(ScalarAst::Named(self.ident()?))
    }

    fn type_ast(&mut self) -> PResult<TypeAst> {
        let start = self.span();
        if self.eat_word("set") {
            let s = self.scalar_type()?;
            return Ok(TypeAst::Set(s, self.from(start)));
        }
        let first = self.scalar_type()?;
        if !self.is_sym("->") {
            return Ok(TypeAst::Scalar(first, self.from(start)));
        }
        let mut cols = vec![first];
        let mut mult = None;
        while self.eat_sym("->") {
            mult = self.multiplicity();
            cols.push(self.scalar_type()?);
        }
        Ok(TypeAst::Rel {
            cols,
            mult,
            span: self.from(start),
        })
    }

    fn multiplicity(&mut self) -> Option<Mult> {
        let m = match self.peek() {
            Tok::Ident(w) if w == "lone" || w == "sole" => Mult::Lone,
            Tok::Ident(w) if w == "one" => Mult::One,
            Tok::Ident(w) if w == "some" => Mult::Some,
            _ => return None,
        };
        self.bump();
        Some(m)
    }

    // ---- statements ----

    fn block_rest(&mut self, start: Span) -> PResult<Vec<StmtAst>> {
        let mut body = Vec::new();
        while !self.eat_sym("}") {
            if self.at_eof() {
                return Err(Diagnostic::new("unclosed `{`", start));
            }
            body.push(self.stmt()?);
        }
        Ok(body)
    }

    fn stmt(&mut self) -> PResult<StmtAst> {
        self.enter()?;
        let start = self.span();
        let kind = self.stmt_kind(start)?;
        self.depth -= 1;
        Ok(StmtAst {
            kind,
            span: self.from(start),
        })
    }

    fn stmt_kind(&mut self, start: Span) -> PResult<StmtKind> {
        if self.eat_sym("{") {
            return Ok(StmtKind::Block(self.block_rest(start)?));
        }
        if self.eat_sym(";") || (self.eat_word("skip") && self.eat_sym(";")) {
            return Ok(StmtKind::Skip);
        }
        if self.eat_word("if") {
            let c = self.formula()?;
            let t = Box::new(self.stmt()?);
            let e = if self.eat_word("else") {
                Some(Box::new(self.stmt()?))
            } else {
                None
            };
            return Ok(StmtKind::If(c, t, e));
        }
        if self.eat_word("foreach") {
            let x = self.ident()?;
            self.expect_sym(":")?;
            let set = self.expr()?;
            return Ok(StmtKind::Foreach(x, set, Box::new(self.stmt()?)));
        }
        if self.eat_word("while") {
            let c = self.formula()?;
            return Ok(StmtKind::While(c, Box::new(self.stmt()?)));
        }
        if self.eat_word("do") {
            let body = Box::new(self.stmt()?);
            if !self.eat_word("while") {
                return Err(self.error("expected `while`".into()));
            }
            let c = self.formula()?;
            self.expect_sym(";")?;
            return Ok(StmtKind::DoWhile(body, c));
        }
        if self.eat_word("for") {
            return self.for_loop();
        }
        let k = self.simple_stmt()?;
        self.expect_sym(";")?;
        Ok(k)
    }

    /// An assignment, increment, call or declarative formula, without its `;`.
    fn simple_stmt(&mut self) -> PResult<StmtKind> {
        let e = self.formula()?;
        if self.eat_sym(":=") {
            let v = self.formula()?;
            return Ok(StmtKind::Assign(e, v));
        }
        if self.is_sym("++") || self.is_sym("--") {
            let up = matches!(self.bump(), Tok::Sym("++"));
            return Ok(StmtKind::Step(e, up));
        }
        Ok(StmtKind::Expr(e))
    }

    /// `for (init; cond; step) body` becomes `{ init; while (cond) { body; step; } }`.
    fn for_loop(&mut self) -> PResult<StmtKind> {
        self.expect_sym("(")?;
        let s0 = self.span();
        let init = self.simple_stmt()?;
        let init = StmtAst {
            kind: init,
            span: self.from(s0),
        };
        self.expect_sym(";")?;
        let cond = self.formula()?;
        self.expect_sym(";")?;
        let s1 = self.span();
        let step = self.simple_stmt()?;
        let step = StmtAst {
            kind: step,
            span: self.from(s1),
        };
        self.expect_sym(")")?;
        let body = self.stmt()?;
        let span = body.span;
        let inner = StmtAst {
            kind: StmtKind::Block(vec![body, step]),
            span,
        };
        let lp = StmtAst {
            kind: StmtKind::While(cond, Box::new(inner)),
            span,
        };
        Ok(StmtKind::Block(vec![init, lp]))
    }

    // ---- formulas ----

    /// A formula: quantifiers, `<=>`, `=>`, `||`, `&&`, `!`, CTL, comparisons.
    pub fn formula(&mut self) -> PResult<Ast> {
        self.enter()?;
        let r = if self.starts_quantifier() {
            self.quantified()
        } else {
            self.iff()
        };
        self.depth -= 1;
        r
    }

    fn starts_quantifier(&self) -> bool {
        let kw = matches!(self.peek(), Tok::Ident(w)
            if ["all", "some", "no", "one", "lone", "sole"].contains(&w.as_str()));
        kw && matches!(self.peek_at(1), Tok::Ident(_))
            && matches!(self.peek_at(2), Tok::Sym(",") | Tok::Sym(":"))
    }

    fn quant_word(&mut self) -> Option<Quant> {
        let q = match self.peek() {
            Tok::Ident(w) => match w.as_str() {
                "all" => Quant::All,
                "some" => Quant::Some,
                "no" => Quant::No,
                "one" => Quant::One,
                "lone" | "sole" => Quant::Lone,
                _ => return None,
            },
            _ => return None,
        };
        self.bump();
        Some(q)
    }

    fn binders(&mut self) -> PResult<Vec<(Ident, Ast)>> {
        let mut out = Vec::new();
        loop {
            let mut names = vec![self.ident()?];
            while self.eat_sym(",") {
                names.push(self.ident()?);
            }
            self.expect_sym(":")?;
            let dom = self.expr()?;
            for n in names {
                out.push((n, dom.clone()));
            }
            if !(self.is_sym(",")
                && matches!(self.peek_at(1), Tok::Ident(_))
                && matches!(self.peek_at(2), Tok::Sym(":") | Tok::Sym(",")))
            {
                return Ok(out);
            }
            self.bump();
        }
    }

    fn quantified(&mut self) -> PResult<Ast> {
        let start = self.span();
        let q = self.quant_word().unwrap_or(Quant::All);
        let bs = self.binders()?;
        self.expect_sym("|")?;
        let body = self.formula()?;
        Ok(Ast {
            kind: AstKind::Quant(q, bs, Box::new(body)),
            span: self.from(start),
        })
    }

    fn operand(&mut self, next: fn(&mut Parser) -> PResult<Ast>) -> PResult<Ast> {
        if self.starts_quantifier() {
            self.quantified()
        } else {
            next(self)
        }
    }

    fn binary(&self, op: BinOp, l: Ast, r: Ast) -> Ast {
        let span = Span {
            start: l.span.start,
            end: r.span.end,
        };
        Ast {
            kind: AstKind::Binary(op, Box::new(l), Box::new(r)),
            span,
        }
    }

    fn iff(&mut self) -> PResult<Ast> {
        let mut l = self.implies()?;
        while self.eat_sym("<=>") {
            let r = self.operand(Parser::implies)?;
            l = self.binary(BinOp::Iff, l, r);
        }
        Ok(l)
    }

    fn implies(&mut self) -> PResult<Ast> {
        let l = self.or()?;
        if self.eat_sym("=>") {
            let r = self.formula()?;
            return Ok(self.binary(BinOp::Implies, l, r));
        }
        Ok(l)
    }

    fn or(&mut self) -> PResult<Ast> {
        let mut l = self.and()?;
        while self.eat_sym("||") {
            let r = self.operand(Parser::and)?;
            l = self.binary(BinOp::Or, l, r);
        }
        Ok(l)
    }

    fn and(&mut self) -> PResult<Ast> {
        let mut l = self.unary()?;
        while self.eat_sym("&&") {
            let r = self.operand(Parser::unary)?;
            l = self.binary(BinOp::And, l, r);
        }
        Ok(l)
    }

    fn ctl_word(&self) -> Option<CtlOp> {
        match self.peek() {
            Tok::Ident(w) => match w.as_str() {
                "AX" => Some(CtlOp::AX),
                "AF" => Some(CtlOp::AF),
                "AG" => Some(CtlOp::AG),
                "EX" => Some(CtlOp::EX),
                "EF" => Some(CtlOp::EF),
                "EG" => Some(CtlOp::EG),
                _ => None,
            },
            _ => None,
        }
    }

    fn unary(&mut self) -> PResult<Ast> {
        self.enter()?;
        let start = self.span();
        let kind = self.unary_kind()?;
        self.depth -= 1;
        match kind {
            Some(kind) => Ok(Ast {
                kind,
                span: self.from(start),
            }),
            None => self.comparison(),
        }
    }

    fn unary_kind(&mut self) -> PResult<Option<AstKind>> {
        if self.eat_sym("!") {
            let f = self.operand(Parser::unary)?;
            return Ok(Some(AstKind::Unary(UnOp::Not, Box::new(f))));
        }
        if let Some(op) = self.ctl_word() {
            self.bump();
            let f = self.operand(Parser::unary)?;
            return Ok(Some(AstKind::Ctl(op, Box::new(f), None)));
        }
        if self.is_word("AU") || self.is_word("EU") {
            return self.until_call().map(Some);
        }
        if (self.is_word("A") || self.is_word("E")) && matches!(self.peek_at(1), Tok::Sym("[")) {
            return self.until_bracket().map(Some);
        }
        if let Some(q) = self.card_word() {
            let e = self.expr()?;
            return Ok(Some(AstKind::Card(q, Box::new(e))));
        }
        Ok(None)
    }

    fn card_word(&mut self) -> Option<Quant> {
        let is_card = matches!(self.peek(), Tok::Ident(w)
            if ["some", "no", "one", "lone", "sole"].contains(&w.as_str()));
        if is_card {
            self.quant_word()
        } else {
            None
        }
    }

    /// `A[f U g]` / `E[f U g]`.
    fn until_bracket(&mut self) -> PResult<AstKind> {
        let universal = matches!(self.bump(), Tok::Ident(w) if w == "A");
        self.expect_sym("[")?;
        let f = self.formula()?;
        if !self.eat_word("U") {
            return Err(self.error("expected `U`".into()));
        }
        let g = self.formula()?;
        self.expect_sym("]")?;
        let op = if universal { CtlOp::AU } else { CtlOp::EU };
        Ok(AstKind::Ctl(op, Box::new(f), Some(Box::new(g))))
    }

    /// `AU(f, g)` / `EU(f, g)`.
    fn until_call(&mut self) -> PResult<AstKind> {
        let universal = matches!(self.bump(), Tok::Ident(w) if w == "AU");
        self.expect_sym("(")?;
        let f = self.formula()?;
        self.expect_sym(",")?;
        let g = self.formula()?;
        self.expect_sym(")")?;
        let op = if universal { CtlOp::AU } else { CtlOp::EU };
        Ok(AstKind::Ctl(op, Box::new(f), Some(Box::new(g))))
    }

    fn comparison(&mut self) -> PResult<Ast> {
        let l = self.expr()?;
        let op = match self.peek() {
            Tok::Sym("==") | Tok::Sym("=") => BinOp::Eq,
            Tok::Sym("!=") => BinOp::Ne,
            Tok::Sym("<") => BinOp::Lt,
            Tok::Sym("<=") => BinOp::Le,
            Tok::Sym(">") => BinOp::Gt,
            Tok::Sym(">=") => BinOp::Ge,
            Tok::Sym("!in") => BinOp::NotIn,
            Tok::Ident(w) if w == "in" => BinOp::In,
            _ => return Ok(l),
        };
        self.bump();
        let r = self.expr()?;
        Ok(self.binary(op, l, r))
    }

    // ---- expressions ----

    /// A relational or integer expression.
    pub fn expr(&mut self) -> PResult<Ast> {
        self.enter()?;
        let mut l = self.mul()?;
        loop {
            let op = if self.eat_sym("+") {
                BinOp::Plus
            } else if self.eat_sym("-") {
                BinOp::Minus
            } else {
                break;
            };
            let r = self.mul()?;
            l = self.binary(op, l, r);
        }
        self.depth -= 1;
        Ok(l)
    }

    fn mul(&mut self) -> PResult<Ast> {
        let mut l = self.inter()?;
        loop {
            let op = if self.eat_sym("*") {
                BinOp::Mul
            } else if self.eat_sym("/") {
                BinOp::Div
            } else if self.eat_sym("%") {
                BinOp::Rem
            } else {
                break;
            };
            let r = self.inter()?;
            l = self.binary(op, l, r);
        }
        Ok(l)
    }

    fn inter(&mut self) -> PResult<Ast> {
        let mut l = self.product()?;
        while self.eat_sym("&") {
            let r = self.product()?;
            l = self.binary(BinOp::Inter, l, r);
        }
        Ok(l)
    }

    fn product(&mut self) -> PResult<Ast> {
        let mut l = self.join()?;
        while self.eat_sym("->") {
            let r = self.join()?;
            l = self.binary(BinOp::Product, l, r);
        }
        Ok(l)
    }

    fn join(&mut self) -> PResult<Ast> {
        let mut l = self.prefix()?;
        while self.eat_sym(".") {
            let r = self.prefix()?;
            l = self.binary(BinOp::Join, l, r);
        }
        Ok(l)
    }

    fn prefix(&mut self) -> PResult<Ast> {
        self.enter()?;
        let start = self.span();
        let op = match self.peek() {
            Tok::Sym("~") => Some(UnOp::Transpose),
            Tok::Sym("^") => Some(UnOp::Closure),
            Tok::Sym("*") => Some(UnOp::RClosure),
            Tok::Sym("-") => Some(UnOp::Neg),
            _ => None,
        };
        let r = match op {
            Some(op) => {
                self.bump();
                let e = self.prefix()?;
                Ok(Ast {
                    kind: AstKind::Unary(op, Box::new(e)),
                    span: self.from(start),
                })
            }
            None => self.primary(),
        };
        self.depth -= 1;
        r
    }

    fn primary(&mut self) -> PResult<Ast> {
        let start = self.span();
        let kind = match self.peek().clone() {
            Tok::Int(v) => {
                self.bump();
                AstKind::Int(v)
            }
            Tok::Sym("(") => {
                self.bump();
                let f = self.formula()?;
                self.expect_sym(")")?;
                return Ok(Ast {
                    kind: f.kind,
                    span: self.from(start),
                });
            }
            Tok::Sym("{") => {
                self.bump();
                let bs = self.binders()?;
                self.expect_sym("|")?;
                let f = self.formula()?;
                self.expect_sym("}")?;
                AstKind::Comprehension(bs, Box::new(f))
            }
            Tok::Ident(w) if w == "true" => {
                self.bump();
                AstKind::True
            }
            Tok::Ident(w) if w == "false" => {
                self.bump();
                AstKind::False
            }
            Tok::Ident(w) if w == "emptyset" || w == "none" => {
                self.bump();
                AstKind::Empty
            }
            Tok::Ident(w) if w == "bool" => {
                self.bump();
                AstKind::Name(Ident {
                    name: w,
                    span: start,
                })
            }
            _ => self.name_or_call()?,
        };
        Ok(Ast {
            kind,
            span: self.from(start),
        })
    }

    fn name_or_call(&mut self) -> PResult<AstKind> {
        let id = self.ident()?;
        if self.eat_sym("'") {
            return Ok(AstKind::Primed(id));
        }
        if self.eat_sym("(") {
            let mut args = Vec::new();
            if !self.eat_sym(")") {
                loop {
                    args.push(self.formula()?);
                    if self.eat_sym(")") {
                        break;
                    }
                    self.expect_sym(",")?;
                }
            }
            return Ok(AstKind::Call(id, args));
        }
        Ok(AstKind::Name(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_papers_mutex_procedures() {
        let src = "enum mutex={m1,m2}; enum process={p1,p2}; process->mutex has, wait;
            toplevel void Wait(process p, mutex m) {
              if (no p.wait) && (p.has < m) { p.wait := m; } }
            assert !bad && (no has+wait) => !bad && AG all p:process | all m:mutex |
              (p->m in wait) => (EF p->m in has);";
        let m = parse(src).unwrap();
        assert_eq!(m.items.len(), 5);
        let Item::Assert { formula, .. } = &m.items[4] else {
            panic!("not an assertion")
        };
        assert!(matches!(
            formula.kind,
            AstKind::Binary(BinOp::Implies, _, _)
        ));
    }

    #[test]
    fn errors_are_located_and_never_panic() {
        for src in [
            "enum",
            "int x;",
            "void f( {",
            "assert (a;",
            "x := ;",
            "void f() { if }",
        ] {
            let e = parse(src).unwrap_err();
            assert!(!e.message.is_empty(), "{src}");
        }
        let deep = "assert ".to_string() + &"(".repeat(5000) + "a";
        assert!(parse(&deep).is_err());
    }
}
