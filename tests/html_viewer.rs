//! The HTML report (`slamrs check --format html -o FILE`): the page's data for every kind of
//! report, and the page itself driven in a real headless Chromium (tests/browser/
//! viewer_test.py, Selenium): the headline, the inputs, Prev/Next and the keyboard, the
//! current source line, the values, folding a call, the rule's state, a SAFE page, and a
//! long trace. Screenshots go to target/test-artifacts/html_viewer/.
//!
//! The browser part needs chromium, chromedriver and Python's selenium (scripts/
//! setup-browser installs them); without them it fails, unless SLAMRS_SKIP_BROWSER=1.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use slamrs::report::html::render;
use slamrs::report::model::{
    CheckReport, Checked, CheckedKind, Location, NamedValue, Status, TraceLine,
};

/// A program whose `reach_error()` is reached at call depth 1 with a value computed from
/// the input, after a call that sets a lock flag. Its comment tries to end the page's
/// script element: the page must show it as text.
const VIOLATION_C: &str = r#"extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

/* </script><b id="slamrs-injection-probe">markup</b> <!-- <script> */
int lock_flag = 0;

void grab(void) {
  lock_flag = 1;
}

int triple(int v) {
  int t = v * 3;
  if (t == 36) {
    reach_error();
  }
  return t;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  grab();
  int r = triple(n + 1);
  return r;
}
"#;

/// A program whose error is unreachable.
const SAFE_C: &str = r#"extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int clamp(int v) {
  if (v < 0) return 0;
  if (v > 9) return 9;
  return v;
}

int main(void) {
  int c = clamp(__VERIFIER_nondet_int());
  if (c > 9) reach_error();
  return 0;
}
"#;

fn artifacts() -> PathBuf {
    let d = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-artifacts/html_viewer");
    std::fs::create_dir_all(&d).expect("create target/test-artifacts/html_viewer");
    d
}

fn scratch() -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join("html_viewer");
    std::fs::create_dir_all(&d).expect("create the scratch directory");
    d
}

/// Runs `slamrs check ARGS --format html -o OUT` in `dir`; returns the page and the report
/// (the same run as `--format json`).
fn check_page(dir: &Path, args: &[&str], out: &Path, expect_code: i32) -> (String, CheckReport) {
    let run = |extra: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_slamrs"))
            .current_dir(dir)
            .arg("check")
            .args(args)
            .args(extra)
            .output()
            .expect("run slamrs");
        assert_eq!(
            o.status.code(),
            Some(expect_code),
            "slamrs check {args:?} {extra:?}\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        o
    };
    let json = run(&["--format", "json"]);
    let report: CheckReport = serde_json::from_slice(&json.stdout).expect("the JSON report");
    let out_s = out.to_str().expect("a UTF-8 path");
    run(&["--format", "html", "-o", out_s]);
    let page = std::fs::read_to_string(out).expect("the page was written");
    (page, report)
}

/// The JSON blob of a page, parsed.
fn blob(page: &str) -> serde_json::Value {
    let open = "<script type=\"application/json\" id=\"report\">";
    let start = page.find(open).expect("the data element") + open.len();
    let len = page[start..]
        .find("</script>")
        .expect("the data element ends");
    let text = &page[start..start + len];
    assert!(
        !text.contains("<!--"),
        "the data must not open a comment in a script"
    );
    serde_json::from_str(text).expect("the data is JSON")
}

/// What makes a page self-contained: nothing is fetched.
fn assert_self_contained(page: &str) {
    for bad in ["src=\"http", "href=\"http", "@import", "url(http", "<link"] {
        assert!(!page.contains(bad), "the page loads something: {bad}");
    }
}

fn report(verdict: Status, file: &str) -> CheckReport {
    CheckReport::new(
        file,
        Checked {
            kind: CheckedKind::Rule,
            name: "locking".into(),
            description: "</script><b>not markup</b>".into(),
        },
        verdict,
    )
}

fn line(file: &str, n: u32, depth: u32, function: &str, values: &[(&str, &str)]) -> TraceLine {
    TraceLine {
        file: file.into(),
        line: n,
        function: function.into(),
        depth,
        source: Some(format!("stmt_{n}(); /* <!-- </script> */")),
        statements: vec![format!("stmt_{n}()")],
        values: values
            .iter()
            .map(|(name, value)| NamedValue {
                name: name.to_string(),
                value: value.to_string(),
            })
            .collect(),
    }
}

/// A long trace of a file that cannot be read: nested calls, a rule state, 600 lines.
fn long_report() -> CheckReport {
    let file = "no/such/dir/long_trace.c";
    let mut r = report(Status::Violation, file);
    for i in 0..600u32 {
        let depth = match i % 10 {
            0..=3 => 0,
            4..=6 => 1,
            _ => 2,
        };
        let i_s = i.to_string();
        let held = (i % 2).to_string();
        r.trace.push(line(
            file,
            10 + (i % 40),
            depth,
            ["main", "helper", "leaf"][depth as usize],
            &[("i", i_s.as_str()), ("slic_held", held.as_str())],
        ));
    }
    r.inputs = vec![slamrs::report::model::InputValue::of(1)];
    r.error_location = Some(Location {
        file: file.into(),
        line: 10,
        column: 1,
        function: "main".into(),
    });
    r
}

