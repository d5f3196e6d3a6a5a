//! The report as one self-contained HTML page (`--format html -o report.html`): the C
//! sources with the counterexample's lines highlighted, steps walked forward and back,
//! calls that fold, the values at each step, the rule's state and the statistics.
//!
//! This module owns the page's data: the [`CheckReport`] and the text of every source
//! file the report touches (read from disk, taken from the generated sources, or the
//! built-in rule's text), serialized as one JSON blob inside the page. The page itself
//! (markup, style, script) lives in `viewer/` and is embedded at build time, so the page
//! needs no network and no other file. The script builds the page from the blob with
//! `textContent` only: nothing from the report is ever parsed as HTML.

use serde::Serialize;

use super::model::{CheckReport, CheckedKind};

const TEMPLATE: &str = include_str!("viewer/viewer.html");
const CSS: &str = include_str!("viewer/viewer.css");
const JS: &str = include_str!("viewer/viewer.js");

/// Largest source file put in the page; a bigger one is shown by its trace lines only.
const MAX_SOURCE_BYTES: u64 = 8 << 20;

/// The prefix of a rule's state variables once it is instrumented (`ke` is `slic_ke`).
const RULE_STATE_PREFIX: &str = "slic_";

/// What the page's script reads.
#[derive(Serialize)]
struct PageData<'a> {
    report: &'a CheckReport,
    /// The files the report touches, in the order the trace first meets them.
    sources: Vec<Source>,
    /// Values whose names start with it are the rule's state (rules only).
    rule_state_prefix: Option<&'static str>,
}

/// One source file of the page.
#[derive(Serialize)]
struct Source {
    /// The name the report uses.
    name: String,
    /// Where the text came from: `file`, `generated` or `rule`.
    origin: &'static str,
    /// The file's lines, `None` when it cannot be read.
    lines: Option<Vec<String>>,
}

/// The page for `r`; `texts` are generated sources (name, text) that no file holds.
pub fn render(r: &CheckReport, texts: &[(String, String)]) -> String {
    let data = PageData {
        report: r,
        sources: sources(r, texts),
        rule_state_prefix: (r.checked.kind == CheckedKind::Rule).then_some(RULE_STATE_PREFIX),
    };
    // serializing cannot fail in practice; if it did, the page shows the bare report
    let json = serde_json::to_string(&data).unwrap_or_else(|_| {
        format!(
            "{{\"report\":{},\"sources\":[],\"rule_state_prefix\":null}}",
            super::json(r)
        )
    });
    let title = format!(
        "slamrs: {} — {}",
        verdict_word(r),
        r.file.rsplit('/').next().unwrap_or(&r.file)
    );
    fill(
        TEMPLATE,
        &[
            ("@TITLE@", &super::escape_markup(&title)),
            ("/*@CSS@*/", CSS),
            ("@REPORT@", &script_safe(&json)),
            ("/*@JS@*/", JS),
        ],
    )
}

/// The verdict as the headline spells it.
fn verdict_word(r: &CheckReport) -> &'static str {
    use super::model::Status;
    match r.verdict {
        Status::Safe => "SAFE",
        Status::Violation => "VIOLATION",
        Status::Unknown => "UNKNOWN",
        Status::NotApplicable => "NOT APPLICABLE",
        Status::Error => "ERROR",
    }
}

/// The files of the trace, the error and the driver's location, each once.
fn sources(r: &CheckReport, texts: &[(String, String)]) -> Vec<Source> {
    let mut names: Vec<&str> = Vec::new();
    let located = [&r.error_location, &r.driver_location];
    let all = r
        .trace
        .iter()
        .map(|l| l.file.as_str())
        .chain(located.into_iter().flatten().map(|l| l.file.as_str()));
    for name in all {
        if !name.is_empty() && !names.contains(&name) {
            names.push(name);
        }
    }
    names.into_iter().map(|n| source(n, texts)).collect()
}

fn source(name: &str, texts: &[(String, String)]) -> Source {
    let split = |t: &str| Some(t.lines().map(str::to_string).collect::<Vec<_>>());
    if let Some((_, t)) = texts.iter().find(|(n, _)| n == name) {
        return Source {
            name: name.to_string(),
            origin: "generated",
            lines: split(t),
        };
    }
    if let Some(rule) = name
        .strip_prefix("<builtin:")
        .and_then(|s| s.strip_suffix('>'))
    {
        return Source {
            name: name.to_string(),
            origin: "rule",
            lines: crate::rules::builtin_text(rule).and_then(split),
        };
    }
    Source {
        name: name.to_string(),
        origin: "file",
        lines: read_file(name).and_then(|t| split(&t)),
    }
}

/// A regular file's text (lossy UTF-8), if it exists and is not too big.
fn read_file(name: &str) -> Option<String> {
    let meta = std::fs::metadata(name).ok()?;
    if !meta.is_file() || meta.len() > MAX_SOURCE_BYTES {
        return None;
    }
    let bytes = std::fs::read(name).ok()?;
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

/// JSON that can stand inside `<script>`: no `</` ends the element, and no `<!--` puts
/// the parser in the script's escaped states (`<` occurs in JSON only inside strings).
fn script_safe(json: &str) -> String {
    json.replace("</", "<\\/").replace("<!--", "\\u003c!--")
}

/// `template` with each marker replaced, once, by its value. The markers are searched in
/// the template only, in order, so a value that contains a marker stays as it is.
fn fill(template: &str, parts: &[(&str, &str)]) -> String {
    let mut out =
        String::with_capacity(template.len() + parts.iter().map(|p| p.1.len()).sum::<usize>());
    let mut rest = template;
    for (marker, value) in parts {
        // every marker is in the template (tests/html_viewer.rs checks the pages)
        if let Some(at) = rest.find(marker) {
            out.push_str(&rest[..at]);
            out.push_str(value);
            rest = &rest[at + marker.len()..];
        }
    }
    out.push_str(rest);
    out
}
