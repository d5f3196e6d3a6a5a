//! Soundness of `slamrs check` on generated programs with planted errors.
//!
//! `slamrs_abstraction::testgen` writes small UB-free programs (`GenConfig::small()`) with
//! `if (c) reach_error();` checks planted at random points, some reachable for some inputs,
//! some never. Each program is checked with `slamrs check FILE --format json`, and is also
//! compiled with gcc (with `c-tests/frontend/harness/env.c`, where `reach_error` exits with
//! status 99) and run on the generator's inputs and on random inputs. A verdict is WRONG
//! when
//! - slamrs says SAFE but some native run reaches the error, or
//! - slamrs says VIOLATION but the native run on the inputs slamrs reports does not reach
//!   the error.
//!
//! The tests fail on any WRONG verdict. One runs the plain generator, one turns every
//! generator feature on. `SLAMRS_GEN_SOUNDNESS_PROGRAMS` sets the number of plain programs
//! (default 200), `SLAMRS_GEN_SOUNDNESS_FEATURE_PROGRAMS` that of feature programs (default 60), `SLAMRS_GEN_SOUNDNESS_SEED` the first seed (default 0),
//! `SLAMRS_GEN_SOUNDNESS_TIMEOUT` the `--timeout` of each check in seconds (default 2),
//! `SLAMRS_GEN_FEATURES` adds generator features (`all`, or names such as `bitfields,vlas`).
//! `scripts/gen-soundness` runs the same check on more programs (and on a release build);
//! it gets its programs from `write_soundness_programs` (ignored), which writes them with
//! `// inputs:` headers into `SLAMRS_GEN_OUT`.

mod common;

use serde_json::Value;
use slamrs_abstraction::testgen::{generate, Feature, GenConfig};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Planted checks per program.
const PLANTED: usize = 2;
/// Random input vectors each program is run on natively (besides the generator's).
const RANDOM_RUNS: usize = 24;
/// Worker threads.
const THREADS: usize = 2;

fn env_number(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The generator configuration: small programs with planted checks, plus the features named
/// in `SLAMRS_GEN_FEATURES`.
fn config() -> GenConfig {
    let mut cfg = GenConfig::small().planting(PLANTED);
    if let Ok(s) = std::env::var("SLAMRS_GEN_FEATURES") {
        for name in s.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            if name == "all" {
                for f in Feature::ALL {
                    cfg.set(f, true);
                }
            } else {
                let f =
                    Feature::from_name(name).unwrap_or_else(|| panic!("unknown feature `{name}`"));
                cfg.set(f, true);
            }
        }
    }
    cfg
}

/// What a bounded process run gave.
struct Ran {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Run `program` with `args` and `env`, killed after `limit`.
fn run_bounded(program: &Path, args: &[String], env: &[(&str, String)], limit: Duration) -> Ran {
    let mut child = match Command::new(program)
        .args(args)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
    {
        Ok(c) => c,
        Err(e) => {
            return Ran {
                code: None,
                stdout: String::new(),
                stderr: format!("cannot run {}: {e}", program.display()),
            }
        }
    };
    let mut out = child.stdout.take().expect("stdout pipe");
    let mut err = child.stderr.take().expect("stderr pipe");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err.read_to_end(&mut s);
        s
    });
    let start = Instant::now();
    let mut killed = false;
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break Some(s),
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                killed = true;
                break child.wait().ok();
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => break None,
        }
    };
    let stdout = common::text(&out_reader.join().unwrap_or_default());
    let mut stderr = common::text(&err_reader.join().unwrap_or_default());
    if killed {
        stderr.push_str(&format!("\n(killed after {limit:?})"));
    }
    Ran {
        code: if killed {
            None
        } else {
            status.and_then(|s| s.code())
        },
        stdout,
        stderr,
    }
}

