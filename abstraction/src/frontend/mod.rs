//! The C frontend: preprocessing (`gcc -E`, or a `.i` file read as is), parsing with lang-c
//! (GNU C11), and lowering the AST into CIR.

pub(crate) mod attrs;
mod devirt;
pub mod error;
pub mod gnu;
mod lower;
pub use lower::out_params::havoc_outputs;
pub mod models;
pub mod msvc;
pub mod prune;
pub mod source;

pub use error::{ErrorKind, FrontendError, SourcePos};
pub use source::{PreprocessOptions, Source};

use crate::cir::{DataModel, Program};
use std::path::Path;

/// What to load and how.
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// Flags for `gcc -E` (ignored for `.i` files).
    pub cppflags: Vec<String>,
    /// A function the program must define (the entry function), if any.
    pub entry: Option<String>,
    /// Widths of `long` and pointers.
    pub data_model: DataModel,
    /// The preprocessor (default `gcc`; `x86_64-w64-mingw32-gcc` for Windows drivers).
    pub compiler: Option<String>,
    /// C text appended to the program and lowered with it, each part as a file of its own
    /// `(name, text)`: a driver's harness and OS model. For a `.c` input the parts are
    /// preprocessed like it, after `appended_prelude` (so they may use its headers'
    /// macros); for a `.i` input they are taken as they are.
    pub appended: Vec<(String, String)>,
    /// What the appended parts are preprocessed after (`#include <wdm.h>`).
    pub appended_prelude: String,
    /// Kernel routines declared in system headers call no program function back, except
    /// these (a call passing code to one of them is refused). `None`: any unknown library
    /// function may call back (user-space programs).
    pub kernel_callbacks: Option<Vec<String>>,
    /// Windows: the kernel routines a system header declares to return `NTSTATUS` return
    /// `STATUS_PENDING` only if their name starts with one of these (the routines that pass
    /// an IRP on or do asynchronous I/O); the others never do. `None`: no such model.
    pub pending_from: Option<Vec<String>>,
    /// How functions without a body and allocators behave (the hostile reading, or
    /// SV-COMP's for verification tasks).
    pub externals: crate::cir::env::Externals,
}

/// Preprocess, parse and lower a C file.
pub fn load_file(path: &Path, opts: &LoadOptions) -> Result<Program, FrontendError> {
    let _span = tracing::info_span!("frontend", file = %path.display()).entered();
    let popts = PreprocessOptions {
        cppflags: opts.cppflags.clone(),
        compiler: opts.compiler.clone(),
    };
    let source = source::preprocess(path, &popts)?;
    if opts.appended.is_empty() || path.extension().is_some_and(|e| e == "i") {
        return load_source(source, opts);
    }
    // the appended parts, preprocessed like the program: their lines from the first part's
    // marker on are appended to the program's preprocessed text
    let mut text = opts.appended_prelude.clone();
    for (name, part) in &opts.appended {
        text.push_str(&format!("\n#line 1 \"{name}\"\n{part}\n"));
    }
    let extra = source::preprocess_text(&text, &popts)?;
    let first = format!("# 1 \"{}\"", opts.appended[0].0);
    let Some(at) = extra.find(&first) else {
        return Err(FrontendError::new(
            ErrorKind::Internal,
            "internal error: the preprocessed harness has no marker of its own",
        ));
    };
    let name = source.files.first().cloned().unwrap_or_default();
    let combined = format!("{}\n{}", source.text, &extra[at..]);
    let mut opts = opts.clone();
    opts.appended.clear();
    load_source(Source::new(&name, combined), &opts)
}

/// Parse and lower already preprocessed text (`name` is the file its first line belongs to).
pub fn load_text(name: &str, text: String, opts: &LoadOptions) -> Result<Program, FrontendError> {
    load_source(Source::new(name, text), opts)
}

/// Stack for lang-c's recursive-descent parser and the recursive lowering.
const STACK_BYTES: usize = 256 << 20;

