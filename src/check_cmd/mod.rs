//! `slamrs check`: does a C program (or an SV-COMP task) obey a rule? Loads, instruments
//! and decides it with the chosen backend (`--backend`), then reports (`crate::report`)
//! and writes the witnesses asked for (`crate::witness`). What is checked is read in
//! [`spec`]; the time and memory limits are kept by [`watchdog`].

use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use bebop::diag::{Colour, Report};
use clap::{Args, ValueEnum};
use slamrs_abstraction::frontend::{ErrorKind, LoadOptions};
use slamrs_abstraction::native;

/// Wall-clock limit of one native run of a counterexample, in seconds.
const NATIVE_RUN_TIMEOUT_S: f64 = 10.0;

use crate::cegar::{self, Confirmation, Verdict};
use crate::cir_cmd::DataModelArg;
use crate::mixed::{self, Strategy};
use crate::portfolio::{self, Backend};
use crate::reason::{Reason, ReasonKind};
use crate::report;
use crate::report::build::Context;
pub use crate::report::emit::{Emit, Format};
use crate::report::model::{
    CheckReport, Checked, CheckedKind, Diagnostic, DiagnosticKind, EntryPoint, SdvStatus, Status,
    TaskInfo,
};
use crate::rules::{self, Spec};
use crate::task_file;

mod confirm;
pub(crate) mod coverage;
mod spec;

use confirm::opaque_dependence;
pub(crate) mod watchdog;

use spec::load_spec_report;
pub(crate) use spec::{load_spec, native_spec};
use watchdog::{rss_mb, stand_down, Snapshot, Watched};

/// Readings of the environment selectable on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum EnvironmentArg {
    /// SV-COMP's: undefined functions return a value and do nothing else; allocation
    /// succeeds.
    Svcomp,
    /// Undefined functions may write escaped memory and call back; `malloc` may fail.
    Hostile,
}

impl From<EnvironmentArg> for slamrs_abstraction::cir::env::Externals {
    fn from(e: EnvironmentArg) -> Self {
        match e {
            EnvironmentArg::Svcomp => Self::SvComp,
            EnvironmentArg::Hostile => Self::Hostile,
        }
    }
}

