//! Differential test on generated programs: `slamrs_abstraction::testgen` writes small
//! UB-free C programs; each is compiled with gcc (linked with
//! `c-tests/frontend/harness/env.c`) and lowered to CIR, both are run on the program's
//! inputs, and stdout and exit status must agree (interpreter in machine-integer mode).
//!
//! `SLAMRS_GEN_PROGRAMS` sets the number of programs (default 30), `SLAMRS_GEN_SEED` the
//! first seed (default 0). A failing program is kept in the report by its seed; regenerate it
//! with `testgen::generate(seed, &GenConfig::default())`.
//!
//! The features of the generator (bit-fields, packed/aligned layout, function pointers,
//! `qsort`/`bsearch`, GCC builtins, narrow arithmetic, VLAs) are covered by
//! `generated_features_agree_with_gcc` (ignored until the frontend and interpreter handle
//! them): each feature alone on `SLAMRS_GEN_FEATURE_PROGRAMS` seeds (default 40), then all
//! together on as many; the disagreements are reported grouped by feature and by class, with
//! the shortest program of each class and both outputs (`SLAMRS_GEN_SHOW_SOURCE=1` adds its
//! source). `SLAMRS_GEN_FEATURES=a,b` restricts the features (names as `Feature::name`),
//! `SLAMRS_GEN_REPORT=FILE` also writes the report to a file. `feature_programs_are_free_of_undefined_behaviour` (ignored: a few minutes)
//! builds the same programs with `-fsanitize=undefined,address`
//! (`SLAMRS_GEN_UB_PROGRAMS` per feature, default 40). `write_generated_programs` (ignored)
//! writes programs with `// inputs:` headers into `SLAMRS_GEN_OUT` (features from
//! `SLAMRS_GEN_FEATURES`, `all` for every one).

mod common;

use common::{RunResult, Status};
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{run, Config, IntMode, NoObserver, SeqOracle};
use slamrs_abstraction::testgen::{generate, Feature, GenConfig, GenProgram};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

