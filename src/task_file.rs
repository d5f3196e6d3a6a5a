//! SV-COMP task-definition files (`TASK.yml`, formats 1.0–2.0): the input file, the
//! properties with their expected verdicts, and the options (language, data model), so that
//! `slamrs check TASK.yml` checks the task as the competition defines it.
//!
//! Of the task's properties, the one checked is the one given with `--property` (matched
//! by file name), else the first whose property slamrs decides (`unreach-call`); property
//! files the task names but that do not exist are skipped unless that one is asked for.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::cir_cmd::DataModelArg;

/// The task definition as its YAML spells it (unknown keys are ignored).
#[derive(Debug, Deserialize)]
struct Raw {
    format_version: Option<String>,
    input_files: InputFiles,
    #[serde(default)]
    properties: Vec<RawProperty>,
    #[serde(default)]
    options: RawOptions,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum InputFiles {
    One(String),
    Many(Vec<String>),
}

#[derive(Debug, Deserialize)]
struct RawProperty {
    property_file: String,
    expected_verdict: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
struct RawOptions {
    language: Option<String>,
    data_model: Option<String>,
}

/// A task resolved against the file system.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    /// The task-definition file.
    pub file: PathBuf,
    /// The C file (relative paths in the task are relative to its directory).
    pub input: PathBuf,
    /// The property file checked.
    pub property: PathBuf,
    /// The verdict the task expects for it (`true`: the property holds).
    pub expected: Option<bool>,
    /// The task's data model (`ILP32` or `LP64`), when it names one.
    pub data_model: Option<DataModelArg>,
}

/// The properties slamrs decides, by the stem of their file name.
const DECIDED: &[&str] = &["unreach-call"];

/// Reads `file` and picks the property to check (`wanted`: the one given on the command
/// line, matched by file name). Errors are messages for the user, prefixed with the file.
pub fn load(file: &Path, wanted: Option<&Path>) -> Result<Task, String> {
    let shown = file.display();
    let text =
        std::fs::read_to_string(file).map_err(|e| format!("{shown}: cannot read the task: {e}"))?;
    let raw: Raw = serde_yaml_ng::from_str(&text).map_err(|e| match e.location() {
        Some(l) => format!(
            "{shown}:{}:{}: not a task definition: {e}",
            l.line(),
            l.column()
        ),
        None => format!("{shown}: not a task definition: {e}"),
    })?;
    if let Some(v) = &raw.format_version {
        if !matches!(v.as_str(), "1.0" | "1.1" | "2.0") {
            return Err(format!(
                "{shown}: task-definition format {v} is not one slamrs reads (1.0, 1.1, 2.0)"
            ));
        }
    }
    let dir = file.parent().unwrap_or(Path::new("."));
    let input = match raw.input_files {
        InputFiles::One(f) => f,
        InputFiles::Many(fs) if fs.len() == 1 => fs.into_iter().next().unwrap_or_default(),
        InputFiles::Many(fs) => {
            return Err(format!(
                "{shown}: the task has {} input files; slamrs checks one C file",
                fs.len()
            ))
        }
    };
    if let Some(lang) = &raw.options.language {
        if !lang.eq_ignore_ascii_case("C") {
            return Err(format!("{shown}: the task's language is {lang}, not C"));
        }
    }
    let data_model = match raw.options.data_model.as_deref() {
        None => None,
        Some(m) if m.eq_ignore_ascii_case("ILP32") => Some(DataModelArg::Ilp32),
        Some(m) if m.eq_ignore_ascii_case("LP64") => Some(DataModelArg::Lp64),
        Some(m) => return Err(format!("{shown}: unknown data model {m} (ILP32 or LP64)")),
    };
    let stem = |p: &str| {
        Path::new(p)
            .file_stem()
            .map(|s| s.to_string_lossy().to_string())
            .unwrap_or_default()
    };
    let chosen = match wanted {
        Some(w) => {
            let name = w.file_name().map(|n| n.to_string_lossy().to_string());
            raw.properties
                .iter()
                .find(|p| {
                    Path::new(&p.property_file)
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        == name
                })
                .ok_or_else(|| format!("{shown}: the task has no property {}", w.display()))?
        }
        None => raw
            .properties
            .iter()
            .find(|p| DECIDED.contains(&stem(&p.property_file).as_str()))
            .ok_or_else(|| {
                let names: Vec<String> = raw
                    .properties
                    .iter()
                    .map(|p| stem(&p.property_file))
                    .collect();
                format!(
                    "{shown}: none of the task's properties ({}) is one slamrs decides ({})",
                    names.join(", "),
                    DECIDED.join(", ")
                )
            })?,
    };
    let property = match wanted {
        Some(w) => w.to_path_buf(),
        None => dir.join(&chosen.property_file),
    };
    Ok(Task {
        file: file.to_path_buf(),
        input: dir.join(input),
        property,
        expected: chosen.expected_verdict,
        data_model,
    })
}

/// True for a file name that is a task definition rather than C.
pub fn is_task_file(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "yml" || e == "yaml")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(name: &str, text: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("slamrs-task-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p
    }

    #[test]
    fn the_decided_property_and_the_data_model_are_taken() {
        let p = write(
            "a.yml",
            "format_version: '2.0'\ninput_files: 'a.c'\nproperties:\n  - property_file: ../properties/termination.prp\n    expected_verdict: false\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\noptions:\n  language: C\n  data_model: ILP32\n",
        );
        let t = load(&p, None).unwrap();
        assert_eq!(t.input, p.parent().unwrap().join("a.c"));
        assert!(t.property.ends_with("../properties/unreach-call.prp"));
        assert_eq!(t.expected, Some(true));
        assert_eq!(t.data_model, Some(DataModelArg::Ilp32));
    }

    #[test]
    fn bad_tasks_are_refused_with_their_file() {
        let p = write(
            "b.yml",
            "format_version: '2.0'\ninput_files: 'b.c'\nproperties:\n  - property_file: ../properties/termination.prp\n",
        );
        let e = load(&p, None).unwrap_err();
        assert!(e.contains("b.yml") && e.contains("termination"), "{e}");
        let p = write("c.yml", "input_files: [1, 2\n");
        let e = load(&p, None).unwrap_err();
        assert!(
            e.contains("c.yml:") && e.contains("not a task definition"),
            "{e}"
        );
        let p = write(
            "d.yml",
            "input_files: 'd.c'\nproperties: []\noptions:\n  language: Java\n",
        );
        assert!(load(&p, None).unwrap_err().contains("Java"));
    }
}
