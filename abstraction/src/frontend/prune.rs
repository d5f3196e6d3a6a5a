//! Pruning the system headers before parsing: bodies of header functions the program never
//! names are blanked out, and GNU types lang-c cannot parse get names it can.
//!
//! Real kernel headers (the WDK's `wdm.h` through mingw-w64, Linux's kbuild headers) bring
//! tens of thousands of lines of `static inline` functions: compiler intrinsics over vector
//! types, inline assembly, `__int128` arithmetic. A driver calls a handful of them. A C
//! compiler ignores the rest; so does slamrs: a body `{ ... }` of a function defined in a
//! system header whose name no kept code mentions (the program's own files, initializers
//! in headers, and the bodies of header functions kept so far, to a fixed point) becomes
//! `;` — a declaration. Every byte keeps its offset (the body is overwritten with spaces,
//! its newlines kept), so positions in messages and the attribute scan stay right.
//!
//! `__int128` is a GCC type specifier lang-c does not know: each `unsigned __int128`,
//! `signed __int128` and `__int128` becomes one of two typedef names of the same length,
//! declared as 16-byte, 16-aligned structures (`__slu128`, `__sli128`) at the start of
//! the text. Such a value can be stored and copied; arithmetic on it does not lower, and a
//! header function doing it is refused where it is called (see the lowering's tolerance of
//! header functions).
//!
//! Nothing is removed that the program can reach: a name mentioned anywhere in kept code
//! (a call, an address taken, a `sizeof`) keeps its body.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

/// The typedefs standing for `__int128` (prepended to a unit that needs them).
pub const INT128_TYPEDEFS: &str = "typedef struct { unsigned long long __w[2]; } __attribute__((__aligned__(16))) __slu128; typedef struct { unsigned long long __w[2]; } __attribute__((__aligned__(16))) __sli128;\n";

/// Replaces `__int128` type specifiers by same-length typedef names; `None` when the text
/// has none. The caller prepends [`INT128_TYPEDEFS`].
pub fn rename_int128(text: &str) -> Option<String> {
    if !text.contains("__int128") {
        return None;
    }
    let mut out = text.as_bytes().to_vec();
    let b = text.as_bytes();
    let mut from = 0;
    while let Some(k) = text[from..].find("__int128") {
        let at = from + k;
        from = at + 8;
        let before_ok = at == 0 || !is_ident(b[at - 1]);
        let after_ok = at + 8 >= b.len() || !is_ident(b[at + 8]);
        // `__int128_t` and friends are other names
        if !before_ok || !after_ok {
            continue;
        }
        // the word before: `unsigned` / `signed` (blanked: the typedef carries the sign)
        let mut j = at;
        while j > 0 && (b[j - 1] == b' ' || b[j - 1] == b'\t') {
            j -= 1;
        }
        let mut w = j;
        while w > 0 && is_ident(b[w - 1]) {
            w -= 1;
        }
        let word = &text[w..j];
        let unsigned = word == "unsigned" || word == "__unsigned__";
        if unsigned || word == "signed" || word == "__signed__" {
            for c in &mut out[w..j] {
                *c = b' ';
            }
        }
        let name: &[u8] = if unsigned { b"__slu128" } else { b"__sli128" };
        out[at..at + 8].copy_from_slice(name);
    }
    String::from_utf8(out).ok()
}

/// What a pass over the text found.
struct Scan {
    /// Function bodies at file scope: (name, offset of `{`, offset after `}`, in a system
    /// header).
    bodies: Vec<(String, usize, usize, bool)>,
    /// Names mentioned outside system-header function bodies and declarations: the roots.
    roots: HashSet<String>,
    /// Names mentioned in each system-header body (by index into `bodies`).
    mentions: HashMap<usize, HashSet<String>>,
}

