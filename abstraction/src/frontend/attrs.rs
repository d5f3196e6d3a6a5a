//! GNU attributes and pragmas lang-c does not handle, found in the text:
//! - lang-c misreads attributes between `struct`/`union` and the tag
//!   (`struct __attribute__((packed)) s { ... };` parses as a function definition `s`): they
//!   are blanked out before parsing and kept by the offset of their keyword
//!   ([`TextAttrs::tags`]), so lowering can apply the layout ones;
//! - `#pragma pack(...)` lines ([`TextAttrs::pack_at`]);
//! - and, as a fallback for other placements lang-c rejects, the text is parsed again with
//!   every `__attribute__((...))` blanked out ([`blank_attributes`]).
//!
//! Blanking keeps every byte offset (and so every reported location) unchanged.

use crate::cir::LayoutAttrs;
use rustc_hash::FxHashMap as HashMap;

/// What the text says that the AST does not keep.
#[derive(Clone, Debug, Default)]
pub(crate) struct TextAttrs {
    /// The attribute lists (the text inside `__attribute__((...))`) written between a
    /// `struct`/`union` keyword and its tag or `{`, by the keyword's offset.
    pub tags: HashMap<usize, Vec<String>>,
    /// `#pragma pack` changes: (offset from which it holds, maximum member alignment).
    pub packs: Vec<(usize, Option<u64>)>,
}

impl TextAttrs {
    /// The `#pragma pack` value in effect at `offset`.
    pub fn pack_at(&self, offset: usize) -> Option<u64> {
        let i = self.packs.partition_point(|(o, _)| *o <= offset);
        if i == 0 {
            None
        } else {
            self.packs[i - 1].1
        }
    }
}

/// The layout attributes (`packed`, `aligned(N)`) of an attribute list's text;
/// `Err(attribute)` for one whose argument is not an integer literal.
pub(crate) fn layout_of(list: &str, into: &mut LayoutAttrs) -> Result<(), String> {
    for item in split_top(list) {
        let item = item.trim();
        let (name, arg) = match item.find('(') {
            Some(i) => (
                item[..i].trim(),
                Some(item[i + 1..].trim_end_matches(')').trim()),
            ),
            None => (item, None),
        };
        match name.trim_matches('_') {
            "packed" => into.packed = true,
            "aligned" => {
                let n = match arg {
                    None | Some("") => 16,
                    Some(a) => parse_int(a).ok_or_else(|| item.to_string())?,
                };
                into.aligned = Some(into.aligned.unwrap_or(1).max(n));
            }
            _ => {}
        }
    }
    Ok(())
}

