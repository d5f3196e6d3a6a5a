//! `slamrs check`: does a C program obey a rule? Loads, instruments and decides it with the
//! chosen backend (`--backend`), then reports.

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use slamrs_abstraction::frontend::{ErrorKind, LoadOptions};
use slamrs_abstraction::native::{self, ErrorSpec, NativeSpec};

/// Wall-clock limit of one native run of a counterexample, in seconds.
const NATIVE_RUN_TIMEOUT_S: f64 = 10.0;

use crate::cegar::{self, Confirmation, Verdict};
use crate::check_report::{self, Report};
use crate::cir_cmd::DataModelArg;
use crate::exit;
use crate::mixed::{self, Strategy};
use crate::portfolio::{self, Backend};
use crate::rules::{self, Spec};

/// Arguments of `slamrs check`.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The C file: `.c` is preprocessed with `gcc -E`, `.i` is read as is.
    pub file: PathBuf,
    /// The rule: a built-in name (see `slamrs rules`) or a rule file (`.slic`).
    /// Without --rule or --property, the program's own assertions are checked
    /// (`reach_error()`, failing `assert`); for a driver, every built-in rule of its
    /// platform, one verdict each (docs/drivers.md).
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "property")]
    pub rule: Option<String>,
    /// An SV-COMP property file (`unreach-call.prp`): calls of `reach_error` (or
    /// `__VERIFIER_error`) must be unreachable from the function it names.
    #[arg(long, value_name = "FILE.prp")]
    pub property: Option<PathBuf>,
    /// The entry function (default: the property's, else `main`; for a driver, which
    /// includes its kernel's headers, the generated harness calling its entry points).
    #[arg(long, value_name = "F")]
    pub entry: Option<String>,
    /// For a driver: the entry-point map to use instead of scanning (`slamrs scan -o`
    /// writes one to edit).
    #[arg(long, value_name = "MAP", conflicts_with = "entry")]
    pub entry_map: Option<PathBuf>,
    /// For a driver: the kernel's header directory (default: mingw-w64's DDK headers
    /// for Windows drivers).
    #[arg(long, value_name = "DIR")]
    pub kernel_headers: Option<PathBuf>,
    /// Give up (unknown, exit 20) after this many seconds.
    #[arg(long, value_name = "S")]
    pub timeout: Option<f64>,
    /// Give up after this many abstraction-check-refine iterations.
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_iterations: usize,
    /// Give up when the process uses more than this much memory (resident, MB).
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<u64>,
    /// Widths of `long` and pointers: `lp64` (x86-64) or `ilp32` (32-bit x86, as the
    /// SV-COMP tasks declare).
    #[arg(long, value_enum, default_value_t = DataModelArg::Lp64)]
    pub data_model: DataModelArg,
    /// Output format of the verdict and counterexample.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print the totals: iterations, predicates, time per phase, Z3 queries, BDD nodes.
    #[arg(long)]
    pub stats: bool,
    /// Write each iteration's predicates (`iter-N.preds`) and boolean program (`iter-N.bp`)
    /// into this directory (created if missing), for inspection with `slamrs bebop`.
    #[arg(long, value_name = "DIR")]
    pub save_abstractions: Option<PathBuf>,
    /// Report a violation after replaying it on the CIR interpreter only. By default the
    /// counterexample is also run as the gcc-compiled program (with a generated harness
    /// supplying its inputs), and a disagreement makes the answer unknown; use this only
    /// where no C compiler is available.
    #[arg(long)]
    pub no_native_replay: bool,
    /// Run the CEGAR loop alone. By default, once the loop has run for a second without an
    /// answer, a directed exploration of the program's paths runs beside it on a second
    /// thread (concrete runs steered by Z3 into the branches not yet taken): it finds bugs
    /// that need precise values, and proves a program SAFE when its runs cover every
    /// feasible path (programs whose loops and recursion the inputs bound).
    #[arg(long)]
    pub no_explore: bool,
    /// When refinement computes interpolants of an infeasible path (projections of its
    /// prefix generalized into relations such as `i <= k`, docs/cegar.md): `off`; `stalled`,
    /// only when the weakest preconditions of the unsat core give nothing new; `loops`, also
    /// on every path that goes around a loop.
    #[arg(long, value_enum, value_name = "WHEN", default_value_t = InterpolationArg::Loops)]
    pub interpolation: InterpolationArg,
    /// Keep the native replay's files (patched program, harness, binary, each run's input
    /// and log) in this directory.
    #[arg(long, value_name = "DIR")]
    pub native_dir: Option<PathBuf>,
    /// The engine: `cegar` (predicate abstraction, Bebop and refinement, with the directed
    /// exploration), `mixed` (F-Soft-style exact reachability: control in BDDs, data in
    /// linear arithmetic; docs/mixed.md), or `portfolio` (both on two threads; the first
    /// definitive answer wins and stops the other).
    #[arg(long, value_enum, default_value_t = Backend::Cegar)]
    pub backend: Backend,
    /// The mixed backend's search: `bfs` (conventional breadth-first fixpoint),
    /// `frontier` (Reach_Frontier: keeps only the states at back-edge tails) or `lockstep`
    /// (Reach_Lockstep: the frontier through forward edges first, back edges together).
    #[arg(long, value_enum, default_value_t = Strategy::Lockstep)]
    pub strategy: Strategy,
    /// Mixed backend: keep every cell at every block (no live-variable simplification).
    #[arg(long)]
    pub no_live: bool,
    /// Mixed backend: keep every integer cell in linear arithmetic (by default a cell only
    /// assigned constants and inputs and only compared with constants for equality goes
    /// into BDDs over its classes of values; docs/mixed.md).
    #[arg(long)]
    pub no_finite: bool,
    /// Mixed backend: the stack bound, activations of one recursive function (or group of
    /// mutually recursive ones) followed at once. A deeper call makes SAFE impossible
    /// (UNKNOWN); bugs within the bound are found.
    #[arg(long, value_name = "N", default_value_t = 6)]
    pub recursion_bound: u32,
    /// Mixed backend: objects per allocation site (the heap array of F-Soft §5.3). One
    /// allocation more at a site makes SAFE impossible (UNKNOWN).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub heap_bound: u32,
    /// Worker threads for abstraction (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Flags for the preprocessor (`-I`, `-D`, ...), after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