/// splitmix64: the random inputs (the root crate has no `rand`).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// An `unsigned int` input: small, near a boundary, or uniform.
    fn input(&mut self) -> i128 {
        let r = self.next();
        let v: u32 = match r % 6 {
            0 => (r >> 8) as u32 % 16,
            1 => (r >> 8) as u32 % 1000,
            2 => [
                0,
                1,
                0x7fff_ffff,
                0x8000_0000,
                0xffff_ffff,
                0xffff,
                0x1_0000u32 - 2,
            ][(r >> 8) as usize % 7],
            3 => ((r >> 8) as u32) >> ((r >> 40) % 32),
            _ => (r >> 16) as u32,
        };
        i128::from(v)
    }
}

/// The input vectors a program is run on natively: the generator's, then random ones.
fn input_vectors(seed: u64, generated: &[i128], runs: usize) -> Vec<Vec<i128>> {
    let mut mix = Mix(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) ^ 0x5eed);
    let mut out = vec![generated.to_vec()];
    for _ in 0..runs {
        out.push((0..generated.len()).map(|_| mix.input()).collect());
    }
    out
}

/// The outcome of one program.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Outcome {
    Safe,
    Violation,
    Unknown(String),
    /// slamrs failed (bad exit status, no JSON) or gcc did.
    Error(String),
    Wrong(String),
}

