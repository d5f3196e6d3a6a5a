//! Hand-written lexer for boolean programs.
//!
//! [`tokenize`] turns source text into [`Token`]s with byte spans. Whitespace
//! and comments (`// …` to end of line, `/* … */`) are skipped. Identifiers
//! are C-style names or `{…}` names: any characters up to the matching `}`
//! (nested braces are counted, newlines are allowed), kept with their braces.
//!
//! The lexer never panics. On the first malformed input (an unexpected
//! character, an unterminated block comment or `{…}` name) it stops, returns
//! the tokens read so far followed by [`TokenKind::Eof`] at the error position,
//! and the error as a [`Diagnostic`]; the parser decides which error comes
//! first in the source.

use crate::ast::Span;
use crate::diag::Diagnostic;
use std::fmt;

/// Reserved words: never identifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Keyword {
    Decl,
    Begin,
    End,
    If,
    Then,
    Elsif,
    Else,
    Fi,
    While,
    Do,
    Od,
    Skip,
    Print,
    Goto,
    Return,
    Assert,
    Assume,
    Enforce,
    Schoose,
    Void,
    Bool,
    /// `T`, the constant true.
    True,
    /// `F`, the constant false.
    False,
}

impl Keyword {
    /// Every keyword, for tests and generators.
    pub const ALL: [Keyword; 23] = [
        Keyword::Decl,
        Keyword::Begin,
        Keyword::End,
        Keyword::If,
        Keyword::Then,
        Keyword::Elsif,
        Keyword::Else,
        Keyword::Fi,
        Keyword::While,
        Keyword::Do,
        Keyword::Od,
        Keyword::Skip,
        Keyword::Print,
        Keyword::Goto,
        Keyword::Return,
        Keyword::Assert,
        Keyword::Assume,
        Keyword::Enforce,
        Keyword::Schoose,
        Keyword::Void,
        Keyword::Bool,
        Keyword::True,
        Keyword::False,
    ];

    /// The keyword as written in source.
    pub fn as_str(self) -> &'static str {
        match self {
            Keyword::Decl => "decl",
            Keyword::Begin => "begin",
            Keyword::End => "end",
            Keyword::If => "if",
            Keyword::Then => "then",
            Keyword::Elsif => "elsif",
            Keyword::Else => "else",
            Keyword::Fi => "fi",
            Keyword::While => "while",
            Keyword::Do => "do",
            Keyword::Od => "od",
            Keyword::Skip => "skip",
            Keyword::Print => "print",
            Keyword::Goto => "goto",
            Keyword::Return => "return",
            Keyword::Assert => "assert",
            Keyword::Assume => "assume",
            Keyword::Enforce => "enforce",
            Keyword::Schoose => "schoose",
            Keyword::Void => "void",
            Keyword::Bool => "bool",
            Keyword::True => "T",
            Keyword::False => "F",
        }
    }

    /// The keyword spelled `s`, if any.
    pub fn lookup(s: &str) -> Option<Keyword> {
        Keyword::ALL.iter().copied().find(|k| k.as_str() == s)
    }
}

/// Whether `s` is a reserved word of the language.
pub fn is_keyword(s: &str) -> bool {
    Keyword::lookup(s).is_some()
}

/// Whether `s` can be written as an identifier: a non-keyword C-style name,
/// or a `{…}` name with balanced braces.
pub fn is_valid_ident(s: &str) -> bool {
    if let Some(inner) = s.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
        let mut depth: usize = 0;
        for c in inner.chars() {
            match c {
                '{' => depth += 1,
                '}' => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => return false,
                },
                _ => {}
            }
        }
        return depth == 0;
    }
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '_' => {}
        _ => return false,
    }
    chars.all(|c| c.is_ascii_alphanumeric() || c == '_') && !is_keyword(s)
}

