//! Mutation fuzzing of the C frontend. Every program of `c-tests/frontend/*.c` and
//! `c-tests/frontend-bad/*.c` is preprocessed once with `gcc -E` (files gcc rejects are
//! skipped); seeded random mutations of the preprocessed text (deleted, duplicated, swapped
//! and spliced token spans, inserted C tokens and statements over the program's names,
//! other types and operators, extreme numbers, truncation, byte flips) are loaded with
//! `frontend::load_text` in both data models.
//!
//! Checked for every mutant:
//! - nothing panics (the frontend turns a panic of its own thread into an `Internal`
//!   error, so `Internal` errors are failures too; a panic hook records where it happened);
//! - every error has a message, and every syntax error a position;
//! - a mutant that loads (the CIR verifier already ran inside `load_text`) is run by the
//!   interpreter with a `RandomOracle` for a small step bound in both integer modes, with
//!   the points-to soundness checker as observer: no panic, no points-to violation (except
//!   where the analysis's documented assumptions do not hold: a stored pointer outside its
//!   object, or a program indexing an array with a constant out of its bounds; those are
//!   counted as excused).
//!
//! `SLAMRS_FUZZ_FRONTEND` sets the number of mutants (default [`DEFAULT_MUTANTS`]),
//! `SLAMRS_FUZZ_SEED` the seed (default 0). Failing mutants are written to
//! `$CARGO_TARGET_TMPDIR/frontend-fuzz/`. `scripts/fuzz-frontend N [SEED]` runs many in
//! release mode.

mod common;

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use slamrs_abstraction::analysis::layout;
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::analysis::soundness::{PointsToChecker, Violation};
use slamrs_abstraction::cir::{Callee, DataModel, Expr, ExprKind, Lval, Program, Stmt, TypeKind};
use slamrs_abstraction::frontend::{load_text, ErrorKind, FrontendError, LoadOptions};
use slamrs_abstraction::interp::{run, Config, IntMode, ObjKind, Outcome, RandomOracle, Value};
use std::collections::BTreeMap;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Mutants in a plain `cargo test` run (sized to take a few seconds in the test profile).
const DEFAULT_MUTANTS: usize = 2000;

/// Interpreter steps per run of a mutant that loads.
const MAX_STEPS: u64 = 2000;

/// Failures printed in full (all are counted).
const SHOWN_FAILURES: usize = 10;

/// Tokens and snippets inserted by mutations: statement and declaration keywords, brackets,
/// operators, GNU extensions, extreme and malformed numbers, line markers.
const INSERTS: &[&str] = &[
    "goto",
    "goto L;",
    "L:",
    "case",
    "case 1:",
    "default:",
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    ";",
    ",",
    "*",
    "&",
    "&&",
    "||",
    "!",
    "~",
    "-",
    "+",
    "++",
    "--",
    "=",
    "==",
    "+=",
    "<<=",
    ">>",
    "->",
    ".",
    "?",
    ":",
    "...",
    "sizeof",
    "sizeof(int)",
    "_Alignof(long)",
    "struct",
    "struct s",
    "union",
    "enum",
    "enum { E = 1 }",
    "typedef",
    "static",
    "extern",
    "const",
    "volatile",
    "register",
    "inline",
    "auto",
    "restrict",
    "void",
    "char",
    "_Bool",
    "short",
    "int",
    "long",
    "unsigned",
    "signed",
    "float",
    "double",
    "__int128",
    "_Complex",
    "if",
    "else",
    "while",
    "do",
    "for",
    "switch",
    "break",
    "continue",
    "return",
    "return 0;",
    "__attribute__((x))",
    "__attribute__((aligned(8)))",
    "__attribute__((packed))",
    "__asm__(\"\")",
    "__asm__ volatile(\"nop\" ::: \"memory\")",
    "__extension__",
    "__typeof__(1)",
    "typeof",
    "({ 0; })",
    "_Static_assert(1, \"s\")",
    "_Generic",
    "__label__",
    "__builtin_expect",
    "0",
    "1",
    "-1",
    "1u",
    "0x7fffffffffffffffff",
    "0x8000000000000000",
    "9223372036854775808",
    "18446744073709551615u",
    "4294967296",
    "2147483648",
    "1 << 63",
    "0777",
    "09",
    "1e999",
    "1.5",
    "'\\0'",
    "'ab'",
    "\"str\"",
    "L\"w\"",
    "x",
    "main",
    "p",
    "(void *)0",
    "(char)",
    "(unsigned long)",
    "[0]",
    "[-1]",
    "[4294967296]",
    "&&L",
    "reach_error()",
    "__VERIFIER_nondet_int()",
    "__VERIFIER_assume(0)",
    "abort()",
    "exit(1)",
    "malloc(8)",
    "free(0)",
    "memset",
    "printf(\"%d\\n\", 1)",
    "setjmp",
    "alloca(4)",
    "#",
    "\\",
    "@",
    "$",
    "`",
    "\n# 1 \"other.h\"\n",
    "\n# 7 \"<built-in>\"\n",
    "\n# 99999999999 \"x.h\" 3\n",
    "\n#pragma once\n",
];

