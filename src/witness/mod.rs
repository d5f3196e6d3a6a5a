//! Verification witnesses of violations, in the two SV-COMP exchange formats: GraphML
//! (format 1.0, [`graphml`]) and YAML (format 2.0, [`yaml`]). Both are written from the
//! report's waypoints ([`crate::report::model::Waypoint`]) and read back into a
//! [`Witness`], which `slamrs validate` replays ([`crate::validate_cmd`]).
//!
//! A witness names the program by its SHA-256 hash, the specification, the data model and
//! the producer; its path is the sequence of waypoints the violating run passes: each input
//! with the value it returned (`\result == V`), each branch with the side taken, and the
//! target (the error, or the last line of the program before a rule's error).

pub mod graphml;
pub mod yaml;

use std::path::Path;

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

/// Writes the violation witness of `r`, the report of a check of `program`, to `path`
/// (in `format`, else the one its name implies); says on stderr why there is none.
/// `specification` is what the witness says was checked, `data_model` `ILP32` or `LP64`.
pub fn write_file(
    r: &CheckReport,
    path: &Path,
    format: Option<Format>,
    program: &Path,
    data_model: &str,
    specification: &str,
    driver: bool,
) {
    let Some(format) = format.or_else(|| Format::of_path(path)) else {
        eprintln!(
            "warning: no witness written: {} names no format (.graphml, .yml; or --witness-format)",
            path.display()
        );
        return;
    };
    if r.verdict != Status::Violation {
        eprintln!(
            "note: no witness written: slamrs writes violation witnesses, and the verdict is {}",
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
