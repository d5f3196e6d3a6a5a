//! What `slamrs check` verifies: the program's own assertions, an SV-COMP property
//! (`.prp`), or a temporal safety rule written in a SLIC subset (docs/rules.md), and the
//! instrumentation that turns each into error locations of the CIR program.
//!
//! After [`instrument`], a `Stmt::Error` edge is exactly a violation of the [`Spec`], or a
//! rule's `giveup` (listed apart in [`Instrumented::bounds`]: reaching one is UNKNOWN).

pub mod ast;
mod builtins;
mod instrument;
mod lexer;
pub mod native;
mod parser;
mod property;

#[cfg(test)]
mod tests;

pub use ast::{
    Event, EventFunc, EventKind, Handler, Pos, RBinOp, RExpr, RExprKind, RStmt, RUnOp, Rule,
    StateVar,
};
pub use builtins::{builtin, builtin_text, builtins};
pub use instrument::{instrument, instrument_units, redirect_calls, Instrumented};
pub use property::VERIFIER_ERROR;

use std::fmt;
use std::path::Path;

use bebop::diag::Report;

/// What to verify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spec {
    /// The program's own error locations: failing `assert`s, and calls of `reach_error` or
    /// `__VERIFIER_error` (even when the program defines them).
    Assertions,
    /// An SV-COMP unreach-call property: calls of its error functions.
    Property(Property),
    /// A temporal safety rule: its `abort`s.
    Rule(Rule),
}

impl Spec {
    /// How the program's environment is read for this check: SV-COMP's definition of a
    /// verification task under a `.prp` property, the hostile reading otherwise
    /// (docs/cegar.md, "The environment").
    pub fn externals(&self) -> slamrs_abstraction::cir::env::Externals {
        use slamrs_abstraction::cir::env::Externals;
        match self {
            Spec::Property(_) => Externals::SvComp,
            Spec::Assertions | Spec::Rule(_) => Externals::Hostile,
        }
    }
}

/// An SV-COMP unreach-call property, from a `.prp` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Property {
    /// The entry function named by `init(...)`.
    pub entry: String,
    /// The functions whose calls must be unreachable: the one named by `call(...)`, and
    /// always `__VERIFIER_error`.
    pub error_functions: Vec<String>,
}

/// A rule or property that does not parse, or does not fit the program.
/// `line == 0` means the error has no position (e.g. a missing file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub file: String,
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl RuleError {
    /// An error at `pos` of `file`.
    pub fn at(file: &str, pos: Pos, message: impl Into<String>) -> Self {
        RuleError {
            file: file.to_string(),
            line: pos.line,
            col: pos.col,
            message: message.into(),
        }
    }

    /// An error about `file` as a whole.
    pub fn whole(file: &str, message: impl Into<String>) -> Self {
        Self::at(file, Pos::default(), message)
    }
}

impl RuleError {
    /// The error as a diagnostic, with the line of the file it is in (read again from
    /// disk, or the built-in rule's text) when there is one.
    pub fn report(&self) -> Report {
        let r = Report::error(self.file.as_str(), self.message.as_str());
        if self.line == 0 {
            return r;
        }
        let r = r.at(self.line, self.col);
        let builtin = self
            .file
            .strip_prefix("<builtin:")
            .and_then(|n| n.strip_suffix('>'))
            .and_then(builtin_text);
        match builtin {
            Some(text) => r.in_source(text),
            None => match std::fs::read_to_string(&self.file) {
                Ok(text) => r.in_source(&text),
                Err(_) => r,
            },
        }
    }
}

/// `FILE:LINE:COL: error: MESSAGE` (`FILE: error: MESSAGE` without a position): the first
/// line of [`RuleError::report`], with no file read.
impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = Report::error(self.file.as_str(), self.message.as_str());
        f.write_str(&r.at(self.line, self.col).header())
    }
}

impl std::error::Error for RuleError {}

/// Parses a rule. `file` names the text in errors and in the locations of instrumented
/// code; the rule is named after it (its file name without directories and `.slic`).
pub fn parse_rule(file: &str, text: &str) -> Result<Rule, RuleError> {
    let name = Path::new(file)
        .file_name()
        .and_then(|n| n.to_str())
        .map(|n| n.strip_suffix(".slic").unwrap_or(n))
        .unwrap_or(file);
    parser::parse(name, file, text).map_err(|(pos, m)| RuleError::at(file, pos, m))
}

/// Parses an SV-COMP property file (only unreach-call is supported).
pub fn parse_property(file: &str, text: &str) -> Result<Property, RuleError> {
    property::parse(text).map_err(|(pos, m)| RuleError::at(file, pos, m))
}

/// Reads and parses a `.prp` file.
pub fn load_property(path: &str) -> Result<Property, RuleError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| RuleError::whole(path, format!("cannot read the property file: {e}")))?;
    parse_property(path, &text)
}

/// Resolves `--rule ARG`: a built-in rule's name, or the path of a rule file.
/// An argument that is neither is an error listing the built-in rules.
pub fn load_rule(arg: &str) -> Result<Rule, RuleError> {
    if let Some(r) = builtin(arg) {
        return Ok(r);
    }
    let path = Path::new(arg);
    let looks_like_path = arg.contains('/') || arg.contains('.') || path.exists();
    if !looks_like_path {
        return Err(RuleError::whole(
            arg,
            format!(
                "unknown rule `{arg}`: not a built-in rule ({}) nor a rule file",
                builtin_names()
            ),
        ));
    }
    match std::fs::read_to_string(path) {
        Ok(text) => parse_rule(arg, &text),
        Err(e) => Err(RuleError::whole(
            arg,
            format!(
                "cannot read the rule file: {e} (built-in rules: {})",
                builtin_names()
            ),
        )),
    }
}

/// The built-in rules' names, comma-separated.
fn builtin_names() -> String {
    builtins()
        .iter()
        .map(|(n, _)| *n)
        .collect::<Vec<_>>()
        .join(", ")
}