/// A token with the whitespace before it, and whether it came from the main file (rather
/// than from a header).
#[derive(Clone, Debug)]
struct Tok {
    text: String,
    main: bool,
}

/// One preprocessed corpus program, cut into tokens.
struct Seed {
    name: String,
    toks: Vec<Tok>,
    /// Indices of the tokens from the main file.
    main_idx: Vec<usize>,
}

/// Cut preprocessed text into rough C tokens (identifiers and numbers, string and character
/// literals, operators, whole line-marker and directive lines), each carrying the whitespace
/// before it; concatenating the tokens gives the text back.
fn tokenize(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    let mut main_file: Option<String> = None;
    let mut in_main = true;
    while i < b.len() {
        let start = i;
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i >= b.len() {
            toks.push(Tok {
                text: text[start..].to_string(),
                main: in_main,
            });
            break;
        }
        let at_line_start = i == 0 || text[start..i].contains('\n');
        let tok_start = i;
        let c = b[i];
        if c == b'#' && at_line_start {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            // `# 12 "file.c" 1`: switch the current file.
            let line = &text[tok_start..i];
            if let Some(q) = line.find('"') {
                let file = line[q..].split('"').nth(1).unwrap_or("").to_string();
                let main = main_file.get_or_insert_with(|| file.clone());
                in_main = *main == file;
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
        } else {
            const OPS: [&str; 22] = [
                "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&",
                "||", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=",
            ];
            let rest = &text[i..];
            i += OPS.iter().find(|op| rest.starts_with(*op)).map_or_else(
                || rest.chars().next().map_or(1, char::len_utf8),
                |op| op.len(),
            );
        }
        // Keep token boundaries on character boundaries.
        while i < b.len() && !text.is_char_boundary(i) {
            i += 1;
        }
        toks.push(Tok {
            text: text[start..i].to_string(),
            main: in_main,
        });
    }
    toks
}

/// The class of a token: `a` names and keywords, `0` numbers, `"` literals, `#` lines,
/// `+` operators and punctuation.
fn tok_class(text: &str) -> char {
    match text.trim_start().chars().next() {
        Some(c) if c.is_ascii_digit() => '0',
        Some(c) if c.is_ascii_alphabetic() || c == '_' => 'a',
        Some('"' | '\'') => '"',
        Some('#') => '#',
        _ => '+',
    }
}

/// C keywords and the GNU ones gcc's headers use.
fn is_keyword(w: &str) -> bool {
    const KEYWORDS: [&str; 44] = [
        "auto",
        "break",
        "case",
        "char",
        "const",
        "continue",
        "default",
        "do",
        "double",
        "else",
        "enum",
        "extern",
        "float",
        "for",
        "goto",
        "if",
        "inline",
        "int",
        "long",
        "register",
        "restrict",
        "return",
        "short",
        "signed",
        "sizeof",
        "static",
        "struct",
        "switch",
        "typedef",
        "union",
        "unsigned",
        "void",
        "volatile",
        "while",
        "_Bool",
        "_Complex",
        "_Noreturn",
        "_Static_assert",
        "_Thread_local",
        "_Alignof",
        "_Alignas",
        "_Generic",
        "_Atomic",
        "_Imaginary",
    ];
    KEYWORDS.contains(&w) || w.starts_with("__")
}

/// Preprocess `path` with `gcc -E`; None if gcc rejects it.
fn preprocess(path: &Path) -> Option<String> {
    let out = Command::new("gcc").arg("-E").arg(path).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The corpus: every `.c` file of both directories that gcc preprocesses.
fn load_seeds() -> (Vec<Seed>, usize) {
    let mut files = common::c_files(&common::corpus_dir("frontend"));
    files.extend(common::c_files(&common::corpus_dir("frontend-bad")));
    let mut skipped = 0;
    let mut seeds = Vec::new();
    for path in &files {
        let Some(text) = preprocess(path) else {
            skipped += 1;
            continue;
        };
        let toks = tokenize(&text);
        debug_assert_eq!(
            toks.iter().map(|t| t.text.as_str()).collect::<String>(),
            text
        );
        let main_idx = (0..toks.len()).filter(|&i| toks[i].main).collect();
        seeds.push(Seed {
            name: common::short_name(path),
            toks,
            main_idx,
        });
    }
    (seeds, skipped)
}

/// A token index of `toks` to mutate at: mostly in the main file, sometimes anywhere.
fn pick(rng: &mut SmallRng, toks: &[Tok]) -> usize {
    if toks.is_empty() {
        return 0;
    }
    for _ in 0..4 {
        let i = rng.gen_range(0..toks.len());
        if toks[i].main || rng.gen_bool(0.1) {
            return i;
        }
    }
    rng.gen_range(0..toks.len())
}

/// A span length: usually short, sometimes long.
fn span_len(rng: &mut SmallRng) -> usize {
    if rng.gen_bool(0.8) {
        rng.gen_range(1..=3)
    } else {
        rng.gen_range(1..=40)
    }
}

/// A token with a leading space.
fn spaced(text: &str) -> Tok {
    Tok {
        text: format!(" {text}"),
        main: true,
    }
}

/// Apply one random mutation to `toks`; its name (for statistics).
fn mutate(rng: &mut SmallRng, toks: &mut Vec<Tok>, seeds: &[Seed]) -> &'static str {
    let i = pick(rng, toks);
    let n = toks.len();
    match rng.gen_range(0..18u32) {
        0 => {
            let end = (i + span_len(rng)).min(n);
            toks.drain(i..end);
            "delete"
        }
        1 => {
            let end = (i + span_len(rng)).min(n);
            let copy: Vec<Tok> = toks[i..end].to_vec();
            let at = pick(rng, toks);
            toks.splice(at..at, copy);
            "duplicate"
        }
        2 => {
            let j = pick(rng, toks);
            if i < n && j < n {
                toks.swap(i, j);
            }
            "swap"
        }
        3 | 4 => {
            let ins = INSERTS[rng.gen_range(0..INSERTS.len())];
            toks.insert(i.min(n), spaced(ins));
            "insert"
        }
        5 | 11 => {
            // Replace a token with one of the same class from elsewhere in the program
            // (a name by a name, a number by a number, an operator by an operator).
            if i < n {
                let class = tok_class(&toks[i].text);
                let same: Vec<usize> = (0..4)
                    .map(|_| pick(rng, toks))
                    .filter(|&j| j < n && tok_class(&toks[j].text) == class)
                    .collect();
                if let Some(&j) = same.first() {
                    let word = toks[j].text.trim_start().to_string();
                    toks[i] = spaced(&word);
                }
            }
            "replace"
        }
        12 | 13 => {
            // A statement over the program's own names after a `;`, `{` or `}`.
            let names: Vec<String> = (0..6)
                .map(|_| pick(rng, toks))
                .map(|j| toks.get(j).map_or("", |t| t.text.trim_start()))
                .filter(|w| tok_class(w) == 'a' && !is_keyword(w))
                .map(str::to_string)
                .collect();
            let stmt_at = (0..8)
                .map(|_| pick(rng, toks))
                .find(|&j| j < n && matches!(toks[j].text.trim_start(), ";" | "{" | "}"));
            if let (Some(at), [a, b, ..]) = (stmt_at, names.as_slice()) {
                const FORMS: [&str; 16] = [
                    "A = B;",
                    "A = &B;",
                    "*A = B;",
                    "A = *B;",
                    "A++;",
                    "A = (void *)B;",
                    "A = B[0];",
                    "A[1] = B;",
                    "A.f = B;",
                    "A->f = B;",
                    "if (A) return B;",
                    "while (A) A = B;",
                    "A = A / B;",
                    "A = A << B;",
                    "A = (char)B;",
                    "A = sizeof B;",
                ];
                let form = FORMS[rng.gen_range(0..FORMS.len())];
                let stmt = form.replace('A', a).replace('B', b);
                toks.insert(at + 1, spaced(&stmt));
            }
            "statement"
        }
        6 => {
            // Splice in a span of another corpus program.
            let other = &seeds[rng.gen_range(0..seeds.len())];
            if !other.main_idx.is_empty() {
                let from = other.main_idx[rng.gen_range(0..other.main_idx.len())];
                let end = (from + span_len(rng) * 3).min(other.toks.len());
                toks.splice(i.min(n)..i.min(n), other.toks[from..end].iter().cloned());
            }
            "splice"
        }
        7 => {
            // An extreme number in place of a numeric token.
            const NUMS: [&str; 8] = [
                "0x7fffffffffffffffff",
                "-9223372036854775808",
                "4294967295u",
                "2147483647",
                "0",
                "-1",
                "18446744073709551616",
                "0x80000000",
            ];
            let nums: Vec<usize> = (0..n)
                .filter(|&k| {
                    toks[k]
                        .text
                        .trim_start()
                        .starts_with(|c: char| c.is_ascii_digit())
                })
                .collect();
            if !nums.is_empty() {
                let k = nums[rng.gen_range(0..nums.len())];
                toks[k] = spaced(NUMS[rng.gen_range(0..NUMS.len())]);
            }
            "number"
        }
        8 => {
            // Truncate, possibly inside a token (an unterminated string or comment).
            if i < n {
                let t = &toks[i].text;
                let mut cut = rng.gen_range(0..=t.len());
                while !t.is_char_boundary(cut) {
                    cut -= 1;
                }
                toks[i].text.truncate(cut);
                toks.truncate(i + 1);
            }
            "truncate"
        }
        9 => {
            // Flip a byte of a token.
            if i < n {
                let mut bytes = toks[i].text.clone().into_bytes();
                if !bytes.is_empty() {
                    let k = rng.gen_range(0..bytes.len());
                    bytes[k] = if rng.gen_bool(0.7) {
                        rng.gen_range(0x20..0x7f)
                    } else {
                        rng.gen()
                    };
                }
                toks[i].text = String::from_utf8_lossy(&bytes).into_owned();
            }
            "byteflip"
        }
        14 | 15 => {
            // Another type for a type keyword of the main file.
            const TYPES: [&str; 16] = [
                "int",
                "long",
                "long long",
                "unsigned char",
                "signed char",
                "short",
                "unsigned",
                "_Bool",
                "char",
                "void",
                "void *",
                "int *",
                "char **",
                "unsigned long",
                "double",
                "const int",
            ];
            let at = (0..8).map(|_| pick(rng, toks)).find(|&j| {
                j < n
                    && matches!(
                        toks[j].text.trim_start(),
                        "int"
                            | "long"
                            | "char"
                            | "short"
                            | "unsigned"
                            | "signed"
                            | "_Bool"
                            | "void"
                    )
            });
            if let Some(j) = at {
                toks[j] = spaced(TYPES[rng.gen_range(0..TYPES.len())]);
            }
            "retype"
        }
        16 | 17 => {
            // Another operator for an operator of the main file.
            const OPS: [&str; 30] = [
                "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^", "&&", "||", "<", "<=", ">",
                ">=", "==", "!=", "=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=",
                "^=", ",",
            ];
            let at = (0..8)
                .map(|_| pick(rng, toks))
                .find(|&j| j < n && OPS.contains(&toks[j].text.trim_start()));
            if let Some(j) = at {
                toks[j] = spaced(OPS[rng.gen_range(0..OPS.len())]);
            }
            "operator"
        }
        _ => {
            // Swap two adjacent spans.
            let a = span_len(rng);
            let b = span_len(rng);
            if i + a + b <= n {
                toks[i..i + a + b].rotate_left(a);
            }
            "rotate"
        }
    }
}

/// Where the last panic happened (message, location, backtrace), recorded by the hook
/// installed in [`install_panic_hook`]; the frontend turns panics of its thread into
/// `Internal` errors, so this is how the fuzz report says where they came from.
static LAST_PANIC: Mutex<Option<String>> = Mutex::new(None);

thread_local! {
    /// Set on the thread running the fuzz loop: its panics are expected and recorded.
    static FUZZING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Record panics of the fuzz loop and of the frontend's thread in [`LAST_PANIC`] instead of
/// printing each one; other panics go to the previous hook.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let ours = FUZZING.with(|f| f.get()) || std::thread::current().name() == Some("frontend");
        if !ours {
            return previous(info);
        }
        let bt = std::backtrace::Backtrace::force_capture();
        let frames: Vec<String> = bt
            .to_string()
            .lines()
            .filter(|l| l.contains("slamrs") || l.contains("lang_c") || l.contains("at "))
            .take(40)
            .map(str::to_string)
            .collect();
        let msg = format!("{info}\n{}", frames.join("\n"));
        if let Ok(mut last) = LAST_PANIC.lock() {
            *last = Some(msg);
        }
    }));
}