/// What a token is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TokenKind {
    /// A C-style or `{…}` identifier (the latter with its braces).
    Ident(String),
    /// A decimal number as written (only `0` and `1` are boolean constants;
    /// other numbers appear in `bool<n>`).
    Number(String),
    Keyword(Keyword),
    /// `:=`
    Assign,
    /// `:`
    Colon,
    /// `;`
    Semi,
    /// `,`
    Comma,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `[`
    LBracket,
    /// `]`
    RBracket,
    /// `=>`
    Implies,
    /// `|`
    Or,
    /// `^`
    Xor,
    /// `&`
    And,
    /// `=`
    Eq,
    /// `!=`
    Ne,
    /// `!`
    Not,
    /// `*`
    Star,
    /// `?`
    Question,
    /// `<`
    Lt,
    /// `>`
    Gt,
    /// End of input (or the position of a lexical error).
    Eof,
}

impl fmt::Display for TokenKind {
    /// Describes the token for error messages: "identifier `x`", "`;`", …
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sym = match self {
            TokenKind::Ident(name) => return write!(f, "identifier `{}`", shorten(name)),
            TokenKind::Number(n) => return write!(f, "number `{}`", shorten(n)),
            TokenKind::Keyword(k) => return write!(f, "`{}`", k.as_str()),
            TokenKind::Eof => return f.write_str("end of input"),
            TokenKind::Assign => ":=",
            TokenKind::Colon => ":",
            TokenKind::Semi => ";",
            TokenKind::Comma => ",",
            TokenKind::LParen => "(",
            TokenKind::RParen => ")",
            TokenKind::LBracket => "[",
            TokenKind::RBracket => "]",
            TokenKind::Implies => "=>",
            TokenKind::Or => "|",
            TokenKind::Xor => "^",
            TokenKind::And => "&",
            TokenKind::Eq => "=",
            TokenKind::Ne => "!=",
            TokenKind::Not => "!",
            TokenKind::Star => "*",
            TokenKind::Question => "?",
            TokenKind::Lt => "<",
            TokenKind::Gt => ">",
        };
        write!(f, "`{sym}`")
    }
}

/// Keeps error messages readable when a `{…}` name or number is huge.
pub(crate) fn shorten(s: &str) -> String {
    const MAX: usize = 40;
    if s.chars().count() <= MAX {
        s.to_string()
    } else {
        let head: String = s.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// A token and where it is in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokenKind,
    pub span: Span,
}

/// Splits `src` into tokens. The vector always ends with [`TokenKind::Eof`].
/// If the input is malformed, lexing stops at the first error: the tokens
/// before it are returned, then `Eof` at the error position, and the error.
pub fn tokenize(src: &str) -> (Vec<Token>, Option<Diagnostic>) {
    let mut lx = Lexer {
        src,
        pos: 0,
        toks: Vec::new(),
    };
    let err = lx.run().err();
    let at = lx.pos;
    lx.toks.push(Token {
        kind: TokenKind::Eof,
        span: Span::new(at, at),
    });
    (lx.toks, err)
}

struct Lexer<'a> {
    src: &'a str,
    /// Byte offset, always on a char boundary.
    pos: usize,
    toks: Vec<Token>,
}