/// Arguments of `slamrs check`.
#[derive(Args, Clone, Debug)]
pub struct CheckArgs {
    /// The C file (`.c` is preprocessed with `gcc -E`, `.i` is read as is), or an SV-COMP
    /// task definition (`TASK.yml`): its C file is checked against its `unreach-call`
    /// property (or the one `--property` names), with its data model, and the report
    /// says whether the answer is the one the task expects.
    pub file: PathBuf,
    /// A driver's other source files: checked with FILE as one program (its files
    /// included in order into one unit: docs/drivers.md, "Drivers of several files").
    #[arg(value_name = "MORE_FILES")]
    pub more_files: Vec<PathBuf>,
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
    /// Widths of `long` and pointers: `lp64` (x86-64, the default) or `ilp32` (32-bit x86,
    /// as many SV-COMP tasks declare; a task file's own data model is the default for it).
    #[arg(long, value_enum, value_name = "MODEL")]
    pub data_model: Option<DataModelArg>,
    /// What a function without a body may do, and whether `malloc` may fail (docs/cegar.md,
    /// "The environment"): `svcomp` (SV-COMP's definition of a task: it returns an
    /// arbitrary value and does nothing else, allocation succeeds; the default under
    /// --property) or `hostile` (it may write every escaped object and call back every
    /// escaped function, `malloc` may fail; the default otherwise)
    #[arg(long, value_enum, value_name = "READING")]
    pub environment: Option<EnvironmentArg>,
    /// Output format of the verdict and counterexample.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Write the report into this file instead of stdout (stdout then gets the verdict's
    /// first line).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Write a verification witness into this file: of a violation in GraphML (SV-COMP
    /// format 1.0) for `.graphml` or YAML (format 2.0) for `.yml`/`.yaml`, or as
    /// --witness-format says; of correctness (SAFE: the proof's loop invariants and
    /// function contracts) in YAML, read off the abstraction (which runs again, without
    /// the exploration, when the exploration proved the program). Repeat it for several.
    /// `slamrs validate` checks them.
    #[arg(long, value_name = "FILE")]
    pub witness: Vec<PathBuf>,
    /// The witness's format when its file name does not tell.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub witness_format: Option<crate::witness::Format>,
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

/// What the arguments say is checked (before the rule or property is read).
fn checked_of(args: &CheckArgs) -> Checked {
    match (&args.rule, &args.property) {
        (Some(r), _) => {
            let name = std::path::Path::new(r)
                .file_stem()
                .map(|s| s.to_string_lossy().to_string())
                .unwrap_or_else(|| r.clone());
            let description = rules::builtins()
                .into_iter()
                .find(|(n, _)| *n == r.as_str())
                .map(|(_, d)| d.to_string())
                .unwrap_or_else(|| format!("the rule of {r}"));
            Checked {
                kind: CheckedKind::Rule,
                name,
                description,
            }
        }
        (None, Some(_)) => Checked {
            kind: CheckedKind::Property,
            name: "unreach-call".into(),
            description: "no call of the error function (reach_error, __VERIFIER_error) is reachable from the entry function".into(),
        },
        (None, None) => Checked {
            kind: CheckedKind::Assertions,
            name: "assertions".into(),
            description: "the program's own assertions hold: no failing assert, no reachable reach_error()".into(),
        },
    }
}

/// Run `slamrs check`; returns the exit status.
pub fn run(args: &CheckArgs) -> u8 {
    if !task_file::is_task_file(&args.file) {
        return run_with(args, None);
    }
    match task_file::load(&args.file, args.property.as_deref()) {
        Ok(task) => {
            let mut a = args.clone();
            a.file = task.input.clone();
            a.property = Some(task.property.clone());
            a.data_model = a.data_model.or(task.data_model);
            let info = TaskInfo {
                file: args.file.display().to_string(),
                property: task.property.display().to_string(),
                expected_verdict: task.expected,
            };
            run_with(&a, Some(info))
        }
        Err(e) => {
            let emit = Emit {
                format: args.format,
                stats: args.stats,
                output: args.output.clone(),
                task: None,
            };
            let mut r = CheckReport::new(
                &args.file.display().to_string(),
                checked_of(args),
                Status::Error,
            );
            r.error = Some(Diagnostic {
                kind: DiagnosticKind::Task,
                message: format!("error: {e}"),
                location: None,
            });
            emit.print(&r, &[])
        }
    }
}

/// [`run`] on a C file (`task`: the task definition it came from).
fn run_with(args: &CheckArgs, task: Option<TaskInfo>) -> u8 {
    let start = Instant::now();
    let emit = Emit {
        format: args.format,
        stats: args.stats,
        output: args.output.clone(),
        task,
    };
    let file = args.file.display().to_string();
    let mut checked = checked_of(args);
    let bad_input_showing =
        |checked: &Checked, kind: DiagnosticKind, msg: &str, shown: Option<&str>| -> u8 {
            let mut r = CheckReport::new(&file, checked.clone(), Status::Error);
            r.error = Some(Diagnostic {
                kind,
                message: msg.to_string(),
                location: None,
            });
            emit.print_showing(&r, &[], shown)
        };
    let bad_input = |checked: &Checked, kind: DiagnosticKind, msg: &str| -> u8 {
        bad_input_showing(checked, kind, msg, None)
    };
    // a located error: plain in the report, coloured on a terminal
    let bad_report = |checked: &Checked, kind: DiagnosticKind, report: &Report| -> u8 {
        let shown = report.render(Colour::for_stderr());
        bad_input_showing(checked, kind, &report.to_string(), Some(&shown))
    };
    // a driver without a rule: every rule of its platform, one verdict each
    if args.rule.is_none() && args.property.is_none() && args.entry.is_none() {
        if let Some(p) = crate::driver::platform_of(&args.file) {
            return crate::driver_rules::run(args, p);
        }
    }
    // what to check
    let spec = match load_spec_report(args.rule.as_deref(), args.property.as_deref()) {
        Ok(s) => s,
        Err(e) => return bad_report(&checked, DiagnosticKind::Rule, &e),
    };
    // a driver (it includes its kernel's headers) is checked through its harness
    let platform = match (&args.entry, &spec) {
        (None, Spec::Assertions | Spec::Rule(_)) => crate::driver::platform_of(&args.file),
        _ => None,
    };
    if platform.is_none() && !args.more_files.is_empty() {
        return bad_input(&checked, DiagnosticKind::Usage, &format!(
            "error: {}: more than one source file is for drivers (a source that includes <wdm.h>, <ntddk.h>, <ntifs.h> or <linux/...>); a program of several files is checked from one preprocessed unit (gcc -E ... > prog.i)",
            args.file.display()
        ));
    }
    if platform.is_none() && args.entry_map.is_some() {
        return bad_input(&checked, DiagnosticKind::Usage, &format!(
            "error: {}: --entry-map is for drivers (a source that includes <wdm.h>, <ntddk.h> or <ntifs.h>)",
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
        data_model: args.data_model.unwrap_or(DataModelArg::Lp64).into(),
        externals: args.environment.map(Into::into).unwrap_or(spec.externals()),
        ..Default::default()
    };
    if let Spec::Rule(r) = &spec {
        checked.name = r.name.clone();
    }
    // the limits hold from the start: the frontend too
    let snapshot = Arc::new(Mutex::new(Snapshot::default()));
    let deadline = args
        .timeout
        .filter(|t| t.is_finite() && *t > 0.0)
        .map(|t| start + Duration::from_secs_f64(t));
    let progress_bar = progress_bar(args.format);
    watchdog::start(
        args.memory_limit,
        Watched {
            file: file.clone(),
            checked: checked.clone(),
            emit: emit.clone(),
            driver: platform.is_some(),
            progress: progress_bar.clone(),
        },
        deadline,
        snapshot.clone(),
    );
    let mut units: Vec<String> = Vec::new();
    let mut unit_info: Vec<coverage::Unit> = Vec::new();
    let mut driver_map = None;
    let mut generated: Vec<(String, String)> = Vec::new();
    let mut codes = report::codes::CodeNames::default();
    // a driver: with its harness, instrumented for the rule (the program `slamrs run
    // --rule` executes), and what its own code calls
    let mut driver_inst = None;
    let loaded = match platform {
        Some(p) => {
            let dargs = crate::driver::DriverArgs {
                cppflags: args.cppflags.clone(),
                kernel_headers: args.kernel_headers.clone(),
                entry_map: args.entry_map.clone(),
                more_files: args.more_files.clone(),
            };
            use crate::driver::{DriverError, InstrumentError};
            match crate::driver::instrumented_program(&args.file, p, &dargs, &spec) {
                Ok(d) => {
                    codes = crate::driver::code_names(&args.file, p, &dargs);
                    units = d.harness.units.iter().map(|u| u.0.clone()).collect();
                    unit_info = d.harness.units.clone();
                    generated = d.harness.texts.clone();
                    driver_map = Some(d.map);
                    driver_inst = Some((d.inst, d.called));
                    Ok(d.prog)
                }
                Err(InstrumentError::Driver(DriverError::Frontend(e))) => Err(e),
                Err(InstrumentError::Rule(e)) => {
                    stand_down(&snapshot);
                    return bad_report(&checked, DiagnosticKind::Rule, &e.report());
                }
                Err(InstrumentError::Driver(e)) => {
                    stand_down(&snapshot);
                    let shown = e.render(Colour::for_stderr());
                    return bad_input_showing(
                        &checked,
                        DiagnosticKind::Driver,
                        &e.to_string(),
                        Some(&shown),
                    );
                }
            }
        }
        None => slamrs_abstraction::frontend::load_file(&args.file, &opts),
    };
    let mut prog = match loaded {
        Ok(p) => p,
        Err(e) if matches!(e.kind, ErrorKind::Unsupported | ErrorKind::Internal) => {
            // a construct slamrs refuses outright, or a bug: no answer (unknown, with the
            // reason)
            stand_down(&snapshot);
            eprintln!("{}", e.render(Colour::for_stderr()));
            let reason = if e.kind == ErrorKind::Unsupported {
                Reason::new(
                    ReasonKind::Unsupported,
                    format!("unsupported construct: {}", e.summary()),
                )
            } else {
                Reason::new(ReasonKind::InternalError, e.to_string())
            };
            let mut r = CheckReport::new(&file, checked.clone(), Status::Unknown);
            r.reason = Some(reason);
            r.stats.peak_memory_mb = rss_mb();
            r.stats.total_s = start.elapsed().as_secs_f64();
            if platform.is_some() {
                r.status = Some(SdvStatus::of(r.verdict, r.reason.as_ref()));
            }
            return emit.print(&r, &[]);
        }
        Err(e) => {
            stand_down(&snapshot);
            let mut r = CheckReport::new(&file, checked.clone(), Status::Error);
            r.error = Some(Diagnostic {
                kind: if e.kind == ErrorKind::Io {
                    DiagnosticKind::Usage
                } else {
                    DiagnosticKind::Program
                },
                message: e.to_string(),
                location: e.pos.as_ref().map(|p| report::model::Location {
                    file: p.file.clone(),
                    line: p.line,
                    column: p.col,
                    function: String::new(),
                }),
            });
            return emit.print_showing(&r, &[], Some(&e.render(Colour::for_stderr())));
        }
    };
    // a driver was instrumented with its harness; another program is instrumented here
    let (inst, called) = match driver_inst {
        Some(d) => d,
        None => match rules::instrument_units(&mut prog, &spec, &entry, &units) {
            Ok(i) => (i, Default::default()),
            Err(e) => {
                stand_down(&snapshot);
                return bad_report(&checked, DiagnosticKind::Rule, &e.report());
            }
        },
    };
    let entry_points: Vec<EntryPoint> = driver_map
        .iter()
        .flat_map(|m| &m.entries)
        .map(|e| EntryPoint {
            role: e.role.name(),
            function: e.function.clone(),
        })
        .collect();
    if let Ok(mut s) = snapshot.lock() {
        s.entry_points = entry_points.clone();
    }
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
        for w in coverage::missing_warnings(map) {
            eprintln!("{w}");
        }
        // a rule whose events the driver never causes does not apply (SDV's "not
        // applicable"), rather than holding vacuously; unless routines are missing, which
        // may cause them
        if let Spec::Rule(_) = &spec {
            if map.missing.is_empty() && !inst.observed.iter().any(|f| called.contains(f)) {
                stand_down(&snapshot);
                let mut r = CheckReport::new(&file, checked.clone(), Status::NotApplicable);
                r.status = Some(SdvStatus::NotApplicable);
                r.entry_points = entry_points.clone();
                r.stats.total_s = start.elapsed().as_secs_f64();
                r.stats.peak_memory_mb = rss_mb();
                return emit.print(&r, &[]);
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
        bounds: inst.bounds.iter().map(|(loc, _)| *loc).collect(),
        refinement: slamrs_refinement::Options {
            interpolation: args.interpolation.into(),
            // an SV-COMP task's violation may pass through an access past the end of an
            // object (SLAM's drivers write a struct into a one-byte dummy allocation);
            // a driver's may not, its harness's objects being the model's guesses
            objects_apart: platform.is_none(),
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
            return bad_input(
                &checked,
                DiagnosticKind::Usage,
                &format!("error: cannot create {}: {e}", dir.display()),
            );
        }
    }
    let mut progress = |p: &cegar::Progress| {
        if let Ok(mut s) = snapshot.lock() {
            s.iteration = p.iteration;
            s.predicates = p.stats.predicates;
            s.phases = Some(p.stats.times.clone());
            s.z3_queries = p.stats.abstraction_queries;
            s.cache_hits = p.stats.abstraction_cache_hits;
            s.peak_bdd_nodes = p.stats.peak_bdd_nodes;
        }
        let t = &p.stats.times;
        progress_bar.set_message(format!(
            "iteration {}: {} predicates | abstraction {:.1} s, model checking {:.1} s, refinement {:.1} s | {}",
            p.iteration,
            p.stats.predicates,
            t.abstraction.as_secs_f64(),
            t.model_checking.as_secs_f64(),
            t.refinement.as_secs_f64(),
            p.phase
        ));
    };
    let native_spec = native_spec(&spec, &inst, &entry);
    let mut harness: Option<Result<native::Harness, String>> = None;
    let mut confirm = |prog: &slamrs_abstraction::cir::Program,
                       cex: &slamrs_refinement::Counterexample|
     -> Result<Confirmation, Reason> {
        // a path to one of the environment model's bounds is not a bug of the driver
        if let Some(why) = slamrs_abstraction::harness::model_bound(&prog.func(cex.error_func).name)
        {
            return Err(Reason::new(
                ReasonKind::ModelBound,
                format!(
                    "the environment model's bound is reached at {}: {why}",
                    prog.loc_string(cex.error_loc)
                ),
            ));
        }
        // a path to one of the rule's own bounds (`giveup`) is neither a violation nor safe
        if let Some(why) = rule_bound(prog, &inst, cex) {
            return Err(why);
        }
        // a driver's harness runs on the interpreter only (its kernel is not this one); a
        // run through undefined behaviour, replayed with objects kept apart, need not
        // behave the same compiled
        if args.no_native_replay || platform.is_some() || !cex.undefined.is_empty() {
            if let Some(why) = opaque_dependence(prog, cex) {
                return Err(why);
            }
            return Ok(Confirmation::InterpreterOnly);
        }
        let built = harness.get_or_insert_with(|| {
            native::build(&native::Request {
                file: &args.file,
                cppflags: &args.cppflags,
                data_model: args.data_model.unwrap_or(DataModelArg::Lp64).into(),
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
                return Err(Reason::new(
                    ReasonKind::Unconfirmed,
                    format!(
                        "native replay failed: {e} (the interpreter's replay reached the error; --no-native-replay reports such violations)"
                    ),
                ))
            }
        };
        match h.replay(prog, &cex.choices, cex.error_loc) {
            native::Verdict::Confirmed(run) => Ok(Confirmation::Native {
                seconds: run.seconds,
            }),
            native::Verdict::Disagrees { why, .. } => Err(Reason::new(
                ReasonKind::Unconfirmed,
                format!(
                    "native replay disagrees: the counterexample reaches the error at {}, but {why}",
                    prog.loc_string(cex.error_loc)
                ),
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
    progress_bar.finish_and_clear();
    let outcome = match outcome {
        Ok(o) => o,
        Err(p) => {
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic".into());
            cegar::Outcome {
                verdict: Verdict::Unknown(Reason::new(
                    ReasonKind::InternalError,
                    format!("internal error: {msg}"),
                )),
                stats: Default::default(),
                predicates: Default::default(),
                confirmation: None,
                proof: None,
                abstraction: None,
            }
        }
    };
    let mut outcome = outcome;
    if let Some(map) = &driver_map {
        vacuous_to_unknown(&mut outcome, &prog, &unit_info);
        missing_to_unknown(&mut outcome, map);
    }
    // a proof that leaves no invariants (the exploration's, the mixed backend's): for a
    // correctness witness, the abstraction is run to a proof too, in the time left
    let wants_invariants = driver_map.is_none()
        && args.witness.iter().any(|p| {
            args.witness_format
                .or_else(|| crate::witness::Format::of_path(p))
                == Some(crate::witness::Format::Yaml)
        });
    let mut no_invariants = None;
    // the program as the abstraction run for invariants left it (refinement may add
    // variables its predicates mention)
    let mut proved_prog = None;
    if wants_invariants && matches!(outcome.verdict, Verdict::Safe) && outcome.abstraction.is_none()
    {
        let by = match outcome.proof {
            Some(cegar::Proof::Exploration) => "the proof by exploration",
            Some(cegar::Proof::Mixed) => "the mixed backend's proof",
            _ => "the proof",
        };
        // the answer stands: the watchdog may not replace it, and the run for invariants
        // gets as long as the answer took (at least 5 s), within the time limit
        stand_down(&snapshot);
        let budget = start.elapsed().max(Duration::from_secs(5));
        let mut until = Instant::now() + budget;
        if let Some(d) = deadline {
            until = until.min(d);
        }
        no_invariants = match abstraction_proof(&prog, &inst.predicates, &copts, until) {
            Ok((proved, its_prog)) => {
                outcome.abstraction = Some(proved);
                proved_prog = Some(its_prog);
                None
            }
            Err(why) => Some(format!("{by} leaves no invariants, and {why}")),
        };
    }
    stand_down(&snapshot);
    let peak = snapshot.lock().map(|s| s.peak_rss_mb).unwrap_or(0);
    let context = Context {
        prog: &prog,
        file: &file,
        checked: &checked,
        aborts: &inst.aborts,
        elapsed: start.elapsed(),
        peak_rss_mb: peak.max(rss_mb()),
        driver: driver_map.is_some(),
        entry_points: &entry_points,
        texts: &generated,
        codes: &codes,
    };
    let mut report = report::build::report(&context, &outcome);
    report.entry_return = entry_return(
        &spec,
        &outcome,
        driver_map.is_some(),
        deadline,
        copts.max_bdd_nodes,
    );
    let data_model = match args.data_model.unwrap_or(DataModelArg::Lp64) {
        DataModelArg::Ilp32 => "ILP32",
        _ => "LP64",
    };
    let specification = match &spec {
        Spec::Property(_) => crate::witness::UNREACH_CALL.to_string(),
        _ => format!("slamrs {}", report.checked.phrase()),
    };
    let invariants = if args.witness.is_empty() || report.verdict != report::model::Status::Safe {
        Err("not asked for".to_string())
    } else {
        match no_invariants {
            Some(why) => Err(why),
            None => certificate_of(
                proved_prog.as_ref().unwrap_or(&prog),
                &outcome,
                &args.file,
                copts.max_bdd_nodes,
            ),
        }
    };
    for path in &args.witness {
        crate::witness::write_file(
            &report,
            path,
            args.witness_format,
            &args.file,
            data_model,
            &specification,
            driver_map.is_some(),
            invariants.as_deref().map_err(String::as_str),
        );
    }
    emit.print(&report, &generated)
}

/// The reason a counterexample that ends at one of the rule's `giveup` statements is no
/// answer: the statement's message and location, and the program's own line the run last
/// passed (the call that took the rule there). `None` for any other counterexample.
pub(crate) fn rule_bound(
    prog: &slamrs_abstraction::cir::Program,
    inst: &rules::Instrumented,
    cex: &slamrs_refinement::Counterexample,
) -> Option<Reason> {
    let (loc, why) = inst.bounds.iter().find(|(l, _)| *l == cex.error_loc)?;
    let from = cex
        .steps
        .iter()
        .rev()
        .find(|st| report::build::program_code(prog, st.loc))
        .map(|st| {
            format!(
                " (after {} in `{}`)",
                prog.loc_string(st.loc),
                prog.func(st.func).name
            )
        })
        .unwrap_or_default();
    Some(Reason::new(
        ReasonKind::RuleBound,
        format!(
            "the rule's bound is reached at {}{from}: {why}",
            prog.loc_string(*loc)
        ),
    ))
}

/// Most time the may-loop analysis of the entry function takes ([`entry_return`]).
const ENTRY_RETURN_BUDGET: Duration = Duration::from_secs(2);

/// For a rule that checks something when the entry function returns (`$entry.exit`), and a
/// SAFE verdict proved by an abstraction: whether the boolean program's entry (its `main`,
/// the C entry function) may run forever ([`bebop::termination`]), within
/// [`ENTRY_RETURN_BUDGET`]. `None` when it does not apply (drivers: their harness checks
/// `$entry.exit` at each entry point's return, not at the harness's) or is not decided. It
/// only adds a note: the verdict stands whatever it says.
fn entry_return(
    spec: &rules::Spec,
    outcome: &cegar::Outcome,
    driver: bool,
    deadline: Option<Instant>,
    max_nodes: usize,
) -> Option<report::model::EntryReturn> {
    let rules::Spec::Rule(rule) = spec else {
        return None;
    };
    let at_return = rule.handlers.iter().any(|h| {
        h.events
            .iter()
            .any(|e| e.func == rules::EventFunc::Entry && e.kind == rules::EventKind::Exit)
    });
    if driver || !at_return || !matches!(outcome.verdict, Verdict::Safe) {
        return None;
    }
    let _span = tracing::info_span!("entry_return").entered();
    let proved = outcome.abstraction.as_ref()?;
    let cfg = bebop::cfg::Cfg::build(&proved.abstraction.program).ok()?;
    let mut until = Instant::now() + ENTRY_RETURN_BUDGET;
    if let Some(d) = deadline {
        until = until.min(d);
    }
    let opts = bebop::symbolic::SymbolicOptions {
        max_nodes,
        stop: bebop::symbolic::Stop {
            flag: None,
            deadline: Some(until),
        },
        ..Default::default()
    };
    let r = bebop::relations::Relations::compute(&cfg, &opts).ok()?;
    let t = bebop::termination::Termination::compute(&r).ok()?;
    Some(if t.may_loop(&r, cfg.main) {
        report::model::EntryReturn::MayNotReturn
    } else {
        report::model::EntryReturn::Returns
    })
}

/// The abstraction's own proof of a program proved SAFE otherwise (by the exploration, by
/// the mixed backend), for its invariants: the CEGAR loop without the exploration, on a
/// thread, abandoned (told to stop) at `until`; with the program as the run left it (the
/// proof's predicates may mention variables refinement added). `Err` says why there is
/// none.
/// A driver's SAFE whose proof shows entry points never run becomes UNKNOWN
/// ([`coverage`]).
fn vacuous_to_unknown(
    outcome: &mut cegar::Outcome,
    prog: &slamrs_abstraction::cir::Program,
    units: &[coverage::Unit],
) {
    if !matches!(outcome.verdict, Verdict::Safe) {
        return;
    }
    let Some(proved) = outcome.abstraction.as_deref() else {
        return;
    };
    let never = coverage::never_run(proved, prog, units);
    if never.is_empty() {
        return;
    }
    outcome.verdict = Verdict::Unknown(Reason::new(ReasonKind::Vacuous, coverage::reason(&never)));
    outcome.proof = None;
    outcome.abstraction = None;
}

/// A driver's SAFE says nothing about the routines it registers without a body in the
/// files given: UNKNOWN ([`coverage::missing_reason`]).
fn missing_to_unknown(outcome: &mut cegar::Outcome, map: &slamrs_abstraction::harness::EntryMap) {
    if !matches!(outcome.verdict, Verdict::Safe) {
        return;
    }
    if let Some(why) = coverage::missing_reason(map) {
        outcome.verdict = Verdict::Unknown(Reason::new(ReasonKind::Vacuous, why));
        outcome.proof = None;
        outcome.abstraction = None;
    }
}

fn abstraction_proof(
    prog: &slamrs_abstraction::cir::Program,
    initial: &slamrs_abstraction::c2bp::PredicateSet,
    copts: &cegar::Options,
    until: Instant,
) -> Result<(Box<cegar::ProvedBy>, slamrs_abstraction::cir::Program), String> {
    let _span = tracing::info_span!("invariants").entered();
    let Some(left) = until.checked_duration_since(Instant::now()) else {
        return Err("no time was left to run the abstraction for them".into());
    };
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let opts = cegar::Options {
        explore: false,
        save_abstractions: None,
        deadline: Some(until),
        stop: Some(stop.clone()),
        ..copts.clone()
    };
    let mut prog = prog.clone();
    let initial = initial.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // a violation found here is not confirmed: the answer is SAFE already, and this
        // run is for the invariants only
        let mut unconfirmed =
            |_: &slamrs_abstraction::cir::Program, _: &slamrs_refinement::Counterexample| {
                Err(Reason::new(
                    ReasonKind::Unconfirmed,
                    "not replayed: the run is for invariants",
                ))
            };
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            cegar::run(&mut prog, initial, &opts, &mut |_| {}, &mut unconfirmed)
        }));
        let _ = tx.send(run.map(|o| (o.verdict, o.abstraction, prog)));
    });
    let answer = rx.recv_timeout(left);
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    match answer {
        Ok(Ok((Verdict::Safe, Some(proved), prog))) => Ok((proved, prog)),
        Ok(Ok((Verdict::Unknown(r), ..))) => Err(format!(
            "the abstraction run for them did not prove the program ({r})"
        )),
        Ok(Ok((Verdict::Violation(_), ..))) => {
            Err("the abstraction run for them found a path to the error it does not replay".into())
        }
        Ok(Ok((Verdict::Safe, None, _))) | Ok(Err(_)) => {
            Err("the abstraction run for them failed".into())
        }
        Err(_) => Err(format!(
            "the abstraction run for them did not prove the program in {:.0} s",
            left.as_secs_f64()
        )),
    }
}

/// The invariants of a SAFE outcome's proof, for a correctness witness; `Err` says why
/// there are none.
fn certificate_of(
    prog: &slamrs_abstraction::cir::Program,
    outcome: &cegar::Outcome,
    file: &std::path::Path,
    max_bdd_nodes: usize,
) -> Result<Vec<crate::witness::invariants::Invariant>, String> {
    let Some(proved) = &outcome.abstraction else {
        return Err(match outcome.proof {
            Some(cegar::Proof::Exploration) => {
                "the proof covered every path by exploration, which leaves no invariants to state"
            }
            Some(cegar::Proof::Mixed) => {
                "the mixed backend's proof has no predicate invariants to state"
            }
            _ => "the proof has no abstraction to read invariants from",
        }
        .to_string());
    };
    let mut lines: std::collections::HashMap<String, Vec<String>> = Default::default();
    let source = |loc: slamrs_abstraction::cir::Loc| -> Option<String> {
        let name = prog.file_name(loc).to_string();
        let text = lines.entry(name.clone()).or_insert_with(|| {
            std::fs::read_to_string(&name)
                .map(|t| t.lines().map(str::to_string).collect())
                .unwrap_or_default()
        });
        text.get((loc.line as usize).checked_sub(1)?).cloned()
    };
    let source = std::cell::RefCell::new(source);
    let opts = bebop::symbolic::SymbolicOptions {
        max_nodes: max_bdd_nodes,
        ..Default::default()
    };
    let cert = slamrs_abstraction::certificate::extract::extract(
        prog,
        &proved.analyses,
        &proved.abstraction,
        &opts,
        &|l| (source.borrow_mut())(l),
    )
    .map_err(|e| format!("no invariants could be read off the proof: {e}"))?;
    Ok(crate::witness::invariants_of(prog, &cert, file))
}

/// The progress line on stderr (text output on a terminal only; indicatif hides it
/// elsewhere).
fn progress_bar(format: Format) -> indicatif::ProgressBar {
    if format != Format::Text || !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new_spinner();
    bar.set_style(
        indicatif::ProgressStyle::with_template("{spinner} [{elapsed}] {wide_msg}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.enable_steady_tick(Duration::from_millis(200));
    bar.set_message("loading");
    bar
}

#[cfg(test)]
mod tests {
    use super::*;
    use slamrs_abstraction::frontend::load_text;

    const EVENS: &str = "extern int __VERIFIER_nondet_int(void);\nextern void reach_error(void);\n\
        int main(void) {\n  int n = __VERIFIER_nondet_int();\n  int i = 0, s = 0;\n\
        if (n < 0 || n > 100) return 0;\n  while (i < n) { s = s + 2; i++; }\n\
        if (s < 0) reach_error();\n  return 0;\n}\n";

    #[test]
    fn the_abstraction_is_run_for_invariants_within_its_time() {
        let prog = load_text("t.c", EVENS.into(), &LoadOptions::default()).expect("loads");
        let preds = Default::default();
        let opts = cegar::Options::default();
        let later = Instant::now() + Duration::from_secs(60);
        let proved = abstraction_proof(&prog, &preds, &opts, later);
        assert!(proved.is_ok(), "{:?}", proved.err());
        // no time left: no run
        let now = Instant::now();
        let Err(none) = abstraction_proof(&prog, &preds, &opts, now) else {
            panic!("a proof without time");
        };
        assert!(none.contains("no time"), "{none}");
    }
}
