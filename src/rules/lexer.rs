//! Tokens of the rule language (and of `.prp` property files): identifiers, `$` names,
//! integer and string constants, C punctuation; `//` and `/* */` comments are skipped.

use super::ast::Pos;

/// A token's kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    /// An identifier or keyword (keywords are recognised by the parser).
    Ident(String),
    /// `$` followed by a name (`$return`, `$entry`) or digits (`$1`), without the `$`.
    Dollar(String),
    /// An integer constant's value.
    Int(i128),
    /// A string constant, escapes resolved.
    Str(String),
    /// Punctuation, as written (`==`, `(`, `&&`, ...).
    Punct(&'static str),
    /// The end of the text.
    Eof,
}

/// A token with its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub pos: Pos,
}

/// A lexical error: where, and what.
pub type Diag = (Pos, String);

/// Punctuation, longest first so that `<<` wins over `<`.
const PUNCT: [&str; 30] = [
    "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "(", ")", "{", "}", ";", ",", ".", "=", "<",
    ">", "+", "-", "*", "/", "%", "&", "|", "^", "!", "~", "[", "]",
];

/// Splits `text` into tokens; the last one is [`Tok::Eof`].
pub fn lex(text: &str) -> Result<Vec<Token>, Diag> {
    let mut lx = Lexer {
        chars: text.chars().collect(),
        i: 0,
        line: 1,
        col: 1,
    };
    let mut out = Vec::new();
    loop {
        lx.skip_blanks()?;
        let pos = lx.pos();
        let Some(c) = lx.peek(0) else {
            out.push(Token { tok: Tok::Eof, pos });
            return Ok(out);
        };
        let tok = if c.is_ascii_alphabetic() || c == '_' {
            Tok::Ident(lx.word())
        } else if c == '$' {
            lx.bump();
            let w = lx.word();
            if w.is_empty() {
                return Err((pos, "expected a name or a number after `$`".into()));
            }
            Tok::Dollar(w)
        } else if c.is_ascii_digit() {
            Tok::Int(lx.number(pos)?)
        } else if c == '"' {
            Tok::Str(lx.string(pos)?)
        } else if let Some(p) = PUNCT.iter().find(|p| lx.starts_with(p)) {
            for _ in 0..p.len() {
                lx.bump();
            }
            Tok::Punct(p)
        } else {
            return Err((pos, format!("unexpected character `{c}`")));
        };
        out.push(Token { tok, pos });
    }
}

struct Lexer {
    chars: Vec<char>,
    i: usize,
    line: u32,
    col: u32,
}

impl Lexer {
    fn pos(&self) -> Pos {
        Pos {
            line: self.line,
            col: self.col,
        }
    }

    fn peek(&self, k: usize) -> Option<char> {
        self.chars.get(self.i + k).copied()
    }

    fn starts_with(&self, s: &str) -> bool {
        s.chars().enumerate().all(|(k, c)| self.peek(k) == Some(c))
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek(0)?;
        self.i += 1;
        if c == '\n' {
            self.line = self.line.saturating_add(1);
            self.col = 1;
        } else {
            self.col = self.col.saturating_add(1);
        }
        Some(c)
    }

    /// Skips white space and comments.
    fn skip_blanks(&mut self) -> Result<(), Diag> {
        loop {
            match self.peek(0) {
                Some(c) if c.is_whitespace() => {
                    self.bump();
                }
                Some('/') if self.peek(1) == Some('/') => {
                    while self.peek(0).is_some_and(|c| c != '\n') {
                        self.bump();
                    }
                }
                Some('/') if self.peek(1) == Some('*') => {
                    let start = self.pos();
                    self.bump();
                    self.bump();
                    loop {
                        if self.starts_with("*/") {
                            self.bump();
                            self.bump();
                            break;
                        }
                        if self.bump().is_none() {
                            return Err((start, "unterminated `/*` comment".into()));
                        }
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    /// Letters, digits and `_`.
    fn word(&mut self) -> String {
        let mut w = String::new();
        while let Some(c) = self
            .peek(0)
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
        {
            w.push(c);
            self.bump();
        }
        w
    }

    /// A decimal, hexadecimal (`0x`) or octal (leading `0`) constant; `u`/`l` suffixes are
    /// accepted and ignored.
    fn number(&mut self, pos: Pos) -> Result<i128, Diag> {
        let w = self.word();
        let digits = w.trim_end_matches(['u', 'U', 'l', 'L']);
        let (radix, body) = if let Some(h) = digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            (16, h)
        } else if digits.len() > 1 && digits.starts_with('0') {
            (8, &digits[1..])
        } else {
            (10, digits)
        };
        let v = i128::from_str_radix(body, radix)
            .ok()
            .filter(|_| !body.is_empty() && !body.starts_with(['+', '-']));
        match v {
            Some(v) if v <= i64::MAX as i128 => Ok(v),
            Some(_) => Err((pos, format!("integer constant `{w}` is too large"))),
            None => Err((pos, format!("malformed integer constant `{w}`"))),
        }
    }

    /// A `"..."` constant with C's simple escapes.
    fn string(&mut self, pos: Pos) -> Result<String, Diag> {
        self.bump();
        let mut s = String::new();
        loop {
            match self.bump() {
                None | Some('\n') => return Err((pos, "unterminated string".into())),
                Some('"') => return Ok(s),
                Some('\\') => {
                    let esc = self.pos();
                    match self.bump() {
                        Some('n') => s.push('\n'),
                        Some('t') => s.push('\t'),
                        Some('\\') => s.push('\\'),
                        Some('"') => s.push('"'),
                        Some('\'') => s.push('\''),
                        Some(c) => return Err((esc, format!("unknown escape `\\{c}` in string"))),
                        None => return Err((pos, "unterminated string".into())),
                    }
                }
                Some(c) => s.push(c),
            }
        }
    }
}