/// When refinement interpolates (`--interpolation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum InterpolationArg {
    Off,
    Stalled,
    Loops,
}

impl From<InterpolationArg> for slamrs_refinement::Interpolation {
    fn from(a: InterpolationArg) -> Self {
        match a {
            InterpolationArg::Off => slamrs_refinement::Interpolation::Off,
            InterpolationArg::Stalled => slamrs_refinement::Interpolation::Stalled,
            InterpolationArg::Loops => slamrs_refinement::Interpolation::Loops,
        }
    }
}

/// Output formats of `slamrs check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// What the watchdog needs to report an interrupted run.
#[derive(Clone, Debug, Default)]
struct Snapshot {
    iteration: usize,
    predicates: usize,
    peak_rss_mb: u64,
    /// The run has its answer and is reporting it: the watchdog stands down (one report,
    /// one exit status).
    done: bool,
}

/// Takes the right to report from the watchdog: after this returns, the watchdog prints
/// nothing and exits no more (if it has already begun, it holds the lock and ends the
/// process before this returns).
fn stand_down(snapshot: &Mutex<Snapshot>) {
    if let Ok(mut s) = snapshot.lock() {
        s.done = true;
    }
}

/// Run `slamrs check`; returns the exit status.
pub fn run(args: &CheckArgs) -> u8 {
    let start = Instant::now();
    // a driver without a rule: every rule of its platform, one verdict each
    if args.rule.is_none() && args.property.is_none() && args.entry.is_none() {
        if let Some(p) = crate::driver::platform_of(&args.file) {
            return crate::driver_rules::run(args, p);
        }
    }
    // what to check
    let spec = match (&args.rule, &args.property) {
        (Some(r), _) => match rules::load_rule(r) {
            Ok(rule) => Spec::Rule(rule),
            Err(e) => return bad_input(&e.to_string()),
        },
        (None, Some(p)) => match rules::load_property(&p.to_string_lossy()) {
            Ok(prop) => Spec::Property(prop),
            Err(e) => return bad_input(&e.to_string()),
        },
        (None, None) => Spec::Assertions,
    };
    // a driver (it includes its kernel's headers) is checked through its harness
    let platform = match (&args.entry, &spec) {
        (None, Spec::Assertions | Spec::Rule(_)) => crate::driver::platform_of(&args.file),
        _ => None,
    };
    if platform.is_none() && args.entry_map.is_some() {
        return bad_input(&format!(
            "{}: --entry-map is for drivers (a source that includes <wdm.h>, <ntddk.h> or <ntifs.h>)",
            args.file.display()
        ));
    }
    let entry = match (&args.entry, platform) {
        (Some(e), _) => e.clone(),
        (None, Some(_)) => slamrs_abstraction::harness::HARNESS_MAIN.to_string(),
        (None, None) => match &spec {
            Spec::Property(p) => p.entry.clone(),
            _ => "main".to_string(),
        },
    };
    let opts = LoadOptions {
        cppflags: args.cppflags.clone(),
        entry: Some(entry.clone()),
        data_model: args.data_model.into(),
        ..Default::default()
    };
    let what = match &spec {
        Spec::Assertions => "assertions".to_string(),
        Spec::Property(_) => "property unreach-call".to_string(),
        Spec::Rule(r) => format!("rule {}", r.name),
    };
    // the limits hold from the start: the frontend too
    let snapshot = Arc::new(Mutex::new(Snapshot::default()));
    let deadline = args
        .timeout
        .filter(|t| t.is_finite() && *t > 0.0)
        .map(|t| start + Duration::from_secs_f64(t));
    start_watchdog(args, &what, deadline, snapshot.clone());
    let mut units: Vec<String> = Vec::new();
    let mut driver_map = None;
    let mut generated: Vec<(String, String)> = Vec::new();
    let loaded = match platform {
        Some(p) => {
            let dargs = crate::driver::DriverArgs {
                cppflags: args.cppflags.clone(),
                kernel_headers: args.kernel_headers.clone(),
                entry_map: args.entry_map.clone(),
            };
            match crate::driver::with_harness(&args.file, p, &dargs) {
                Ok((prog, map, h)) => {
                    units = h.units.iter().map(|u| u.0.clone()).collect();
                    generated = h.texts.clone();
                    driver_map = Some(map);
                    Ok(prog)
                }
                Err(crate::driver::DriverError::Frontend(e)) => Err(e),
                Err(e) => {
                    stand_down(&snapshot);
                    eprintln!("{e}");
                    return exit::BAD_INPUT;
                }
            }
        }
        None => slamrs_abstraction::frontend::load_file(&args.file, &opts),
    };
    let mut prog = match loaded {
        Ok(p) => p,
        Err(e) if e.kind == ErrorKind::Unsupported => {
            // a construct slamrs refuses outright: no answer (unknown, with the reason)
            stand_down(&snapshot);
            eprintln!("{e}");
            let reason = format!("unsupported construct: {}", e.summary());
            print!(
                "{}",
                check_report::interrupted(
                    &what,
                    &reason,
                    0,
                    0,
                    rss_mb(),
                    args.format == Format::Json
                )
            );
            return exit::UNKNOWN;
        }
        Err(e) => {
            stand_down(&snapshot);
            eprintln!("{e}");
            return if e.kind == ErrorKind::Internal {
                exit::UNKNOWN
            } else {
                exit::BAD_INPUT
            };
        }
    };
    // what a driver's own code calls, before instrumentation redirects the calls
    let mut called = driver_map
        .as_ref()
        .map(|_| crate::driver::called_by_driver(&prog))
        .unwrap_or_default();
    // what the harness does because of the driver's entry points is the driver's too
    if let Some(m) = &driver_map {
        called.extend(
            slamrs_abstraction::harness::wdm::harness_events(m)
                .into_iter()
                .map(str::to_string),
        );
    }
    let inst = match rules::instrument_units(&mut prog, &spec, &entry, &units) {
        Ok(i) => i,
        Err(e) => {
            stand_down(&snapshot);
            return bad_input(&e.to_string());
        }
    };
    if let Some(map) = &driver_map {
        let shown: Vec<String> = map
            .entries
            .iter()
            .map(|e| format!("{} {}", e.role.name(), e.function))
            .collect();
        if args.format == Format::Text {
            println!(
                "driver ({}): {} entry points: {}",
                map.platform.name(),
                map.entries.len(),
                shown.join(", ")
            );
        }
        // a rule whose events the driver never causes does not apply (SDV's "not
        // applicable"), rather than holding vacuously
        if let Spec::Rule(r) = &spec {
            if !inst.observed.iter().any(|f| called.contains(f)) {
                stand_down(&snapshot);
                let msg = format!(
                    "NOT APPLICABLE: rule {}: the driver calls none of the functions it observes",
                    r.name
                );
                match args.format {
                    Format::Text => println!("{msg}\nstatus: NOT APPLICABLE"),
                    Format::Json => println!(
                        "{}",
                        serde_json::json!({"verdict": "not-applicable", "status": "NOT APPLICABLE", "rule": r.name, "entry_points": map})
                    ),
                }
                return exit::SAFE;
            }
        }
    }
    let copts = cegar::Options {
        entry: entry.clone(),
        max_iterations: args.max_iterations,
        deadline,
        abstraction: slamrs_abstraction::c2bp::Options {
            threads: args.threads,
            ..Default::default()
        },
        save_abstractions: args.save_abstractions.clone(),
        explore: !args.no_explore,
        refinement: slamrs_refinement::Options {
            interpolation: args.interpolation.into(),
            ..Default::default()
        },
        ..Default::default()
    };
    let mopts = mixed::Options {
        entry: entry.clone(),
        strategy: args.strategy,
        live: !args.no_live,
        finite: !args.no_finite,
        deadline,
        recursion_bound: args.recursion_bound,
        heap_bound: args.heap_bound,
        ..Default::default()
    };
    if let Some(dir) = &args.save_abstractions {
        if let Err(e) = std::fs::create_dir_all(dir) {
            stand_down(&snapshot);
            return bad_input(&format!("cannot create {}: {e}", dir.display()));
        }
    }
    let show_progress = args.format == Format::Text && std::io::stderr().is_terminal();
    let mut progress = |p: &cegar::Progress| {
        if let Ok(mut s) = snapshot.lock() {
            s.iteration = p.iteration;
            s.predicates = p.stats.predicates;
        }
        if show_progress {
            let t = &p.stats.times;
            eprint!(
                "\r\x1b[2K[iteration {}] {} predicates | abstraction {:.1} s, model checking {:.1} s, refinement {:.1} s | {}",
                p.iteration,
                p.stats.predicates,
                t.abstraction.as_secs_f64(),
                t.model_checking.as_secs_f64(),
                t.refinement.as_secs_f64(),
                p.phase
            );
        }
    };
    let native_spec = NativeSpec {
        entry: entry.clone(),
        errors: match &spec {
            Spec::Assertions => ErrorSpec::Assertions,
            Spec::Property(p) => ErrorSpec::Property(p.error_functions.clone()),
            Spec::Rule(_) => ErrorSpec::Rule,
        },
        monitor: match (&spec, inst.rule_file) {
            (Spec::Rule(r), Some(file)) => Some(rules::native::monitor(r, file)),
            _ => None,
        },
    };
    let mut harness: Option<Result<native::Harness, String>> = None;
    let mut confirm = |prog: &slamrs_abstraction::cir::Program,
                       cex: &slamrs_refinement::Counterexample|
     -> Result<Confirmation, String> {
        // a path to one of the environment model's bounds is not a bug of the driver
        if let Some(why) = slamrs_abstraction::harness::model_bound(&prog.func(cex.error_func).name)
        {
            return Err(format!(
                "the environment model's bound is reached at {}: {why}",
                prog.loc_string(cex.error_loc)
            ));
        }
        // a driver's harness runs on the interpreter only (its kernel is not this one)
        if args.no_native_replay || platform.is_some() {
            return Ok(Confirmation::InterpreterOnly);
        }
        let built = harness.get_or_insert_with(|| {
            native::build(&native::Request {
                file: &args.file,
                cppflags: &args.cppflags,
                data_model: args.data_model.into(),
                prog,
                spec: &native_spec,
                keep_dir: args.native_dir.as_deref(),
                run_timeout_s: NATIVE_RUN_TIMEOUT_S,
            })
            .map_err(|e| e.to_string())
        });
        let h = match built {
            Ok(h) => h,
            Err(e) => {
                return Err(format!(
                    "native replay failed: {e} (the interpreter's replay reached the error; --no-native-replay reports such violations)"
                ))
            }
        };
        match h.replay(prog, &cex.choices, cex.error_loc) {
            native::Verdict::Confirmed(run) => Ok(Confirmation::Native {
                seconds: run.seconds,
            }),
            native::Verdict::Disagrees { why, .. } => Err(format!(
                "native replay disagrees: the counterexample reaches the error at {}, but {why}",
                prog.loc_string(cex.error_loc)
            )),
        }
    };
    let outcome = {
        let _span = tracing::info_span!("check", file = %args.file.display()).entered();
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            portfolio::run(
                args.backend,
                &mut prog,
                inst.predicates.clone(),
                &copts,
                &mopts,
                &mut progress,
                &mut confirm,
            )
        }))
    };
    if show_progress {
        eprint!("\r\x1b[2K");
    }
    let outcome = match outcome {
        Ok(o) => o,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            cegar::Outcome {
                verdict: Verdict::Unknown(format!("internal error: {msg}")),
                stats: Default::default(),
                predicates: Default::default(),
                confirmation: None,
                proof: None,
            }
        }
    };
    stand_down(&snapshot);
    let peak = snapshot.lock().map(|s| s.peak_rss_mb).unwrap_or(0);
    let report = Report {
        prog: &prog,
        what: &what,
        outcome: &outcome,
        aborts: &inst.aborts,
        elapsed: start.elapsed(),
        peak_rss_mb: peak.max(rss_mb()),
        stats: args.stats,
        driver: driver_map.is_some(),
        texts: &generated,
    };
    match args.format {
        Format::Text => {
            print!("{}", check_report::text(&report));
            if driver_map.is_some() {
                println!("status: {}", check_report::sdv_status(&outcome.verdict));
            }
        }
        Format::Json => println!("{}", check_report::json(&report)),
    }
    match outcome.verdict {
        Verdict::Safe => exit::SAFE,
        Verdict::Violation(_) => exit::VIOLATION,
        Verdict::Unknown(_) => exit::UNKNOWN,
    }
}

