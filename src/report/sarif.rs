//! Reports as SARIF 2.1.0 (the OASIS Static Analysis Results Interchange Format, read by
//! GitHub code scanning and SARIF viewers), built with `serde-sarif`'s types.
//!
//! One run holds the reports of one file (one per rule for a driver checked against all
//! its rules). Each rule checked is a `reportingDescriptor`; each VIOLATION is a result of
//! kind `fail` at the driver's own line (drivers) or where the error is reached, whose
//! counterexample is a `codeFlow` with one `threadFlowLocation` per trace line: nesting
//! level = call depth, `state` = the variables' values after the line. A SAFE rule is a
//! result of kind `pass` (which code scanning does not show as an alert), an UNKNOWN a
//! `toolExecutionNotification` of level `warning` with the typed reason in its properties,
//! and bad input a notification of level `error` with `executionSuccessful: false`.

use std::collections::BTreeMap;

use serde_sarif::sarif;

use super::model::{CheckReport, CheckedKind, Location, Status, TraceLine};

/// The SARIF log of `reports` (all of one file), with the exit status the process returns.
pub fn render(reports: &[CheckReport], exit_code: u8) -> String {
    let log = log(reports, exit_code);
    serde_json::to_string_pretty(&log).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"))
}

/// The SARIF log value of `reports`.
pub fn log(reports: &[CheckReport], exit_code: u8) -> sarif::Sarif {
    let tool = reports
        .first()
        .map(|r| r.tool.clone())
        .unwrap_or_else(super::model::Tool::this);
    let mut rules: Vec<sarif::ReportingDescriptor> = Vec::new();
    let mut results: Vec<sarif::Result> = Vec::new();
    let mut notes: Vec<sarif::Notification> = Vec::new();
    let mut ok = true;
    for r in reports {
        let id = rule_id(r);
        let index = match rules.iter().position(|d| d.id == id) {
            Some(i) => i,
            None => {
                rules.push(descriptor(r, &id));
                rules.len() - 1
            }
        };
        match r.verdict {
            Status::Violation => results.push(violation(r, &id, index)),
            Status::Safe | Status::NotApplicable => results.push(passed(r, &id, index)),
            Status::Unknown => notes.push(unknown(r, &id, index)),
            Status::Error => {
                ok = false;
                let msg = r.error.as_ref().map(|e| e.message.clone());
                notes.push(
                    sarif::Notification::builder()
                        .level(serde_json::json!("error"))
                        .message(text(&msg.unwrap_or_else(|| "bad input".into())))
                        .build(),
                );
            }
        }
    }
    let driver = sarif::ToolComponent::builder()
        .name(tool.name.clone())
        .version(format!(
            "{} (git {}, Z3 {})",
            tool.version, tool.commit, tool.z3
        ))
        .semantic_version(tool.version.clone())
        .rules(rules)
        .build();
    let invocation = sarif::Invocation::builder()
        .execution_successful(ok)
        .exit_code(exit_code as i64)
        .tool_execution_notifications(notes)
        .build();
    let mut base = BTreeMap::new();
    if let Ok(cwd) = std::env::current_dir() {
        base.insert(
            SRCROOT.to_string(),
            sarif::ArtifactLocation::builder()
                .uri(format!("file://{}/", encode(&cwd.to_string_lossy())))
                .build(),
        );
    }
    let run = sarif::Run::builder()
        .tool(sarif::Tool::builder().driver(driver).build())
        .invocations(vec![invocation])
        .original_uri_base_ids(base)
        .results(results)
        .build();
    sarif::Sarif::builder()
        .schema(SCHEMA_URI.to_string())
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build()
}

/// Where the schema of SARIF 2.1.0 is published.
const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";

/// The base of relative file names: the directory slamrs ran in.
const SRCROOT: &str = "SRCROOT";

/// The rule's id: its name, or the property's, or `assertions`.
fn rule_id(r: &CheckReport) -> String {
    r.checked.name.clone()
}

fn descriptor(r: &CheckReport, id: &str) -> sarif::ReportingDescriptor {
    let kind = match r.checked.kind {
        CheckedKind::Rule => "rule",
        CheckedKind::Property => "property",
        CheckedKind::Assertions => "assertions",
    };
    let mut props = BTreeMap::new();
    props.insert("kind".to_string(), serde_json::json!(kind));
    sarif::ReportingDescriptor::builder()
        .id(id.to_string())
        .name(r.checked.phrase())
        .short_description(multi(&r.checked.description))
        .full_description(multi(&r.checked.description))
        .help(multi(&format!(
            "{}. slamrs reports a violation only after replaying a concrete run that breaks it; the run is the result's code flow.",
            r.checked.description.trim_end_matches('.')
        )))
        .default_configuration(
            sarif::ReportingConfiguration::builder()
                .level(serde_json::json!("error"))
                .build(),
        )
        .properties(bag(props))
        .build()
}

