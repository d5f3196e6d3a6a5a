//! Correctness witnesses in YAML: one `invariant_set` entry (SV-COMP witness format 2.0)
//! whose content lists loop invariants (`loop_invariant`, located at the loop's keyword)
//! and location invariants (`location_invariant`), C expressions (ACSL where a loop
//! invariant relates a global to its value at the function's entry); and function contracts
//! (`function_contract`, located at the function's definition, `requires` and `ensures` in
//! ACSL with `\result` and `\old(x)`: the format's version 2.1 extension, so a witness
//! with contracts says `format_version: 2.1`).
//!
//! slamrs writes them from the certificate of a SAFE verdict
//! ([`slamrs_abstraction::certificate`]); `slamrs validate` reads them back, from slamrs
//! or another verifier, and checks that their claims are inductive.

use serde::{Deserialize, Serialize};

use super::yaml::{metadata, Metadata, Place};
use super::{at, Meta};
use crate::report::model::Location;

/// One claim of a correctness witness.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invariant {
    pub kind: InvariantKind,
    pub location: Location,
}

/// What a claim says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InvariantKind {
    /// Holds at the loop's head, each time before its condition.
    Loop { value: String },
    /// Holds each time the statement at the location is reached.
    Location { value: String },
    /// The function's precondition and postcondition (absent: `1`).
    Contract {
        requires: Option<String>,
        ensures: Option<String>,
    },
}

/// A correctness witness read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Correctness {
    pub program_hash: Option<String>,
    pub specification: Option<String>,
    pub data_model: Option<String>,
    pub invariants: Vec<Invariant>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    entry_type: String,
    metadata: Metadata,
    #[serde(default)]
    content: Vec<Item>,
}

/// One item of the content: a mapping with one key, `invariant` or `function_contract`.
#[derive(Debug, Default, Serialize, Deserialize)]
struct Item {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    invariant: Option<Claim>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    function_contract: Option<Contract>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Claim {
    #[serde(rename = "type")]
    kind: String,
    location: Place,
    value: String,
    format: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct Contract {
    location: Place,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    requires: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ensures: Option<String>,
    format: String,
}

fn place(l: &Location) -> Place {
    Place {
        file_name: l.file.clone(),
        line: l.line,
        column: (l.column > 0).then_some(l.column),
        function: (!l.function.is_empty()).then(|| l.function.clone()),
    }
}

/// The witness stating `invariants`.
pub fn write(invariants: &[Invariant], meta: &Meta) -> String {
    let contracts = invariants
        .iter()
        .any(|i| matches!(i.kind, InvariantKind::Contract { .. }));
    let content = invariants
        .iter()
        .map(|i| match &i.kind {
            InvariantKind::Loop { value } | InvariantKind::Location { value } => Item {
                invariant: Some(Claim {
                    kind: match i.kind {
                        InvariantKind::Loop { .. } => "loop_invariant",
                        _ => "location_invariant",
                    }
                    .into(),
                    location: place(&i.location),
                    value: value.clone(),
                    // `\old(x)` (a global's value at the function's entry) is ACSL
                    format: if value.contains("\\old") {
                        "acsl_expression"
                    } else {
                        "c_expression"
                    }
                    .into(),
                }),
                ..Item::default()
            },
            InvariantKind::Contract { requires, ensures } => Item {
                function_contract: Some(Contract {
                    location: place(&i.location),
                    requires: requires.clone(),
                    ensures: ensures.clone(),
                    format: "acsl_expression".into(),
                }),
                ..Item::default()
            },
        })
        .collect();
    let entry = Entry {
        entry_type: "invariant_set".into(),
        metadata: metadata(meta, if contracts { "2.1" } else { "2.0" }),
        content,
    };
    serde_yaml_ng::to_string(&vec![entry]).unwrap_or_default()
}

/// True if the YAML text holds an `invariant_set` entry (a correctness witness).
pub fn is_correctness(text: &str) -> bool {
    serde_yaml_ng::from_str::<Vec<serde_yaml_ng::Value>>(text).is_ok_and(|entries| {
        entries
            .iter()
            .any(|e| e.get("entry_type").and_then(|t| t.as_str()) == Some("invariant_set"))
    })
}

/// Reads the `invariant_set` entries of a witness file. Claims in a format other than C
/// or ACSL expressions are refused.
pub fn read(text: &str) -> Result<Correctness, String> {
    let entries: Vec<serde_yaml_ng::Value> =
        serde_yaml_ng::from_str(text).map_err(|e| format!("not a YAML witness: {e}"))?;
    let mut out = Correctness {
        program_hash: None,
        specification: None,
        data_model: None,
        invariants: Vec::new(),
    };
    let mut any = false;
    for e in entries {
        if e.get("entry_type").and_then(|t| t.as_str()) != Some("invariant_set") {
            continue;
        }
        any = true;
        let entry: Entry =
            serde_yaml_ng::from_value(e).map_err(|e| format!("malformed invariant_set: {e}"))?;
        if !entry.metadata.format_version.starts_with("2.") {
            return Err(format!(
                "witness format {} (slamrs reads 2.x)",
                entry.metadata.format_version
            ));
        }
        let task = &entry.metadata.task;
        out.program_hash = out
            .program_hash
            .or_else(|| task.input_file_hashes.values().next().cloned());
        out.specification.get_or_insert(task.specification.clone());
        out.data_model.get_or_insert(task.data_model.clone());
        for item in entry.content {
            let (p, kind, format) = match (item.invariant, item.function_contract) {
                (Some(c), None) => {
                    let kind = match c.kind.as_str() {
                        "loop_invariant" => InvariantKind::Loop { value: c.value },
                        "location_invariant" => InvariantKind::Location { value: c.value },
                        other => {
                            return Err(format!(
                                "line {}: unknown invariant type `{other}`",
                                c.location.line
                            ))
                        }
                    };
                    (c.location, kind, c.format)
                }
                (None, Some(c)) => (
                    c.location,
                    InvariantKind::Contract {
                        requires: c.requires,
                        ensures: c.ensures,
                    },
                    c.format,
                ),
                _ => return Err(
                    "an item of an invariant_set must have one key: invariant or function_contract"
                        .into(),
                ),
            };
            if format != "c_expression" && format != "acsl_expression" {
                return Err(format!(
                    "line {}: invariants in format `{format}` (slamrs reads c_expression and acsl_expression)",
                    p.line
                ));
            }
            out.invariants.push(Invariant {
                kind,
                location: at(
                    &p.file_name,
                    p.line,
                    p.column.unwrap_or(0),
                    p.function.as_deref().unwrap_or(""),
                ),
            });
        }
    }
    if !any {
        return Err("no invariant_set entry: not a correctness witness".into());
    }
    Ok(out)
}
