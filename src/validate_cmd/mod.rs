//! `slamrs validate`: checks a witness (from slamrs or another verifier) against a C
//! program. A correctness witness (YAML `invariant_set`) is checked by [`correctness`]:
//! its invariants and contracts must be inductive. A violation witness (GraphML 1.0 or
//! YAML 2.0) is checked by running the path it describes, as follows.
//!
//! The witness must name this program (its SHA-256, when it gives one). Its inputs, in
//! order, drive the CIR interpreter through the program (instrumented for the rule or
//! property, as `check` does); the run must reach an error, pass the witness's branch and
//! input waypoints in order (each at its line, a branch on its side), and end at the
//! target's line. The same inputs then drive the gcc-compiled program, which must reach the
//! same error (unless `--no-native-replay`). A violation witness that passes is CONFIRMED
//! (exit 10), a correctness witness that passes is CONFIRMED with exit 0 (the program is
//! correct); one that does not is REJECTED, or UNKNOWN when its check could not decide,
//! with the reason (exit 20); an unreadable witness or program is bad input (exit 2).

mod correctness;

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use serde::Serialize;
use slamrs_abstraction::cir::{FuncId, Loc, NodeId, Program, Stmt};
use slamrs_abstraction::frontend::LoadOptions;
use slamrs_abstraction::interp::{self, Config, IntMode, Observer, Outcome, Recording, SeqOracle};
use slamrs_abstraction::native;

use crate::check_cmd::{load_spec, native_spec};
use crate::cir_cmd::DataModelArg;
use crate::exit;
use crate::report;
use crate::report::model::{Waypoint, WaypointKind};
use crate::witness::{self, Witness};

/// Arguments of `slamrs validate`.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// The C file the witness is for.
    pub file: PathBuf,
    /// The witness: of a violation (GraphML or YAML) or of correctness (YAML
    /// `invariant_set`); the kind and format are read from the text.
    #[arg(long, value_name = "FILE")]
    pub witness: PathBuf,
    /// The rule the violation breaks (as for `check`); without it and --property, the
    /// program's own assertions (`reach_error()`, `assert`).
    #[arg(long, value_name = "NAME|FILE", conflicts_with = "property")]
    pub rule: Option<String>,
    /// An SV-COMP property file (`unreach-call.prp`).
    #[arg(long, value_name = "FILE.prp")]
    pub property: Option<PathBuf>,
    /// The entry function (default: the property's, else `main`).
    #[arg(long, value_name = "F")]
    pub entry: Option<String>,
    /// Widths of `long` and pointers (default: the witness's data model, else lp64).
    #[arg(long, value_enum, value_name = "MODEL")]
    pub data_model: Option<DataModelArg>,
    /// Replay on the CIR interpreter only (no gcc).
    #[arg(long)]
    pub no_native_replay: bool,
    /// Output: a line of text, or one JSON object.
    #[arg(long, value_enum, default_value_t = ValidateFormat::Text)]
    pub format: ValidateFormat,
    /// Flags for the preprocessor, after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ValidateFormat {
    Text,
    Json,
}

/// The validator's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validation {
    pub witness: String,
    /// `graphml` or `yaml`.
    pub format: String,
    /// `confirmed` or `rejected`.
    pub result: String,
    /// Why a witness is rejected; what confirmed it otherwise.
    pub reason: String,
    pub inputs: Vec<String>,
    /// Waypoints of the witness, and how many the run passed.
    pub waypoints: usize,
    pub matched: usize,
    /// How the witness was checked: `run` (the interpreter followed its waypoints, then the
    /// compiled program its inputs), or `execution` (the interpreter cannot follow the
    /// program: the compiled program alone, given the inputs; the waypoints unchecked).
    pub checked_by: String,
}

