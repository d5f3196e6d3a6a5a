//! Golden outputs of `slamrs check` and validation of its machine-readable reports.
//!
//! Every `tests/golden/check/NAME.c` is checked with the arguments of its `// args:` line,
//! once per output format; the outputs, with times, memory and the build's identity
//! masked, must equal the snapshot files beside it (`NAME.text.snap`, `NAME.json.snap`,
//! `NAME.sarif.snap`, and `NAME.stderr.snap` for what goes to stderr). Adding a case is
//! adding a `.c` file; after a deliberate change of output, `scripts/update-golden`
//! rewrites the snapshots (review the diff).
//!
//! Beyond equality, every JSON report must validate against the schema generated from the
//! report's types (`slamrs schema`, which `docs/report.schema.json` must equal), and every
//! SARIF log against the OASIS SARIF 2.1.0 schema shipped in the `serde-sarif` crate and
//! load as a `serde_sarif::sarif::Sarif`.

use std::path::{Path, PathBuf};
use std::process::Command;

mod common;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn cases() -> Vec<PathBuf> {
    let dir = root().join("tests/golden/check");
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/golden/check")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    v.sort();
    assert!(v.len() >= 6, "golden cases missing in {}", dir.display());
    v
}

fn args_of(case: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(case).expect("case");
    text.lines()
        .find_map(|l| l.strip_prefix("// args:"))
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Runs `slamrs check CASE ARGS --timeout 60 --format FORMAT EXTRA` from the repository
/// root (so file names in the outputs are relative).
fn check(case: &Path, format: &str, extra: &[&std::ffi::OsStr]) -> std::process::Output {
    let rel = case.strip_prefix(root()).unwrap_or(case);
    Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .current_dir(root())
        .arg("check")
        .arg(rel)
        .args(args_of(case))
        .args(["--timeout", "60", "--format", format])
        .args(extra)
        .env("NO_COLOR", "1")
        .output()
        .expect("run slamrs")
}

/// [`check`] without more arguments: (exit status, stdout, stderr).
fn run(case: &Path, format: &str) -> (i32, String, String) {
    let out = check(case, format, &[]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Masks what changes from run to run or build to build in text: seconds and megabytes.
fn mask_text(s: &str) -> String {
    let mut out = String::new();
    for line in s.lines() {
        let words: Vec<String> = line
            .split(' ')
            .map(|w| {
                let core = w.trim_end_matches([',', ')', ';']);
                let is_secs = core.contains('.') && core.parse::<f64>().is_ok();
                if is_secs {
                    w.replacen(core, "[T]", 1)
                } else {
                    w.to_string()
                }
            })
            .collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// Masks times, memory and the tool's identity in a JSON report.
fn mask_report(v: &mut Value) {
    if let Some(tool) = v.get_mut("tool") {
        for k in ["version", "commit", "z3"] {
            tool[k] = Value::from(format!("[{k}]"));
        }
    }
    if let Some(stats) = v.get_mut("stats").and_then(Value::as_object_mut) {
        for (k, x) in stats.iter_mut() {
            if k.ends_with("_s") || k == "peak_memory_mb" {
                *x = Value::from(0);
            }
        }
    }
}

/// Masks the tool's identity and the directory it ran in, in a SARIF log.
fn mask_sarif(v: &mut Value) {
    for run in v["runs"].as_array_mut().into_iter().flatten() {
        let d = &mut run["tool"]["driver"];
        d["version"] = Value::from("[version]");
        d["semanticVersion"] = Value::from("[version]");
        if let Some(base) = run.get_mut("originalUriBaseIds") {
            base["SRCROOT"]["uri"] = Value::from("file:///[cwd]/");
        }
    }
}

fn report_schema() -> jsonschema::Validator {
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .arg("schema")
        .output()
        .expect("slamrs schema");
    let schema: Value = serde_json::from_slice(&out.stdout).expect("schema is JSON");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the report schema compiles")
}

/// The OASIS SARIF 2.1.0 schema as the `serde-sarif` crate ships it (found through
/// `cargo metadata`).
fn sarif_schema() -> jsonschema::Validator {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(root())
        .args(["metadata", "--format-version", "1"])
        .output()
        .expect("cargo metadata");
    let meta: Value = serde_json::from_slice(&out.stdout).expect("metadata");
    let manifest = meta["packages"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == "serde-sarif"))
        .and_then(|p| p["manifest_path"].as_str())
        .expect("serde-sarif in the dependency graph");
    let path = Path::new(manifest)
        .parent()
        .expect("crate dir")
        .join("src/schema.json");
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("schema.json")).expect("json");
    assert_eq!(
        schema["title"],
        "Static Analysis Results Format (SARIF) Version 2.1.0 JSON Schema"
    );
    // the published schema's `pattern` of the `language` properties has a stray `]`,
    // which the meta-schema's `regex` format rejects: it is replaced by the pattern it
    // means (a language tag such as `en` or `en-US`; slamrs writes no `language`)
    let mut schema = schema;
    let fixed = fix_pattern(
        &mut schema,
        "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$",
        "^[a-zA-Z]{2}(-[a-zA-Z]{2})?$",
    );
    assert!(fixed >= 1, "the SARIF schema changed: review fix_pattern");
    jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("the SARIF schema compiles")
}

/// Replaces every `"pattern": bad` in `schema` by `good`; returns how many.
fn fix_pattern(schema: &mut Value, bad: &str, good: &str) -> usize {
    match schema {
        Value::Object(m) => {
            let mut n = 0;
            for (k, v) in m.iter_mut() {
                if k == "pattern" && v == bad {
                    *v = Value::from(good);
                    n += 1;
                } else {
                    n += fix_pattern(v, bad, good);
                }
            }
            n
        }
        Value::Array(a) => a.iter_mut().map(|v| fix_pattern(v, bad, good)).sum(),
        _ => 0,
    }
}

fn errors(v: &jsonschema::Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect()
}

#[test]
fn golden_outputs_and_valid_reports() {
    let report = report_schema();
    let sarif = sarif_schema();
    for case in cases() {
        let shown = case.display().to_string();
        // text, and what goes to stderr (diagnostics)
        let (code, out, err) = run(&case, "text");
        common::golden(&case, "text", &format!("exit {code}\n{}", mask_text(&out)));
        if !err.trim().is_empty() {
            common::golden(&case, "stderr", &mask_text(&err));
        }
        // JSON: valid against the schema, the same exit status
        let (jcode, out, _) = run(&case, "json");
        assert_eq!(jcode, code, "{shown}: JSON and text exit statuses differ");
        let mut v: Value = serde_json::from_str(out.trim())
            .unwrap_or_else(|e| panic!("{shown}: the JSON report does not parse: {e}\n{out}"));
        let bad = errors(&report, &v);
        assert!(bad.is_empty(), "{shown}: JSON report invalid: {bad:#?}");
        let typed: slamrs::report::CheckReport = serde_json::from_value(v.clone())
            .unwrap_or_else(|e| panic!("{shown}: the JSON report does not load: {e}"));
        assert_eq!(typed.verdict.exit_code() as i32, code, "{shown}");
        mask_report(&mut v);
        common::golden(
            &case,
            "json",
            &serde_json::to_string_pretty(&v).expect("json"),
        );
        // SARIF: valid against the OASIS schema, loads with serde-sarif
        let (scode, out, _) = run(&case, "sarif");
        assert_eq!(scode, code, "{shown}: SARIF and text exit statuses differ");
        let mut v: Value = serde_json::from_str(&out)
            .unwrap_or_else(|e| panic!("{shown}: the SARIF log does not parse: {e}\n{out}"));
        let bad = errors(&sarif, &v);
        assert!(bad.is_empty(), "{shown}: SARIF log invalid: {bad:#?}");
        let log: serde_sarif::sarif::Sarif = serde_json::from_value(v.clone())
            .unwrap_or_else(|e| panic!("{shown}: serde-sarif cannot load the log: {e}"));
        assert_eq!(log.runs.len(), 1, "{shown}");
        if typed.verdict == slamrs::report::model::Status::Violation {
            let results = log.runs[0].results.clone().unwrap_or_default();
            let flows = results[0].code_flows.clone().unwrap_or_default();
            let steps = flows[0].thread_flows[0].locations.len();
            assert_eq!(
                steps,
                typed.trace.len(),
                "{shown}: one code-flow step per trace line"
            );
        }
        mask_sarif(&mut v);
        common::golden(
            &case,
            "sarif",
            &serde_json::to_string_pretty(&v).expect("json"),
        );
        // witnesses of violations, GraphML and YAML; of correctness, YAML
        match typed.verdict {
            // a run a witness cannot state writes none (the note on stderr says why)
            slamrs::report::model::Status::Violation if typed.witness_limit.is_some() => {}
            slamrs::report::model::Status::Violation => {
                for ext in ["graphml", "yml"] {
                    let text = witness(&case, ext, 10);
                    common::golden(&case, &format!("witness.{ext}"), &mask_witness(&text));
                }
            }
            slamrs::report::model::Status::Safe => {
                let text = witness(&case, "yml", 0);
                common::golden(&case, "witness.yml", &mask_witness(&text));
            }
            _ => {}
        }
    }
}

/// Writes the witness of `case` with the extension `ext` (check exiting with `code`); its
/// text.
fn witness(case: &Path, ext: &str, code: i32) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("report_golden");
    std::fs::create_dir_all(&dir).expect("tmp");
    let stem = case.file_stem().unwrap_or_default().to_string_lossy();
    let w = dir.join(format!("{stem}.{ext}"));
    let _ = std::fs::remove_file(&w);
    let out = check(case, "json", &["--witness".as_ref(), w.as_os_str()]);
    assert_eq!(out.status.code(), Some(code), "{}", case.display());
    std::fs::read_to_string(&w).unwrap_or_else(|e| panic!("{}: no witness: {e}", w.display()))
}

/// Masks the witness's creation time, identifier and producer version.
fn mask_witness(text: &str) -> String {
    text.lines()
        .map(|l| {
            let t = l.trim_start();
            let indent = &l[..l.len() - t.len()];
            for (prefix, shown) in [
                ("uuid: ", "uuid: [uuid]"),
                ("creation_time: ", "creation_time: [time]"),
                ("version: ", "version: [version]"),
            ] {
                if t.starts_with(prefix) {
                    return format!("{indent}{shown}");
                }
            }
            for key in ["creationtime", "producer"] {
                let open = format!("<data key=\"{key}\">");
                if t.starts_with(&open) {
                    return format!("{indent}{open}[{key}]</data>");
                }
            }
            l.to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
        + "\n"
}

#[test]
fn the_published_schemas_are_the_generated_ones() {
    for (args, file) in [
        (vec!["schema"], "docs/report.schema.json"),
        (vec!["schema", "--driver"], "docs/driver-report.schema.json"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
            .args(&args)
            .output()
            .expect("slamrs schema");
        let published = std::fs::read_to_string(root().join(file)).expect(file);
        assert!(
            String::from_utf8_lossy(&out.stdout) == published,
            "{file} is not `slamrs {}`'s output: run scripts/update-golden",
            args.join(" ")
        );
    }
}

#[test]
fn bad_usage_is_an_error_report_in_json() {
    let case = root().join("tests/golden/check/counter_safe.c");
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .arg("check")
        .arg(&case)
        .args(["--rule", "no-such-rule", "--format", "json"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(2));
    let v: Value = serde_json::from_slice(&out.stdout).expect("a JSON report on stdout");
    assert_eq!(v["verdict"], "error");
    assert_eq!(v["error"]["kind"], "rule");
    assert!(
        v["error"]["message"]
            .as_str()
            .is_some_and(|m| m.contains("no-such-rule")),
        "{v}"
    );
    assert!(errors(&report_schema(), &v).is_empty());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no-such-rule"));
}

#[test]
fn output_file_gets_the_report_and_stdout_the_headline() {
    let dir = std::env::temp_dir().join(format!("slamrs-golden-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp");
    let file = dir.join("r.sarif");
    let case = root().join("tests/golden/check/assert_call_bug.c");
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .arg("check")
        .arg(&case)
        .args(["--no-explore", "--format", "sarif", "-o"])
        .arg(&file)
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(10));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.starts_with("VIOLATION of assertions"), "{stdout}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let v: Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("written")).expect("json");
    assert_eq!(v["version"], "2.1.0");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_driver_checked_against_every_rule_is_one_sarif_run_with_a_result_per_rule() {
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .current_dir(root())
        .args([
            "check",
            "c-tests/drivers/wdm_ioctl_lock_leak.c",
            "--timeout",
            "60",
            "--format",
            "sarif",
        ])
        .output()
        .expect("run slamrs");
    assert_eq!(
        out.status.code(),
        Some(10),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).expect("SARIF on stdout");
    let bad = errors(&sarif_schema(), &v);
    assert!(bad.is_empty(), "SARIF log invalid: {bad:#?}");
    let run = &v["runs"][0];
    let rules: Vec<&str> = run["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(
        rules,
        [
            "locking",
            "irql",
            "cancel-spinlock",
            "critical-region",
            "irp-completion",
            "pending"
        ]
    );
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), rules.len(), "one result per rule");
    let locking = &results[0];
    assert_eq!(locking["kind"], "fail");
    assert_eq!(locking["properties"]["sdvStatus"], "DEFECT");
    // the headline is the driver's own line, in the driver's file
    let at = &locking["locations"][0]["physicalLocation"];
    assert_eq!(
        at["artifactLocation"]["uri"],
        "c-tests/drivers/wdm_ioctl_lock_leak.c"
    );
    assert!(at["region"]["startLine"].as_i64().unwrap_or(0) > 0);
}
