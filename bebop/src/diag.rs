//! Diagnostics: how every input error of slamrs is shown. A boolean program that does not
//! parse, a C file the frontend rejects, a bad rule or property file, a bad predicate file,
//! a bad entry-point map: each becomes a [`Report`] and is rendered here, as
//!
//! ```text
//! FILE:LINE:COL: error: MESSAGE
//!   |
//! 4 |   goto M;
//!   |        ^
//! ```
//!
//! The first line is always `FILE:LINE:COL: LEVEL: MESSAGE` (scripts and tests grep for it);
//! the source lines with the caret below it are drawn by
//! [annotate-snippets](https://docs.rs/annotate-snippets), the renderer of rustc and cargo.
//!
//! Why annotate-snippets (over codespan-reporting, ariadne and miette):
//! - plain data in, a `String` out: no `Files` database or `WriteColor` stream to implement
//!   (codespan-reporting), no trait objects or global hooks (miette);
//! - a snippet may be a fragment of a file with its first line number (`line_start`), so a
//!   C error that carries only its source line renders like one with the whole file;
//! - it draws a snippet without a title of its own, so the first line stays ours in the
//!   gcc form above, where the others put their own header first (`error: ...` then
//!   `--> FILE`, or ariadne's `Error:` box);
//! - colour is a switch (`Renderer::plain` / `Renderer::styled`) over ANSI codes from
//!   anstyle: we decide when to colour ([`Colour::for_stderr`]), the crate never looks at
//!   the terminal or the environment itself;
//! - it is maintained with rustc, small (anstyle and unicode-width only), and its MSRV
//!   (1.88) is below our toolchain's.
//!
//! This is the one place that renders a location with its source: the C frontend
//! (`slamrs_abstraction`) and the `slamrs` crate use it through `bebop::diag`, and no other
//! crate depends on annotate-snippets. `Display` impls of error types render
//! [`Colour::Plain`] (it goes into JSON reports); only what is printed on a terminal is
//! coloured.

use std::fmt;
use std::io::IsTerminal;
use std::ops::Range;

use annotate_snippets::renderer::{AnsiColor, Effects, Style};
use annotate_snippets::{AnnotationKind, Group, Level, Renderer, Snippet};

use crate::ast::Span;

/// Whether a rendering has ANSI colours.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Colour {
    /// Plain text: for pipes, files, JSON messages and tests.
    Plain,
    /// ANSI colours, for a terminal.
    Ansi,
}

impl Colour {
    /// Colour only when standard error is a terminal and `NO_COLOR` is not set.
    pub fn for_stderr() -> Colour {
        if std::env::var_os("NO_COLOR").is_none() && std::io::stderr().is_terminal() {
            Colour::Ansi
        } else {
            Colour::Plain
        }
    }
}

/// A message about a place in an input file, with the source lines to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The file named in the first line; empty if none.
    pub file: String,
    /// 1-based line; 0 if the message is about the file as a whole.
    pub line: u32,
    /// 1-based column, in characters.
    pub col: u32,
    /// `error`, `unsupported`, `warning`, ...
    pub level: &'static str,
    pub message: String,
    /// The source shown under the first line, if known.
    pub excerpt: Option<Excerpt>,
}

/// Source lines of a file and the part of them a [`Report`] points at.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Excerpt {
    /// The number of the first line of `text` in its file.
    pub first_line: u32,
    /// Whole lines of the file, without the last line's newline.
    pub text: String,
    /// Byte range of `text` to mark (empty: a caret at its start).
    pub span: Range<usize>,
}

impl Report {
    /// An error about `file` (empty: no file) with no position yet.
    pub fn error(file: impl Into<String>, message: impl Into<String>) -> Report {
        Report {
            file: file.into(),
            line: 0,
            col: 0,
            level: "error",
            message: message.into(),
            excerpt: None,
        }
    }

    /// The same report at another level (`unsupported`, `warning`, ...).
    pub fn level(mut self, level: &'static str) -> Report {
        self.level = level;
        self
    }

    /// Places the report at `line:col` (1-based, the column in characters), with no source.
    pub fn at(mut self, line: u32, col: u32) -> Report {
        self.line = line;
        self.col = col;
        self
    }