fn bad_input(msg: &str) -> u8 {
    eprintln!("error: {msg}");
    exit::BAD_INPUT
}

/// Resident memory of this process in MB (0 if unknown).
fn rss_mb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<u64>().ok())
        })
        .map(|kb| kb / 1024)
        .unwrap_or(0)
}

/// Ends the process with an unknown verdict when the time or memory limit is passed in
/// the middle of a phase (the CEGAR loop itself checks the deadline between phases).
fn start_watchdog(
    args: &CheckArgs,
    what: &str,
    deadline: Option<Instant>,
    snapshot: Arc<Mutex<Snapshot>>,
) {
    let limit = args.memory_limit;
    let format = args.format;
    let what = what.to_string();
    let grace = Duration::from_millis(500);
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(100));
        let rss = rss_mb();
        // the lock is held until the process ends when the limit is passed, so the run
        // cannot begin its own report meanwhile
        let Ok(mut snap) = snapshot.lock() else {
            return;
        };
        if snap.done {
            return;
        }
        snap.peak_rss_mb = snap.peak_rss_mb.max(rss);
        let reason = if limit.is_some_and(|l| rss > l) {
            Some(format!("memory limit ({} MB) exceeded", limit.unwrap_or(0)))
        } else if deadline.is_some_and(|d| Instant::now() > d + grace) {
            Some(format!("timeout in iteration {}", snap.iteration))
        } else {
            None
        };
        if let Some(reason) = reason {
            let text = check_report::interrupted(
                &what,
                &reason,
                snap.iteration,
                snap.predicates,
                snap.peak_rss_mb,
                format == Format::Json,
            );
            eprint!("\r\x1b[2K");
            print!("{text}");
            use std::io::Write;
            let _ = std::io::stdout().flush();
            let _ = std::io::stderr().flush();
            // `_exit`: no atexit handlers or static destructors run (Z3's would race with
            // a worker thread still inside Z3)
            unsafe { libc::_exit(exit::UNKNOWN as i32) };
        }
    });
}
