//! GNU C that lang-c cannot parse, rewritten before parsing into C it can, with the same
//! meaning for the analysis.
//!
//! - `asm goto (T : O : I : C : L1, L2)` (Linux's `asm/jump_label.h`, `WARN_ON`,
//!   `unsafe_get_user`): lang-c has no label operands. The statement becomes
//!   `{ asm volatile (T : O : I : C); switch (__VERIFIER_nondet_int()) { case 1: goto L1;
//!   case 2: goto L2; default: ; } }`: the assembly's outputs are havocked as for any inline
//!   assembly, and control goes on at any of its labels or falls through — every way the
//!   real instruction may go, so nothing it does is lost.
//! - `__builtin_types_compatible_p(T1, T2)` (the kernel's `__same_type`, `abs()`,
//!   `min()`): lang-c parses no type names as call arguments. It becomes
//!   `__slamrs_types_compatible_p((typeof(T1) *)0, (typeof(T2) *)0)`, which the lowering
//!   folds to the constant gcc computes, comparing the CIR types (so `long` and
//!   `long long` of the same width count as compatible, where gcc says they are not).
//!
//! - `asm inline (...)`, `asm __inline volatile (...)`: lang-c knows no `inline` qualifier
//!   on assembly (it only tells gcc to count the assembly as small); it is blanked.
//!
//! - `__auto_type x = e;` (the kernel's `min()`, `fortify` checks): becomes
//!   `typeof(e) x = e;`, which declares the same thing (`typeof` does not evaluate `e`).
//!
//! - `x ?: y` (the conditional with the middle operand left out): `x ? (x) : y` when `x`
//!   has no side effects (no call, `++`, `--` or assignment), else
//!   `({ typeof(x) __slamrs_elvis = (x); __slamrs_elvis ? __slamrs_elvis : (y); })`, so
//!   `x` is evaluated once either way. The operands' extents follow the precedence of `?:`
//!   (only assignment and comma bind more loosely).
//!
//! - `= { }` and `(struct s) { }` (empty initializers, C23 and GNU): `{ 0 }`, which
//!   zeroes the same object.
//!
//! - `__label__ out;` (local labels, declared at the start of a block: the kernel's
//!   `wait_event*()` macros): the declaration is blanked and the label renamed, in that
//!   block, to a name of its own (`out__slamrs_label3`), so that two expansions of the
//!   macro in one function do not define one label twice. The innermost declaration of
//!   a name wins inside its block, as in GNU C.
//!
//! The rewrite keeps every newline where it was (line markers stay right); columns move
//! only on the rewritten lines.

use super::prune::{tokens, Tok};

/// Every rewrite of this module in turn; `None` when none applies.
pub fn rewrite_all(text: &str) -> Option<String> {
    let rewrites: [fn(&str) -> Option<String>; 6] = [
        rewrite_local_labels,
        rewrite_asm,
        rewrite_auto_type,
        rewrite_empty_init,
        rewrite_elvis,
        rewrite_types_compatible,
    ];
    let mut out: Option<String> = None;
    for r in rewrites {
        if let Some(t) = r(out.as_deref().unwrap_or(text)) {
            out = Some(t);
        }
    }
    out
}