#[test]
fn every_report_renders_with_its_sources_and_safe_data() {
    // every verdict, with files that exist, do not exist, are generated or are a rule
    for v in [
        Status::Safe,
        Status::Violation,
        Status::Unknown,
        Status::NotApplicable,
        Status::Error,
    ] {
        let mut r = report(v, "no/such/file.c");
        r.trace
            .push(line("no/such/file.c", 3, 0, "main", &[("x", "1")]));
        r.trace
            .push(line("<builtin:locking>", 20, 1, "slic_f", &[]));
        r.trace.push(line("<slamrs harness>", 2, 0, "main", &[]));
        r.trace
            .push(line("<builtin:no-such-rule>", 1, 0, "main", &[]));
        r.trace
            .push(line(env!("CARGO_MANIFEST_DIR"), 1, 0, "main", &[]));
        r.driver_location = Some(Location {
            file: "Cargo.toml".into(),
            line: 0,
            column: 0,
            function: String::new(),
        });
        let page = render(&r, &[("<slamrs harness>".into(), "a\n</script>\n".into())]);
        assert!(page.starts_with("<!doctype html>"), "{v:?}");
        assert_self_contained(&page);
        let data = blob(&page);
        assert_eq!(
            data["report"]["checked"]["description"], "</script><b>not markup</b>",
            "the text survives the escaping"
        );
        let sources = data["sources"].as_array().expect("sources");
        let by_name = |n: &str| {
            sources
                .iter()
                .find(|s| s["name"] == n)
                .unwrap_or_else(|| panic!("no source {n}: {sources:?}"))
        };
        assert!(by_name("no/such/file.c")["lines"].is_null());
        assert!(
            by_name(env!("CARGO_MANIFEST_DIR"))["lines"].is_null(),
            "a directory is no source"
        );
        assert_eq!(by_name("<slamrs harness>")["lines"][1], "</script>");
        assert_eq!(by_name("<slamrs harness>")["origin"], "generated");
        assert_eq!(by_name("<builtin:locking>")["origin"], "rule");
        assert!(by_name("<builtin:locking>")["lines"]
            .as_array()
            .is_some_and(|l| l.len() > 20));
        assert!(by_name("<builtin:no-such-rule>")["lines"].is_null());
        assert!(
            by_name("Cargo.toml")["lines"][0].is_string(),
            "the driver's file is read"
        );
        assert_eq!(data["rule_state_prefix"], "slic_");
    }
    // the program's own assertions have no rule state
    let mut r = report(Status::Safe, "x.c");
    r.checked.kind = CheckedKind::Assertions;
    assert!(blob(&render(&r, &[]))["rule_state_prefix"].is_null());
}

