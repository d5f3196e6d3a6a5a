//! Frontend diagnostics: what went wrong, where in the original source, with a snippet.

use std::fmt;

/// What kind of failure a [`FrontendError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The file could not be read.
    Io,
    /// `gcc -E` failed (missing header, bad directive, ...).
    Preprocess,
    /// lang-c rejected the text.
    Syntax,
    /// Valid C that slamrs does not model (VLAs, computed goto, setjmp, ...).
    Unsupported,
    /// Ill-formed or meaningless input (type errors, undeclared names, no functions, ...).
    Invalid,
    /// A bug in slamrs (the lowered program broke a CIR invariant, or the frontend panicked).
    Internal,
}

/// A position in the original source, as named by `# line` markers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SourcePos {
    pub file: String,
    pub line: u32,
    pub col: u32,
}

/// An error in the input program, with its location in the original source.
#[derive(Clone, Debug)]
pub struct FrontendError {
    pub kind: ErrorKind,
    pub message: String,
    pub pos: Option<SourcePos>,
    /// The source line the error is on, if known.
    pub snippet: Option<String>,
}

impl FrontendError {
    /// An error with no location.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        FrontendError {
            kind,
            message: message.into(),
            pos: None,
            snippet: None,
        }
    }
}

impl FrontendError {
    /// `file:line:col: message` on one line (no source snippet).
    pub fn summary(&self) -> String {
        match &self.pos {
            Some(p) => format!("{}:{}:{}: {}", p.file, p.line, p.col, self.message),
            None => self.message.clone(),
        }
    }
}

impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        let what = match self.kind {
            ErrorKind::Unsupported => "unsupported",
            _ => "error",
        };
        match &self.pos {
            Some(p) => write!(
                f,
                "{}:{}:{}: {what}: {}",
                p.file, p.line, p.col, self.message
            )?,
            None => write!(f, "{what}: {}", self.message)?,
        }
        if let (Some(s), Some(p)) = (&self.snippet, &self.pos) {
            // A long line is shown as a window around the column.
            const WIDTH: usize = 100;
            let chars: Vec<char> = s.trim_end().chars().collect();
            let col = (p.col as usize).saturating_sub(1).min(chars.len());
            let start = col.saturating_sub(WIDTH / 2);
            let end = (start + WIDTH).min(chars.len());
            let (pre, post) = (
                if start > 0 { "..." } else { "" },
                if end < chars.len() { "..." } else { "" },
            );
            let line: String = chars[start..end].iter().collect();
            write!(f, "\n  {pre}{line}{post}")?;
            if p.col >= 1 {
                // Keep tabs so the caret lines up under the source.
                let pad: String = chars[start..col]
                    .iter()
                    .map(|&c| if c == '\t' { '\t' } else { ' ' })
                    .collect();
                write!(f, "\n  {}{pad}^", " ".repeat(pre.len()))?;
            }
        }
        Ok(())
    }
}

impl std::error::Error for FrontendError {}