/// Runs `slamrs validate`; returns the exit status.
pub fn run(args: &ValidateArgs) -> u8 {
    let text = match std::fs::read_to_string(&args.witness) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: {e}", args.witness.display());
            return exit::BAD_INPUT;
        }
    };
    if witness::invariants::is_correctness(&text) {
        return correctness::run(args, &text);
    }
    let v = match read_and_validate(args, &text, witness::read, validate) {
        Ok(v) => v,
        Err(code) => return code,
    };
    match args.format {
        ValidateFormat::Text => {
            let inputs = format!(
                "{} input{}",
                v.inputs.len(),
                if v.inputs.len() == 1 { "" } else { "s" }
            );
            if v.checked_by == "execution" {
                println!(
                    "{}: {} ({inputs}; checked by execution)",
                    v.result.to_uppercase(),
                    v.reason
                );
            } else {
                println!(
                    "{}: {} ({inputs}; {} of {} waypoints passed)",
                    v.result.to_uppercase(),
                    v.reason,
                    v.matched,
                    v.waypoints
                );
            }
        }
        ValidateFormat::Json => println!("{}", serde_json::to_string(&v).unwrap_or_default()),
    }
    if v.result == "confirmed" {
        exit::VIOLATION
    } else {
        exit::UNKNOWN
    }
}

/// Reads the witness `text` with `read` and validates it with `validate`; a witness or
/// program that cannot be read is bad input, said on stderr.
fn read_and_validate<W, V>(
    args: &ValidateArgs,
    text: &str,
    read: fn(&str) -> Result<W, String>,
    validate: fn(&ValidateArgs, &W) -> Result<V, String>,
) -> Result<V, u8> {
    let w = read(text).map_err(|e| format!("error: {}: {e}", args.witness.display()));
    w.and_then(|w| validate(args, &w)).map_err(|e| {
        eprintln!("{e}");
        exit::BAD_INPUT
    })
}

/// The program a witness is checked against, instrumented as `check` does.
struct Loaded {
    prog: Program,
    spec: crate::rules::Spec,
    inst: crate::rules::Instrumented,
    entry: String,
    data_model: DataModelArg,
}

/// Loads and instruments the program for the rule or property of `args`, with the data
/// model of `args`, else the witness's (`witness_model`), else LP64.
fn load(args: &ValidateArgs, witness_model: Option<&str>) -> Result<Loaded, String> {
    let spec = load_spec(args.rule.as_deref(), args.property.as_deref())?;
    let entry = match (&args.entry, &spec) {
        (Some(e), _) => e.clone(),
        (None, crate::rules::Spec::Property(p)) => p.entry.clone(),
        _ => "main".into(),
    };
    let data_model = args.data_model.unwrap_or(match witness_model {
        Some("ILP32") => DataModelArg::Ilp32,
        _ => DataModelArg::Lp64,
    });
    let opts = LoadOptions {
        cppflags: args.cppflags.clone(),
        entry: Some(entry.clone()),
        data_model: data_model.into(),
        externals: spec.externals(),
        ..Default::default()
    };
    let mut prog =
        slamrs_abstraction::frontend::load_file(&args.file, &opts).map_err(|e| e.to_string())?;
    let inst = crate::rules::instrument_units(&mut prog, &spec, &entry, &[])
        .map_err(|e| format!("error: {e}"))?;
    Ok(Loaded {
        prog,
        spec,
        inst,
        entry,
        data_model,
    })
}

/// Records the edges a run takes.
#[derive(Default)]
struct Edges(Vec<(FuncId, NodeId, usize)>);

impl Observer for Edges {
    fn on_edge(&mut self, func: FuncId, node: NodeId, edge: usize) {
        self.0.push((func, node, edge));
    }
}

/// True if the run's waypoint `r` is the witness's `w`: an input, or a branch on the same
/// side, at the same line.
fn passes(r: &Waypoint, w: &Waypoint) -> bool {
    r.location.line == w.location.line
        && match (&r.kind, &w.kind) {
            (WaypointKind::Input { .. }, WaypointKind::Input { .. }) => true,
            (WaypointKind::Branch { taken: a }, WaypointKind::Branch { taken: b }) => a == b,
            _ => false,
        }
}

