//! Violation witnesses in GraphML (SV-COMP witness format 1.0): a chain of nodes from the
//! entry node to the violation node, one edge per waypoint. An input is an edge with the
//! `assumption` `\result == V;` and its `assumption.resultfunction`; a branch an edge with
//! `control` `condition-true` or `condition-false`; both at their `startline`. The graph's
//! data carry the witness type, the producer, the specification, the program file and its
//! SHA-256, the architecture and the creation time.

use super::{at, Format, Meta, Witness};
use crate::report::model::{InputValue, Waypoint, WaypointKind};

/// The keys the witness uses: (id, attr.name, attr.type, for).
const KEYS: &[(&str, &str, &str, &str)] = &[
    ("witness-type", "witness-type", "string", "graph"),
    ("sourcecodelang", "sourcecodelang", "string", "graph"),
    ("producer", "producer", "string", "graph"),
    ("specification", "specification", "string", "graph"),
    ("programfile", "programFile", "string", "graph"),
    ("programhash", "programHash", "string", "graph"),
    ("architecture", "architecture", "string", "graph"),
    ("creationtime", "creationTime", "string", "graph"),
    ("entry", "isEntryNode", "boolean", "node"),
    ("violation", "isViolationNode", "boolean", "node"),
    ("startline", "startline", "int", "edge"),
    ("control", "control", "string", "edge"),
    ("assumption", "assumption", "string", "edge"),
    (
        "assumption.resultfunction",
        "assumption.resultfunction",
        "string",
        "edge",
    ),
];

/// The witness of `waypoints`.
pub fn write(waypoints: &[Waypoint], meta: &Meta) -> String {
    let mut s = String::new();
    s.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
    s.push_str("<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n");
    for (id, name, ty, what) in KEYS {
        let default = if *ty == "boolean" {
            "<default>false</default>"
        } else {
            ""
        };
        s.push_str(&format!(
            " <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{what}\" id=\"{id}\">{default}</key>\n"
        ));
    }
    s.push_str(" <graph edgedefault=\"directed\">\n");
    let architecture = if meta.data_model == "ILP32" {
        "32bit"
    } else {
        "64bit"
    };
    let graph_data = [
        ("witness-type", "violation_witness"),
        ("sourcecodelang", "C"),
        ("producer", meta.producer_version.as_str()),
        ("specification", meta.specification.as_str()),
        ("programfile", meta.program_file.as_str()),
        ("programhash", meta.program_hash.as_str()),
        ("architecture", architecture),
        ("creationtime", meta.creation_time.as_str()),
    ];
    for (k, v) in graph_data {
        s.push_str(&format!(
            "  <data key=\"{k}\">{}</data>\n",
            crate::report::escape_markup(v)
        ));
    }
    s.push_str("  <node id=\"N0\">\n   <data key=\"entry\">true</data>\n  </node>\n");
    for (n, w) in waypoints.iter().enumerate() {
        let data: Vec<(&str, String)> = match &w.kind {
            WaypointKind::Input { function, value } => vec![
                ("startline", w.location.line.to_string()),
                ("assumption", format!("\\result == {value};")),
                ("assumption.resultfunction", function.clone()),
            ],
            WaypointKind::Branch { taken } => vec![
                ("startline", w.location.line.to_string()),
                (
                    "control",
                    if *taken {
                        "condition-true"
                    } else {
                        "condition-false"
                    }
                    .to_string(),
                ),
            ],
            WaypointKind::Target => vec![("startline", w.location.line.to_string())],
        };
        let last = matches!(w.kind, WaypointKind::Target);
        let target = format!("N{}", n + 1);
        if last {
            s.push_str(&format!(
                "  <node id=\"{target}\">\n   <data key=\"violation\">true</data>\n  </node>\n"
            ));
        } else {
            s.push_str(&format!("  <node id=\"{target}\"/>\n"));
        }
        s.push_str(&format!("  <edge source=\"N{n}\" target=\"{target}\">\n"));
        for (k, v) in data {
            s.push_str(&format!(
                "   <data key=\"{k}\">{}</data>\n",
                crate::report::escape_markup(&v)
            ));
        }
        s.push_str("  </edge>\n");
    }
    s.push_str(" </graph>\n</graphml>\n");
    s
}

/// The `data` of an element: (key, text).
type Data = Vec<(String, String)>;

/// An element's `data` children.
fn data_of(n: roxmltree::Node) -> Data {
    n.children()
        .filter(|c| c.has_tag_name((NS, "data")) || c.has_tag_name("data"))
        .map(|c| {
            (
                c.attribute("key").unwrap_or("").to_string(),
                c.text().unwrap_or("").trim().to_string(),
            )
        })
        .collect()
}

