//! A fallback for lang-c's grammar gaps around GNU attributes: lang-c rejects some valid
//! placements (e.g. `struct __attribute__((a)) s { ... } __attribute__((b));`). Lowering
//! ignores attributes other than `mode`, so on a syntax error the text is parsed again with
//! every `__attribute__((...))` blanked out. Blanking keeps every byte offset (and so every
//! reported location) unchanged.

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
                let start = i;
                while i < b.len() && (b[i] == b'_' || b[i].is_ascii_alphanumeric()) {
                    i += 1;
                }
                let word = &text[start..i];
                if word != "__attribute__" && word != "__attribute" {
                    continue;
                }
                let mut j = i;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j >= b.len() || b[j] != b'(' {
                    continue;
                }
                // Find the matching close parenthesis.
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
                for x in &mut out[start..=k] {
                    if *x != b'\n' {
                        *x = b' ';
                    }
                }
                found = true;
                i = k + 1;
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
    fn attributes_become_spaces() {
        let t = "struct __attribute__((aligned(8))) b { int v; } __attribute__ ((packed));\nchar *s = \"__attribute__((x))\";";
        let r = blank_attributes(t).unwrap();
        assert_eq!(r.len(), t.len());
        assert!(r.starts_with("struct                             b { int v; }"));
        assert!(r.ends_with("\"__attribute__((x))\";"));
        assert!(blank_attributes("int x;").is_none());
    }
}