fn load_source(source: Source, opts: &LoadOptions) -> Result<Program, FrontendError> {
    let opts = opts.clone();
    std::thread::Builder::new()
        .name("frontend".into())
        .stack_size(STACK_BYTES)
        .spawn(move || {
            // a `.i` input's harness and OS model, each a file of its own (a `.c` input's
            // were preprocessed with it by `load_file`)
            let source = if opts.appended.is_empty() {
                source
            } else {
                let mut text = source.text.clone();
                for (name, part) in &opts.appended {
                    let part = blank_comments(part);
                    text.push_str(&format!("\n# 1 \"{name}\"\n{part}\n"));
                }
                let name = source.files.first().cloned().unwrap_or_default();
                Source::new(&name, text)
            };
            // GNU C lang-c cannot parse (`asm goto`, `?:`, ...), rewritten; one new line
            // map for all of the rewrites
            let source = match gnu::rewrite_all(&source.text) {
                Some(t) => {
                    let name = source.files.first().cloned().unwrap_or_default();
                    Source::new(&name, t)
                }
                None => source,
            };
            // MSVC C of Windows drivers (`__try`, `0I64`), likewise
            let source = match msvc::rewrite_all(&source.text) {
                Some(t) => {
                    let name = source.files.first().cloned().unwrap_or_default();
                    Source::new(&name, t)
                }
                None => source,
            };
            // `__int128` as typedef names lang-c can parse
            let source = match prune::rename_int128(&source.text) {
                Some(t) => {
                    let name = source.files.first().cloned().unwrap_or_default();
                    Source::new(
                        &name,
                        format!("{}# 1 \"{name}\"\n{t}", prune::INT128_TYPEDEFS),
                    )
                }
                None => source,
            };
            let unit = parse_unit(&source)?;
            // the library models the program needs are appended to it, and parsed with it
            let needs = models::needs(&unit);
            let (source, unit) = if needs.any() {
                let text = format!("{}{}", source.text, models::text(&needs, opts.data_model));
                let name = source.files.first().cloned().unwrap_or_default();
                let source = Source::new(&name, text);
                let unit = parse_unit(&source)?;
                (source, unit)
            } else {
                (source, unit)
            };
            let program = {
                let _span = tracing::info_span!("lower").entered();
                let mut p = lower::lower(
                    &source,
                    &unit,
                    opts.data_model,
                    opts.kernel_callbacks.as_deref(),
                    opts.pending_from.as_deref(),
                )?;
                p.system_files = source.system.clone();
                // the analyses that split indirect calls read the environment too
                p.set_externals(opts.externals);
                devirt::resolve_indirect_calls(&mut p);
                // volatile locals whose address is never taken cannot change behind the
                // program's back
                let vars = &p.vars;
                p.volatile.retain(|v| {
                    vars[v.0 as usize].is_static_storage() || vars[v.0 as usize].addr_taken
                });
                models::wire(&mut p, opts.entry.as_deref().unwrap_or("main"), &needs);
                // and the allocation sites the splits and the models added
                p.set_externals(opts.externals);
                p
            };
            check_entry(&program, &opts)?;
            check_invariants(&program)?;
            Ok(program)
        })
        .map_err(|e| FrontendError::new(ErrorKind::Io, format!("cannot start parser thread: {e}")))?
        .join()
        .unwrap_or_else(|_| {
            Err(FrontendError::new(
                ErrorKind::Internal,
                "internal error: the frontend panicked (please report this input)",
            ))
        })
}

