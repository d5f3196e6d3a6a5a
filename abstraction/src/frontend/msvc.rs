//! MSVC C that Windows drivers are written in and that lang-c cannot parse, rewritten before
//! parsing into C it can, with the same meaning for the analysis.
//!
//! - **Structured exception handling** (`__try`/`__except`/`__finally`/`__leave`, and the
//!   WDK's spellings `try`/`except`/`finally`/`leave`). The rewrite gives the lowering
//!   markers it understands (docs/cir.md, "Structured exception handling"):
//!   `__try { B } __except (F) { H }` becomes
//!   `if (__slamrs_seh_try()) { B } else { int __slamrs_seh_filter = (F);
//!   if (__slamrs_seh_filter == 1) { H } else if (__slamrs_seh_filter == 0)
//!   __slamrs_seh_propagate(); }`, and `__try { B } __finally { F }` becomes
//!   `if (__slamrs_seh_finally()) { B } else { F }`. The lowering runs `B` with the
//!   `else` branch as the place where an exception raised in `B` goes: the filter decides
//!   between the handler (`EXCEPTION_EXECUTE_HANDLER`, 1), the next enclosing handler
//!   (`EXCEPTION_CONTINUE_SEARCH`, 0) and going on (`EXCEPTION_CONTINUE_EXECUTION`, -1).
//!   `__leave` becomes a `goto` to a label at the end of its `__try` body.
//! - **Integer suffixes** `i8`, `i16`, `i32`, `i64` and their `ui` forms (`0xffffI64`):
//!   C's `LL`/`ULL`/`U` or none, which give the constant the same value and width.
//!
//! Like the GNU rewrites ([`super::gnu`]), every newline stays where it was (line markers
//! stay right); columns move only on the rewritten lines.

use super::prune::{numbers, tokens, Tok};

/// Every rewrite of this module in turn; `None` when none applies.
pub fn rewrite_all(text: &str) -> Option<String> {
    let mut out: Option<String> = None;
    for r in [
        rewrite_seh as fn(&str) -> Option<String>,
        rewrite_int_suffixes,
    ] {
        if let Some(t) = r(out.as_deref().unwrap_or(text)) {
            out = Some(t);
        }
    }
    out
}

/// An edit of the text: replace `len` bytes at `at` by `text`.
struct Edit {
    at: usize,
    len: usize,
    text: String,
}

fn apply(text: &str, mut edits: Vec<Edit>) -> String {
    edits.sort_by_key(|e| e.at);
    let mut out = String::with_capacity(text.len() + 64 * edits.len());
    let mut from = 0;
    for e in edits {
        if e.at < from {
            continue;
        }
        out.push_str(&text[from..e.at]);
        out.push_str(&e.text);
        from = e.at + e.len;
    }
    out.push_str(&text[from..]);
    out
}

/// One `__try` statement: token indexes of its keyword, of the braces of its body, and of
/// its handler.
struct Try {
    keyword: usize,
    body: (usize, usize),
    handler: Handler,
}

enum Handler {
    /// `__except` keyword, the parentheses of its filter, the braces of its block.
    Except {
        keyword: usize,
        filter_close: usize,
        block_close: usize,
    },
    /// `__finally` keyword.
    Finally { keyword: usize },
}

fn is_try(t: Tok<'_>) -> bool {
    matches!(t, Tok::Ident("__try" | "try"))
}

/// The index of the token closing the bracket opened at `open` (`{`/`(`).
fn closing(toks: &[(usize, Tok<'_>)], open: usize) -> Option<usize> {
    let (o, c) = match toks[open].1 {
        Tok::Punct(b'{') => (b'{', b'}'),
        Tok::Punct(b'(') => (b'(', b')'),
        _ => return None,
    };
    let mut depth = 0usize;
    for (k, (_, t)) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct(x) if *x == o => depth += 1,
            Tok::Punct(x) if *x == c => {
                depth -= 1;
                if depth == 0 {
                    return Some(k);
                }
            }
            _ => {}
        }
    }
    None
}

