//! CTL formulas over a procedure's variables: the syntax tree, its parser
//! (located errors, never a panic) and its printer. Checking is in
//! [`crate::ctl_check`] (BDD) and [`crate::oracle`] (explicit).
//!
//! ```text
//! formula := or { ("<->" | "<=>") or }              -- equivalence
//! or      := and [ ("->" | "=>") imp ]              -- implication, right associative
//! ...     := and { "|" and } ; and := unary { "&" unary }
//! unary   := "!" unary | ("EX"|"AX"|"EF"|"AF"|"EG"|"AG") unary
//!          | ("E"|"A") "[" formula "U" formula "]"
//!          | ("EU"|"AU") "(" formula "," formula ")"
//!          | "(" formula ")" | "0" | "1" | "T" | "F" | "true" | "false" | NAME
//! ```
//! A NAME is a variable of the procedure (a local or formal, else a global),
//! C-style or `{…}` as in boolean programs.

use std::fmt;

/// A CTL formula; `Var` holds the name and its byte range in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ctl {
    Const(bool),
    Var(String, usize, usize),
    Not(Box<Ctl>),
    And(Box<Ctl>, Box<Ctl>),
    Or(Box<Ctl>, Box<Ctl>),
    Implies(Box<Ctl>, Box<Ctl>),
    Iff(Box<Ctl>, Box<Ctl>),
    /// A unary temporal operator applied to a formula.
    Temporal(Unary, Box<Ctl>),
    /// `E[a U b]` (`exists`) or `A[a U b]`.
    Until {
        exists: bool,
        hold: Box<Ctl>,
        goal: Box<Ctl>,
    },
}

/// The six unary temporal operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    EX,
    AX,
    EF,
    AF,
    EG,
    AG,
}

impl Unary {
    fn from_word(w: &str) -> Option<Unary> {
        Some(match w {
            "EX" => Unary::EX,
            "AX" => Unary::AX,
            "EF" => Unary::EF,
            "AF" => Unary::AF,
            "EG" => Unary::EG,
            "AG" => Unary::AG,
            _ => return None,
        })
    }
}

/// A parse error: a message and the byte range it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CtlError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl CtlError {
    /// The error as `what:1:COL: error: MESSAGE`, the text and a caret line.
    pub fn render(&self, what: &str, text: &str) -> String {
        let col = text.get(..self.start).map_or(1, |t| t.chars().count() + 1);
        let width = text
            .get(self.start..self.end.max(self.start))
            .map_or(1, |t| t.chars().count().max(1));
        format!(
            "{what}:1:{col}: error: {}\n  |\n1 | {text}\n  | {}{}\n",
            self.message,
            " ".repeat(col - 1),
            "^".repeat(width)
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    Word(String),
    Sym(&'static str),
    End,
}

/// Most nesting levels of a formula (the parser recurses once per level).
const MAX_DEPTH: usize = 200;

struct Parser {
    toks: Vec<(Tok, usize, usize)>,
    pos: usize,
    depth: usize,
}

/// Parses a CTL formula.
pub fn parse(text: &str) -> Result<Ctl, CtlError> {
    let toks = lex(text)?;
    let mut p = Parser {
        toks,
        pos: 0,
        depth: 0,
    };
    let f = p.formula()?;
    match p.peek() {
        Tok::End => Ok(f),
        _ => Err(p.error("expected the end of the formula")),
    }
}

const SYMBOLS: [&str; 12] = [
    "<->", "<=>", "->", "=>", "!", "&", "|", "(", ")", "[", "]", ",",
];

fn lex(text: &str) -> Result<Vec<(Tok, usize, usize)>, CtlError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c == b'{' {
            let end = braced_end(text, i).ok_or(CtlError {
                start: i,
                end: text.len(),
                message: "unclosed `{`".into(),
            })?;
            out.push((Tok::Word(text[i..end].to_string()), i, end));
            i = end;
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            let end = (i..bytes.len())
                .find(|&j| !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_'))
                .unwrap_or(bytes.len());
            out.push((Tok::Word(text[i..end].to_string()), i, end));
            i = end;
        } else if let Some(s) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push((Tok::Sym(s), i, i + s.len()));
            i += s.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(CtlError {
                start: i,
                end: i + ch.len_utf8(),
                message: format!("unexpected character `{ch}`"),
            });
        }
    }
    out.push((Tok::End, text.len(), text.len()));
    Ok(out)
}