/// Blanks the bodies of system-header functions no kept code names. `is_system(offset)`
/// tells whether an offset lies in a system header. Returns `None` when nothing is pruned.
pub fn prune(text: &str, is_system: impl Fn(usize) -> bool) -> Option<String> {
    let scan = scan(text, &is_system);
    // system bodies by name
    let mut by_name: HashMap<&str, Vec<usize>> = HashMap::default();
    for (i, (name, _, _, sys)) in scan.bodies.iter().enumerate() {
        if *sys {
            by_name.entry(name.as_str()).or_default().push(i);
        }
    }
    if by_name.is_empty() {
        return None;
    }
    let mut kept: HashSet<usize> = HashSet::default();
    let mut work: Vec<&str> = scan.roots.iter().map(String::as_str).collect();
    let mut seen: HashSet<&str> = HashSet::default();
    while let Some(n) = work.pop() {
        if !seen.insert(n) {
            continue;
        }
        for &i in by_name.get(n).map(Vec::as_slice).unwrap_or(&[]) {
            if kept.insert(i) {
                if let Some(m) = scan.mentions.get(&i) {
                    work.extend(m.iter().map(String::as_str));
                }
            }
        }
    }
    let mut out = text.as_bytes().to_vec();
    let mut any = false;
    for (i, (_, open, close, sys)) in scan.bodies.iter().enumerate() {
        if !*sys || kept.contains(&i) {
            continue;
        }
        any = true;
        out[*open] = b';';
        for c in &mut out[*open + 1..*close] {
            if *c != b'\n' {
                *c = b' ';
            }
        }
    }
    if !any {
        return None;
    }
    String::from_utf8(out).ok()
}

pub(crate) fn is_ident(c: u8) -> bool {
    c == b'_' || c.is_ascii_alphanumeric()
}

/// One token of the rough lexer: an identifier, or one punctuation byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Tok<'a> {
    Ident(&'a str),
    Punct(u8),
}

/// Tokens with their offsets; skips line markers, strings, character constants, numbers
/// and comments.
pub(crate) fn tokens(text: &str) -> Vec<(usize, Tok<'_>)> {
    lex(text, None)
}

/// The byte ranges of the numbers (preprocessing numbers: a digit, then letters, digits,
/// `_` and `.`) outside line markers, strings, character constants and comments.
pub(crate) fn numbers(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    lex(text, Some(&mut out));
    out
}

/// The rough lexer: tokens, and the numbers' ranges into `numbers` if given.
fn lex<'a>(text: &'a str, mut numbers: Option<&mut Vec<(usize, usize)>>) -> Vec<(usize, Tok<'a>)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            b' ' | b'\t' | b'\r' | b'\x0c' => i += 1,
            b'#' if line_start => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' | b'\'' => {
                line_start = false;
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            c if c == b'_' || c.is_ascii_alphabetic() => {
                line_start = false;
                let s = i;
                while i < b.len() && is_ident(b[i]) {
                    i += 1;
                }
                out.push((s, Tok::Ident(&text[s..i])));
            }
            c if c.is_ascii_digit() => {
                line_start = false;
                let s = i;
                while i < b.len() && (is_ident(b[i]) || b[i] == b'.') {
                    i += 1;
                }
                if let Some(n) = numbers.as_deref_mut() {
                    n.push((s, i));
                }
            }
            _ => {
                line_start = false;
                out.push((i, Tok::Punct(c)));
                i += 1;
            }
        }
    }
    out
}

/// Finds file-scope function bodies and the names each part of the text mentions.
fn scan(text: &str, is_system: &impl Fn(usize) -> bool) -> Scan {
    let toks = tokens(text);
    let mut bodies = Vec::new();
    let mut roots = HashSet::default();
    let mut mentions: HashMap<usize, HashSet<String>> = HashMap::default();
    // the offset of the token opening each open parenthesis at depth 0 of braces
    let mut parens: Vec<usize> = Vec::new();
    // in a system header, outside bodies: after `=` at file scope until `;`
    let mut in_init = false;
    let mut i = 0;
    while i < toks.len() {
        let (off, t) = toks[i];
        match t {
            Tok::Punct(b'(') => parens.push(i),
            Tok::Punct(b')') => {
                parens.pop();
            }
            Tok::Punct(b'=') if parens.is_empty() => in_init = true,
            Tok::Punct(b';') if parens.is_empty() => in_init = false,
            Tok::Punct(b'{') if parens.is_empty() && !in_init => {
                // a function body follows `)` (the parameter list) at file scope
                let close = matching_brace(&toks, i);
                let name = if i > 0 && toks[i - 1].1 == Tok::Punct(b')') {
                    function_name(&toks, i - 1)
                } else {
                    None
                };
                let end = close.map_or(text.len(), |k| toks[k].0 + 1);
                let last = close.unwrap_or(toks.len() - 1);
                match name {
                    Some(name) => {
                        let sys = is_system(off);
                        let idx = bodies.len();
                        bodies.push((name.to_string(), off, end, sys));
                        let names: HashSet<String> = toks[i + 1..=last.min(toks.len() - 1)]
                            .iter()
                            .filter_map(|(_, t)| match t {
                                Tok::Ident(s) => Some(s.to_string()),
                                _ => None,
                            })
                            .collect();
                        if sys {
                            mentions.insert(idx, names);
                        } else {
                            roots.extend(names);
                        }
                    }
                    None => {
                        // a struct, union or enum body: names there are roots when the
                        // program wrote them (field names cannot name header functions)
                        for (o, t) in &toks[i + 1..=last.min(toks.len() - 1)] {
                            if let Tok::Ident(s) = t {
                                if !is_system(*o) {
                                    roots.insert(s.to_string());
                                }
                            }
                        }
                    }
                }
                i = last + 1;
                continue;
            }
            Tok::Ident(s) if !is_system(off) || in_init => {
                roots.insert(s.to_string());
            }
            _ => {}
        }
        i += 1;
    }
    Scan {
        bodies,
        roots,
        mentions,
    }
}