fn show(inputs: &[i128]) -> String {
    inputs
        .iter()
        .map(i128::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Check one program.
fn check(
    seed: u64,
    cfg: &GenConfig,
    dir: &Path,
    env_obj: &Path,
    timeout: u64,
    backend: &str,
) -> Outcome {
    let prog = generate(seed, cfg);
    let src = dir.join(format!("gen_{seed}.c"));
    let bin = dir.join(format!("gen_{seed}"));
    if let Err(e) = std::fs::write(&src, &prog.source) {
        return Outcome::Error(format!("cannot write {}: {e}", src.display()));
    }
    let gcc = Command::new("gcc")
        .args(["-O0", "-w", "-o"])
        .arg(&bin)
        .arg(&src)
        .arg(env_obj)
        .output();
    match gcc {
        Ok(o) if o.status.success() => {}
        Ok(o) => return Outcome::Error(format!("gcc: {}", common::text(&o.stderr))),
        Err(e) => return Outcome::Error(format!("gcc: {e}")),
    }
    let native = |inputs: &[i128]| -> Option<i32> {
        run_bounded(
            &bin,
            &[],
            &[("SLAMRS_INPUTS", show(inputs))],
            Duration::from_secs(20),
        )
        .code
    };
    let args: Vec<String> = vec![
        "check".into(),
        src.to_string_lossy().into_owned(),
        "--timeout".into(),
        timeout.to_string(),
        "--format".into(),
        "json".into(),
        "--threads".into(),
        "1".into(),
        "--backend".into(),
        backend.into(),
    ];
    let slamrs = PathBuf::from(env!("CARGO_BIN_EXE_slamrs"));
    let ran = run_bounded(&slamrs, &args, &[], Duration::from_secs(timeout + 30));
    let json: Option<Value> = serde_json::from_str(ran.stdout.trim()).ok();
    let verdict = json
        .as_ref()
        .and_then(|j| j["verdict"].as_str())
        .map(str::to_string);
    let outcome = match (ran.code, verdict.as_deref()) {
        (Some(0), Some("safe")) => {
            let reached = input_vectors(seed, &prog.inputs, RANDOM_RUNS)
                .into_iter()
                .find(|v| native(v) == Some(99));
            match reached {
                None => Outcome::Safe,
                Some(v) => Outcome::Wrong(format!(
                    "SAFE, but the native run on inputs [{}] reaches the error",
                    show(&v)
                )),
            }
        }
        (Some(10), Some("violation")) => {
            let inputs: Vec<i128> = json.as_ref().map(json_inputs).unwrap_or_default();
            match native(&inputs) {
                Some(99) => Outcome::Violation,
                other => Outcome::Wrong(format!(
                    "VIOLATION with inputs [{}], but the native run on them ends with {other:?} (error at line {})",
                    show(&inputs),
                    json.as_ref().map(|j| j["error_location"]["line"].to_string()).unwrap_or_default()
                )),
            }
        }
        (Some(20), Some("unknown")) => Outcome::Unknown(
            json.as_ref()
                .and_then(|j| j["reason"]["message"].as_str())
                .unwrap_or("?")
                .to_string(),
        ),
        (code, _) => Outcome::Error(format!(
            "slamrs check exited with {code:?}\nstdout: {}\nstderr: {}",
            ran.stdout.chars().take(600).collect::<String>(),
            ran.stderr.chars().take(1200).collect::<String>()
        )),
    };
    let _ = std::fs::remove_file(&bin);
    if !matches!(outcome, Outcome::Wrong(_) | Outcome::Error(_)) {
        let _ = std::fs::remove_file(&src);
    }
    outcome
}

/// The `inputs` of a JSON report (numbers, or strings for values beyond 64 bits).
fn json_inputs(j: &Value) -> Vec<i128> {
    j["inputs"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| match v {
                    Value::Number(n) => n.as_i64().map(i128::from),
                    Value::String(s) => s.parse().ok(),
                    _ => None,
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn slamrs_check_is_sound_on_generated_programs() {
    let n = env_number("SLAMRS_GEN_SOUNDNESS_PROGRAMS", 200);
    let first = env_number("SLAMRS_GEN_SOUNDNESS_SEED", 0);
    check_sound(n, first, &config(), "gen-soundness", "cegar");
}

/// The same on programs with every generator feature at once (bit-fields, packed layout,
/// function pointers and dispatch tables, qsort/bsearch callbacks, builtins, narrow
/// arithmetic, VLAs): `SLAMRS_GEN_SOUNDNESS_FEATURE_PROGRAMS` of them (default 60), from
/// seed `SLAMRS_GEN_SOUNDNESS_SEED` + 100,000.
#[test]
fn slamrs_check_is_sound_on_generated_feature_programs() {
    let n = env_number("SLAMRS_GEN_SOUNDNESS_FEATURE_PROGRAMS", 60);
    let first = env_number("SLAMRS_GEN_SOUNDNESS_SEED", 0) + 100_000;
    let mut cfg = config();
    for f in Feature::ALL {
        cfg.set(f, true);
    }
    check_sound(n, first, &cfg, "gen-soundness-features", "cegar");
}

/// The mixed backend (`--backend mixed`) on generated programs, plain and with every
/// feature: `SLAMRS_GEN_SOUNDNESS_MIXED_PROGRAMS` of each (default 30), from seed
/// `SLAMRS_GEN_SOUNDNESS_SEED` + 200,000 (a differential test of its exact reachability
/// against the native runs).
#[test]
fn mixed_backend_is_sound_on_generated_programs() {
    let n = env_number("SLAMRS_GEN_SOUNDNESS_MIXED_PROGRAMS", 30);
    let first = env_number("SLAMRS_GEN_SOUNDNESS_SEED", 0) + 200_000;
    check_sound(n, first, &config(), "gen-soundness-mixed", "mixed");
    let mut cfg = config();
    for f in Feature::ALL {
        cfg.set(f, true);
    }
    check_sound(
        n,
        first + 50_000,
        &cfg,
        "gen-soundness-mixed-features",
        "mixed",
    );
}

/// Checks `n` programs from seed `first` under `cfg`; fails on any WRONG verdict.
fn check_sound(n: u64, first: u64, cfg: &GenConfig, scratch: &str, backend: &str) {
    let timeout = env_number("SLAMRS_GEN_SOUNDNESS_TIMEOUT", 2);
    let dir = common::scratch(scratch);
    let env_obj = dir.join("env.o");
    let env_src = Path::new(env!("CARGO_MANIFEST_DIR")).join("c-tests/frontend/harness/env.c");
    let out = Command::new("gcc")
        .args(["-O0", "-w", "-c"])
        .arg(&env_src)
        .arg("-o")
        .arg(&env_obj)
        .output()
        .expect("gcc is required for this test");
    assert!(out.status.success(), "{}", common::text(&out.stderr));
    let start = Instant::now();
    let seeds: Mutex<Vec<u64>> = Mutex::new((first..first + n).rev().collect());
    let results: Mutex<Vec<(u64, Outcome)>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..THREADS {
            s.spawn(|| loop {
                let Some(seed) = seeds.lock().unwrap().pop() else {
                    break;
                };
                let o = check(seed, cfg, &dir, &env_obj, timeout, backend);
                results.lock().unwrap().push((seed, o));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|r| r.0);
    let count = |f: fn(&Outcome) -> bool| results.iter().filter(|r| f(&r.1)).count();
    let (safe, violation, unknown, error, wrong) = (
        count(|o| *o == Outcome::Safe),
        count(|o| *o == Outcome::Violation),
        count(|o| matches!(o, Outcome::Unknown(_))),
        count(|o| matches!(o, Outcome::Error(_))),
        count(|o| matches!(o, Outcome::Wrong(_))),
    );
    let mut report = format!(
        "{scratch}: {n} programs (seeds {first}..{}), --timeout {timeout}, {:.1} s\n  SAFE {safe}  VIOLATION {violation}  UNKNOWN {unknown}  ERROR {error}  WRONG {wrong}\n",
        first + n,
        start.elapsed().as_secs_f64()
    );
    for (seed, o) in &results {
        match o {
            Outcome::Wrong(why) => report.push_str(&format!(
                "\nWRONG seed {seed}: {why}\n{}",
                generate(*seed, cfg).source
            )),
            Outcome::Error(why) => report.push_str(&format!("\nERROR seed {seed}: {why}\n")),
            Outcome::Unknown(why) => report.push_str(&format!("UNKNOWN seed {seed}: {why}\n")),
            _ => {}
        }
    }
    eprintln!("{report}");
    assert_eq!(wrong, 0, "{report}");
}

/// Write the soundness programs (with `// inputs:` headers) into `SLAMRS_GEN_OUT`, for
/// `scripts/gen-soundness`: `SLAMRS_GEN_SOUNDNESS_PROGRAMS` programs from seed
/// `SLAMRS_GEN_SOUNDNESS_SEED`, each with its generated inputs as the first `inputs:` line
/// and `random-inputs` lines of random input vectors.
#[test]
#[ignore = "a tool for scripts/gen-soundness: writes programs into $SLAMRS_GEN_OUT"]
fn write_soundness_programs() {
    let Some(out) = std::env::var_os("SLAMRS_GEN_OUT").map(PathBuf::from) else {
        eprintln!("SLAMRS_GEN_OUT is not set; nothing written");
        return;
    };
    let n = env_number("SLAMRS_GEN_SOUNDNESS_PROGRAMS", 200);
    let first = env_number("SLAMRS_GEN_SOUNDNESS_SEED", 0);
    let runs = env_number("SLAMRS_GEN_SOUNDNESS_RANDOM_RUNS", RANDOM_RUNS as u64) as usize;
    let cfg = config();
    std::fs::create_dir_all(&out).unwrap();
    for seed in first..first + n {
        let p = generate(seed, &cfg);
        let mut text = String::new();
        for (i, v) in input_vectors(seed, &p.inputs, runs).iter().enumerate() {
            let key = if i == 0 { "inputs" } else { "random-inputs" };
            text.push_str(&format!("// {key}: {}\n", show(v)));
        }
        text.push_str(&p.source);
        std::fs::write(out.join(format!("gen_{seed}.c")), text).unwrap();
    }
    eprintln!("wrote {n} programs to {}", out.display());
}