fn env_number(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn interpret(prog: &Program, inputs: &[i128]) -> Result<RunResult, String> {
    let cfg = Config {
        int_mode: IntMode::Machine,
        ..Config::default()
    };
    let mut oracle = SeqOracle::new(inputs.to_vec());
    let r = run(prog, &cfg, &mut oracle, &mut NoObserver);
    Ok(RunResult {
        status: common::outcome_status(prog, &r.outcome)?,
        stdout: r.output,
    })
}

/// Write, compile, run and interpret the program for `seed`; a description of any failure.
fn check_seed(seed: u64, env_obj: &Path, dir: &Path) -> Option<String> {
    let prog = generate(seed, &GenConfig::default());
    let src = dir.join(format!("gen_{seed}.c"));
    if let Err(e) = std::fs::write(&src, &prog.source) {
        return Some(format!("seed {seed}: cannot write {}: {e}", src.display()));
    }
    let fail = |what: String| Some(format!("seed {seed}: {what}\n{}", prog.source));
    let bin = match common::compile_program(&src, &[env_obj], dir) {
        Ok(b) => b,
        Err(e) => return fail(format!("gcc failed: {e}")),
    };
    let expected = match common::run_binary(&bin, &prog.inputs) {
        Ok(r) => r,
        Err(e) => return fail(format!("gcc run: {e}")),
    };
    let cir = match load_file(&src, &LoadOptions::default()) {
        Ok(p) => p,
        Err(e) => return fail(format!("frontend error: {e}")),
    };
    match interpret(&cir, &prog.inputs) {
        Err(e) => fail(e),
        Ok(actual) if actual == expected => None,
        Ok(actual) => {
            let line = common::first_difference(&expected.stdout, &actual.stdout);
            fail(format!(
                "mismatch: gcc {} vs interpreter {}, output differs at line {line:?}\n  gcc:\n{}  interpreter:\n{}",
                expected.status,
                actual.status,
                common::show_output(&expected.stdout, 30),
                common::show_output(&actual.stdout, 30)
            ))
        }
    }
}

#[test]
fn interpreter_agrees_with_gcc_on_generated_programs() {
    let n = env_number("SLAMRS_GEN_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-differential");
    let env_obj = common::compile_env_stub(&scratch.path)
        .unwrap_or_else(|e| panic!("gcc is required for this test: {e}"));
    let failures: Vec<String> = (first..first + n)
        .filter_map(|seed| check_seed(seed, &env_obj, &scratch.path))
        .collect();
    eprintln!(
        "generated differential: {n} programs from seed {first}, {} failures",
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {n} generated programs disagree:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Build `src` with gcc's sanitizers and run it; Err with a description if a sanitizer
/// reports (status 77) or the program does not end the way generated programs end.
fn sanitized_run(prog: &GenProgram, src: &Path, asan: bool) -> Result<(), String> {
    let bin = src.with_extension("san");
    let env_src = common::env_stub_source();
    let sanitize = if asan {
        "-fsanitize=undefined,address"
    } else {
        "-fsanitize=undefined"
    };
    common::gcc(&[
        "-O0".as_ref(),
        "-w".as_ref(),
        sanitize.as_ref(),
        "-fno-sanitize-recover=all".as_ref(),
        "-o".as_ref(),
        bin.as_os_str(),
        src.as_os_str(),
        env_src.as_os_str(),
    ])
    .map_err(|e| format!("gcc: {e}"))?;
    let env = [
        ("UBSAN_OPTIONS", "halt_on_error=1:exitcode=77"),
        ("ASAN_OPTIONS", "exitcode=77:detect_leaks=0"),
    ];
    let r = common::run_binary_with_env(&bin, &prog.inputs, &env)?;
    let _ = std::fs::remove_file(&bin);
    // Generated programs return a value below 64, or 99 from a planted reach_error;
    // 77 is a sanitizer's report.
    match r.status {
        Status::Code(c) if c < 64 || (c == 99 && prog.planted > 0) => Ok(()),
        s => Err(format!("ended with {s} (sanitizer report?)")),
    }
}

/// The generator's UB-freedom claim, checked by gcc's sanitizers on the same programs.
#[test]
fn generated_programs_are_free_of_undefined_behaviour() {
    let n = env_number("SLAMRS_GEN_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-sanitize");
    for seed in first..first + n {
        let prog = generate(seed, &GenConfig::default());
        let src = scratch.path.join(format!("gen_{seed}.c"));
        std::fs::write(&src, &prog.source).unwrap();
        if let Err(e) = sanitized_run(&prog, &src, false) {
            panic!("seed {seed}: {e}\n{}", prog.source);
        }
    }
}

/// The configurations of the feature runs: each selected feature alone, then all of them
/// together, with a label.
fn feature_configs() -> Vec<(String, GenConfig)> {
    let selected: Vec<Feature> = match std::env::var("SLAMRS_GEN_FEATURES") {
        Ok(s) if !s.is_empty() && s != "all" => s
            .split(',')
            .map(|n| {
                Feature::from_name(n.trim()).unwrap_or_else(|| panic!("unknown feature `{n}`"))
            })
            .collect(),
        _ => Feature::ALL.to_vec(),
    };
    let mut out: Vec<(String, GenConfig)> = selected
        .iter()
        .map(|&f| (f.name().to_string(), GenConfig::only(f)))
        .collect();
    let mut all = GenConfig::default();
    for &f in &selected {
        all.set(f, true);
    }
    if selected.len() > 1 {
        out.push(("all".to_string(), all));
    }
    out
}

/// Run `jobs` on two threads; results in job order.
fn parallel<T: Send, R: Send>(jobs: Vec<T>, f: impl Fn(T) -> R + Sync) -> Vec<R> {
    let n = jobs.len();
    let queue = Mutex::new(jobs.into_iter().enumerate().collect::<Vec<_>>());
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..n).map(|_| None).collect());
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(2)
        .min(2);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let job = queue.lock().unwrap().pop();
                let Some((i, job)) = job else { break };
                let r = f(job);
                results.lock().unwrap()[i] = Some(r);
            });
        }
    });
    results
        .into_inner()
        .unwrap()
        .into_iter()
        .map(|r| r.expect("every job ran"))
        .collect()
}

