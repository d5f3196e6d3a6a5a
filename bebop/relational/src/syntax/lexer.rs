//! The lexer: model text to a vector of located tokens. It never panics; an
//! unknown character or a malformed number becomes a located [`Diagnostic`].

use bebop::ast::Span;
use bebop::diag::Diagnostic;

/// A token kind. Keywords are recognised by the parser from [`Tok::Ident`]
/// text, so that the lexer stays a plain scanner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Tok {
    Ident(String),
    Int(i64),
    /// Punctuation and operators, by their text (`"->"`, `":="`, `"&&"`, ...).
    Sym(&'static str),
    Eof,
}

/// A token with its byte range in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Operators and punctuation, longest first so that the scan is greedy.
const SYMBOLS: &[&str] = &[
    "<=>", "!in", ":=", "->", "==", "!=", "<=", ">=", "&&", "||", "=>", "++", "--", "{", "}", "(",
    ")", "[", "]", ";", ",", ":", "|", ".", "+", "-", "&", "~", "^", "*", "/", "%", "'", "!", "<",
    ">", "=",
];

/// Splits `src` into tokens, ending with [`Tok::Eof`].
pub fn lex(src: &str) -> Result<Vec<Token>, Diagnostic> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if src[i..].starts_with("//") {
            i = src[i..].find('\n').map_or(bytes.len(), |k| i + k);
        } else if src[i..].starts_with("/*") {
            let end = src[i + 2..]
                .find("*/")
                .ok_or_else(|| Diagnostic::new("unterminated comment", Span::new(i, i + 2)))?;
            i += end + 4;
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push(tok(Tok::Ident(src[start..i].to_string()), start, i));
        } else if c.is_ascii_digit() {
            i = number(src, i, &mut out)?;
        } else {
            i = symbol(src, i, &mut out)?;
        }
    }
    out.push(tok(Tok::Eof, src.len(), src.len()));
    Ok(out)
}

fn tok(tok: Tok, start: usize, end: usize) -> Token {
    Token {
        tok,
        span: Span::new(start, end),
    }
}

fn number(src: &str, start: usize, out: &mut Vec<Token>) -> Result<usize, Diagnostic> {
    let bytes = src.as_bytes();
    let mut i = start;
    while i < bytes.len() && bytes[i].is_ascii_alphanumeric() {
        i += 1;
    }
    let text = &src[start..i];
    let value = text
        .parse::<i64>()
        .ok()
        .filter(|v| *v <= 1 << 32)
        .ok_or_else(|| Diagnostic::new(format!("bad number `{text}`"), Span::new(start, i)))?;
    out.push(tok(Tok::Int(value), start, i));
    Ok(i)
}

fn symbol(src: &str, i: usize, out: &mut Vec<Token>) -> Result<usize, Diagnostic> {
    let rest = &src[i..];
    // `!in` only when `in` is a whole word (not `!inside`).
    let found = SYMBOLS.iter().find(|s| {
        rest.starts_with(**s)
            && (**s != "!in"
                || !rest[3..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_'))
    });
    match found {
        Some(s) => {
            out.push(tok(Tok::Sym(s), i, i + s.len()));
            Ok(i + s.len())
        }
        None => {
            let ch = rest.chars().next().unwrap_or(' ');
            Err(Diagnostic::new(
                format!("unexpected character `{ch}`"),
                Span::new(i, i + ch.len_utf8()),
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scans_operators_greedily() {
        let t = lex("a.^r !in b' <=> x:=1 // c\n !inx").unwrap();
        let kinds: Vec<Tok> = t.into_iter().map(|t| t.tok).collect();
        assert_eq!(kinds[1], Tok::Sym("."));
        assert_eq!(kinds[2], Tok::Sym("^"));
        assert_eq!(kinds[4], Tok::Sym("!in"));
        assert_eq!(kinds[7], Tok::Sym("<=>"));
        assert_eq!(kinds[9], Tok::Sym(":="));
        assert_eq!(kinds[11], Tok::Sym("!"));
        assert_eq!(kinds[12], Tok::Ident("inx".into()));
    }

    #[test]
    fn reports_bad_characters_with_a_span() {
        let e = lex("a $ b").unwrap_err();
        assert!(e
            .render("m", "a $ b")
            .starts_with("m:1:3: error: unexpected character"));
    }
}