/// Rewrites every local label declaration (`__label__ a, b;`); `None` when the text has
/// none.
pub fn rewrite_local_labels(text: &str) -> Option<String> {
    const NAME: &str = "__label__";
    if !text.contains(NAME) {
        return None;
    }
    let toks = tokens(text);
    let decls: Vec<usize> = (0..toks.len())
        .filter(|&i| toks[i].1 == Tok::Ident(NAME))
        .collect();
    // new names per token, and the byte spans of the declarations to blank
    let mut renamed: Vec<Option<String>> = vec![None; toks.len()];
    let mut blank: Vec<(usize, usize)> = Vec::new();
    for (n, &i) in decls.iter().enumerate().rev() {
        let mut names = Vec::new();
        let mut j = i + 1;
        while let Some((_, t)) = toks.get(j) {
            match t {
                Tok::Ident(id) => names.push(*id),
                Tok::Punct(b',') => {}
                _ => break,
            }
            j += 1;
        }
        let Some((semi, Tok::Punct(b';'))) = toks.get(j) else {
            continue;
        };
        let Some((open, close)) = enclosing_block(&toks, i) else {
            continue;
        };
        blank.push((toks[i].0, semi + 1));
        for k in open..close {
            if let Tok::Ident(id) = toks[k].1 {
                if k > j && renamed[k].is_none() && names.contains(&id) {
                    renamed[k] = Some(format!("{id}__slamrs_label{n}"));
                }
            }
        }
    }
    let mut out = String::with_capacity(text.len() + 1024);
    let mut from = 0;
    blank.sort_unstable();
    let mut b = blank.iter().peekable();
    for (k, new) in renamed.iter().enumerate() {
        let at = toks[k].0;
        while let Some(&&(start, end)) = b.peek() {
            if start > at {
                break;
            }
            blank_span(&mut out, text, &mut from, start, end);
            b.next();
        }
        if let (Some(new), Tok::Ident(id)) = (new, toks[k].1) {
            if at >= from {
                out.push_str(&text[from..at]);
                out.push_str(new);
                from = at + id.len();
            }
        }
    }
    for &(start, end) in b {
        blank_span(&mut out, text, &mut from, start, end);
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// Copies `text` from `from` up to `start` into `out`, then `start..end` as blanks (its
/// newlines kept); `from` moves to `end`. Nothing when the span begins before `from`.
fn blank_span(out: &mut String, text: &str, from: &mut usize, start: usize, end: usize) {
    if start < *from {
        return;
    }
    out.push_str(&text[*from..start]);
    out.extend(
        text[start..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' }),
    );
    *from = end;
}

/// The token indexes of the `{` before token `i` that is not closed before it, and of
/// the `}` that closes it.
fn enclosing_block(toks: &[(usize, Tok<'_>)], i: usize) -> Option<(usize, usize)> {
    let mut depth = 0usize;
    let mut open = None;
    for k in (0..i).rev() {
        match toks[k].1 {
            Tok::Punct(b'}') => depth += 1,
            Tok::Punct(b'{') if depth == 0 => {
                open = Some(k);
                break;
            }
            Tok::Punct(b'{') => depth -= 1,
            _ => {}
        }
    }
    let open = open?;
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open + 1) {
        match t.1 {
            Tok::Punct(b'{') => depth += 1,
            Tok::Punct(b'}') if depth == 0 => return Some((open, k)),
            Tok::Punct(b'}') => depth -= 1,
            _ => {}
        }
    }
    None
}

/// Rewrites every `asm goto` and `asm inline`; `None` when the text has none.
pub fn rewrite_asm(text: &str) -> Option<String> {
    if !text.contains("asm") {
        return None;
    }
    let toks = tokens(text);
    // (start of the asm keyword, offset of `goto`, offset of the 4th top-level `:`,
    //  offset of the closing `)`, labels)
    let mut edits: Vec<(usize, usize, usize, usize, Vec<String>)> = Vec::new();
    // `inline` qualifiers of asm statements: (offset, length)
    let mut inlines: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let (at, t) = toks[i];
        let is_asm = matches!(t, Tok::Ident("asm" | "__asm__" | "__asm"));
        if !is_asm {
            i += 1;
            continue;
        }
        // qualifiers, then `(`
        let mut j = i + 1;
        let mut goto_at = None;
        while let Some((o, Tok::Ident(q))) = toks.get(j) {
            match *q {
                "goto" => goto_at = Some(*o),
                "inline" | "__inline__" | "__inline" => inlines.push((*o, q.len())),
                "volatile" | "__volatile__" | "__volatile" => {}
                _ => break,
            }
            j += 1;
        }
        let (Some(goto_at), Some((_, Tok::Punct(b'(')))) = (goto_at, toks.get(j)) else {
            i += 1;
            continue;
        };
        // the operands up to the matching `)`
        let mut depth = 0usize;
        let mut colons = Vec::new();
        let mut close = None;
        let mut k = j;
        while k < toks.len() {
            match toks[k].1 {
                Tok::Punct(b'(') | Tok::Punct(b'[') => depth += 1,
                Tok::Punct(b')') | Tok::Punct(b']') => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                Tok::Punct(b':') if depth == 1 => colons.push(k),
                _ => {}
            }
            k += 1;
        }
        let (Some(close), Some(&fourth)) = (close, colons.get(3)) else {
            i += 1;
            continue;
        };
        let labels: Vec<String> = toks[fourth + 1..close]
            .iter()
            .filter_map(|(_, t)| match t {
                Tok::Ident(l) => Some(l.to_string()),
                _ => None,
            })
            .collect();
        edits.push((at, goto_at, toks[fourth].0, toks[close].0, labels));
        i = close + 1;
    }
    if edits.is_empty() && inlines.is_empty() {
        return None;
    }
    let mut bytes = text.as_bytes().to_vec();
    for (o, n) in inlines {
        bytes[o..o + n].fill(b' ');
    }
    let text = &String::from_utf8(bytes).ok()?;
    let mut out = String::with_capacity(text.len() + edits.len() * 96);
    let mut from = 0;
    let blank = |s: &str| -> String {
        s.chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect()
    };
    for (asm, goto, fourth, close, labels) in edits {
        out.push_str(&text[from..asm]);
        out.push_str("{ ");
        out.push_str(&text[asm..goto]);
        out.push_str("volatile");
        out.push_str(&text[goto + 4..fourth]);
        out.push_str(&blank(&text[fourth..close]));
        out.push_str("); switch (__VERIFIER_nondet_int()) { ");
        for (n, l) in labels.iter().enumerate() {
            out.push_str(&format!("case {}: goto {l}; ", n + 1));
        }
        out.push_str("default: ; } }");
        from = close + 1;
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// The name [`rewrite_types_compatible`] gives `__builtin_types_compatible_p`.
pub const TYPES_COMPATIBLE: &str = "__slamrs_types_compatible_p";

/// Rewrites every `__builtin_types_compatible_p(T1, T2)`; `None` when the text has none.
pub fn rewrite_types_compatible(text: &str) -> Option<String> {
    const NAME: &str = "__builtin_types_compatible_p";
    if !text.contains(NAME) {
        return None;
    }
    let toks = tokens(text);
    let mut out = String::with_capacity(text.len() + 4096);
    let mut from = 0;
    let mut i = 0;
    while i < toks.len() {
        if toks[i].1 != Tok::Ident(NAME) || toks.get(i + 1).map(|t| t.1) != Some(Tok::Punct(b'(')) {
            i += 1;
            continue;
        }
        let mut depth = 0usize;
        let mut comma = None;
        let mut close = None;
        for (k, t) in toks.iter().enumerate().skip(i + 1) {
            match t.1 {
                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                Tok::Punct(b')' | b']' | b'}') => {
                    depth -= 1;
                    if depth == 0 {
                        close = Some(k);
                        break;
                    }
                }
                Tok::Punct(b',') if depth == 1 && comma.is_none() => comma = Some(k),
                _ => {}
            }
        }
        let (Some(comma), Some(close)) = (comma, close) else {
            i += 1;
            continue;
        };
        let (open_at, comma_at, close_at) = (toks[i + 1].0, toks[comma].0, toks[close].0);
        out.push_str(&text[from..toks[i].0]);
        // `typeof(T)` as it is (lang-c parses no `typeof` of a `typeof`), else wrapped
        // in one (so arrays and functions take the `*`)
        let operand = |t: &str| {
            let t = t.trim();
            let bare = ["typeof", "__typeof__", "__typeof"]
                .iter()
                .any(|k| t.starts_with(k) && t.ends_with(')'));
            if bare {
                format!("({t} *)0")
            } else {
                format!("(typeof({t}) *)0")
            }
        };
        out.push_str(&format!(
            "{TYPES_COMPATIBLE}({}, {})",
            operand(&text[open_at + 1..comma_at]),
            operand(&text[comma_at + 1..close_at])
        ));
        from = close_at + 1;
        i = close + 1;
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// Rewrites every `__auto_type NAME = INIT`; `None` when the text has none.
pub fn rewrite_auto_type(text: &str) -> Option<String> {
    const NAME: &str = "__auto_type";
    if !text.contains(NAME) {
        return None;
    }
    let toks = tokens(text);
    let mut out = String::with_capacity(text.len() + 4096);
    let mut from = 0;
    for i in 0..toks.len() {
        if toks[i].1 != Tok::Ident(NAME) {
            continue;
        }
        let (Some((_, Tok::Ident(_))), Some((eq, Tok::Punct(b'=')))) =
            (toks.get(i + 1), toks.get(i + 2))
        else {
            continue;
        };
        // the initializer: up to `;` or `,` outside brackets
        let mut depth = 0usize;
        let mut end = None;
        for t in &toks[i + 3..] {
            match t.1 {
                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                Tok::Punct(b')' | b']' | b'}') if depth > 0 => depth -= 1,
                Tok::Punct(b')' | b']' | b'}') => break,
                Tok::Punct(b';' | b',') if depth == 0 => {
                    end = Some(t.0);
                    break;
                }
                _ => {}
            }
        }
        let Some(end) = end else { continue };
        let init = text[eq + 1..end].replace('\n', " ");
        out.push_str(&text[from..toks[i].0]);
        out.push_str(&format!("typeof({init})"));
        from = toks[i].0 + NAME.len();
    }
    if from == 0 {
        return None;
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// Rewrites every `x ?: y`; `None` when the text has none.
pub fn rewrite_elvis(text: &str) -> Option<String> {
    let toks = tokens(text);
    let is = |k: usize, c: u8| matches!(toks.get(k), Some((_, Tok::Punct(p))) if *p == c);
    // `?` then `:` with only blanks between
    let sites: Vec<usize> = (0..toks.len().saturating_sub(1))
        .filter(|&k| {
            is(k, b'?') && is(k + 1, b':') && text[toks[k].0 + 1..toks[k + 1].0].trim().is_empty()
        })
        .collect();
    if sites.is_empty() {
        return None;
    }
    // a token that ends the left operand when met going backwards at depth 0
    let assign_at = |k: usize| {
        // `=` not part of `==`, `!=`, `<=`, `>=` (but `<<=`, `>>=` are assignments)
        if !is(k, b'=') || is(k + 1, b'=') {
            return false;
        }
        let prev_adjacent = k > 0 && toks[k - 1].0 + 1 == toks[k].0;
        if !prev_adjacent {
            return true;
        }
        match toks[k - 1].1 {
            Tok::Punct(b'=' | b'!') => false,
            Tok::Punct(b'<') => k >= 2 && is(k - 2, b'<') && toks[k - 2].0 + 1 == toks[k - 1].0,
            Tok::Punct(b'>') => k >= 2 && is(k - 2, b'>') && toks[k - 2].0 + 1 == toks[k - 1].0,
            _ => true,
        }
    };
    let mut out = String::with_capacity(text.len() + sites.len() * 64);
    let mut from = 0;
    for q in sites {
        if toks[q].0 < from {
            continue;
        }
        // left operand: back to an unmatched opener, `,`, `;`, `?`, `:`, an assignment,
        // `return` or `case`
        let mut depth = 0usize;
        let mut start = q;
        let mut side_effects = false;
        while start > 0 {
            let k = start - 1;
            match toks[k].1 {
                Tok::Punct(b')' | b']' | b'}') => depth += 1,
                Tok::Punct(b'(' | b'[' | b'{') => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                    if toks[k].1 == Tok::Punct(b'(') && k > 0 {
                        if let Tok::Ident(w) = toks[k - 1].1 {
                            if !matches!(w, "sizeof" | "typeof" | "__typeof__" | "_Alignof") {
                                side_effects = true;
                            }
                        }
                    }
                }
                Tok::Punct(b',' | b';' | b'?' | b':') if depth == 0 => break,
                Tok::Ident("return" | "case") if depth == 0 => break,
                _ if depth == 0 && assign_at(k) => break,
                _ => {}
            }
            if assign_at(k)
                || ((is(k, b'+') && is(k + 1, b'+')) || (is(k, b'-') && is(k + 1, b'-')))
            {
                side_effects = true;
            }
            start = k;
        }
        if start == q {
            continue;
        }
        let left = &text[toks[start].0..toks[q].0];
        let colon_end = toks[q + 1].0 + 1;
        if !side_effects {
            out.push_str(&text[from..toks[q].0]);
            out.push_str(&format!("? ({}) :", left.trim()));
            from = colon_end;
            continue;
        }
        // right operand: to an unmatched closer, `,` or `;` at depth 0, or a `:` without
        // its `?` inside the operand
        let mut depth = 0usize;
        let mut open_q = 0usize;
        let mut end = toks.len();
        for (k, t) in toks.iter().enumerate().skip(q + 2) {
            match t.1 {
                Tok::Punct(b'(' | b'[' | b'{') => depth += 1,
                Tok::Punct(b')' | b']' | b'}') if depth == 0 => {
                    end = k;
                    break;
                }
                Tok::Punct(b')' | b']' | b'}') => depth -= 1,
                Tok::Punct(b',' | b';') if depth == 0 => {
                    end = k;
                    break;
                }
                Tok::Punct(b'?') if depth == 0 => open_q += 1,
                Tok::Punct(b':') if depth == 0 && open_q == 0 => {
                    end = k;
                    break;
                }
                Tok::Punct(b':') if depth == 0 => open_q -= 1,
                _ => {}
            }
        }
        let Some(&(end_at, _)) = toks.get(end) else {
            continue;
        };
        let right = &text[colon_end..end_at];
        out.push_str(&text[from..toks[start].0]);
        out.push_str(&format!(
            "({{ typeof({l}) __slamrs_elvis = ({l}); __slamrs_elvis ? __slamrs_elvis : ({r}); }})",
            l = left.trim().replace('\n', " "),
            r = right.trim().replace('\n', " ")
        ));
        // keep the right operand's newlines
        out.extend(right.chars().filter(|&c| c == '\n'));
        out.extend(left.chars().filter(|&c| c == '\n'));
        from = end_at;
    }
    out.push_str(&text[from..]);
    Some(out)
}

/// Rewrites empty initializers `{ }` after `=`, `,` or a cast; `None` when there are none.
pub fn rewrite_empty_init(text: &str) -> Option<String> {
    let toks = tokens(text);
    let is = |k: usize, c: u8| matches!(toks.get(k), Some((_, Tok::Punct(p))) if *p == c);
    let mut zeros = Vec::new();
    for k in 1..toks.len().saturating_sub(1) {
        // (the rough lexer skips numbers and strings: nothing may lie between)
        let empty =
            is(k, b'{') && is(k + 1, b'}') && text[toks[k].0 + 1..toks[k + 1].0].trim().is_empty();
        if !empty {
            continue;
        }
        let init = match toks[k - 1].1 {
            // `= { }` (not `== { }`, which is no C)
            Tok::Punct(b'=') => true,
            Tok::Punct(b',') => true,
            // `(type) { }`: the `(` is in expression position
            Tok::Punct(b')') => {
                let mut depth = 0usize;
                let mut j = k - 1;
                loop {
                    match toks[j].1 {
                        Tok::Punct(b')') => depth += 1,
                        Tok::Punct(b'(') => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    if j == 0 {
                        break;
                    }
                    j -= 1;
                }
                j > 0
                    && matches!(
                        toks[j - 1].1,
                        Tok::Punct(b'=' | b'(' | b',' | b'?' | b':' | b'{' | b';')
                            | Tok::Ident("return")
                    )
            }
            _ => false,
        };
        if init {
            zeros.push(toks[k].0);
        }
    }
    if zeros.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len() + zeros.len() * 2);
    let mut from = 0;
    for z in zeros {
        out.push_str(&text[from..=z]);
        out.push_str(" 0");
        from = z + 1;
    }
    out.push_str(&text[from..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asm_goto_becomes_a_nondeterministic_jump() {
        let src = "int f(void) {\n asm goto(\"1: jmp %l[yes]\"\n : : \"i\"(3) : : yes, no);\n return 0;\n yes: return 1;\n no: return 2; }";
        let out = rewrite_asm(src).unwrap();
        assert_eq!(out.lines().count(), src.lines().count());
        assert!(out.contains("{ asm volatile(\"1: jmp %l[yes]\"\n : : \"i\"(3) "));
        assert!(out.contains("case 1: goto yes; case 2: goto no; default: ; } };"));
        assert!(!out.contains(": yes, no"));
    }

    #[test]
    fn types_compatible_takes_its_types_as_casts() {
        let out = rewrite_types_compatible(
            "int x = __builtin_types_compatible_p(typeof(a), unsigned long (*)[2]) + 1;",
        )
        .unwrap();
        assert_eq!(
            out,
            "int x = __slamrs_types_compatible_p((typeof(a) *)0, (typeof(unsigned long (*)[2]) *)0) + 1;"
        );
    }

    #[test]
    fn asm_inline_loses_its_inline() {
        assert_eq!(
            rewrite_asm("void f(void) { asm __inline volatile(\"nop\"); }").unwrap(),
            "void f(void) { asm          volatile(\"nop\"); }"
        );
    }

    #[test]
    fn auto_type_takes_the_type_of_its_initializer() {
        assert_eq!(
            rewrite_auto_type("{ __auto_type x = f(a, b), y = 2; }").unwrap(),
            "{ typeof( f(a, b)) x = f(a, b), y = 2; }"
        );
    }

    #[test]
    fn elvis_duplicates_a_pure_operand_and_binds_an_impure_one() {
        assert_eq!(
            rewrite_elvis("x = (long) e ?: v;").unwrap(),
            "x = (long) e ? ((long) e) : v;"
        );
        assert_eq!(
            rewrite_elvis("return a || b ?: c ? d : e;").unwrap(),
            "return a || b ? (a || b) : c ? d : e;"
        );
        assert_eq!(
            rewrite_elvis("f(g(x) ?: 3, 4);").unwrap(),
            "f(({ typeof(g(x)) __slamrs_elvis = (g(x)); __slamrs_elvis ? __slamrs_elvis : (3); }), 4);"
        );
        assert_eq!(rewrite_elvis("a ? b : c;"), None);
    }

    #[test]
    fn empty_initializers_become_zero() {
        assert_eq!(
            rewrite_empty_init(
                "struct s a = { }; void f(void) { } int g(void) { *p = (struct path) { }; }"
            )
            .unwrap(),
            "struct s a = { 0 }; void f(void) { } int g(void) { *p = (struct path) { 0 }; }"
        );
    }

    #[test]
    fn plain_asm_and_goto_are_left_alone() {
        assert_eq!(
            rewrite_asm("void f(void) { asm volatile(\"nop\"); goto l; l: ; }"),
            None
        );
    }
}
