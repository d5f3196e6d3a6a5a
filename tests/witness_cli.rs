//! Witnesses end to end. Violation witnesses: `slamrs check --witness` writes GraphML and
//! YAML witnesses for the violations of `tests/golden/check/` and of programs written
//! here; each must be well formed (every GraphML data key declared for its element kind;
//! the YAML valid against `docs/schemas/witness-2.0-violation.schema.json`) and confirmed
//! by `slamrs validate`, while a witness whose input was changed, or given another
//! program, is rejected. Correctness witnesses: a SAFE verdict's YAML witness is confirmed
//! by `slamrs validate`, while one with a weakened invariant or a contract left out is
//! rejected. (`scripts/witness-corpora` does the same over every corpus.)

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn scratch() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("witness_cli");
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn slamrs(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .current_dir(root())
        .args(args)
        .output()
        .expect("run slamrs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Every `<data key>` names a `<key>` declared for that element kind.
fn graphml_is_well_formed(text: &str) -> Result<(), String> {
    let doc = roxmltree::Document::parse(text).map_err(|e| e.to_string())?;
    let keys: Vec<(String, String)> = doc
        .descendants()
        .filter(|n| n.tag_name().name() == "key")
        .map(|n| {
            (
                n.attribute("id").unwrap_or("").to_string(),
                n.attribute("for").unwrap_or("").to_string(),
            )
        })
        .collect();
    for d in doc.descendants().filter(|n| n.tag_name().name() == "data") {
        let key = d.attribute("key").unwrap_or("");
        let kind = d
            .parent_element()
            .map(|p| p.tag_name().name())
            .unwrap_or("");
        if !keys
            .iter()
            .any(|(id, f)| id == key && (f == kind || f == "all"))
        {
            return Err(format!("data key `{key}` on a {kind} is not declared"));
        }
    }
    let root = doc.root_element();
    if root.tag_name().name() != "graphml"
        || root.tag_name().namespace() != Some("http://graphml.graphdrawing.org/xmlns")
    {
        return Err("the root is not a GraphML element".into());
    }
    Ok(())
}

fn schema(name: &str) -> jsonschema::Validator {
    let text = std::fs::read_to_string(root().join("docs/schemas").join(name)).expect("schema");
    let schema: Value = serde_json::from_str(&text).expect("json");
    jsonschema::validator_for(&schema).expect("the witness schema compiles")
}

fn yaml_schema() -> jsonschema::Validator {
    schema("witness-2.0-violation.schema.json")
}

/// The errors of a witness's YAML `text` against the schema `name`.
fn schema_errors(name: &str, text: &str) -> Vec<String> {
    let v: Value = serde_yaml_ng::from_str(text).expect("YAML");
    schema(name)
        .iter_errors(&v)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

/// Writes both witnesses of a violation of `file` (`args` as for check), checks their
/// form, and validates them: the paths of the two witnesses.
fn witnesses_of(file: &str, args: &[&str]) -> [PathBuf; 2] {
    let dir = scratch();
    let stem = Path::new(file)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let g = dir.join(format!("{stem}.graphml"));
    let y = dir.join(format!("{stem}.yml"));
    for w in [&g, &y] {
        let mut a = vec![
            "check",
            file,
            "--no-explore",
            "--witness",
            w.to_str().unwrap(),
        ];
        a.extend_from_slice(args);
        let (code, out, err) = slamrs(&a);
        assert_eq!(code, 10, "{file}: not a violation\n{out}{err}");
        assert!(w.exists(), "{file}: no witness {}\n{err}", w.display());
    }
    let gt = std::fs::read_to_string(&g).unwrap();
    graphml_is_well_formed(&gt).unwrap_or_else(|e| panic!("{file}: GraphML: {e}\n{gt}"));
    let yt = std::fs::read_to_string(&y).unwrap();
    let yv: Value = serde_yaml_ng::from_str(&yt).expect("YAML");
    let errors: Vec<String> = yaml_schema()
        .iter_errors(&yv)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{file}: YAML witness: {errors:#?}\n{yt}");
    for w in [&g, &y] {
        let mut a = vec![
            "validate",
            file,
            "--witness",
            w.to_str().unwrap(),
            "--format",
            "json",
        ];
        a.extend(args.iter().filter(|x| **x != "--no-explore"));
        let (code, out, err) = slamrs(&a);
        assert_eq!(
            code,
            10,
            "{file}: {} not confirmed\n{out}{err}",
            w.display()
        );
        let v: Value = serde_json::from_str(out.trim()).expect("json");
        assert_eq!(v["result"], "confirmed", "{v}");
        assert_eq!(v["matched"], v["waypoints"], "{v}");
    }
    [g, y]
}

#[test]
fn violation_witnesses_are_confirmed_and_tampered_ones_rejected() {
    let bug = "tests/golden/check/assert_call_bug.c";
    let [g, y] = witnesses_of(bug, &[]);
    // the input 7 is the only one (y = 3x + 1 = 22): any other misses the error
    for w in [&g, &y] {
        let text = std::fs::read_to_string(w).unwrap();
        assert!(text.contains("\\result == 7"), "{text}");
        let bad = w.with_extension(format!("bad.{}", w.extension().unwrap().to_string_lossy()));
        std::fs::write(&bad, text.replace("\\result == 7", "\\result == 8")).unwrap();
        let (code, out, _) = slamrs(&["validate", bug, "--witness", bad.to_str().unwrap()]);
        assert_eq!(code, 20, "{out}");
        assert!(
            out.starts_with("REJECTED: the witness's run does not reach an error"),
            "{out}"
        );
        // another program
        let (code, out, _) = slamrs(&[
            "validate",
            "tests/golden/check/counter_safe.c",
            "--witness",
            w.to_str().unwrap(),
        ]);
        assert_eq!(code, 20, "{out}");
        assert!(out.contains("for another program"), "{out}");
    }
}

#[test]
fn a_rule_violation_has_a_witness_too() {
    witnesses_of(
        "tests/golden/check/mutex_twice_bug.c",
        &["--rule", "locking"],
    );
}

#[test]
fn a_witness_with_a_wrong_branch_is_rejected() {
    let dir = scratch();
    let prog = dir.join("branches.c");
    std::fs::write(
        &prog,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int a = __VERIFIER_nondet_int();\n  int b = __VERIFIER_nondet_int();\n  if (a > 10)\n    b = b + 1;\n  if (b == 5)\n    reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let p = prog.to_str().unwrap();
    let [g, _] = witnesses_of(p, &[]);
    let text = std::fs::read_to_string(&g).unwrap();
    // flip the first branch: the same inputs still reach the error, but not that way
    let flipped = if text.contains("condition-true") {
        text.replacen("condition-true", "condition-false", 1)
    } else {
        text.replacen("condition-false", "condition-true", 1)
    };
    let bad = dir.join("branches.flipped.graphml");
    std::fs::write(&bad, flipped).unwrap();
    let (code, out, _) = slamrs(&["validate", p, "--witness", bad.to_str().unwrap()]);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("does not pass waypoint"), "{out}");
}

#[test]
fn a_safe_program_gets_a_correctness_witness_in_yaml_only() {
    let g = scratch().join("safe.graphml");
    let _ = std::fs::remove_file(&g);
    let prog = "tests/golden/check/counter_safe.c";
    let (code, _, err) = slamrs(&[
        "check",
        prog,
        "--no-explore",
        "--witness",
        g.to_str().unwrap(),
    ]);
    assert_eq!(code, 0);
    assert!(!g.exists());
    assert!(err.contains("no correctness witness written"), "{err}");
    assert!(err.contains("YAML"), "{err}");
}

/// Writes the correctness witness of `file` (SAFE by the abstraction) and validates it:
/// its text.
fn correctness_witness_of(file: &str, args: &[&str]) -> (PathBuf, String) {
    let stem = Path::new(file)
        .file_stem()
        .unwrap()
        .to_string_lossy()
        .to_string();
    let y = scratch().join(format!("{stem}.correct.yml"));
    let _ = std::fs::remove_file(&y);
    let mut a = vec![
        "check",
        file,
        "--no-explore",
        "--witness",
        y.to_str().unwrap(),
    ];
    a.extend_from_slice(args);
    let (code, out, err) = slamrs(&a);
    assert_eq!(code, 0, "{file}: not SAFE\n{out}{err}");
    let text =
        std::fs::read_to_string(&y).unwrap_or_else(|e| panic!("{file}: no witness: {e}\n{err}"));
    assert!(text.contains("entry_type: invariant_set"), "{text}");
    let errors = schema_errors("witness-2.x-correctness.schema.json", &text);
    assert!(
        errors.is_empty(),
        "{file}: correctness witness: {errors:#?}\n{text}"
    );
    let mut v = vec![
        "validate",
        file,
        "--witness",
        y.to_str().unwrap(),
        "--format",
        "json",
    ];
    v.extend_from_slice(args);
    let (code, out, err) = slamrs(&v);
    assert_eq!(
        code, 0,
        "{file}: correctness witness not confirmed\n{out}{err}\n{text}"
    );
    let j: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(j["result"], "confirmed", "{j}");
    assert_eq!(j["kind"], "correctness", "{j}");
    assert_eq!(j["placed"], j["claims"], "{j}");
    (y, text)
}

#[test]
fn a_correctness_witness_is_confirmed_and_a_weakened_one_rejected() {
    let dir = scratch();
    let prog = dir.join("evens.c");
    std::fs::write(
        &prog,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, s = 0;\n  if (n < 0 || n > 100) return 0;\n  while (i < n) {\n    s = s + 2;\n    i++;\n  }\n  if (s < 0) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let p = prog.to_str().unwrap();
    let (y, text) = correctness_witness_of(p, &[]);
    assert!(text.contains("loop_invariant"), "{text}");
    assert!(text.contains("line: 7"), "{text}");
    // the loop invariant replaced by one that is true but proves nothing
    let doc: Vec<serde_yaml_ng::Value> = serde_yaml_ng::from_str(&text).unwrap();
    let inv = doc[0]["content"][0]["invariant"]["value"]
        .as_str()
        .unwrap()
        .to_string();
    for (weaker, why) in [
        ("i >= 0", "does not establish"),
        ("s < 10", "does not establish"),
    ] {
        let bad = dir.join("evens.weak.yml");
        std::fs::write(
            &bad,
            text.replace(&format!("value: '{inv}'"), &format!("value: '{weaker}'"))
                .replace(&format!("value: {inv}"), &format!("value: '{weaker}'")),
        )
        .unwrap();
        let (code, out, _) = slamrs(&["validate", p, "--witness", bad.to_str().unwrap()]);
        assert_eq!(code, 20, "{weaker}: {out}");
        assert!(
            out.starts_with("REJECTED:") && out.contains(why),
            "{weaker}: {out}"
        );
    }
    // a claim that does not parse is bad input, with its place
    let bad = dir.join("evens.garbage.yml");
    std::fs::write(&bad, text.replace(&inv, "s <<< 2")).unwrap();
    let (code, _, err) = slamrs(&["validate", p, "--witness", bad.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("does not parse"), "{err}");
    // another program
    let (code, out, _) = slamrs(&[
        "validate",
        "tests/golden/check/counter_safe.c",
        "--witness",
        y.to_str().unwrap(),
    ]);
    assert_eq!(code, 20, "{out}");
    assert!(out.contains("for another program"), "{out}");
}

#[test]
fn contracts_carry_a_proof_through_calls_and_a_rule() {
    let dir = scratch();
    let prog = dir.join("locks.c");
    std::fs::write(
        &prog,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\nint locked = 0;\nvoid lock(void) { if (locked) reach_error(); locked = 1; }\nvoid unlock(void) { if (!locked) reach_error(); locked = 0; }\nint twice(int x) { return x + x; }\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  while (n > 0) {\n    lock();\n    n = n - 1;\n    unlock();\n  }\n  if (twice(3) != 6) reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let (y, text) = correctness_witness_of(prog.to_str().unwrap(), &[]);
    assert!(text.contains("function_contract"), "{text}");
    assert!(text.contains("format_version: '2.1'"), "{text}");
    assert!(text.contains("\\result"), "{text}");
    // the schema holds contracts to format 2.1, and an invariant to its value
    let as_20 = text.replace("format_version: '2.1'", "format_version: '2.0'");
    assert!(!schema_errors("witness-2.x-correctness.schema.json", &as_20).is_empty());
    let no_value = text.replacen("requires:", "requirez:", 1);
    assert!(!schema_errors("witness-2.x-correctness.schema.json", &no_value).is_empty());
    // without the contract of `lock`, the loop cannot show `unlock`'s precondition
    let cut: Vec<serde_yaml_ng::Value> = serde_yaml_ng::from_str(&text).unwrap();
    let mut doc = cut.clone();
    let content = doc[0]["content"].as_sequence_mut().unwrap();
    content.retain(|item| item["function_contract"]["location"]["function"] != "lock");
    let bad = dir.join("locks.cut.yml");
    std::fs::write(&bad, serde_yaml_ng::to_string(&doc).unwrap()).unwrap();
    let (code, out, _) = slamrs(&[
        "validate",
        prog.to_str().unwrap(),
        "--witness",
        bad.to_str().unwrap(),
    ]);
    assert_eq!(code, 20, "{out}");
    assert!(out.starts_with("REJECTED:"), "{out}");
    let _ = y;
    // a rule's proof: the rule's own functions get contracts too
    let (_, text) = correctness_witness_of(
        "c-tests/rules/linux_conditional_lock_safe.c",
        &["--rule", "locking"],
    );
    assert!(text.contains("function_contract"), "{text}");
}

#[test]
fn unreadable_witnesses_are_bad_input() {
    let w = scratch().join("garbage.graphml");
    std::fs::write(&w, "<graphml><graph></graph>").unwrap();
    let (code, _, err) = slamrs(&[
        "validate",
        "tests/golden/check/assert_call_bug.c",
        "--witness",
        w.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("garbage.graphml"), "{err}");
}

#[test]
fn a_witness_the_interpreter_cannot_follow_is_checked_by_execution() {
    let dir = scratch();
    let prog = dir.join("halves.c");
    std::fs::write(
        &prog,
        "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\ndouble scale;\nint main(void) {\n  int n = __VERIFIER_nondet_int();\n  scale = n * 0.5;\n  if (n == 42)\n    reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let p = prog.to_str().unwrap();
    let w = dir.join("halves.yml");
    let (code, out, err) = slamrs(&[
        "check",
        p,
        "--witness",
        w.to_str().unwrap(),
        "--timeout",
        "60",
    ]);
    assert_eq!(code, 10, "{out}{err}");
    let (code, out, _) = slamrs(&[
        "validate",
        p,
        "--witness",
        w.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 10, "{out}");
    let v: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(v["checked_by"], "execution", "{v}");
    // an input the compiled program does not fail on is rejected the same way
    let text = std::fs::read_to_string(&w).unwrap();
    let value = v["inputs"][0].as_str().expect("an input").to_string();
    let bad = dir.join("halves.bad.yml");
    std::fs::write(
        &bad,
        text.replace(&format!("\\result == {value}"), "\\result == 0"),
    )
    .unwrap();
    let (code, out, _) = slamrs(&["validate", p, "--witness", bad.to_str().unwrap()]);
    assert_eq!(code, 20, "{out}");
}

#[test]
fn a_run_that_depends_on_inline_assembly_gets_no_witness() {
    let dir = scratch();
    let prog = dir.join("asm_out.c");
    std::fs::write(
        &prog,
        "extern void reach_error(void);\nint main(void) {\n  int x;\n  __asm__(\"movl $7, %0\" : \"=r\"(x));\n  if (x == 7)\n    reach_error();\n  return 0;\n}\n",
    )
    .unwrap();
    let w = dir.join("asm_out.graphml");
    let _ = std::fs::remove_file(&w);
    let (code, out, err) = slamrs(&[
        "check",
        prog.to_str().unwrap(),
        "--witness",
        w.to_str().unwrap(),
        "--timeout",
        "60",
    ]);
    assert_eq!(code, 10, "{out}{err}");
    assert!(!w.exists());
    assert!(
        err.contains("inline assembly") && err.contains("cannot state"),
        "{err}"
    );
}