/// The token index of the `}` matching the `{` at `open`.
fn matching_brace(toks: &[(usize, Tok<'_>)], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, (_, t)) in toks.iter().enumerate().skip(open) {
        match t {
            Tok::Punct(b'{') => depth += 1,
            Tok::Punct(b'}') => {
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

/// The name of a function whose parameter list ends at token `close` (a `)`): the
/// identifier just before the matching `(`. `None` for declarators it cannot read (a
/// function returning a function pointer, attributes after the parameters).
fn function_name<'a>(toks: &[(usize, Tok<'a>)], close: usize) -> Option<&'a str> {
    let mut depth = 0usize;
    let mut k = close;
    loop {
        match toks[k].1 {
            Tok::Punct(b')') => depth += 1,
            Tok::Punct(b'(') => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        if k == 0 {
            return None;
        }
        k -= 1;
    }
    match toks.get(k.checked_sub(1)?)?.1 {
        Tok::Ident(n)
            if !matches!(
                n,
                "__attribute__" | "__attribute" | "__declspec" | "__asm__" | "asm" | "__asm"
            ) =>
        {
            Some(n)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sys_after(marker: usize) -> impl Fn(usize) -> bool {
        move |o| o < marker
    }

    #[test]
    fn unused_header_bodies_are_blanked_and_used_ones_kept() {
        let header = "static inline int unused(int x) { return x * 2; }\nstatic inline int helper(int x) { return x + 1; }\nstatic inline int used(int x) { return helper(x); }\n";
        let user = "int main(void) { return used(3); }\n";
        let text = format!("{header}{user}");
        let out = prune(&text, sys_after(header.len())).expect("something pruned");
        assert_eq!(out.len(), text.len());
        assert!(out.contains("static inline int unused(int x) ;"));
        assert!(out.contains("helper(int x) { return x + 1; }"));
        assert!(out.contains("used(int x) { return helper(x); }"));
        assert_eq!(out.matches('\n').count(), text.matches('\n').count());
    }

    #[test]
    fn a_name_in_a_header_initializer_keeps_its_body() {
        let header = "static int cb(void) { return 1; }\nstatic int (*tab[])(void) = { cb };\nstatic int gone(void) { return 2; }\n";
        let user = "int main(void) { return tab[0](); }\n";
        let text = format!("{header}{user}");
        let out = prune(&text, sys_after(header.len())).expect("pruned");
        assert!(out.contains("cb(void) { return 1; }"));
        assert!(out.contains("gone(void) ;"));
    }

    #[test]
    fn nothing_to_prune_in_user_code() {
        let text = "static int f(void) { return 1; }\nint main(void) { return 0; }\n";
        assert_eq!(prune(text, |_| false), None);
    }

    #[test]
    fn int128_becomes_typedef_names_of_the_same_length() {
        let t = "unsigned __int128 a; __int128 b; signed  __int128 c; __int128_t d;";
        let out = rename_int128(t).unwrap();
        assert_eq!(out.len(), t.len());
        assert_eq!(
            out,
            "         __slu128 a; __sli128 b;         __sli128 c; __int128_t d;"
        );
    }
}