/// How one generated program fared.
enum Verdict {
    Agree,
    /// The generator's fault: gcc rejected the program or its run failed.
    GenBug(String),
    /// A disagreement: its class and the details (both outputs).
    Disagree {
        class: String,
        details: String,
    },
}

/// Replace digits by `#`, so that classes do not depend on names and values.
fn shape(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            if !out.ends_with('#') {
                out.push('#');
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// The class of a frontend or interpreter error: its message without locations and values.
fn error_class(kind: &str, msg: &str) -> String {
    let first = msg.lines().next().unwrap_or("");
    // Drop a leading `file:line:col: `.
    let text = match first.find(": ") {
        Some(i) if first[..i].contains(".c:") => &first[i + 2..],
        _ => first,
    };
    let text = match text.find(" at ") {
        Some(i) => {
            let rest = &text[i + 4..];
            let after = rest.find(": ").map(|j| &rest[j + 2..]).unwrap_or("");
            format!("{}: {after}", &text[..i])
        }
        None => text.to_string(),
    };
    let text: String = text.chars().take(90).collect();
    format!("{kind}: {}", shape(&text))
}

/// The class of an output mismatch: the shape of gcc's first differing line up to its `=`
/// or `:` (what was printed), or the status.
fn mismatch_class(expected: &RunResult, actual: &RunResult) -> String {
    match common::first_difference(&expected.stdout, &actual.stdout) {
        Some(line) => {
            let text = String::from_utf8_lossy(&expected.stdout);
            let l = text.lines().nth(line - 1).unwrap_or("(end of output)");
            let what = match l.find(['=', ':']) {
                Some(i) => &l[..=i],
                None => l,
            };
            format!("output: `{}`", shape(what))
        }
        None => format!(
            "status: gcc {} vs interpreter {}",
            expected.status, actual.status
        ),
    }
}

fn run_feature_program(
    seed: u64,
    cfg: &GenConfig,
    label: &str,
    env_obj: &Path,
    dir: &Path,
) -> (Verdict, usize, String) {
    let prog = generate(seed, cfg);
    let len = prog.source.len();
    let sub = dir.join(format!("{label}_{seed}"));
    let _ = std::fs::create_dir_all(&sub);
    let src = sub.join(format!("gen_{seed}.c"));
    let v = (|| {
        if let Err(e) = std::fs::write(&src, &prog.source) {
            return Verdict::GenBug(format!("cannot write {}: {e}", src.display()));
        }
        let bin = match common::compile_program(&src, &[env_obj], &sub) {
            Ok(b) => b,
            Err(e) => return Verdict::GenBug(format!("gcc failed: {e}")),
        };
        let expected = match common::run_binary(&bin, &prog.inputs) {
            Ok(r) if matches!(r.status, Status::Code(c) if c < 64) => r,
            Ok(r) => return Verdict::GenBug(format!("gcc run ended with {}", r.status)),
            Err(e) => return Verdict::GenBug(format!("gcc run: {e}")),
        };
        let shown = |r: &RunResult| {
            format!(
                "  gcc ({}):\n{}",
                r.status,
                common::show_output(&r.stdout, 12)
            )
        };
        let cir = match load_file(&src, &LoadOptions::default()) {
            Ok(p) => p,
            Err(e) => {
                return Verdict::Disagree {
                    class: error_class("frontend", &e.to_string()),
                    details: format!("  frontend: {e}\n{}", shown(&expected)),
                }
            }
        };
        match interpret(&cir, &prog.inputs) {
            Err(e) => Verdict::Disagree {
                class: error_class("interpreter", &e),
                details: format!("  {e}\n{}", shown(&expected)),
            },
            Ok(actual) if actual == expected => Verdict::Agree,
            Ok(actual) => {
                let class = mismatch_class(&expected, &actual);
                let line = common::first_difference(&expected.stdout, &actual.stdout);
                let at = line.unwrap_or(1);
                Verdict::Disagree {
                    class,
                    details: format!(
                        "  output differs at line {at}\n  gcc ({}):\n{}  interpreter ({}):\n{}",
                        expected.status,
                        around(&expected.stdout, at),
                        actual.status,
                        around(&actual.stdout, at)
                    ),
                }
            }
        }
    })();
    let _ = std::fs::remove_dir_all(&sub);
    (v, len, prog.source)
}

/// Lines `line - 2 ..= line + 2` (1-based) of an output, numbered.
fn around(bytes: &[u8], line: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let lines: Vec<&str> = text.lines().collect();
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i + 3 >= line && i < line + 2 {
            out.push_str(&format!("      {:>4} | {l}\n", i + 1));
        }
    }
    if line > lines.len() {
        out.push_str(&format!(
            "      (output ends after {} lines)\n",
            lines.len()
        ));
    }
    out
}

/// The programs of one disagreement class.
struct ClassTally {
    seeds: Vec<u64>,
    /// The shortest program of the class: its length, seed, source and the difference.
    shortest: (usize, u64, String, String),
}

/// Per-feature tallies.
#[derive(Default)]
struct Tally {
    programs: usize,
    agree: usize,
    gen_bugs: Vec<String>,
    classes: BTreeMap<String, ClassTally>,
}

#[test]
fn generated_features_agree_with_gcc() {
    let n = env_number("SLAMRS_GEN_FEATURE_PROGRAMS", 10);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-features");
    let env_obj = common::compile_env_stub(&scratch.path)
        .unwrap_or_else(|e| panic!("gcc is required for this test: {e}"));
    let configs = feature_configs();
    let jobs: Vec<(usize, u64)> = (0..configs.len())
        .flat_map(|c| (first..first + n).map(move |s| (c, s)))
        .collect();
    let results = parallel(jobs.clone(), |(c, seed)| {
        run_feature_program(seed, &configs[c].1, &configs[c].0, &env_obj, &scratch.path)
    });
    let mut tallies: Vec<Tally> = configs.iter().map(|_| Tally::default()).collect();
    for ((c, seed), (verdict, len, source)) in jobs.into_iter().zip(results) {
        let t = &mut tallies[c];
        t.programs += 1;
        match verdict {
            Verdict::Agree => t.agree += 1,
            Verdict::GenBug(e) => t.gen_bugs.push(format!("seed {seed}: {e}\n{source}")),
            Verdict::Disagree { class, details } => {
                let e = t.classes.entry(class).or_insert(ClassTally {
                    seeds: Vec::new(),
                    shortest: (usize::MAX, 0, String::new(), String::new()),
                });
                e.seeds.push(seed);
                if len < e.shortest.0 {
                    e.shortest = (len, seed, source, details);
                }
            }
        }
    }
    let mut report = String::new();
    let mut summary = String::from("feature        programs  agree  disagree  generator-bugs\n");
    let mut bad = 0;
    for ((label, _), t) in configs.iter().zip(&tallies) {
        let disagree: usize = t.classes.values().map(|c| c.seeds.len()).sum();
        bad += disagree + t.gen_bugs.len();
        summary.push_str(&format!(
            "{label:<14} {:>8}  {:>5}  {disagree:>8}  {:>14}\n",
            t.programs,
            t.agree,
            t.gen_bugs.len()
        ));
        if disagree == 0 && t.gen_bugs.is_empty() {
            continue;
        }
        report.push_str(&format!(
            "\n==== {label}: {disagree} of {} disagree\n",
            t.programs
        ));
        for (class, c) in &t.classes {
            let (seeds, count) = (&c.seeds, c.seeds.len());
            let (_, seed, source, details) = &c.shortest;
            let shown: Vec<String> = seeds.iter().take(12).map(u64::to_string).collect();
            report.push_str(&format!(
                "\n-- [{label}] {class}: {count} programs (seeds {}{})\n   shortest: seed {seed}\n{details}",
                shown.join(" "),
                if seeds.len() > 12 { " ..." } else { "" }
            ));
            if std::env::var_os("SLAMRS_GEN_SHOW_SOURCE").is_some() {
                report.push_str(source);
            }
        }
        for g in &t.gen_bugs {
            report.push_str(&format!("\n-- [{label}] GENERATOR BUG: {g}\n"));
        }
    }
    let full = format!(
        "generated feature differential, seeds {first}..{}:\n{summary}{report}",
        first + n
    );
    if let Ok(path) = std::env::var("SLAMRS_GEN_REPORT") {
        std::fs::write(&path, &full).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    eprintln!("{summary}");
    assert!(bad == 0, "{full}");
}

#[test]
#[ignore = "slow (sanitizer builds of a few hundred programs); run with --ignored"]
fn feature_programs_are_free_of_undefined_behaviour() {
    let n = env_number("SLAMRS_GEN_UB_PROGRAMS", 40);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let scratch = common::ScratchDir::new("gen-features-sanitize");
    let mut configs = feature_configs();
    // Small programs with every selected feature and planted checks (the soundness check's
    // programs).
    let mut planted = GenConfig::small().planting(3);
    for (_, c) in &configs {
        for f in c.features() {
            planted.set(f, true);
        }
    }
    configs.push(("small+planted".to_string(), planted));
    let jobs: Vec<(usize, u64)> = (0..configs.len())
        .flat_map(|c| (first..first + n).map(move |s| (c, s)))
        .collect();
    let failures: Vec<String> = parallel(jobs, |(c, seed)| {
        let (label, cfg) = &configs[c];
        let prog = generate(seed, cfg);
        let sub = scratch.path.join(format!("{label}_{seed}"));
        let _ = std::fs::create_dir_all(&sub);
        let src = sub.join(format!("gen_{seed}.c"));
        std::fs::write(&src, &prog.source).unwrap();
        let r = sanitized_run(&prog, &src, true);
        let _ = std::fs::remove_dir_all(&sub);
        r.err()
            .map(|e| format!("[{label}] seed {seed}: {e}\n{}", prog.source))
    })
    .into_iter()
    .flatten()
    .collect();
    eprintln!(
        "sanitizer check: {} configurations x {n} programs, {} failures",
        configs.len(),
        failures.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// Write generated programs (with `// inputs:` headers) into `SLAMRS_GEN_OUT`.
#[test]
#[ignore = "a tool: writes programs into $SLAMRS_GEN_OUT"]
fn write_generated_programs() {
    let Some(out) = std::env::var_os("SLAMRS_GEN_OUT").map(PathBuf::from) else {
        eprintln!("SLAMRS_GEN_OUT is not set; nothing written");
        return;
    };
    let n = env_number("SLAMRS_GEN_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SEED", 0);
    let mut cfg = GenConfig::default();
    if let Ok(s) = std::env::var("SLAMRS_GEN_FEATURES") {
        for name in s.split(',').filter(|n| !n.is_empty()) {
            if name == "all" {
                cfg = GenConfig::all_features();
            } else {
                let f = Feature::from_name(name.trim())
                    .unwrap_or_else(|| panic!("unknown feature `{name}`"));
                cfg.set(f, true);
            }
        }
    }
    std::fs::create_dir_all(&out).unwrap();
    for seed in first..first + n {
        let p = generate(seed, &cfg);
        let inputs: Vec<String> = p.inputs.iter().map(i128::to_string).collect();
        let text = format!("// inputs: {}\n{}", inputs.join(" "), p.source);
        std::fs::write(out.join(format!("gen_{seed}.c")), text).unwrap();
    }
    eprintln!("wrote {n} programs to {}", out.display());
}
