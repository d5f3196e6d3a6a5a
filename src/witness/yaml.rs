//! Violation witnesses in YAML (SV-COMP witness format 2.0): one `violation_sequence`
//! entry whose content is a list of segments of one `follow` waypoint each. An input is a
//! `function_return` waypoint with the constraint `\result == V` (an ACSL expression) at
//! the call; a branch a `branching` waypoint with the constraint `true` or `false` at the
//! condition; the last segment's waypoint is the `target`. The metadata name the producer,
//! the task (the file, its SHA-256, the specification, the data model) and the time.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::{at, Format, Meta, Witness};
use crate::report::model::{Waypoint, WaypointKind};

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    entry_type: String,
    metadata: Metadata,
    #[serde(default)]
    content: Vec<Segment>,
}

#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Metadata {
    pub format_version: String,
    pub uuid: String,
    pub creation_time: String,
    pub producer: Producer,
    pub task: Task,
}

#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Producer {
    pub name: String,
    pub version: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Task {
    pub input_files: Vec<String>,
    pub input_file_hashes: BTreeMap<String, String>,
    pub specification: String,
    pub data_model: String,
    pub language: String,
}

#[derive(Debug, Serialize, Deserialize)]
struct Segment {
    segment: Vec<Item>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Item {
    waypoint: Point,
}

#[derive(Debug, Serialize, Deserialize)]
struct Point {
    #[serde(rename = "type")]
    kind: String,
    action: String,
    location: Place,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    constraint: Option<Constraint>,
}

/// A location in a YAML witness.
#[derive(Debug, Serialize, Deserialize)]
pub(super) struct Place {
    pub file_name: String,
    pub line: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub column: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Constraint {
    value: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    format: Option<String>,
}

/// The witness of `waypoints`.
pub fn write(waypoints: &[Waypoint], meta: &Meta) -> String {
    let content = waypoints
        .iter()
        .map(|w| {
            let (kind, constraint) = match &w.kind {
                WaypointKind::Input { value, .. } => (
                    "function_return",
                    Some(Constraint {
                        value: format!("\\result == {value}"),
                        format: Some("acsl_expression".into()),
                    }),
                ),
                WaypointKind::Branch { taken } => (
                    "branching",
                    Some(Constraint {
                        value: taken.to_string(),
                        format: None,
                    }),
                ),
                WaypointKind::Target => ("target", None),
            };
            Segment {
                segment: vec![Item {
                    waypoint: Point {
                        kind: kind.into(),
                        action: "follow".into(),
                        location: Place {
                            file_name: meta.program_file.clone(),
                            line: w.location.line,
                            column: (w.location.column > 0).then_some(w.location.column),
                            function: (!w.location.function.is_empty())
                                .then(|| w.location.function.clone()),
                        },
                        constraint,
                    },
                }],
            }
        })
        .collect();
    let entry = Entry {
        entry_type: "violation_sequence".into(),
        metadata: metadata(meta, "2.0"),
        content,
    };
    serde_yaml_ng::to_string(&vec![entry]).unwrap_or_default()
}

/// The metadata of an entry of format `version`.
pub(super) fn metadata(meta: &Meta, version: &str) -> Metadata {
    Metadata {
        format_version: version.into(),
        uuid: uuid::Uuid::new_v4().to_string(),
        creation_time: meta.creation_time.clone(),
        producer: Producer {
            name: meta.producer_name.clone(),
            version: meta.producer_version.clone(),
        },
        task: Task {
            input_files: vec![meta.program_file.clone()],
            input_file_hashes: BTreeMap::from([(
                meta.program_file.clone(),
                meta.program_hash.clone(),
            )]),
            specification: meta.specification.clone(),
            data_model: meta.data_model.clone(),
            language: "C".into(),
        },
    }
}

/// Reads the first `violation_sequence` entry of a witness file.
pub fn read(text: &str) -> Result<Witness, String> {
    let entries: Vec<serde_yaml_ng::Value> =
        serde_yaml_ng::from_str(text).map_err(|e| format!("not a YAML witness: {e}"))?;
    let entry = entries
        .into_iter()
        .find(|e| e.get("entry_type").and_then(|t| t.as_str()) == Some("violation_sequence"))
        .ok_or("no violation_sequence entry: not a violation witness")?;
    let entry: Entry = serde_yaml_ng::from_value(entry)
        .map_err(|e| format!("malformed violation_sequence: {e}"))?;
    if !entry.metadata.format_version.starts_with("2.") {
        return Err(format!(
            "witness format {} (slamrs reads 2.x)",
            entry.metadata.format_version
        ));
    }
    let mut waypoints = Vec::new();
    for seg in &entry.content {
        // the followed waypoint of a segment (its `avoid` waypoints only constrain)
        let Some(item) = seg
            .segment
            .iter()
            .rev()
            .find(|i| i.waypoint.action == "follow")
        else {
            continue;
        };
        let p = &item.waypoint;
        let place = at(
            &p.location.file_name,
            p.location.line,
            p.location.column.unwrap_or(0),
            p.location.function.as_deref().unwrap_or(""),
        );
        let constraint = p.constraint.as_ref().map(|c| c.value.trim());
        let kind = match p.kind.as_str() {
            "function_return" => WaypointKind::Input {
                function: p.location.function.clone().unwrap_or_default(),
                value: constraint
                    .and_then(super::graphml::result_value)
                    .ok_or_else(|| {
                        format!(
                            "line {}: function_return without `\\result == V`",
                            p.location.line
                        )
                    })?,
            },
            "branching" => WaypointKind::Branch {
                taken: match constraint {
                    Some("true") => true,
                    Some("false") => false,
                    other => {
                        return Err(format!(
                            "line {}: branching constraint {other:?} (true or false)",
                            p.location.line
                        ))
                    }
                },
            },
            "target" => WaypointKind::Target,
            // assumptions and function entries do not change the run slamrs replays
            _ => continue,
        };
        waypoints.push(Waypoint {
            kind,
            location: place,
        });
    }
    let task = &entry.metadata.task;
    Ok(Witness {
        format: Format::Yaml,
        program_hash: task.input_file_hashes.values().next().cloned(),
        specification: Some(task.specification.clone()),
        data_model: Some(task.data_model.clone()),
        waypoints,
    })
}
