//! `slamrs run`: execute a C program on the CIR interpreter.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::LoadOptions;
use slamrs_abstraction::interp::{
    self, Config, IntMode, NoObserver, Outcome, RandomOracle, SeqOracle,
};

use crate::cir_cmd::{self, DataModelArg};
use crate::exit;

/// Arguments of `slamrs run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The C file (`.c` is preprocessed with `gcc -E`, `.i` is read as is).
    pub file: PathBuf,
    /// Values for the program's inputs (`__VERIFIER_nondet_*` and results of unknown
    /// external functions), in order, separated by spaces or commas.
    #[arg(long, value_name = "VALUES", conflicts_with = "seed")]
    pub inputs: Option<String>,
    /// Draw inputs from a random generator with this seed instead.
    #[arg(long, value_name = "N")]
    pub seed: Option<u64>,
    /// Machine integers: every value wraps to its C type's width, as compiled code does.
    /// The default is mathematical (unbounded) integers, as the verifier assumes.
    #[arg(long)]
    pub machine: bool,
    /// The function to start in.
    #[arg(long, value_name = "F", default_value = "main")]
    pub entry: String,
    /// Stop after this many CFG edges.
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub max_steps: u64,
    /// Widths of `long` and pointers.
    #[arg(long, value_enum, default_value_t = DataModelArg::Lp64)]
    pub data_model: DataModelArg,
    /// Flags for the preprocessor, after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

/// Run `slamrs run`; returns the exit status.
pub fn run(args: &RunArgs) -> u8 {
    let opts = LoadOptions {
        cppflags: args.cppflags.clone(),
        entry: Some(args.entry.clone()),
        data_model: args.data_model.into(),
        ..Default::default()
    };
    let program = match cir_cmd::load(&args.file, &opts) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let inputs = match args.inputs.as_deref().map(parse_inputs).transpose() {
        Ok(v) => v,
        Err(e) => {
            eprintln!("error: --inputs: {e}");
            return exit::BAD_INPUT;
        }
    };
    let cfg = Config {
        int_mode: if args.machine {
            IntMode::Machine
        } else {
            IntMode::Math
        },
        max_steps: args.max_steps,
        entry: args.entry.clone(),
        ..Config::default()
    };
    let result = match (inputs, args.seed) {
        (_, Some(seed)) => interp::run(
            &program,
            &cfg,
            &mut RandomOracle::new(seed),
            &mut NoObserver,
        ),
        (inputs, None) => interp::run(
            &program,
            &cfg,
            &mut SeqOracle::new(inputs.unwrap_or_default()),
            &mut NoObserver,
        ),
    };
    let mut out = std::io::stdout();
    let _ = out.write_all(&result.output);
    let _ = out.flush();
    let (line, code) = describe(&program, &result.outcome);
    eprintln!("outcome: {line}");
    let shown: Vec<String> = result.inputs.iter().map(i128::to_string).collect();
    eprintln!("inputs used: [{}]; {} steps", shown.join(" "), result.steps);
    code
}

/// A line for the outcome, and the exit status: 10 if an error location was reached, 0 for
/// any other end of the program, 20 if the run could not finish.
fn describe(p: &Program, o: &Outcome) -> (String, u8) {
    match o {
        Outcome::Error { func, loc } => (
            format!(
                "error location reached at {} (in {})",
                p.loc_string(*loc),
                p.func(*func).name
            ),
            exit::VIOLATION,
        ),
        Outcome::Return { value } => (
            match value {
                Some(v) => format!("returned {v}"),
                None => "returned".into(),
            },
            exit::SAFE,
        ),
        Outcome::Exit { code: Some(c) } => (format!("exit({c})"), exit::SAFE),
        Outcome::Exit { code: None } => ("abort()".into(), exit::SAFE),
        Outcome::AssumeFailed { loc } => (
            format!("assumption failed at {} (path cut)", p.loc_string(*loc)),
            exit::SAFE,
        ),
        Outcome::StepBound => ("step bound reached (see --max-steps)".into(), exit::UNKNOWN),
        Outcome::OutOfInputs { loc } => (
            format!(
                "out of inputs at {} (give more with --inputs)",
                p.loc_string(*loc)
            ),
            exit::UNKNOWN,
        ),
        Outcome::Undefined { loc, reason } => (
            format!("undefined behaviour at {}: {reason}", p.loc_string(*loc)),
            exit::UNKNOWN,
        ),
        Outcome::Unsupported { loc, reason } => (
            format!("cannot interpret at {}: {reason}", p.loc_string(*loc)),
            exit::UNKNOWN,
        ),
    }
}

/// Integers separated by spaces or commas.
fn parse_inputs(s: &str) -> Result<Vec<i128>, String> {
    s.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse::<i128>()
                .map_err(|_| format!("`{w}` is not an integer"))
        })
        .collect()
}