fn take_panic() -> String {
    LAST_PANIC
        .lock()
        .ok()
        .and_then(|mut p| p.take())
        .unwrap_or_else(|| "(no panic recorded)".into())
}

/// Counters for the report.
#[derive(Default)]
struct Stats {
    loaded: usize,
    errors: BTreeMap<String, usize>,
    outcomes: BTreeMap<&'static str, usize>,
    mutations: BTreeMap<&'static str, usize>,
    pointer_stores: u64,
    /// Why runs ended `Unsupported` or `Undefined` (digits dropped, so similar reasons meet).
    reasons: BTreeMap<String, usize>,
    /// Points-to violations on pointers beyond their object or in programs indexing arrays
    /// out of bounds (undefined behaviour; not failures).
    excused: u64,
    slowest: (Duration, String),
}

fn kind_name(k: ErrorKind) -> String {
    format!("{k:?}")
}

/// What is wrong with an error the frontend returned, if anything.
fn check_error(e: &FrontendError) -> Option<String> {
    if e.kind == ErrorKind::Internal {
        return Some(format!("internal error: {e}\n  panic: {}", take_panic()));
    }
    if e.message.trim().is_empty() {
        return Some(format!("{:?} error without a message", e.kind));
    }
    if e.kind == ErrorKind::Syntax && e.pos.is_none() {
        return Some(format!("syntax error without a position: {e}"));
    }
    // Display must not panic either (caret placement on odd snippets).
    match catch_unwind(AssertUnwindSafe(|| e.to_string())) {
        Ok(_) => None,
        Err(_) => Some(format!(
            "displaying the error panicked: {}\n  panic: {}",
            e.message,
            take_panic()
        )),
    }
}

