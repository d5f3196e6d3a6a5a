//! Verification witnesses, in the SV-COMP exchange formats. Violation witnesses in GraphML
//! (format 1.0, [`graphml`]) and YAML (format 2.0, [`yaml`]) are written from the report's
//! waypoints ([`crate::report::model::Waypoint`]) and read back into a [`Witness`], which
//! `slamrs validate` replays ([`crate::validate_cmd`]). Correctness witnesses
//! ([`invariants`], YAML) state the invariants and contracts of a SAFE verdict's
//! certificate, which `slamrs validate` checks inductive.
//!
//! A witness names the program by its SHA-256 hash, the specification, the data model and
//! the producer; its path is the sequence of waypoints the violating run passes: each input
//! with the value it returned (`\result == V`), each branch with the side taken, and the
//! target (the error, or the last line of the program before a rule's error).

pub mod graphml;
pub mod invariants;
pub mod yaml;

use std::path::Path;

use slamrs_abstraction::certificate::{self, Site};
use slamrs_abstraction::cir::{FuncId, Loc, Program};

use crate::report::model::{CheckReport, Location, Status, Waypoint, WaypointKind};

/// The formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    /// GraphML, SV-COMP witness format 1.0.
    Graphml,
    /// YAML, SV-COMP witness format 2.0.
    Yaml,
}

impl Format {
    /// The format a file name implies (`.graphml`, `.xml`; `.yml`, `.yaml`).
    pub fn of_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "graphml" | "xml" => Some(Format::Graphml),
            "yml" | "yaml" => Some(Format::Yaml),
            _ => None,
        }
    }
}

/// What a witness says besides its path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meta {
    /// The C file, as named on the command line.
    pub program_file: String,
    /// SHA-256 of the file's bytes, lowercase hex.
    pub program_hash: String,
    /// `ILP32` or `LP64`.
    pub data_model: String,
    /// The specification: the SV-COMP property's formula, or the rule checked.
    pub specification: String,
    /// `slamrs 0.1.0 (git …, Z3 …)`.
    pub producer_name: String,
    pub producer_version: String,
    /// RFC 3339, UTC.
    pub creation_time: String,
}

/// A violation witness read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Witness {
    pub format: Format,
    pub program_hash: Option<String>,
    pub specification: Option<String>,
    pub data_model: Option<String>,
    /// The waypoints in order; only their kind, line and column matter to the validator.
    pub waypoints: Vec<Waypoint>,
}

impl Witness {
    /// The input values in the order the run reads them.
    pub fn inputs(&self) -> Vec<i128> {
        self.waypoints
            .iter()
            .filter_map(|w| match &w.kind {
                WaypointKind::Input { value, .. } => value.to_string().parse().ok(),
                _ => None,
            })
            .collect()
    }
}

/// Writes the witness of `r` (a VIOLATION) in `format`.
pub fn write(r: &CheckReport, meta: &Meta, format: Format) -> Result<String, String> {
    if r.waypoints.is_empty() {
        return Err("only a violation has a witness".into());
    }
    Ok(match format {
        Format::Graphml => graphml::write(&r.waypoints, meta),
        Format::Yaml => yaml::write(&r.waypoints, meta),
    })
}

/// The claims of a certificate as a correctness witness's invariants: loop invariants at
/// their loops, `requires` and `ensures` of a function as one contract at its definition.
/// A claim in the program's own code names `program` as its file.
pub fn invariants_of(
    prog: &Program,
    cert: &certificate::Certificate,
    program: &Path,
) -> Vec<invariants::Invariant> {
    use invariants::{Invariant, InvariantKind};
    let place = |loc: Loc, f: FuncId| {
        let file = if crate::report::build::program_code(prog, loc) {
            program.display().to_string()
        } else {
            prog.file_name(loc).to_string()
        };
        at(&file, loc.line, loc.col, &prog.func(f).name)
    };
    let mut out: Vec<Invariant> = Vec::new();
    for c in &cert.claims {
        match c.site {
            Site::Loop(_) => out.push(Invariant {
                kind: InvariantKind::Loop {
                    value: c.text.clone(),
                },
                location: place(c.loc, c.func),
            }),
            Site::Requires | Site::Ensures => {
                let location = place(c.loc, c.func);
                let i = match out.iter().position(|i| {
                    matches!(i.kind, InvariantKind::Contract { .. }) && i.location == location
                }) {
                    Some(i) => i,
                    None => {
                        out.push(Invariant {
                            kind: InvariantKind::Contract {
                                requires: None,
                                ensures: None,
                            },
                            location,
                        });
                        out.len() - 1
                    }
                };
                if let InvariantKind::Contract { requires, ensures } = &mut out[i].kind {
                    let slot = if c.site == Site::Requires {
                        requires
                    } else {
                        ensures
                    };
                    *slot = Some(c.text.clone());
                }
            }
        }
    }
    out
}