fn parse_int(a: &str) -> Option<u64> {
    let a = a.trim_end_matches(['u', 'U', 'l', 'L']);
    if let Some(h) = a.strip_prefix("0x").or_else(|| a.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else {
        a.parse().ok()
    }
}

/// Splits `a, b(c, d), e` at top-level commas.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

/// The end (exclusive) of `__attribute__ ((...))` starting at `i` (the word's start), and
/// the text inside the double parentheses.
fn attribute_at(text: &str, i: usize) -> Option<(usize, String)> {
    let b = text.as_bytes();
    let word_end = i + b[i..]
        .iter()
        .take_while(|c| **c == b'_' || c.is_ascii_alphanumeric())
        .count();
    let word = &text[i..word_end];
    if word != "__attribute__" && word != "__attribute" {
        return None;
    }
    let mut j = word_end;
    while j < b.len() && b[j].is_ascii_whitespace() {
        j += 1;
    }
    if j >= b.len() || b[j] != b'(' {
        return None;
    }
    let open = j;
    let mut depth = 0usize;
    let mut k = j;
    while k < b.len() {
        match b[k] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        k += 1;
    }
    if k >= b.len() {
        return None;
    }
    let inner = text[open + 1..k].trim();
    let inner = inner
        .strip_prefix('(')
        .and_then(|x| x.strip_suffix(')'))
        .unwrap_or(inner);
    Some((k + 1, inner.to_string()))
}

/// Finds attributes between `struct`/`union` and the tag, and `#pragma pack` lines. With
/// `blank`, also returns the text with those attributes replaced by spaces (`None` if
/// there were none).
pub(crate) fn scan(text: &str, blank: bool) -> (TextAttrs, Option<String>) {
    let b = text.as_bytes();
    let mut out = if blank { Some(b.to_vec()) } else { None };
    let mut found = false;
    let mut attrs = TextAttrs::default();
    let mut stack: Vec<Option<u64>> = Vec::new();
    let mut pack: Option<u64> = None;
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && (c == b' ' || c == b'\t') {
            i += 1;
            continue;
        }
        if line_start && c == b'#' {
            let end = text[i..].find('\n').map_or(b.len(), |k| i + k);
            let line = &text[i + 1..end];
            let words: String = line.split_whitespace().collect::<Vec<_>>().join(" ");
            if let Some(rest) = words.strip_prefix("pragma pack") {
                let args = rest.trim().trim_start_matches('(').trim_end_matches(')');
                let parts: Vec<&str> = args.split(',').map(str::trim).collect();
                match parts.first().copied() {
                    Some("push") => {
                        stack.push(pack);
                        if let Some(n) = parts.get(1).and_then(|a| parse_int(a)) {
                            pack = Some(n);
                        }
                    }
                    Some("pop") => pack = stack.pop().unwrap_or(None),
                    Some("") | None => pack = None,
                    Some(n) => pack = parse_int(n).or(pack),
                }
                attrs.packs.push((end, pack));
            }
            i = end;
            continue;
        }
        line_start = false;
        match c {
            b'\n' => {
                line_start = true;
                i += 1;
            }
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c == b'_' || c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                let word = &text[start..i];
                if word != "struct" && word != "union" {
                    continue;
                }
                let mut lists = Vec::new();
                let mut j = i;
                loop {
                    while j < b.len() && b[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    match attribute_at(text, j) {
                        Some((end, inner)) => {
                            if let Some(o) = out.as_mut() {
                                for x in &mut o[j..end] {
                                    if *x != b'\n' {
                                        *x = b' ';
                                    }
                                }
                            }
                            lists.push(inner);
                            j = end;
                        }
                        None => break,
                    }
                }
                if !lists.is_empty() {
                    found = true;
                    attrs.tags.insert(start, lists);
                    i = j;
                }
            }
            _ => i += 1,
        }
    }
    let blanked = if found {
        out.and_then(|o| String::from_utf8(o).ok())
    } else {
        None
    };
    (attrs, blanked)
}

/// `text` with each `__attribute__ ((...))` / `__attribute ((...))` replaced by spaces
/// (newlines kept), or `None` if there is none. String and character literals are skipped.
pub(crate) fn blank_attributes(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let mut out = b.to_vec();
    let mut found = false;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
            }
            c if c == b'_' || c.is_ascii_alphabetic() => {
                if let Some((end, _)) = attribute_at(text, i) {
                    for x in &mut out[i..end] {
                        if *x != b'\n' {
                            *x = b' ';
                        }
                    }
                    found = true;
                    i = end;
                    continue;
                }
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
            }
            _ => i += 1,
        }
    }
    if found {
        String::from_utf8(out).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_attributes_and_pragmas() {
        let t = "#pragma pack(push, 1)\nstruct __attribute__((packed, aligned(8))) s { int v; };\n#pragma pack(pop)\nstruct t { int w; };\n";
        let (a, blanked) = scan(t, true);
        let blanked = blanked.unwrap();
        assert_eq!(blanked.len(), t.len());
        assert!(blanked.contains("struct                                     s {"));
        let s = t.find("struct").unwrap();
        assert_eq!(a.tags[&s], vec!["packed, aligned(8)".to_string()]);
        assert_eq!(a.pack_at(s), Some(1));
        assert_eq!(a.pack_at(t.find("struct t").unwrap()), None);
        let mut l = LayoutAttrs::default();
        layout_of("packed, aligned(8)", &mut l).unwrap();
        assert_eq!(
            l,
            LayoutAttrs {
                packed: true,
                aligned: Some(8)
            }
        );
        assert!(layout_of("aligned(sizeof(long))", &mut l).is_err());
    }

    #[test]
    fn attributes_become_spaces() {
        let t = "struct __attribute__((aligned(8))) b { int v; } __attribute__ ((packed));\nchar *s = \"__attribute__((x))\";";
        let r = blank_attributes(t).unwrap();
        assert_eq!(r.len(), t.len());
        assert!(r.starts_with("struct                             b { int v; }"));
        assert!(r.ends_with("\"__attribute__((x))\";"));
        assert!(blank_attributes("int x;").is_none());
    }
}