    /// Places the report at byte range `span` of the whole file text `src`, and shows the
    /// lines it covers. A range past the end of the text is clamped to it.
    pub fn span(mut self, src: &str, span: Range<usize>) -> Report {
        let start = floor_char_boundary(src, span.start.min(src.len()));
        let end = floor_char_boundary(src, span.end.clamp(start, src.len()));
        let (line, col) = line_col(src, start);
        self.line = line as u32;
        self.col = col as u32;
        let first = src[..start].rfind('\n').map_or(0, |i| i + 1);
        // the last line the span touches: a span ending with a newline ends on that line
        let last_from = if end > start && src[..end].ends_with('\n') {
            end - 1
        } else {
            end
        };
        let stop = src[last_from..]
            .find('\n')
            .map_or(src.len(), |i| last_from + i);
        let text = src[first..stop].trim_end_matches('\r');
        self.excerpt = Some(Excerpt {
            first_line: line as u32,
            text: text.to_string(),
            span: (start - first).min(text.len())..(end - first).min(text.len()),
        });
        self
    }

    /// Shows the line of the whole file text `src` the report is at (see [`Report::at`]);
    /// nothing if the file has no such line.
    pub fn in_source(self, src: &str) -> Report {
        let text = (self.line as usize)
            .checked_sub(1)
            .and_then(|i| src.split('\n').nth(i))
            .map(str::to_string);
        match text {
            Some(t) => self.source_line(&t),
            None => self,
        }
    }

    /// Shows `text` as the source line the report is at (see [`Report::at`]), with a caret at
    /// its column (after the line's end if the column is past it).
    pub fn source_line(mut self, text: &str) -> Report {
        if self.line == 0 {
            return self;
        }
        let text = text.trim_end_matches(['\n', '\r']);
        let at = text
            .char_indices()
            .nth((self.col as usize).saturating_sub(1))
            .map_or(text.len(), |(i, _)| i);
        self.excerpt = Some(Excerpt {
            first_line: self.line,
            text: text.to_string(),
            span: at..at,
        });
        self
    }

    /// The first line: `FILE:LINE:COL: LEVEL: MESSAGE` (parts the report lacks left out).
    pub fn header(&self) -> String {
        self.header_with(Colour::Plain)
    }

    fn header_with(&self, colour: Colour) -> String {
        let place = match (self.file.is_empty(), self.line) {
            (true, 0) => String::new(),
            (false, 0) => format!("{}:", self.file),
            (true, l) => format!("{l}:{}:", self.col),
            (false, l) => format!("{}:{l}:{}:", self.file, self.col),
        };
        let sep = if place.is_empty() { "" } else { " " };
        match colour {
            Colour::Plain => format!("{place}{sep}{}: {}", self.level, self.message),
            Colour::Ansi => {
                let bold = Style::new().effects(Effects::BOLD);
                let level = match self.level {
                    "warning" => AnsiColor::Yellow,
                    "note" => AnsiColor::BrightGreen,
                    _ => AnsiColor::BrightRed,
                }
                .on_default()
                .effects(Effects::BOLD);
                format!(
                    "{bold}{place}{bold:#}{sep}{level}{}:{level:#} {bold}{}{bold:#}",
                    self.level, self.message
                )
            }
        }
    }

    /// The first line and, if known, the source lines with the marked part, without a final
    /// newline.
    pub fn render(&self, colour: Colour) -> String {
        let mut out = self.header_with(colour);
        if let Some(x) = &self.excerpt {
            let renderer = match colour {
                Colour::Plain => Renderer::plain(),
                Colour::Ansi => Renderer::styled(),
            };
            let level = match self.level {
                "warning" => Level::WARNING,
                "note" => Level::NOTE,
                _ => Level::ERROR,
            };
            let start = floor_char_boundary(&x.text, x.span.start.min(x.text.len()));
            let end = floor_char_boundary(&x.text, x.span.end.clamp(start, x.text.len()));
            let snippet = Snippet::source(x.text.as_str())
                .line_start(x.first_line.max(1) as usize)
                .annotation(AnnotationKind::Primary.span(start..end));
            out.push('\n');
            out.push_str(&renderer.render(&[Group::with_level(level).element(snippet)]));
        }
        out
    }

