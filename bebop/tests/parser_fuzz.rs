//! Fuzzing the front end: `parse` (and `check`, the printer and diagnostic
//! rendering when parsing succeeds) must never panic or overflow the stack,
//! whatever the input.
//!
//! The number of cases per strategy comes from `BEBOP_FUZZ_CASES` (default
//! 2000, so CI stays fast); `scripts/fuzz-parser` runs a million inputs.

use bebop::check::{check, check_with_source};
use bebop::parser::parse;
use bebop::printer::{print_program, without_spans};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::panic::{catch_unwind, AssertUnwindSafe};

fn cases() -> u32 {
    std::env::var("BEBOP_FUZZ_CASES")
        .ok()
        .and_then(|s| s.trim().parse().ok())
        .unwrap_or(2000)
}

fn config() -> Config {
    Config {
        cases: cases(),
        // Long runs should report the failing input, not spend minutes
        // shrinking it.
        max_shrink_iters: 2000,
        ..Config::default()
    }
}

/// Runs the whole front end on `src`; returns a description of the first
/// panic or broken invariant, if any.
fn exercise(src: &str) -> Result<(), String> {
    let outcome = catch_unwind(AssertUnwindSafe(|| -> Result<(), String> {
        match parse(src) {
            Err(d) => {
                if d.span.start > d.span.end || d.span.end as usize > src.len() {
                    return Err(format!("span {:?} outside the input", d.span));
                }
                let _ = d.render("fuzz.bp", src);
            }
            Ok(p) => {
                // Rendering costs O(input) per diagnostic: render a few.
                let (d1, d2) = (check(&p), check_with_source(&p, src));
                if d1.len() != d2.len() {
                    return Err("check and check_with_source disagree".into());
                }
                for d in d1.iter().take(8).chain(d2.iter().take(8)) {
                    let _ = d.render("fuzz.bp", src);
                }
                let printed = print_program(&p);
                let again =
                    parse(&printed).map_err(|d| format!("printed program fails: {}", d.message))?;
                if without_spans(&again) != without_spans(&p) {
                    return Err(format!("round trip changed the program:\n{printed}"));
                }
            }
        }
        Ok(())
    }));
    match outcome {
        Ok(r) => r,
        Err(e) => Err(format!(
            "panic: {}",
            e.downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default()
        )),
    }
}

/// Bytes, half of them drawn from the characters the lexer cares about.
fn bytes() -> impl Strategy<Value = Vec<u8>> {
    let interesting: &'static [u8] = b"(){}[];:=!&|^<>?*/,_ \n\tabxyTF01";
    prop::collection::vec(
        prop_oneof![any::<u8>(), proptest::sample::select(interesting)],
        0..256,
    )
}

/// Grammar tokens (and a few near misses).
const TOKENS: &[&str] = &[
    "decl",
    "begin",
    "end",
    "if",
    "then",
    "elsif",
    "else",
    "fi",
    "while",
    "do",
    "od",
    "skip",
    "print",
    "goto",
    "return",
    "assert",
    "assume",
    "enforce",
    "schoose",
    "void",
    "bool",
    "T",
    "F",
    "0",
    "1",
    "2",
    "99999999999999999999999",
    "main",
    "f",
    "x",
    "y",
    "L",
    "_z9",
    "{x == 0}",
    "{a{b}}",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    ":",
    ":=",
    "=>",
    "|",
    "^",
    "&",
    "=",
    "!=",
    "!",
    "*",
    "?",
    "<",
    ">",
    "/*",
    "*/",
    "//",
    "\n",
    "é",
    "\u{0}",
    "==",
];

/// Runs of grammar tokens: mostly single tokens, sometimes a token repeated
/// hundreds of times (to reach the nesting limits), joined with or without
/// whitespace.
fn token_sequence() -> impl Strategy<Value = String> {
    let run = (
        proptest::sample::select(TOKENS),
        prop_oneof![8 => Just(1usize), 1 => 1usize..1200],
    );
    (prop::collection::vec(run, 0..64), any::<bool>()).prop_map(|(runs, spaced)| {
        let sep = if spaced { " " } else { "" };
        let mut s = String::new();
        for (tok, n) in runs {
            for _ in 0..n {
                s.push_str(tok);
                s.push_str(sep);
            }
        }
        s
    })
}

proptest! {
    #![proptest_config(config())]

    /// Arbitrary bytes, decoded as lossy UTF-8.
    #[test]
    fn fuzz_arbitrary_bytes(b in bytes()) {
        let src = String::from_utf8_lossy(&b);
        if let Err(e) = exercise(&src) {
            return Err(TestCaseError::fail(format!("{e}\ninput: {src:?}")));
        }
    }

    /// Random sequences of grammar tokens.
    #[test]
    fn fuzz_token_sequences(src in token_sequence()) {
        if let Err(e) = exercise(&src) {
            return Err(TestCaseError::fail(format!("{e}\ninput: {src:?}")));
        }
    }
}

#[test]
fn fuzz_pathological_inputs() {
    let n = 200_000;
    for src in [
        String::new(),
        "{".repeat(n),
        "}".repeat(n),
        "/*".repeat(n),
        "(".repeat(n),
        format!("main() begin x := {}; end", "!".repeat(n)),
        format!("main() begin x := {}x; end", "schoose[".repeat(n)),
        format!("main() begin {} end", "L: ".repeat(n)),
        format!("main() begin {} end", "while (x) do ".repeat(n)),
        format!("main() begin x := x{}; end", " => x".repeat(n)),
        format!("main() begin x := x{}; end", " & x".repeat(n)),
        format!("bool<{}> f() begin end", "9".repeat(100)),
        // Many duplicates / targets: the checker must stay linear.
        format!("decl {}g; main() begin skip; end", "g, ".repeat(n)),
        format!("decl g; main() begin {}g := 0; end", "g, ".repeat(n)),
        format!("main() begin {} end", "L: skip; ".repeat(n)),
        "\u{feff}main() begin skip; end".to_string(),
        "main() begin skip; end\r\n".to_string(),
    ] {
        if let Err(e) = exercise(&src) {
            panic!("{e}");
        }
    }
}