/// True for a pointer into a variable but outside it (neither in it nor one past its end):
/// C leaves forming it undefined, and the points-to analysis assumes in-bounds arithmetic
/// (docs/analyses.md), so stores of such pointers are counted, not failures.
fn beyond_its_object(prog: &Program, value: &Value) -> bool {
    let Value::Ptr(p) = value else { return false };
    let ObjKind::Var(v) = p.obj.kind else {
        return false;
    };
    let size = layout::size(&prog.types, prog.var(v).ty);
    p.offset < 0 || p.offset as u64 > size
}

/// True if `prog` indexes an array of two or more elements with a constant outside its
/// bounds (`a[-1]`, `a[5]` for `int a[2]`): the points-to analysis assumes no such indexing
/// (docs/analyses.md), so its violations on such programs are counted, not failures.
fn indexes_out_of_bounds(prog: &Program) -> bool {
    fn lval(prog: &Program, lv: &Lval) -> bool {
        match lv {
            Lval::Var(_) => false,
            Lval::Deref(e) => expr(prog, e),
            Lval::Field(b, _, _) => lval(prog, b),
            Lval::Index(b, i) => {
                let oob = match (prog.types.kind(prog.lval_ty(b)), &i.kind) {
                    (TypeKind::Array(_, Some(n)), ExprKind::Int(k)) => {
                        *n >= 2 && (*k < 0 || *k > i128::from(*n))
                    }
                    _ => false,
                };
                oob || lval(prog, b) || expr(prog, i)
            }
        }
    }
    fn expr(prog: &Program, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => false,
            ExprKind::Read(lv) | ExprKind::AddrOf(lv) => lval(prog, lv),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr(prog, a),
            ExprKind::Binary(_, a, b) => expr(prog, a) || expr(prog, b),
        }
    }
    let in_stmt = |st: &Stmt| match st {
        Stmt::Assign { lhs, rhs } => lval(prog, lhs) || expr(prog, rhs),
        Stmt::Assume(e) | Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => expr(prog, e),
        Stmt::Havoc { lhs, .. } => lval(prog, lhs),
        Stmt::Alloc { lhs, size, .. } => lval(prog, lhs) || expr(prog, size),
        Stmt::Call { lhs, callee, args } => {
            lhs.as_ref().is_some_and(|l| lval(prog, l))
                || matches!(callee, Callee::Indirect(e) if expr(prog, e))
                || args.iter().any(|a| expr(prog, a))
        }
        Stmt::Skip | Stmt::Return(None) | Stmt::Error | Stmt::Halt { code: None } => false,
    };
    prog.inits
        .iter()
        .any(|i| lval(prog, &i.lhs) || expr(prog, &i.rhs))
        || prog
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .flat_map(|b| b.edges())
            .any(|(_, e)| in_stmt(&e.stmt))
}