/// Validates `w` against the program; `Err` is bad input (a message with its place).
fn validate(args: &ValidateArgs, w: &Witness) -> Result<Validation, String> {
    let format = match w.format {
        witness::Format::Graphml => "graphml",
        witness::Format::Yaml => "yaml",
    };
    let inputs = w.inputs();
    let mut v = Validation {
        witness: args.witness.display().to_string(),
        format: format.into(),
        result: "rejected".into(),
        reason: String::new(),
        inputs: inputs.iter().map(i128::to_string).collect(),
        waypoints: w.waypoints.len(),
        matched: 0,
        checked_by: "run".into(),
    };
    let bytes =
        std::fs::read(&args.file).map_err(|e| format!("error: {}: {e}", args.file.display()))?;
    if let Some(h) = &w.program_hash {
        let ours = witness::sha256_hex(&bytes);
        if !h.eq_ignore_ascii_case(&ours) {
            v.reason =
                format!("the witness is for another program (its hash {h}, this file's {ours})");
            return Ok(v);
        }
    }
    let Loaded {
        prog,
        spec,
        inst,
        entry,
        data_model,
    } = load(args, w.data_model.as_deref())?;
    // the run
    let mut seq = SeqOracle::new(inputs.clone());
    let mut oracle = Recording::new(&mut seq);
    let mut edges = Edges::default();
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps: 10_000_000,
        max_depth: 10_000,
        entry: entry.clone(),
        record_path: false,
        objects_apart: false,
    };
    let run = interp::run(&prog, &cfg, &mut oracle, &mut edges);
    let choices = oracle.choices;
    // the compiled program, with a harness that gives it the witness's inputs
    let build_native = || {
        native::build(&native::Request {
            file: &args.file,
            cppflags: &args.cppflags,
            data_model: data_model.into(),
            prog: &prog,
            spec: &native_spec(&spec, &inst, &entry),
            keep_dir: None,
            run_timeout_s: 10.0,
        })
        .map_err(|e| format!("error: native replay: {e}"))
    };
    let (error_func, error_loc) = match run.outcome {
        Outcome::Error { func, loc } => (func, loc),
        // the interpreter cannot follow the program (floating point, ...): the witness is
        // checked by execution alone, its inputs given to the compiled program
        Outcome::Unsupported { loc, reason } if !args.no_native_replay => {
            let why = format!(
                "the CIR interpreter cannot follow {}: {reason}",
                prog.loc_string(loc)
            );
            let harness = build_native()?;
            return Ok(by_execution(&prog, w, &harness, v, &why));
        }
        other => {
            v.reason = format!(
                "the witness's run does not reach an error: {}",
                ended(&prog, &other)
            );
            return Ok(v);
        }
    };
    // the end of what the rule follows (its `giveup`) is not a violation
    if let Some((_, why)) = inst.bounds.iter().find(|(l, _)| *l == error_loc) {
        v.reason = format!(
            "the witness's run reaches the rule's bound at {}, not a violation: {why}",
            prog.loc_string(error_loc)
        );
        return Ok(v);
    }
    // the waypoints, in order, along the run
    let run = report::build::waypoints(&prog, &edges.0, &choices, (error_func, error_loc));
    let target = run
        .last()
        .filter(|p| p.kind == WaypointKind::Target)
        .map_or(0, |p| p.location.line);
    let mut next = 0;
    for (i, wp) in w.waypoints.iter().enumerate() {
        match wp.kind {
            WaypointKind::Input { .. } | WaypointKind::Branch { .. } => {}
            WaypointKind::Target => {
                if wp.location.line != 0 && wp.location.line != target {
                    v.reason = format!(
                        "the run reaches the error at {} but the witness's target is line {}",
                        prog.loc_string(error_loc),
                        wp.location.line
                    );
                    return Ok(v);
                }
                v.matched = i + 1;
                continue;
            }
        }
        match run[next..].iter().position(|r| passes(r, wp)) {
            Some(k) => {
                next += k + 1;
                v.matched = i + 1;
            }
            None => {
                v.reason = format!(
                    "the run does not pass waypoint {} ({:?} at line {}) after the ones before it",
                    i + 1,
                    wp.kind,
                    wp.location.line
                );
                return Ok(v);
            }
        }
    }
    // the compiled program
    let mut how = "replayed on the CIR interpreter".to_string();
    if !args.no_native_replay {
        let harness = build_native()?;
        match harness.replay(&prog, &choices, error_loc) {
            native::Verdict::Confirmed(_) => {
                how.push_str(" and as the gcc-compiled program");
            }
            native::Verdict::Disagrees { why, .. } => {
                v.reason = format!(
                    "the interpreter reaches the error at {}, but the gcc-compiled program {why}",
                    prog.loc_string(error_loc)
                );
                return Ok(v);
            }
        }
    }
    v.result = "confirmed".into();
    v.reason = format!(
        "the witness's run reaches the error at {} in {}, {how}",
        prog.loc_string(error_loc),
        prog.func(error_func).name
    );
    Ok(v)
}