/// Parses preprocessed text with lang-c (again without attributes where lang-c rejects
/// their placement: offsets are unchanged).
pub(crate) fn parse_unit(source: &Source) -> Result<lang_c::ast::TranslationUnit, FrontendError> {
    let _span = tracing::info_span!("parse").entered();
    check_nesting(source)?;
    let config = lang_c::driver::Config::with_gcc();
    // attributes between `struct` and its tag are blanked out (lowering reads them from
    // the text); lang-c would misread them
    // bodies of header functions the program never names are blanked (offsets kept);
    // the library models are not headers: `models::wire` calls their functions after
    // lowering (atexit handlers, constructors), so no text names them
    let pruned = prune::prune(&source.text, |o| {
        let (f, _, _) = source.locate(o);
        source.system.get(f as usize).copied().unwrap_or(false)
            && source.files.get(f as usize).map(String::as_str) != Some(models::FILE)
    });
    let full = pruned.as_deref().unwrap_or(&source.text);
    let (_, tagless) = attrs::scan(full, true);
    let text = tagless.unwrap_or_else(|| full.to_string());
    match lang_c::driver::parse_preprocessed(&config, text) {
        Ok(p) => Ok(p.unit),
        Err(mut e) => {
            // lang-c rejects some valid attribute placements: try again without attributes.
            if let Some(text) = attrs::blank_attributes(full) {
                match lang_c::driver::parse_preprocessed(&config, text) {
                    Ok(p) => return Ok(p.unit),
                    // without attributes the parse got further: its error is the real one
                    Err(e2) if e2.offset > e.offset => e = e2,
                    Err(_) => {}
                }
            }
            // GNU C lang-c cannot parse: valid for gcc, so unsupported, not a syntax error
            if let Some((at, what)) = gnu_unparsable(full, e.offset) {
                return Err(source.error_at(
                    at,
                    ErrorKind::Unsupported,
                    format!("{what} is not supported"),
                ));
            }
            let mut expected: Vec<String> =
                e.expected.iter().filter_map(|t| token_name(t)).collect();
            // Closing punctuation first: a missing `;` or `)` is the usual mistake.
            let rank = |t: &String| match t.as_str() {
                "';'" => 0,
                "')'" => 1,
                "']'" => 2,
                "'}'" => 3,
                "','" => 4,
                _ => 5,
            };
            expected.sort_by(|a, b| rank(a).cmp(&rank(b)).then(a.cmp(b)));
            expected.dedup();
            let more = if expected.len() > 8 { ", ..." } else { "" };
            expected.truncate(8);
            let message = if expected.is_empty() {
                "syntax error".to_string()
            } else {
                format!("syntax error: expected {}{more}", expected.join(", "))
            };
            Err(source.error_at(e.offset, ErrorKind::Syntax, message))
        }
    }
}

/// A GNU C construct lang-c cannot parse, on the line of a syntax error at `offset`:
/// computed `goto` (`goto *p`, `&&label`) and `asm goto`. Where to report it, and what.
fn gnu_unparsable(text: &str, offset: usize) -> Option<(usize, &'static str)> {
    const COMPUTED: &str = "computed `goto` (`goto *p`, `&&label`)";
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    let line = &text[start..end];
    let words: Vec<&str> = line.split_whitespace().collect();
    let squeezed = words.join(" ");
    let at = |needle: &str| line.find(needle).map_or(offset, |k| start + k);
    if squeezed.contains("goto *") || squeezed.contains("goto*") {
        return Some((at("goto"), COMPUTED));
    }
    let asm_goto = words.windows(2).any(|w| {
        w[1] == "goto" && (w[0].trim_matches('_') == "asm" || w[0].trim_matches('_') == "volatile")
    });
    if asm_goto {
        return Some((at("goto"), "`asm goto`"));
    }
    // `&&label` as a value: `&&` then an identifier, after `=`, `(`, `,`, `{` or `return`
    for (i, _) in squeezed.match_indices("&&") {
        let before = squeezed[..i].trim_end();
        let after = &squeezed[i + 2..];
        let value = before.ends_with(['=', '(', ',', '{']) || before.ends_with("return");
        if value && after.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic()) {
            return Some((at("&&"), COMPUTED));
        }
    }
    None
}

