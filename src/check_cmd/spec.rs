//! What `check` and `validate` check (a rule, an SV-COMP property, the program's
//! assertions), loaded from the command line, and what a native replay must see of it.

use bebop::diag::Report;
use slamrs_abstraction::native::{ErrorSpec, NativeSpec};

use crate::rules::{self, Spec};

/// What is checked: the rule (a built-in's name or a file), the SV-COMP property file, or
/// the program's assertions; `Err` is the message for the user (plain text).
pub(crate) fn load_spec(
    rule: Option<&str>,
    property: Option<&std::path::Path>,
) -> Result<Spec, String> {
    load_spec_report(rule, property).map_err(|r| r.to_string())
}

/// [`load_spec`] with the error as a diagnostic (`FILE:LINE:COL: error: ...` and the line
/// of the rule or property file).
pub(crate) fn load_spec_report(
    rule: Option<&str>,
    property: Option<&std::path::Path>,
) -> Result<Spec, Report> {
    match (rule, property) {
        (Some(r), _) => rules::load_rule(r).map(Spec::Rule).map_err(|e| e.report()),
        (None, Some(p)) => rules::load_property(&p.to_string_lossy())
            .map(Spec::Property)
            .map_err(|e| e.report()),
        (None, None) => Ok(Spec::Assertions),
    }
}

/// What the native replay of a counterexample must see: the entry, the errors, the rule's
/// monitor.
pub(crate) fn native_spec(spec: &Spec, inst: &rules::Instrumented, entry: &str) -> NativeSpec {
    NativeSpec {
        entry: entry.to_string(),
        errors: match spec {
            Spec::Assertions => ErrorSpec::Assertions,
            Spec::Property(p) => ErrorSpec::Property(p.error_functions.clone()),
            Spec::Rule(_) => ErrorSpec::Rule,
        },
        monitor: match (spec, inst.rule_file) {
            (Spec::Rule(r), Some(file)) => Some(rules::native::monitor(r, file)),
            _ => None,
        },
    }
}