fn get<'d>(data: &'d [(String, String)], key: &str) -> Option<&'d str> {
    data.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The GraphML namespace.
const NS: &str = "http://graphml.graphdrawing.org/xmlns";

/// Reads a violation witness: follows the edges from the entry node to a violation node.
pub fn read(text: &str) -> Result<Witness, String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| format!("not GraphML: {e}"))?;
    let graph = doc
        .descendants()
        .find(|n| n.tag_name().name() == "graph")
        .ok_or("no <graph> element: not a GraphML witness")?;
    let graph_data = data_of(graph);
    let gd = |k: &str| get(&graph_data, k).map(str::to_string);
    match gd("witness-type").as_deref() {
        Some("violation_witness") => {}
        Some(other) => return Err(format!("a {other}, not a violation witness")),
        None => return Err("no witness-type: not a verification witness".into()),
    }
    let nodes: Vec<(String, Data)> = graph
        .children()
        .filter(|n| n.tag_name().name() == "node")
        .map(|n| (n.attribute("id").unwrap_or("").to_string(), data_of(n)))
        .collect();
    let edges: Vec<(String, String, Data)> = graph
        .children()
        .filter(|n| n.tag_name().name() == "edge")
        .map(|n| {
            (
                n.attribute("source").unwrap_or("").to_string(),
                n.attribute("target").unwrap_or("").to_string(),
                data_of(n),
            )
        })
        .collect();
    let entry = nodes
        .iter()
        .find(|(_, d)| get(d, "entry") == Some("true"))
        .ok_or("no entry node")?;
    let violation = |id: &str| {
        nodes
            .iter()
            .any(|(n, d)| n == id && get(d, "violation") == Some("true"))
    };
    let mut waypoints = Vec::new();
    let mut at_node = entry.0.clone();
    let mut seen = std::collections::HashSet::new();
    while !violation(&at_node) {
        if !seen.insert(at_node.clone()) {
            return Err(format!("the path loops at node {at_node}"));
        }
        let out: Vec<_> = edges.iter().filter(|e| e.0 == at_node).collect();
        let (_, target, data) = match out.as_slice() {
            [one] => *one,
            [] => return Err(format!("node {at_node} has no edge and is no violation")),
            _ => {
                return Err(format!(
                    "node {at_node} has {} edges: slamrs validates a single path",
                    out.len()
                ))
            }
        };
        let line: u32 = get(data, "startline")
            .and_then(|l| l.trim().parse().ok())
            .unwrap_or(0);
        let place = at("", line, 0, "");
        if let Some(a) = get(data, "assumption") {
            let function = get(data, "assumption.resultfunction").unwrap_or("");
            let value = result_value(a)
                .ok_or_else(|| format!("assumption `{a}` is not of the form `\\result == V;`"))?;
            waypoints.push(Waypoint {
                kind: WaypointKind::Input {
                    function: function.to_string(),
                    value,
                },
                location: place,
            });
        } else if let Some(c) = get(data, "control") {
            let taken = match c {
                "condition-true" => true,
                "condition-false" => false,
                other => return Err(format!("unknown control `{other}`")),
            };
            waypoints.push(Waypoint {
                kind: WaypointKind::Branch { taken },
                location: place,
            });
        } else if violation(target) {
            waypoints.push(Waypoint {
                kind: WaypointKind::Target,
                location: place,
            });
        }
        at_node = target.clone();
    }
    if !matches!(
        waypoints.last().map(|w| &w.kind),
        Some(WaypointKind::Target)
    ) {
        waypoints.push(Waypoint {
            kind: WaypointKind::Target,
            location: at("", 0, 0, ""),
        });
    }
    Ok(Witness {
        format: Format::Graphml,
        program_hash: gd("programhash"),
        specification: gd("specification"),
        data_model: gd("architecture").map(|a| {
            if a.starts_with("32") {
                "ILP32".to_string()
            } else {
                "LP64".to_string()
            }
        }),
        waypoints,
    })
}

/// `V` of `\result == V;` (spaces and the `;` optional).
pub(super) fn result_value(a: &str) -> Option<InputValue> {
    let rest = a.trim().strip_prefix("\\result")?.trim_start();
    let rest = rest.strip_prefix("==")?.trim();
    let v = rest.trim_end_matches(';').trim();
    let v = v.trim_end_matches(['u', 'U', 'l', 'L']);
    let x: i128 = v.parse().ok()?;
    Some(InputValue::of(x))
}