/// The `__try` statements of the tokens.
fn try_statements(toks: &[(usize, Tok<'_>)]) -> Vec<Try> {
    let mut out = Vec::new();
    for i in 0..toks.len() {
        if !is_try(toks[i].1) || toks.get(i + 1).map(|t| t.1) != Some(Tok::Punct(b'{')) {
            continue;
        }
        let Some(body_close) = closing(toks, i + 1) else {
            continue;
        };
        let k = body_close + 1;
        let handler = match toks.get(k).map(|t| t.1) {
            Some(Tok::Ident("__except" | "except"))
                if toks.get(k + 1).map(|t| t.1) == Some(Tok::Punct(b'(')) =>
            {
                let Some(filter_close) = closing(toks, k + 1) else {
                    continue;
                };
                if toks.get(filter_close + 1).map(|t| t.1) != Some(Tok::Punct(b'{')) {
                    continue;
                }
                let Some(block_close) = closing(toks, filter_close + 1) else {
                    continue;
                };
                Handler::Except {
                    keyword: k,
                    filter_close,
                    block_close,
                }
            }
            Some(Tok::Ident("__finally" | "finally"))
                if toks.get(k + 1).map(|t| t.1) == Some(Tok::Punct(b'{')) =>
            {
                Handler::Finally { keyword: k }
            }
            _ => continue,
        };
        out.push(Try {
            keyword: i,
            body: (i + 1, body_close),
            handler,
        });
    }
    out
}

/// Rewrites structured exception handling; `None` when the text has none.
pub fn rewrite_seh(text: &str) -> Option<String> {
    if !(text.contains("try") && (text.contains("except") || text.contains("finally"))) {
        return None;
    }
    let toks = tokens(text);
    let tries = try_statements(&toks);
    if tries.is_empty() {
        return None;
    }
    let mut edits = Vec::new();
    let tok_len = |k: usize| match toks[k].1 {
        Tok::Ident(s) => s.len(),
        Tok::Punct(_) => 1,
    };
    let replace = |k: usize, text: String| Edit {
        at: toks[k].0,
        len: tok_len(k),
        text,
    };
    let mut with_leave = vec![false; tries.len()];
    // `__leave;` (and the WDK's `leave;`) inside a body: to the innermost one's end
    for k in 0..toks.len() {
        if !matches!(toks[k].1, Tok::Ident("__leave" | "leave"))
            || toks.get(k + 1).map(|t| t.1) != Some(Tok::Punct(b';'))
        {
            continue;
        }
        let inner = tries
            .iter()
            .enumerate()
            .filter(|(_, t)| t.body.0 < k && k < t.body.1)
            .max_by_key(|(_, t)| t.body.0);
        if let Some((n, _)) = inner {
            with_leave[n] = true;
            edits.push(replace(k, format!("goto __slamrs_leave{n}")));
        }
    }
    for (n, t) in tries.iter().enumerate() {
        let marker = match t.handler {
            Handler::Except { .. } => "__slamrs_seh_try",
            Handler::Finally { .. } => "__slamrs_seh_finally",
        };
        edits.push(replace(t.keyword, format!("if ({marker}())")));
        if with_leave[n] {
            edits.push(replace(t.body.1, format!("__slamrs_leave{n}: ; }}")));
        }
        match t.handler {
            Handler::Except {
                keyword,
                filter_close,
                block_close,
            } => {
                edits.push(replace(
                    keyword,
                    "else { int __slamrs_seh_filter = ".to_string(),
                ));
                edits.push(replace(
                    filter_close,
                    "); if (__slamrs_seh_filter == 1)".to_string(),
                ));
                edits.push(replace(
                    block_close,
                    "} else if (__slamrs_seh_filter == 0) __slamrs_seh_propagate(); }".to_string(),
                ));
            }
            Handler::Finally { keyword } => edits.push(replace(keyword, "else".to_string())),
        }
    }
    Some(apply(text, edits))
}

/// The C suffix for an MSVC sized-integer suffix (`i64`, `ui32`, ... in any case).
fn c_suffix(msvc: &str) -> Option<&'static str> {
    Some(match msvc.to_ascii_lowercase().as_str() {
        "i64" => "LL",
        "ui64" => "ULL",
        "i32" | "i16" | "i8" => "",
        "ui32" | "ui16" | "ui8" => "U",
        _ => return None,
    })
}

/// Rewrites MSVC's sized integer suffixes; `None` when the text has none.
pub fn rewrite_int_suffixes(text: &str) -> Option<String> {
    let mut edits = Vec::new();
    for (s, e) in numbers(text) {
        let num = &text[s..e];
        if num.contains('.') {
            continue;
        }
        let hex = num.len() > 2 && matches!(&num[..2], "0x" | "0X");
        let digits_end = num
            .bytes()
            .enumerate()
            .skip(if hex { 2 } else { 0 })
            .find(|&(_, c)| {
                !(if hex {
                    c.is_ascii_hexdigit()
                } else {
                    c.is_ascii_digit()
                })
            })
            .map_or(num.len(), |(k, _)| k);
        let Some(suffix) = c_suffix(&num[digits_end..]) else {
            continue;
        };
        edits.push(Edit {
            at: s + digits_end,
            len: e - s - digits_end,
            text: suffix.to_string(),
        });
    }
    (!edits.is_empty()).then(|| apply(text, edits))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_except_becomes_the_markers() {
        let src = "void f(void) {\n  try {\n    g();\n  } except (EXCEPTION_EXECUTE_HANDLER) {\n    h();\n  }\n}\n";
        let out = rewrite_seh(src).unwrap();
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(out.contains("if (__slamrs_seh_try()) {"), "{out}");
        assert!(out.contains(
            "else { int __slamrs_seh_filter =  (EXCEPTION_EXECUTE_HANDLER); if (__slamrs_seh_filter == 1) {"
        ), "{out}");
        assert!(
            out.contains("} else if (__slamrs_seh_filter == 0) __slamrs_seh_propagate(); }"),
            "{out}"
        );
    }

    #[test]
    fn finally_and_leave() {
        let src = "void f(void) { __try { if (x) __leave; __try { __leave; } __finally { a(); } } __finally { b(); } }";
        let out = rewrite_seh(src).unwrap();
        assert_eq!(
            out,
            "void f(void) { if (__slamrs_seh_finally()) { if (x) goto __slamrs_leave0; if (__slamrs_seh_finally()) { goto __slamrs_leave1; __slamrs_leave1: ; } else { a(); } __slamrs_leave0: ; } else { b(); } }"
        );
        // an identifier `try` that starts no try statement stays
        assert_eq!(rewrite_seh("int try = 1; int except;"), None);
    }

    #[test]
    fn sized_integer_suffixes() {
        assert_eq!(
            rewrite_int_suffixes("x = 0xffffffffffffffffI64 + 10ui64 - 7i32 + 0x1Fui8;").unwrap(),
            "x = 0xffffffffffffffffLL + 10ULL - 7 + 0x1FU;"
        );
        assert_eq!(
            rewrite_int_suffixes("x = 1.5e+3 + 0x10 + 3ULL; \"7i64\" // 8i64\n"),
            None
        );
    }
}