/// What the browser test needs, or why it cannot run.
fn browser() -> Result<(PathBuf, PathBuf), String> {
    let find = |names: &[&str]| -> Option<PathBuf> {
        let path = std::env::var_os("PATH").unwrap_or_default();
        for n in names {
            for dir in std::env::split_paths(&path).chain([PathBuf::from("/usr/bin")]) {
                let p = dir.join(n);
                if p.is_file() {
                    return Some(p);
                }
            }
        }
        None
    };
    let mut missing = Vec::new();
    let chromium = std::env::var_os("SLAMRS_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| find(&["chromium", "chromium-browser"]));
    if chromium.is_none() {
        missing.push("chromium (apt: chromium)");
    }
    let driver = std::env::var_os("SLAMRS_CHROMEDRIVER")
        .map(PathBuf::from)
        .or_else(|| find(&["chromedriver"]));
    if driver.is_none() {
        missing.push("chromedriver (apt: chromium-driver)");
    }
    let selenium = Command::new("python3")
        .args(["-c", "import selenium"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !selenium {
        missing.push("python3 with selenium (pip: selenium)");
    }
    match (chromium, driver) {
        (Some(c), Some(d)) if missing.is_empty() => Ok((c, d)),
        _ => Err(format!(
            "the browser test needs {}: run scripts/setup-browser (or set SLAMRS_SKIP_BROWSER=1 to skip it)",
            missing.join(", ")
        )),
    }
}

#[test]
fn the_page_walks_the_counterexample_in_a_real_browser() {
    let dir = scratch();
    let art = artifacts();
    std::fs::write(dir.join("viewer_bug.c"), VIOLATION_C).unwrap();
    std::fs::write(dir.join("viewer_safe.c"), SAFE_C).unwrap();

    // the pages, and what the reports say they show
    let bug_html = dir.join("viewer_bug.html");
    let (page, bug) = check_page(&dir, &["viewer_bug.c"], &bug_html, 10);
    assert_self_contained(&page);
    assert_eq!(bug.verdict, Status::Violation);
    assert_eq!(bug.inputs.len(), 1, "{:?}", bug.inputs);
    let data = blob(&page);
    assert!(
        data["sources"][0]["lines"][3]
            .as_str()
            .is_some_and(|l| l.contains("</script><b id=")),
        "the source is in the page: {}",
        data["sources"][0]
    );
    let at = |pred: &dyn Fn(&TraceLine) -> bool, what: &str| {
        bug.trace
            .iter()
            .position(pred)
            .unwrap_or_else(|| panic!("the trace has no {what}: {:#?}", bug.trace))
    };
    let grab = at(&|l| l.function == "grab" && l.depth == 1, "step in grab()");
    assert!(grab > 0 && bug.trace[grab - 1].source.as_deref() == Some("grab();"));
    // the value the report records for the flag on grab()'s line, whichever it is
    let flag_at_grab = bug.trace[grab]
        .values
        .iter()
        .find(|v| v.name == "lock_flag")
        .map(|v| v.value.clone())
        .unwrap_or_else(|| panic!("no value of lock_flag in grab(): {:?}", bug.trace[grab]));
    let t_step = at(
        &|l| l.function == "triple" && l.values.iter().any(|v| v.name == "t"),
        "value of t",
    );
    let error = bug.trace.last().unwrap();
    assert_eq!((error.function.as_str(), error.depth), ("triple", 1));
    // t = 3 * (n + 1) reaches 36: n is 11, v is 12
    assert_eq!(bug.inputs[0].to_string(), "11");

    let safe_html = dir.join("viewer_safe.html");
    let (page, safe) = check_page(&dir, &["viewer_safe.c"], &safe_html, 0);
    assert_self_contained(&page);
    assert_eq!(safe.verdict, Status::Safe);

    let lock_html = dir.join("viewer_locking.html");
    let (page, lock) = check_page(
        Path::new(env!("CARGO_MANIFEST_DIR")),
        &[
            "c-tests/rules/example_spinlock_driver.c",
            "--rule",
            "locking",
        ],
        &lock_html,
        10,
    );
    assert_self_contained(&page);
    let data = blob(&page);
    let names: Vec<&str> = data["sources"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["lines"].is_array())
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "c-tests/rules/example_spinlock_driver.c",
            "<builtin:locking>"
        ],
        "both sources are in the page"
    );
    let last = lock.trace.last().expect("a trace");
    assert!(
        last.values
            .iter()
            .any(|v| v.name == "slic_ke1_held" && v.value == "1"),
        "{last:?}"
    );

    let long_html = dir.join("viewer_long.html");
    std::fs::write(&long_html, render(&long_report(), &[])).unwrap();

    let (chromium, chromedriver) = match browser() {
        Ok(b) => b,
        Err(why) if std::env::var("SLAMRS_SKIP_BROWSER").is_ok_and(|v| v == "1") => {
            println!("html_viewer: browser part skipped (SLAMRS_SKIP_BROWSER=1): {why}");
            return;
        }
        Err(why) => panic!("{why}"),
    };
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/browser/viewer_test.py");
    let mut cmd = Command::new("python3");
    cmd.arg(&script)
        .arg("--chromium")
        .arg(&chromium)
        .arg("--chromedriver")
        .arg(&chromedriver)
        .arg("--artifacts")
        .arg(&art)
        .arg("--violation")
        .arg(&bug_html)
        .args([
            "--expect-var",
            &grab.to_string(),
            "lock_flag",
            &flag_at_grab,
        ])
        .args(["--expect-var", &t_step.to_string(), "t", "36"])
        .args(["--expect-var", &t_step.to_string(), "n", "11"])
        .arg("--safe")
        .arg(&safe_html)
        .arg("--locking")
        .arg(&lock_html)
        .args(["--expect-state", "slic_ke1_held", "1"])
        .arg("--long")
        .arg(&long_html);
    let (code, out, err) = run_bounded(cmd, Duration::from_secs(120), &dir);
    println!("{out}");
    assert_eq!(
        code,
        Some(0),
        "the browser test failed (screenshots in {}):\n{out}\n{err}",
        art.display()
    );
    let shot = art.join("violation.png");
    let png = std::fs::read(&shot).expect("the screenshot");
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "{}",
        shot.display()
    );
}

/// Runs `cmd` with its output in files, killing it after `limit`.
fn run_bounded(mut cmd: Command, limit: Duration, dir: &Path) -> (Option<i32>, String, String) {
    let out_path = dir.join("viewer_test.out");
    let err_path = dir.join("viewer_test.err");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("run python3");
    let start = Instant::now();
    let code = loop {
        if let Some(st) = child.try_wait().expect("wait for python3") {
            break st.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let read = |p: &Path| std::fs::read_to_string(p).unwrap_or_default();
    (code, read(&out_path), read(&err_path))
}