impl<'a> Lexer<'a> {
    fn rest(&self) -> &'a str {
        let src: &'a str = self.src;
        src.get(self.pos..).unwrap_or("")
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn push(&mut self, kind: TokenKind, start: usize) {
        self.toks.push(Token {
            kind,
            span: Span::new(start, self.pos),
        });
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        while let Some(c) = self.peek() {
            let start = self.pos;
            let rest = self.rest();
            // Whitespace, and a byte-order mark at the start of the file.
            if c.is_whitespace() || (c == '\u{feff}' && start == 0) {
                self.pos += c.len_utf8();
                continue;
            }
            if rest.starts_with("//") {
                self.pos += rest.find('\n').unwrap_or(rest.len());
                continue;
            }
            if rest.starts_with("/*") {
                match rest.get(2..).and_then(|r| r.find("*/")) {
                    Some(i) => self.pos += i + 4,
                    None => {
                        return Err(Diagnostic::new(
                            "unterminated block comment",
                            Span::new(start, start + 2),
                        ))
                    }
                }
                continue;
            }
            if c.is_ascii_alphabetic() || c == '_' {
                let len = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                let word = &rest[..len];
                self.pos += len;
                let kind = match Keyword::lookup(word) {
                    Some(k) => TokenKind::Keyword(k),
                    None => TokenKind::Ident(word.to_string()),
                };
                self.push(kind, start);
                continue;
            }
            if c.is_ascii_digit() {
                let len = rest
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(rest.len());
                let num = rest[..len].to_string();
                self.pos += len;
                self.push(TokenKind::Number(num), start);
                continue;
            }
            if c == '{' {
                let mut depth: usize = 0;
                let mut end = None;
                for (i, ch) in rest.char_indices() {
                    match ch {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                end = Some(i + 1);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let Some(len) = end else {
                    return Err(Diagnostic::new(
                        "unterminated `{` identifier: missing `}`",
                        Span::new(start, start + 1),
                    ));
                };
                let name = rest[..len].to_string();
                self.pos += len;
                self.push(TokenKind::Ident(name), start);
                continue;
            }
            let two = |s: &str| rest.starts_with(s);
            let (kind, len) = if two(":=") {
                (TokenKind::Assign, 2)
            } else if two("=>") {
                (TokenKind::Implies, 2)
            } else if two("!=") {
                (TokenKind::Ne, 2)
            } else {
                let k = match c {
                    ':' => TokenKind::Colon,
                    ';' => TokenKind::Semi,
                    ',' => TokenKind::Comma,
                    '(' => TokenKind::LParen,
                    ')' => TokenKind::RParen,
                    '[' => TokenKind::LBracket,
                    ']' => TokenKind::RBracket,
                    '|' => TokenKind::Or,
                    '^' => TokenKind::Xor,
                    '&' => TokenKind::And,
                    '=' => TokenKind::Eq,
                    '!' => TokenKind::Not,
                    '*' => TokenKind::Star,
                    '?' => TokenKind::Question,
                    '<' => TokenKind::Lt,
                    '>' => TokenKind::Gt,
                    _ => {
                        let msg = if c == '}' {
                            "unexpected `}` without a matching `{`".to_string()
                        } else {
                            format!("unexpected character `{}`", c.escape_debug())
                        };
                        return Err(Diagnostic::new(msg, Span::new(start, start + c.len_utf8())));
                    }
                };
                (k, 1)
            };
            self.pos += len;
            self.push(kind, start);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<TokenKind> {
        let (toks, err) = tokenize(src);
        assert!(err.is_none(), "{err:?}");
        toks.into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn lexes_operators_and_keywords() {
        use TokenKind::*;
        assert_eq!(
            kinds("x := !a => b != c = T; // hi\n /* c */ bool<2>"),
            vec![
                Ident("x".into()),
                Assign,
                Not,
                Ident("a".into()),
                Implies,
                Ident("b".into()),
                Ne,
                Ident("c".into()),
                Eq,
                Keyword(super::Keyword::True),
                Semi,
                Keyword(super::Keyword::Bool),
                Lt,
                Number("2".into()),
                Gt,
                Eof
            ]
        );
    }

    #[test]
    fn brace_identifiers_nest_and_span() {
        let (toks, err) = tokenize("  {a {b} // c\n}x");
        assert!(err.is_none());
        assert_eq!(toks[0].kind, TokenKind::Ident("{a {b} // c\n}".into()));
        assert_eq!(toks[0].span, Span::new(2, 15));
        assert_eq!(toks[1].kind, TokenKind::Ident("x".into()));
    }

    #[test]
    fn errors_stop_lexing() {
        let (toks, err) = tokenize("a /* b");
        assert_eq!(err.unwrap().span, Span::new(2, 4));
        assert_eq!(toks.last().unwrap().kind, TokenKind::Eof);
        let (_, err) = tokenize("a {b {c}");
        assert_eq!(err.unwrap().span, Span::new(2, 3));
        let (toks, err) = tokenize("ab é");
        let err = err.unwrap();
        assert_eq!(err.message, "unexpected character `é`");
        assert_eq!(err.span, Span::new(3, 5));
        assert_eq!(toks.len(), 2);
        let (_, err) = tokenize("}");
        assert!(err.unwrap().message.contains("matching"));
    }

    #[test]
    fn identifier_validity() {
        assert!(is_valid_ident("x_1"));
        assert!(is_valid_ident("{a{b}}"));
        assert!(!is_valid_ident("{a}}"));
        assert!(!is_valid_ident("then"));
        assert!(!is_valid_ident("1x"));
        assert!(!is_valid_ident(""));
    }
}
