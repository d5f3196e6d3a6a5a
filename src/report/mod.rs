//! Reports of `slamrs check`: one typed model ([`model::CheckReport`]) built from the
//! engines' outcome ([`build`]) and rendered as text ([`text`]), JSON (the model
//! serialized), SARIF ([`sarif`]) or a self-contained HTML page ([`html`]), and written
//! where the command line says ([`emit`]).

pub mod build;
pub mod codes;
pub mod emit;
pub mod html;
pub mod model;
pub mod sarif;
pub mod text;

pub use model::CheckReport;

/// The report as one line of JSON.
pub fn json(r: &CheckReport) -> String {
    serde_json::to_string(r).unwrap_or_else(|e| {
        format!("{{\"verdict\":\"unknown\",\"reason\":{{\"kind\":\"internal-error\",\"message\":\"the report does not serialize: {e}\"}}}}")
    })
}

/// `s` with the characters that are markup in HTML and XML escaped (`&`, `<`, `>`, `"`,
/// `'`), for text and attribute values.
pub fn escape_markup(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}