/// Checks `w` by execution alone: its inputs (each read by the function the program calls
/// at the waypoint's line) given to the compiled program, which must reach an error at the
/// target's line. The waypoints in between are not checked.
fn by_execution(
    prog: &Program,
    w: &Witness,
    harness: &native::Harness,
    mut v: Validation,
    interpreter: &str,
) -> Validation {
    use slamrs_abstraction::interp::Choice;
    v.checked_by = "execution".into();
    let mut choices = Vec::new();
    for wp in &w.waypoints {
        if let WaypointKind::Input { value, .. } = &wp.kind {
            let Some(func) = input_function_at(prog, wp.location.line, wp.location.column) else {
                v.reason = format!(
                    "{interpreter}; and no input is read at line {} to give the compiled program",
                    wp.location.line
                );
                return v;
            };
            let Ok(value) = value.to_string().parse::<i128>() else {
                v.reason = format!("input {value} is not an integer");
                return v;
            };
            choices.push(Choice::Input { func, value });
        }
    }
    let target = w
        .waypoints
        .iter()
        .rev()
        .find(|p| matches!(p.kind, WaypointKind::Target))
        .map(|p| p.location.line)
        .unwrap_or(0);
    // the error edges at the target's line (any error, without a target line)
    let errors: Vec<Loc> = prog
        .func_ids()
        .filter_map(|f| prog.func(f).body.as_ref())
        .flat_map(|b| b.edges().map(|(_, e)| e))
        .filter(|e| matches!(e.stmt, Stmt::Error) && (target == 0 || e.loc.line == target))
        .map(|e| e.loc)
        .collect();
    let mut last = String::from("the target's line has no error location");
    for loc in errors {
        match harness.replay(prog, &choices, loc) {
            native::Verdict::Confirmed(_) => {
                v.result = "confirmed".into();
                v.reason = format!(
                    "{interpreter}; the gcc-compiled program given the witness's inputs reaches the error at {} (its other waypoints are not checked)",
                    prog.loc_string(loc)
                );
                return v;
            }
            native::Verdict::Disagrees { why, .. } => last = why,
        }
    }
    v.reason = format!("{interpreter}; by execution: {last}");
    v
}

/// The function whose result is read as an input at `line` (and `column`, when given).
fn input_function_at(prog: &Program, line: u32, column: u32) -> Option<String> {
    use slamrs_abstraction::cir::env::{classify, EnvFn};
    use slamrs_abstraction::cir::{Callee, HavocKind};
    let mut found: Vec<(u32, String)> = Vec::new();
    for f in prog.func_ids() {
        let Some(body) = prog.func(f).body.as_ref() else {
            continue;
        };
        for (_, e) in body.edges() {
            if e.loc.line != line || !report::build::program_code(prog, e.loc) {
                continue;
            }
            let name = match &e.stmt {
                Stmt::Havoc {
                    why: HavocKind::Input(n),
                    ..
                } => n.clone(),
                Stmt::Call {
                    callee: Callee::Direct(g),
                    ..
                } if prog.func(*g).body.is_none()
                    && matches!(
                        classify(&prog.func(*g).name),
                        EnvFn::Nondet | EnvFn::Unknown
                    ) =>
                {
                    prog.func(*g).name.clone()
                }
                _ => continue,
            };
            found.push((e.loc.col, name));
        }
    }
    found
        .iter()
        .find(|(c, _)| column == 0 || *c == column)
        .or(found.first())
        .map(|(_, n)| n.clone())
}

fn ended(prog: &Program, o: &Outcome) -> String {
    match o {
        Outcome::Return { .. } => "the entry function returned".into(),
        Outcome::Exit { code } => format!("the program exited ({code:?})"),
        Outcome::AssumeFailed { loc } => {
            format!("an assumption failed at {}", prog.loc_string(*loc))
        }
        Outcome::StepBound => "the step bound was reached".into(),
        Outcome::OutOfInputs { loc } => format!(
            "it needs more inputs than the witness gives, at {}",
            prog.loc_string(*loc)
        ),
        Outcome::Undefined { loc, reason } => {
            format!("undefined behaviour at {}: {reason}", prog.loc_string(*loc))
        }
        Outcome::Unsupported { loc, reason } => format!(
            "the interpreter cannot follow {}: {reason}",
            prog.loc_string(*loc)
        ),
        Outcome::Error { .. } => "it reaches an error".into(),
    }
}