/// The end of the `{…}` name starting at `i` (braces nest).
fn braced_end(text: &str, i: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, ch) in text[i..].char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i + k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn bump(&mut self) -> (Tok, usize, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn error(&self, what: &str) -> CtlError {
        let (t, s, e) = &self.toks[self.pos];
        let found = match t {
            Tok::Word(w) => format!("`{w}`"),
            Tok::Sym(s) => format!("`{s}`"),
            Tok::End => "the end of the formula".to_string(),
        };
        CtlError {
            start: *s,
            end: (*e).max(*s + 1),
            message: format!("{what}, found {found}"),
        }
    }

    fn expect(&mut self, sym: &'static str) -> Result<(), CtlError> {
        if *self.peek() == Tok::Sym(sym) {
            self.bump();
            Ok(())
        } else {
            Err(self.error(&format!("expected `{sym}`")))
        }
    }

    fn eat(&mut self, syms: &[&'static str]) -> bool {
        if syms.iter().any(|s| *self.peek() == Tok::Sym(s)) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn formula(&mut self) -> Result<Ctl, CtlError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("formula nested too deep"));
        }
        let mut f = self.implication()?;
        while self.eat(&["<->", "<=>"]) {
            f = Ctl::Iff(Box::new(f), Box::new(self.implication()?));
        }
        self.depth -= 1;
        Ok(f)
    }

    fn implication(&mut self) -> Result<Ctl, CtlError> {
        let a = self.disjunction()?;
        if self.eat(&["->", "=>"]) {
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(self.error("formula nested too deep"));
            }
            let b = self.implication()?;
            self.depth -= 1;
            return Ok(Ctl::Implies(Box::new(a), Box::new(b)));
        }
        Ok(a)
    }

    fn disjunction(&mut self) -> Result<Ctl, CtlError> {
        let mut f = self.conjunction()?;
        while self.eat(&["|"]) {
            f = Ctl::Or(Box::new(f), Box::new(self.conjunction()?));
        }
        Ok(f)
    }

    fn conjunction(&mut self) -> Result<Ctl, CtlError> {
        let mut f = self.unary()?;
        while self.eat(&["&"]) {
            f = Ctl::And(Box::new(f), Box::new(self.unary()?));
        }
        Ok(f)
    }

    fn unary(&mut self) -> Result<Ctl, CtlError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error("formula nested too deep"));
        }
        let f = self.unary_inner()?;
        self.depth -= 1;
        Ok(f)
    }

    fn unary_inner(&mut self) -> Result<Ctl, CtlError> {
        if self.eat(&["!"]) {
            return Ok(Ctl::Not(Box::new(self.unary()?)));
        }
        if self.eat(&["("]) {
            let f = self.formula()?;
            self.expect(")")?;
            return Ok(f);
        }
        let Tok::Word(w) = self.peek().clone() else {
            return Err(self.error("expected a formula"));
        };
        let (_, start, end) = self.bump();
        if let Some(op) = Unary::from_word(&w) {
            return Ok(Ctl::Temporal(op, Box::new(self.unary()?)));
        }
        match w.as_str() {
            "E" | "A" if *self.peek() == Tok::Sym("[") => self.until(w == "E", "[", "]"),
            "EU" | "AU" if *self.peek() == Tok::Sym("(") => self.until(w == "EU", "(", ")"),
            "0" | "F" | "false" => Ok(Ctl::Const(false)),
            "1" | "T" | "true" => Ok(Ctl::Const(true)),
            _ if w.starts_with('{') || !w.as_bytes()[0].is_ascii_digit() => {
                Ok(Ctl::Var(w, start, end))
            }
            _ => Err(CtlError {
                start,
                end,
                message: format!("`{w}` is not a formula (constants are 0 and 1)"),
            }),
        }
    }

    /// `[a U b]` or `(a, b)` after `E`/`A`/`EU`/`AU`.
    fn until(
        &mut self,
        exists: bool,
        open: &'static str,
        close: &'static str,
    ) -> Result<Ctl, CtlError> {
        self.expect(open)?;
        let hold = self.formula()?;
        if open == "[" {
            match self.peek() {
                Tok::Word(u) if u == "U" => {
                    self.bump();
                }
                _ => return Err(self.error("expected `U`")),
            }
        } else {
            self.expect(",")?;
        }
        let goal = self.formula()?;
        self.expect(close)?;
        Ok(Ctl::Until {
            exists,
            hold: Box::new(hold),
            goal: Box::new(goal),
        })
    }
}

impl fmt::Display for Ctl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ctl::Const(b) => write!(f, "{}", if *b { "1" } else { "0" }),
            Ctl::Var(n, _, _) => f.write_str(n),
            Ctl::Not(a) => write!(f, "!{}", Paren(a)),
            Ctl::And(a, b) => write!(f, "({a} & {b})"),
            Ctl::Or(a, b) => write!(f, "({a} | {b})"),
            Ctl::Implies(a, b) => write!(f, "({a} -> {b})"),
            Ctl::Iff(a, b) => write!(f, "({a} <-> {b})"),
            Ctl::Temporal(op, a) => write!(f, "{op:?} {}", Paren(a)),
            Ctl::Until { exists, hold, goal } => {
                write!(f, "{}[{hold} U {goal}]", if *exists { "E" } else { "A" })
            }
        }
    }
}

/// A formula as an operand of a prefix operator.
struct Paren<'a>(&'a Ctl);

impl fmt::Display for Paren<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_lock_property() {
        let f = parse("AG(locked -> AF !locked)").expect("parses");
        assert_eq!(f.to_string(), "AG (locked -> AF !locked)");
        let g = parse("E[a U b & !c] | A[1 U {x == 0}] <-> EU(a, b)").expect("parses");
        assert_eq!(
            g.to_string(),
            "((E[a U (b & !c)] | A[1 U {x == 0}]) <-> E[a U b])"
        );
    }

    #[test]
    fn errors_are_located() {
        let e = parse("AG(locked -> ").unwrap_err();
        assert_eq!(e.start, 13);
        assert!(e.message.contains("expected a formula"), "{}", e.message);
        let e = parse("A[a b]").unwrap_err();
        assert!(e.message.contains("expected `U`"));
        let e = parse("a # b").unwrap_err();
        assert_eq!((e.start, e.end), (2, 3));
        assert!(parse(&"!".repeat(10_000)).is_err());
        assert!(parse(&"(".repeat(10_000)).is_err());
        assert!(parse("{a").is_err());
        assert!(parse("7").is_err());
    }
}
