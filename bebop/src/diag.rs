//! Diagnostics: an error message with a source span, rendered as
//! `file:line:col: error: message` followed by the source line and a caret.

use crate::ast::Span;

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

    /// Renders the diagnostic against the source it refers to.
    pub fn render(&self, file: &str, src: &str) -> String {
        let (line, col) = line_col(src, self.span.start as usize);
        let text = src.lines().nth(line - 1).unwrap_or("");
        let width = (self.span.end.saturating_sub(self.span.start) as usize)
            .clamp(1, text.len().saturating_sub(col - 1).max(1));
        format!(
            "{file}:{line}:{col}: error: {}\n{:>5} | {text}\n      | {}{}\n",
            self.message,
            line,
            " ".repeat(col - 1),
            "^".repeat(width)
        )
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

    #[test]
    fn renders_line_and_caret() {
        let src = "decl g;\nmain() begin\n  goto L;\nend\n";
        let at = src.find("L;").unwrap();
        let d = Diagnostic::new("goto to undefined label `L`", Span::new(at, at + 1));
        let r = d.render("t.bp", src);
        assert!(
            r.starts_with("t.bp:3:8: error: goto to undefined label `L`"),
            "{r}"
        );
        assert!(r.contains("    3 |   goto L;"), "{r}");
        assert!(r.contains("      |        ^"), "{r}");
    }

    #[test]
    fn line_col_handles_multibyte_and_out_of_range() {
        assert_eq!(line_col("é\nab", 3), (2, 1));
        assert_eq!(line_col("ab", 99), (1, 3));
        assert_eq!(line_col("é", 1), (1, 1));
    }
}