fn violation(r: &CheckReport, id: &str, index: usize) -> sarif::Result {
    let headline = r.driver_location.as_ref().or(r.error_location.as_ref());
    let message = match &r.message {
        Some(m) => format!("{}: {m}", r.checked.phrase()),
        None => format!(
            "{} is violated: an error location is reachable",
            r.checked.phrase()
        ),
    };
    let inputs: Vec<String> = r.inputs.iter().map(|v| v.to_string()).collect();
    let flow_msg = format!(
        "a run that violates {} (inputs in order: [{}])",
        r.checked.phrase(),
        inputs.join(", ")
    );
    let steps: Vec<sarif::ThreadFlowLocation> = r
        .trace
        .iter()
        .enumerate()
        .map(|(i, l)| step(l, i))
        .collect();
    let flow = sarif::CodeFlow::builder()
        .message(text(&flow_msg))
        .thread_flows(vec![sarif::ThreadFlow::builder().locations(steps).build()])
        .build();
    let mut props = BTreeMap::new();
    props.insert("inputs".to_string(), serde_json::json!(r.inputs));
    props.insert(
        "nativeReplay".to_string(),
        serde_json::json!(r.native_replay),
    );
    props.insert(
        "interpreterReplay".to_string(),
        serde_json::json!(r.interpreter_replay),
    );
    if let Some(s) = r.status {
        props.insert("sdvStatus".to_string(), serde_json::json!(s.name()));
    }
    let mut result = sarif::Result::builder()
        .rule_id(id.to_string())
        .rule_index(index as i64)
        .kind(sarif::ResultKind::Fail)
        .level(sarif::ResultLevel::Error)
        .message(text(&message))
        .code_flows(vec![flow])
        .properties(bag(props))
        .build();
    result.locations = headline.map(|at| vec![place(at, None)]);
    result
}

fn passed(r: &CheckReport, id: &str, index: usize) -> sarif::Result {
    let message = match r.verdict {
        Status::NotApplicable => format!(
            "{} does not apply: the driver calls none of the functions it observes",
            r.checked.phrase()
        ),
        _ => format!("{} holds", r.checked.phrase()),
    };
    let mut result = sarif::Result::builder()
        .rule_id(id.to_string())
        .rule_index(index as i64)
        .kind(match r.verdict {
            Status::NotApplicable => sarif::ResultKind::NotApplicable,
            _ => sarif::ResultKind::Pass,
        })
        .level(sarif::ResultLevel::None)
        .message(text(&message))
        .build();
    if let Some(s) = r.status {
        let mut props = BTreeMap::new();
        props.insert("sdvStatus".to_string(), serde_json::json!(s.name()));
        result.properties = Some(bag(props));
    }
    result
}

fn unknown(r: &CheckReport, id: &str, index: usize) -> sarif::Notification {
    let why = r.reason.as_ref().map(|w| w.message.as_str()).unwrap_or("");
    let mut props = BTreeMap::new();
    if let Some(w) = &r.reason {
        props.insert("reasonKind".to_string(), serde_json::json!(w.kind.name()));
    }
    if let Some(s) = r.status {
        props.insert("sdvStatus".to_string(), serde_json::json!(s.name()));
    }
    sarif::Notification::builder()
        .level(serde_json::json!("warning"))
        .message(text(&format!("{}: UNKNOWN: {why}", r.checked.phrase())))
        .associated_rule(
            sarif::ReportingDescriptorReference::builder()
                .id(id.to_string())
                .index(index as i64)
                .build(),
        )
        .properties(bag(props))
        .build()
}

/// One trace line as a step of the code flow.
fn step(l: &TraceLine, i: usize) -> sarif::ThreadFlowLocation {
    let what = l.source.clone().unwrap_or_else(|| l.statements.join("; "));
    let at = Location {
        file: l.file.clone(),
        line: l.line,
        column: 0,
        function: l.function.clone(),
    };
    let state: BTreeMap<String, sarif::MultiformatMessageString> = l
        .values
        .iter()
        .map(|v| (v.name.clone(), multi(&v.value)))
        .collect();
    let mut step = sarif::ThreadFlowLocation::builder()
        .location(place(&at, Some(&what)))
        .nesting_level(l.depth as i64)
        .execution_order(i as i64 + 1)
        .build();
    if !state.is_empty() {
        step.state = Some(state);
    }
    step
}

/// A SARIF location: the file and line when the file is a real one (not a generated
/// harness, OS model or built-in rule, which have no URI), and the function.
fn place(at: &Location, message: Option<&str>) -> sarif::Location {
    let function = sarif::LogicalLocation::builder()
        .name(at.function.clone())
        .kind("function".to_string())
        .build();
    let mut loc = sarif::Location::builder()
        .logical_locations(vec![function])
        .build();
    loc.message = message.map(text);
    if is_real_file(&at.file) && at.line > 0 {
        let mut region = sarif::Region::builder().start_line(at.line as i64).build();
        if at.column > 0 {
            region.start_column = Some(at.column as i64);
        }
        let artifact = if at.file.starts_with('/') {
            sarif::ArtifactLocation::builder()
                .uri(format!("file://{}", encode(&at.file)))
                .build()
        } else {
            sarif::ArtifactLocation::builder()
                .uri(encode(at.file.trim_start_matches("./")))
                .uri_base_id(SRCROOT.to_string())
                .build()
        };
        loc.physical_location = Some(
            sarif::PhysicalLocation::builder()
                .artifact_location(artifact)
                .region(region)
                .build(),
        );
    }
    loc
}

/// Generated sources are named `<harness>`, `<builtin:locking>`, ...
fn is_real_file(file: &str) -> bool {
    !file.starts_with('<') && !file.is_empty()
}

/// A path as a URI reference: every byte outside the unreserved set and `/` escaped.
fn encode(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn text(s: &str) -> sarif::Message {
    sarif::Message::builder().text(s.to_string()).build()
}

fn multi(s: &str) -> sarif::MultiformatMessageString {
    sarif::MultiformatMessageString::builder()
        .text(s.to_string())
        .build()
}

fn bag(props: BTreeMap<String, serde_json::Value>) -> sarif::PropertyBag {
    sarif::PropertyBag::builder()
        .additional_properties(props)
        .build()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_become_uri_references() {
        assert_eq!(encode("dir/my file.c"), "dir/my%20file.c");
        assert_eq!(encode("a+b#c.c"), "a%2Bb%23c.c");
        assert!(!is_real_file("<builtin:locking>"));
        assert!(is_real_file("drivers/x.c"));
    }
}
