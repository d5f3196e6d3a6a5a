//! SV-COMP property files (`.prp`). Only the unreach-call property is supported:
//! `CHECK( init(main()), LTL(G ! call(reach_error())) )`.

use super::ast::Pos;
use super::lexer::{lex, Diag, Tok, Token};
use super::Property;

/// The error function SV-COMP's older tasks call; always one of a property's error functions.
pub const VERIFIER_ERROR: &str = "__VERIFIER_error";

/// Parses the text of a `.prp` file. Several `CHECK` lines are accepted if they are all
/// unreach-call properties with the same entry function.
pub fn parse(text: &str) -> Result<Property, Diag> {
    let toks = match lex(text) {
        Ok(t) => t,
        Err((pos, m)) if text.trim_start().starts_with("CHECK") => return Err((pos, m)),
        Err(_) => {
            let skipped = text.len() - text.trim_start().len();
            let before = &text[..skipped];
            let line = before.matches('\n').count() as u32 + 1;
            let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) as u32 + 1;
            return Err((
                Pos { line, col },
                "unsupported property: expected `CHECK( init(main()), LTL(G ! call(reach_error())) )`".into(),
            ));
        }
    };
    let mut p = Cursor { toks, i: 0 };
    let mut entry: Option<(String, Pos)> = None;
    let mut error_functions: Vec<String> = Vec::new();
    while p.peek() != &Tok::Eof {
        let (e, epos, f) = p.check()?;
        match &entry {
            Some((prev, _)) if *prev != e => {
                return Err((
                    epos,
                    format!("the property names two entry functions, `{prev}` and `{e}`"),
                ))
            }
            _ => entry = Some((e, epos)),
        }
        if !error_functions.contains(&f) {
            error_functions.push(f);
        }
    }
    let Some((entry, _)) = entry else {
        return Err((
            p.pos(),
            "empty property file: expected `CHECK( init(main()), LTL(G ! call(reach_error())) )`"
                .into(),
        ));
    };
    if !error_functions.iter().any(|f| f == VERIFIER_ERROR) {
        error_functions.push(VERIFIER_ERROR.into());
    }
    Ok(Property {
        entry,
        error_functions,
    })
}

struct Cursor {
    toks: Vec<Token>,
    i: usize,
}

impl Cursor {
    fn peek(&self) -> &Tok {
        &self.toks[self.i.min(self.toks.len() - 1)].tok
    }

    fn pos(&self) -> Pos {
        self.toks[self.i.min(self.toks.len() - 1)].pos
    }

    fn next(&mut self) {
        if self.i + 1 < self.toks.len() {
            self.i += 1;
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Dollar(s) => format!("`${s}`"),
            Tok::Int(v) => format!("`{v}`"),
            Tok::Str(_) => "a string".into(),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".into(),
        }
    }

    fn punct(&mut self, p: &str) -> Result<(), Diag> {
        if matches!(self.peek(), Tok::Punct(q) if *q == p) {
            self.next();
            Ok(())
        } else {
            Err((
                self.pos(),
                format!("expected `{p}`, found {}", self.found()),
            ))
        }
    }

    fn word(&mut self, w: &str) -> Result<(), Diag> {
        if matches!(self.peek(), Tok::Ident(s) if s == w) {
            self.next();
            Ok(())
        } else {
            Err((
                self.pos(),
                format!("expected `{w}`, found {}", self.found()),
            ))
        }
    }

    fn name(&mut self) -> Result<(String, Pos), Diag> {
        let pos = self.pos();
        match self.peek().clone() {
            Tok::Ident(s) => {
                self.next();
                Ok((s, pos))
            }
            _ => Err((
                pos,
                format!("expected a function name, found {}", self.found()),
            )),
        }
    }

    /// `CHECK( init(F()), LTL(G ! call(E())) )`: returns F, its position, and E.
    fn check(&mut self) -> Result<(String, Pos, String), Diag> {
        if !matches!(self.peek(), Tok::Ident(s) if s == "CHECK") {
            return Err((
                self.pos(),
                format!(
                    "unsupported property: expected `CHECK( init(main()), LTL(G ! call(reach_error())) )`, found {}",
                    self.found()
                ),
            ));
        }
        self.next();
        self.punct("(")?;
        self.word("init")?;
        self.punct("(")?;
        let (entry, epos) = self.name()?;
        self.punct("(")?;
        self.punct(")")?;
        self.punct(")")?;
        self.punct(",")?;
        let at = self.pos();
        if !matches!(self.peek(), Tok::Ident(s) if s == "LTL") {
            return Err((
                at,
                format!(
                    "unsupported property: only `LTL(G ! call(reach_error()))` (unreach-call) is supported, found {}",
                    self.found()
                ),
            ));
        }
        self.next();
        self.punct("(")?;
        let unsupported = |c: &Cursor| {
            (
                at,
                format!(
                    "unsupported property: only `LTL(G ! call(...))` (unreach-call) is supported; found {} where `G ! call` was expected",
                    c.found()
                ),
            )
        };
        if !matches!(self.peek(), Tok::Ident(s) if s == "G") {
            return Err(unsupported(self));
        }
        self.next();
        if self.peek() != &Tok::Punct("!") {
            return Err(unsupported(self));
        }
        self.next();
        if !matches!(self.peek(), Tok::Ident(s) if s == "call") {
            return Err(unsupported(self));
        }
        self.next();
        self.punct("(")?;
        let (err, _) = self.name()?;
        self.punct("(")?;
        self.punct(")")?;
        self.punct(")")?;
        self.punct(")")?;
        self.punct(")")?;
        Ok((entry, epos, err))
    }
}