/// Run a loaded mutant in both integer modes with the points-to checker; what went wrong.
fn check_program(prog: &Program, seed: u64, stats: &mut Stats) -> Option<String> {
    let pt = match catch_unwind(AssertUnwindSafe(|| PointsTo::compute(prog))) {
        Ok(pt) => pt,
        Err(_) => return Some(format!("points-to panicked: {}", take_panic())),
    };
    let mut oob_index = None;
    for mode in [IntMode::Math, IntMode::Machine] {
        let cfg = Config {
            int_mode: mode,
            max_steps: MAX_STEPS,
            ..Config::default()
        };
        let mut oracle = RandomOracle::new(seed).with_alloc_fail_probability(0.1);
        let mut checker = PointsToChecker::new(prog, &pt);
        let r = match catch_unwind(AssertUnwindSafe(|| {
            run(prog, &cfg, &mut oracle, &mut checker)
        })) {
            Ok(r) => r,
            Err(_) => return Some(format!("interpreter ({mode:?}) panicked: {}", take_panic())),
        };
        *stats
            .outcomes
            .entry(Outcome::kind_name(&r.outcome))
            .or_default() += 1;
        if let Outcome::Unsupported { reason, .. } | Outcome::Undefined { reason, .. } = &r.outcome
        {
            let reason: String = reason
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .take(60)
                .collect();
            let key = format!("{}: {reason}", Outcome::kind_name(&r.outcome));
            *stats.reasons.entry(key).or_default() += 1;
        }
        stats.pointer_stores += checker.checked();
        let (excused, real): (Vec<&Violation>, Vec<&Violation>) =
            checker.violations().iter().partition(|v| {
                beyond_its_object(prog, &v.value)
                    || *oob_index.get_or_insert_with(|| indexes_out_of_bounds(prog))
            });
        stats.excused += excused.len() as u64;
        if !real.is_empty() {
            let shown: Vec<String> = real.iter().map(|v| v.describe(prog, &pt)).collect();
            return Some(format!(
                "points-to unsound on an interpreter run ({mode:?}):\n{}",
                shown.join("\n")
            ));
        }
    }
    None
}