/// Writes the witness of `r`, the report of a check of `program`, to `path` (in `format`,
/// else the one its name implies): a violation witness for a VIOLATION, a correctness
/// witness stating `invariants` for SAFE; says on stderr why there is none.
/// `specification` is what the witness says was checked, `data_model` `ILP32` or `LP64`.
#[allow(clippy::too_many_arguments)]
pub fn write_file(
    r: &CheckReport,
    path: &Path,
    format: Option<Format>,
    program: &Path,
    data_model: &str,
    specification: &str,
    driver: bool,
    invariants: Result<&[invariants::Invariant], &str>,
) {
    let Some(format) = format.or_else(|| Format::of_path(path)) else {
        eprintln!(
            "warning: no witness written: {} names no format (.graphml, .yml; or --witness-format)",
            path.display()
        );
        return;
    };
    if r.verdict == Status::Safe && !driver {
        let text = match (invariants, format) {
            (Err(why), _) => {
                eprintln!("note: no correctness witness written: {why}");
                return;
            }
            (Ok(_), Format::Graphml) => {
                eprintln!("note: no correctness witness written: slamrs writes them in YAML (a .yml file, or --witness-format yaml)");
                return;
            }
            (Ok(invs), Format::Yaml) => {
                meta(program, data_model, specification).map(|m| invariants::write(invs, &m))
            }
        };
        let written = text.and_then(|text| {
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
        });
        if let Err(e) = written {
            eprintln!("warning: no witness written: {e}");
        }
        return;
    }
    if r.verdict != Status::Violation {
        eprintln!(
            "note: no witness written: the verdict is {}, and witnesses are of violations and of correctness",
            format!("{:?}", r.verdict).to_uppercase()
        );
        return;
    }
    if driver {
        eprintln!("note: no witness written: a driver's violation runs through its generated harness, which a witness cannot name");
        return;
    }
    if let Some(why) = &r.witness_limit {
        eprintln!("note: no witness written: {why}, which a witness cannot state");
        return;
    }
    let written = meta(program, data_model, specification)
        .and_then(|m| write(r, &m, format))
        .and_then(|text| {
            std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
        });
    if let Err(e) = written {
        eprintln!("warning: no witness written: {e}");
    }
}

/// Reads a witness; the format is found from the text (`<` starts GraphML).
pub fn read(text: &str) -> Result<Witness, String> {
    if text.trim_start().starts_with('<') {
        graphml::read(text)
    } else {
        yaml::read(text)
    }
}

/// The witness facts of a run: the file's hash, the data model, the specification.
pub fn meta(program: &Path, data_model: &str, specification: &str) -> Result<Meta, String> {
    let bytes = std::fs::read(program).map_err(|e| format!("{}: {e}", program.display()))?;
    let tool = crate::report::model::Tool::this();
    Ok(Meta {
        program_file: program.display().to_string(),
        program_hash: sha256_hex(&bytes),
        data_model: data_model.to_string(),
        specification: specification.to_string(),
        producer_name: tool.name,
        producer_version: crate::report::model::Tool::long_version(),
        creation_time: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
    })
}

/// SHA-256 in lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The SV-COMP formula of the reachability property (`reach_error` must not be called).
pub const UNREACH_CALL: &str = "G ! call(reach_error())";

/// A location read from a witness (only the line and column are known there).
fn at(file: &str, line: u32, column: u32, function: &str) -> Location {
    Location {
        file: file.to_string(),
        line,
        column,
        function: function.to_string(),
    }
}

#[cfg(test)]
mod tests;
