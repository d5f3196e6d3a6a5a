//! Frontend diagnostics: what went wrong, where in the original source, with a snippet
//! (rendered by [`bebop::diag`], like every input error of slamrs).

use std::fmt;

use bebop::diag::{Colour, Report};

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

impl FrontendError {
    /// The error as a diagnostic: `file:line:col: error: message` (`unsupported:` for
    /// [`ErrorKind::Unsupported`]) and the source line with a caret.
    pub fn report(&self) -> Report {
        let level = match self.kind {
            ErrorKind::Unsupported => "unsupported",
            _ => "error",
        };
        match &self.pos {
            Some(p) => {
                let r = Report::error(p.file.as_str(), self.message.as_str())
                    .level(level)
                    .at(p.line, p.col);
                match &self.snippet {
                    Some(s) => r.source_line(s),
                    None => r,
                }
            }
            None => Report::error("", self.message.as_str()).level(level),
        }
    }

    /// The error rendered for a reader, coloured or not (`Display` is the plain one).
    pub fn render(&self, colour: Colour) -> String {
        self.report().render(colour)
    }
}

/// The plain rendering of [`FrontendError::report`] (no colours: it goes into JSON reports).
impl fmt::Display for FrontendError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.render(Colour::Plain))
    }
}

impl std::error::Error for FrontendError {}