/// Deepest nesting of parentheses, brackets and braces the frontend accepts. Parsing and
/// lowering cost grows with the square of the depth for some shapes (`(x+(x+(...)))`:
/// depth 1,000 takes 0.24 s and 130 MB, 3,000 takes 2.3 s and 1 GB, 10,000 minutes and
/// 13 GB). C requires 63 levels of parentheses and 127 of blocks; clang's default limit
/// is 256.
pub const MAX_NESTING: usize = 1024;

/// Refuses text nested deeper than [`MAX_NESTING`] (before lang-c sees it).
fn check_nesting(source: &Source) -> Result<(), FrontendError> {
    let b = source.text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\n' => line_start = true,
            b'#' if line_start => {
                // a directive or line marker: skip the line
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            b' ' | b'\t' | b'\r' => {}
            b'"' | b'\'' => {
                line_start = false;
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => {
                line_start = false;
                depth += 1;
                if depth > MAX_NESTING {
                    return Err(source.error_at(
                        i,
                        ErrorKind::Unsupported,
                        format!(
                            "nesting deeper than {MAX_NESTING} levels of parentheses, brackets and braces"
                        ),
                    ));
                }
            }
            b')' | b']' | b'}' => {
                line_start = false;
                depth = depth.saturating_sub(1);
            }
            _ => line_start = false,
        }
        i += 1;
    }
    Ok(())
}

/// An input without function definitions of its own (inline functions of system headers do
/// not count) would verify as trivially safe: refuse it.
fn check_entry(program: &Program, opts: &LoadOptions) -> Result<(), FrontendError> {
    if !program
        .functions
        .iter()
        .any(|f| f.body.is_some() && !program.in_system_header(f.loc))
    {
        return Err(FrontendError::new(
            ErrorKind::Invalid,
            format!(
                "{}: no function definitions (empty or not C?)",
                program.files.first().map(String::as_str).unwrap_or("input")
            ),
        ));
    }
    if let Some(entry) = &opts.entry {
        let defined = program
            .func_by_name(entry)
            .is_some_and(|f| program.func(f).body.is_some());
        if !defined {
            return Err(FrontendError::new(
                ErrorKind::Invalid,
                format!("entry function `{entry}` is not defined"),
            ));
        }
    }
    Ok(())
}

/// Lowering must produce well-formed CIR; a broken invariant is a bug in slamrs, reported as
/// an internal error rather than analysed.
fn check_invariants(program: &Program) -> Result<(), FrontendError> {
    let errors = crate::cir::verify::verify(program);
    if errors.is_empty() {
        return Ok(());
    }
    let shown: Vec<String> = errors.iter().take(5).map(|e| format!("  {e}")).collect();
    Err(FrontendError::new(
        ErrorKind::Internal,
        format!(
            "internal error: the CIR verifier rejected the lowered program ({} problems; please report this input):\n{}",
            errors.len(),
            shown.join("\n")
        ),
    ))
}

/// Readable name of a token lang-c expected (its grammar's character classes included).
fn token_name(t: &str) -> Option<String> {
    match t {
        "" => None,
        "[_a-zA-Z]" | "[a-zA-Z_]" => Some("identifier".into()),
        "<typedef_name>" => Some("type name".into()),
        "[0-9]" | "[1-9]" => Some("number".into()),
        t if t.starts_with('[') || t.starts_with('<') => Some(t.to_string()),
        t => Some(format!("'{t}'")),
    }
}

/// `/* ... */` and `// ...` comments of generated C text (not preprocessed) as spaces,
/// newlines kept.
fn blank_comments(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                let s = i;
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(b.len());
                out.extend_from_slice(&b[s..i]);
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                let end = text[i + 2..].find("*/").map_or(b.len(), |k| i + 2 + k + 2);
                out.extend(b[i..end].iter().map(|&c| if c == b'\n' { c } else { b' ' }));
                i = end;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    out.push(b' ');
                    i += 1;
                }
            }
            c => {
                out.push(c);
                i += 1;
            }
        }
    }
    String::from_utf8(out).unwrap_or_else(|_| text.to_string())
}