    /// Prints the report on standard error, coloured if that is a terminal.
    pub fn eprint(&self) {
        eprintln!("{}", self.render(Colour::for_stderr()));
    }
}

/// The plain rendering (what goes into JSON messages and logs).
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.render(Colour::Plain))
    }
}

/// An error in a boolean program, located by a span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub message: String,
    pub span: Span,
}

impl Diagnostic {
    pub fn new(message: impl Into<String>, span: Span) -> Diagnostic {
        Diagnostic {
            message: message.into(),
            span,
        }
    }

    /// The report of this diagnostic against the source it refers to.
    pub fn report(&self, file: &str, src: &str) -> Report {
        Report::error(file, self.message.as_str())
            .span(src, self.span.start as usize..self.span.end as usize)
    }

    /// Renders the diagnostic against the source it refers to, as plain text ending with a
    /// newline.
    pub fn render(&self, file: &str, src: &str) -> String {
        self.render_with(file, src, Colour::Plain)
    }

    /// [`Diagnostic::render`] with or without colours.
    pub fn render_with(&self, file: &str, src: &str, colour: Colour) -> String {
        let mut s = self.report(file, src).render(colour);
        s.push('\n');
        s
    }
}

/// 1-based line and column (in characters) of a byte offset.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = floor_char_boundary(src, offset.min(src.len()));
    let before = &src[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map(|i| i + 1).unwrap_or(0);
    let col = src[line_start..offset].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(r: &Report) -> String {
        r.render(Colour::Plain)
    }

    #[test]
    fn renders_line_and_caret() {
        let src = "decl g;\nmain() begin\n  goto L;\nend\n";
        let at = src.find("L;").unwrap();
        let d = Diagnostic::new("goto to undefined label `L`", Span::new(at, at + 1));
        let r = d.render("t.bp", src);
        assert_eq!(
            r,
            "t.bp:3:8: error: goto to undefined label `L`\n  |\n3 |   goto L;\n  |        ^\n"
        );
    }

    #[test]
    fn one_line_span_is_underlined() {
        let src = "int main(void) {\n  int x = foo + 1;\n}\n";
        let at = src.find("foo").unwrap();
        let r = Report::error("a.c", "undeclared `foo`").span(src, at..at + 3);
        assert_eq!(
            plain(&r),
            "a.c:2:11: error: undeclared `foo`\n  |\n2 |   int x = foo + 1;\n  |           ^^^"
        );
    }

    #[test]
    fn multi_line_span_shows_every_line() {
        let src = "a;\nif (x) {\n  y;\n}\nb;\n";
        let start = src.find("if").unwrap();
        let end = src.find("}").unwrap() + 1;
        let r = Report::error("m.c", "bad block").span(src, start..end);
        let out = plain(&r);
        assert!(out.starts_with("m.c:2:1: error: bad block\n"), "{out}");
        for l in ["2 | / if (x) {", "3 | |   y;", "4 | | }", "  | |_^"] {
            assert!(out.contains(l), "{l:?} missing in\n{out}");
        }
        assert!(!out.contains("a;") && !out.contains("b;"), "{out}");
    }

    #[test]
    fn long_spans_are_folded() {
        let src: String = (1..=40).map(|i| format!("line {i}\n")).collect();
        let out = plain(&Report::error("l.bp", "long").span(&src, 0..src.len()));
        assert!(out.starts_with("l.bp:1:1: error: long\n"), "{out}");
        assert!(
            out.contains("line 1\n") && out.contains("line 40\n"),
            "{out}"
        );
        assert!(!out.contains("line 20"), "{out}");
        assert!(out.lines().count() < 15, "{out}");
    }

    #[test]
    fn span_at_end_of_line_and_of_file() {
        let src = "x := 1\ny := 2";
        let eol = src.find('\n').unwrap();
        let out = plain(&Report::error("e.bp", "expected `;`").span(src, eol..eol));
        assert_eq!(
            out,
            "e.bp:1:7: error: expected `;`\n  |\n1 | x := 1\n  |       ^"
        );
        let out = plain(&Report::error("e.bp", "expected `;`").span(src, src.len()..src.len()));
        assert_eq!(
            out,
            "e.bp:2:7: error: expected `;`\n  |\n2 | y := 2\n  |       ^"
        );
        // a file ending with a newline: the caret goes after the last line
        let src = "x := 1\n";
        let out = plain(&Report::error("e.bp", "unexpected end").span(src, 7..7));
        assert!(
            out.starts_with("e.bp:2:1: error: unexpected end\n"),
            "{out}"
        );
        let out = plain(&Report::error("e.bp", "x").span("", 0..0));
        assert!(out.starts_with("e.bp:1:1: error: x\n"), "{out}");
    }

    #[test]
    fn tabs_keep_the_caret_under_its_character() {
        let src = "main() begin\n\tgoto L;\nend\n";
        let at = src.find('L').unwrap();
        let out = plain(&Report::error("t.bp", "no label").span(src, at..at + 1));
        assert!(out.starts_with("t.bp:2:7: error: no label\n"), "{out}");
        let lines: Vec<&str> = out.lines().collect();
        let code = lines.iter().find(|l| l.contains("goto")).unwrap();
        let caret = lines.last().unwrap();
        assert_eq!(code.find('L'), caret.find('^'), "{out}");
        // the same through a single source line and a column
        let out = plain(
            &Report::error("t.c", "no label")
                .at(2, 7)
                .source_line("\tgoto L;"),
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[2].find('L'), lines[3].find('^'), "{out}");
    }

    #[test]
    fn positions_past_the_end_do_not_panic() {
        let src = "one\ntwo\n";
        // a span past the end of the text is clamped
        let out = plain(&Report::error("p.c", "far").span(src, 100..200));
        assert!(out.starts_with("p.c:3:1: error: far"), "{out}");
        let out = plain(&Report::error("p.c", "far").span(src, 2..200));
        assert!(out.starts_with("p.c:1:3: error: far"), "{out}");
        // a line past the end: the first line only
        let out = plain(&Report::error("p.c", "gone").at(9, 4).in_source(src));
        assert_eq!(out, "p.c:9:4: error: gone");
        // a column past the end of its line: the caret after the line
        let out = plain(&Report::error("p.c", "wide").at(2, 40).in_source(src));
        assert_eq!(out, "p.c:2:40: error: wide\n  |\n2 | two\n  |    ^");
        // inside a multi-byte character
        let out = plain(&Report::error("p.c", "mb").span("é = 1", 1..2));
        assert!(out.starts_with("p.c:1:1: error: mb"), "{out}");
        // a bad excerpt built by hand: reversed, past the end of its text
        let mut r = Report::error("p.c", "hand").at(1, 1);
        r.excerpt = Some(Excerpt {
            first_line: 0,
            text: "ab".into(),
            span: Range { start: 5, end: 1 },
        });
        assert!(plain(&r).starts_with("p.c:1:1: error: hand\n"));
    }

    #[test]
    fn header_without_position_or_file() {
        assert_eq!(
            Report::error("x.slic", "cannot read").to_string(),
            "x.slic: error: cannot read"
        );
        assert_eq!(Report::error("", "no file").to_string(), "error: no file");
        assert_eq!(
            Report::error("", "bad").at(2, 5).to_string(),
            "2:5: error: bad"
        );
        assert_eq!(
            Report::error("v.c", "vla")
                .level("unsupported")
                .at(3, 4)
                .to_string(),
            "v.c:3:4: unsupported: vla"
        );
    }

    #[test]
    fn colour_only_when_asked() {
        let r = Report::error("a.c", "m").at(1, 1).source_line("x");
        assert!(!r.to_string().contains('\x1b'));
        assert!(!r.render(Colour::Plain).contains('\x1b'));
        let styled = r.render(Colour::Ansi);
        assert!(styled.contains('\x1b'), "{styled:?}");
        // the same text once the escapes are removed
        let mut stripped = String::new();
        let mut chars = styled.chars();
        while let Some(c) = chars.next() {
            if c == '\x1b' {
                for c in chars.by_ref() {
                    if c == 'm' {
                        break;
                    }
                }
            } else {
                stripped.push(c);
            }
        }
        assert_eq!(stripped, r.to_string());
    }

    #[test]
    fn line_col_handles_multibyte_and_out_of_range() {
        assert_eq!(line_col("é\nab", 3), (2, 1));
        assert_eq!(line_col("ab", 99), (1, 3));
        assert_eq!(line_col("é", 1), (1, 1));
    }
}