/// Load one mutant in one data model and check everything; what went wrong.
fn check_mutant(text: &str, model: DataModel, seed: u64, stats: &mut Stats) -> Option<String> {
    let opts = LoadOptions {
        data_model: model,
        ..LoadOptions::default()
    };
    let start = Instant::now();
    let loaded = catch_unwind(AssertUnwindSafe(|| {
        load_text("mutant.c", text.to_string(), &opts)
    }));
    let took = start.elapsed();
    if took > stats.slowest.0 {
        stats.slowest = (took, format!("{model:?}, mutant seed {seed:#x}"));
    }
    match loaded {
        Err(_) => Some(format!("load_text panicked: {}", take_panic())),
        Ok(Err(e)) => {
            *stats.errors.entry(kind_name(e.kind)).or_default() += 1;
            check_error(&e)
        }
        Ok(Ok(prog)) => {
            stats.loaded += 1;
            check_program(&prog, seed, stats)
        }
    }
}

fn env_number(var: &str, default: u64) -> u64 {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{var}={v} is not a number")),
        _ => default,
    }
}

/// Where failing mutants are saved.
fn failure_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("frontend-fuzz")
}

#[test]
fn tokenizer_round_trips_and_tracks_the_main_file() {
    let text = "# 1 \"a.c\"\n# 1 \"h.h\" 1\nint x;\n# 3 \"a.c\" 2\nint main(void) { return x->y + \"s\\\"\"[0]; }\n";
    let toks = tokenize(text);
    assert_eq!(
        toks.iter().map(|t| t.text.as_str()).collect::<String>(),
        text
    );
    let main: Vec<&str> = toks
        .iter()
        .filter(|t| t.main)
        .map(|t| t.text.trim())
        .collect();
    assert!(main.contains(&"main") && main.contains(&"->") && main.contains(&"\"s\\\"\""));
    let header: Vec<&str> = toks
        .iter()
        .filter(|t| !t.main)
        .map(|t| t.text.trim())
        .collect();
    assert_eq!(header, ["# 1 \"h.h\" 1", "int", "x", ";"]);
}

#[test]
fn frontend_survives_mutated_programs() {
    let mutants = env_number("SLAMRS_FUZZ_FRONTEND", DEFAULT_MUTANTS as u64) as usize;
    let base_seed = env_number("SLAMRS_FUZZ_SEED", 0);
    let (seeds, skipped) = load_seeds();
    assert!(seeds.len() > 50, "only {} corpus programs", seeds.len());
    install_panic_hook();
    FUZZING.with(|f| f.set(true));
    let start = Instant::now();
    let mut stats = Stats::default();
    let mut failures: Vec<String> = Vec::new();
    for n in 0..mutants {
        let seed = base_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ n as u64;
        let mut rng = SmallRng::seed_from_u64(seed);
        let orig = &seeds[rng.gen_range(0..seeds.len())];
        let mut toks = orig.toks.clone();
        let count = 1 + (0..3).take_while(|_| rng.gen_bool(0.4)).count();
        let mut applied = Vec::new();
        for _ in 0..count {
            let m = mutate(&mut rng, &mut toks, &seeds);
            *stats.mutations.entry(m).or_default() += 1;
            applied.push(m);
        }
        let text: String = toks.iter().map(|t| t.text.as_str()).collect();
        for model in [DataModel::Lp64, DataModel::Ilp32] {
            if let Some(why) = check_mutant(&text, model, seed, &mut stats) {
                let dir = failure_dir();
                let _ = std::fs::create_dir_all(&dir);
                let file = dir.join(format!("mutant-{seed:016x}.i"));
                let _ = std::fs::write(&file, &text);
                failures.push(format!(
                    "mutant #{n} (seed {seed:#x}) of {} [{}], {model:?}, saved as {}:\n  {why}",
                    orig.name,
                    applied.join(", "),
                    file.display()
                ));
                break;
            }
        }
    }
    let elapsed = start.elapsed();
    FUZZING.with(|f| f.set(false));
    println!(
        "frontend fuzz: {mutants} mutants of {} programs ({skipped} rejected by gcc -E), seed {base_seed}, {:.1} s",
        seeds.len(),
        elapsed.as_secs_f64()
    );
    println!(
        "  loads: {} ok, {} errors {:?}",
        stats.loaded,
        stats.errors.values().sum::<usize>(),
        stats.errors
    );
    println!("  mutations: {:?}", stats.mutations);
    println!(
        "  interpreter outcomes ({MAX_STEPS} steps, both integer modes): {:?}; {} pointer stores checked, {} violations excused (out-of-bounds pointers or indices)",
        stats.outcomes, stats.pointer_stores, stats.excused
    );
    let mut reasons: Vec<(&String, &usize)> = stats.reasons.iter().collect();
    reasons.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (reason, n) in reasons.iter().take(12) {
        println!("    {n:>6}  {reason}");
    }
    println!(
        "  slowest load: {:.3} s ({})",
        stats.slowest.0.as_secs_f64(),
        stats.slowest.1
    );
    println!("  failures: {}", failures.len());
    if !failures.is_empty() {
        let shown: Vec<&str> = failures
            .iter()
            .take(SHOWN_FAILURES)
            .map(String::as_str)
            .collect();
        panic!(
            "{} of {mutants} mutants failed (first {} shown):\n\n{}",
            failures.len(),
            shown.len(),
            shown.join("\n\n")
        );
    }
}
