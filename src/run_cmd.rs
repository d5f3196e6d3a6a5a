//! `slamrs run`: execute a C program on the CIR interpreter — once on given inputs or a
//! seed, or many times on random inputs (`--runs`); and a driver (`--rule R`): the program
//! `slamrs check --rule R` verifies (the driver under its harness, instrumented for the
//! rule, from [`crate::driver::instrumented_program`]), run on random inputs until one run
//! breaks the rule.

use std::io::Write;
use std::path::PathBuf;

use bebop::diag::Colour;
use clap::Args;
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{ErrorKind, LoadOptions};
use slamrs_abstraction::harness;
use slamrs_abstraction::interp::{
    self, Config, IntMode, NoObserver, Outcome, RandomOracle, SeqOracle, Step,
};

use crate::cir_cmd::{self, DataModelArg};
use crate::driver::{DriverError, InstrumentError};
use crate::exit;
use crate::report::build::program_code;
use crate::rules;

/// Arguments of `slamrs run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The C file (`.c` is preprocessed with `gcc -E`, `.i` is read as is).
    pub file: PathBuf,
    /// With `--rule`: the driver's other source files (as `slamrs check` takes them).
    #[arg(value_name = "MORE_FILES", requires = "rule")]
    pub more_files: Vec<PathBuf>,
    /// Run a driver (a source that includes <wdm.h>, <ntddk.h>, <ntifs.h> or <linux/...>)
    /// as `slamrs check --rule R` verifies it: under its harness and OS model, instrumented
    /// for the rule R, from the harness's entry, with machine integers and random inputs
    /// (seeds from --seed, default 0; allocations fail with --alloc-fail's probability,
    /// default 0.1). A run that reaches the rule's error exits 10 and prints its seed, its
    /// inputs and the driver's last line before the error; reaching one of the rule's or
    /// the environment model's bounds is not an error.
    #[arg(long, value_name = "R", conflicts_with = "inputs")]
    pub rule: Option<String>,
    /// Run N times, with the seeds S, S+1, ..., S+N-1 (S from --seed, default 0), one line
    /// per run: exit 10 at the first run that reaches an error, 0 when none did, 20 when
    /// every run stopped for another reason (step bound, undefined behaviour, a bound).
    /// The program's output is not shown.
    #[arg(long, value_name = "N", conflicts_with = "inputs")]
    pub runs: Option<u64>,
    /// With random inputs: the probability that an allocation that may fail returns NULL
    /// (default 0, or 0.1 for a driver run with --rule).
    #[arg(long, value_name = "P")]
    pub alloc_fail: Option<f64>,
    /// With `--rule`: the kernel's header directory (as for `slamrs check`).
    #[arg(long, value_name = "DIR", requires = "rule")]
    pub kernel_headers: Option<PathBuf>,
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
    if let Some(rule) = &args.rule {
        return run_driver(args, rule);
    }
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
    if let Some(n) = args.runs {
        let many = Many {
            runs: n,
            seed: args.seed.unwrap_or(0),
            alloc_fail: args.alloc_fail.unwrap_or(0.0),
            what: "program",
        };
        return many.run(&program, &cfg, &|_, _| None);
    }
    let result = match (inputs, args.seed) {
        (_, Some(seed)) => interp::run(
            &program,
            &cfg,
            &mut RandomOracle::new(seed)
                .with_alloc_fail_probability(args.alloc_fail.unwrap_or(0.0)),
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

/// `slamrs run DRIVER.c [MORE.c...] --rule R`: the driver's instrumented program, run
/// `--runs` times (default 1) on random inputs.
fn run_driver(args: &RunArgs, rule: &str) -> u8 {
    let Some(platform) = crate::driver::platform_of(&args.file) else {
        eprintln!(
            "error: {}: --rule is for drivers (a source that includes <wdm.h>, <ntddk.h>, <ntifs.h> or <linux/...>)",
            args.file.display()
        );
        return exit::BAD_INPUT;
    };
    let spec = match rules::load_rule(rule) {
        Ok(r) => rules::Spec::Rule(r),
        Err(e) => {
            eprintln!("{}", e.report().render(Colour::for_stderr()));
            return exit::BAD_INPUT;
        }
    };
    let dargs = crate::driver::DriverArgs {
        cppflags: args.cppflags.clone(),
        kernel_headers: args.kernel_headers.clone(),
        entry_map: None,
        more_files: args.more_files.clone(),
    };
    let d = match crate::driver::instrumented_program(&args.file, platform, &dargs, &spec) {
        Ok(d) => d,
        Err(InstrumentError::Driver(DriverError::Frontend(e))) => {
            eprintln!("{}", e.render(Colour::for_stderr()));
            return match e.kind {
                ErrorKind::Internal | ErrorKind::Unsupported => exit::UNKNOWN,
                _ => exit::BAD_INPUT,
            };
        }
        Err(InstrumentError::Driver(e)) => {
            eprintln!("{}", e.render(Colour::for_stderr()));
            return exit::BAD_INPUT;
        }
        Err(InstrumentError::Rule(e)) => {
            eprintln!("{}", e.report().render(Colour::for_stderr()));
            return exit::BAD_INPUT;
        }
    };
    let cfg = Config {
        int_mode: IntMode::Machine,
        max_steps: args.max_steps,
        entry: harness::HARNESS_MAIN.to_string(),
        ..Config::default()
    };
    let many = Many {
        runs: args.runs.unwrap_or(1),
        seed: args.seed.unwrap_or(0),
        alloc_fail: args.alloc_fail.unwrap_or(DRIVER_ALLOC_FAIL),
        what: "driver",
    };
    // the rule's `giveup`s and the environment model's bounds end a run without an answer
    let bound = |p: &Program, o: &Outcome| -> Option<String> {
        let Outcome::Error { func, loc } = o else {
            return None;
        };
        if let Some(why) = harness::model_bound(&p.func(*func).name) {
            return Some(format!(
                "the environment model's bound is reached at {}: {why}",
                p.loc_string(*loc)
            ));
        }
        d.inst
            .bounds
            .iter()
            .find(|(l, _)| l == loc)
            .map(|(l, why)| format!("the rule's bound is reached at {}: {why}", p.loc_string(*l)))
    };
    many.run(&d.prog, &cfg, &bound)
}

/// How often an allocation that may fail fails in a driver's random runs, by default.
const DRIVER_ALLOC_FAIL: f64 = 0.1;

/// Many runs on random inputs (`--runs`).
struct Many {
    runs: u64,
    seed: u64,
    alloc_fail: f64,
    /// "program" or "driver": whose last line before an error is shown.
    what: &'static str,
}

impl Many {
    /// Runs with the seeds `seed..seed + runs`, one line each on standard error, until one
    /// reaches an error: exit 10 then, else 0 if some run ended normally, else 20. `bound`
    /// names an error outcome that is no error (a bound of the rule or the model).
    fn run(
        &self,
        prog: &Program,
        cfg: &Config,
        bound: &dyn Fn(&Program, &Outcome) -> Option<String>,
    ) -> u8 {
        let cfg = Config {
            record_path: true,
            ..cfg.clone()
        };
        let mut ended = 0u64;
        for i in 0..self.runs {
            let seed = self.seed.wrapping_add(i);
            let mut oracle = RandomOracle::new(seed).with_alloc_fail_probability(self.alloc_fail);
            let result = interp::run(prog, &cfg, &mut oracle, &mut NoObserver);
            let (line, code) = match bound(prog, &result.outcome) {
                Some(why) => (why, exit::UNKNOWN),
                None => describe(prog, &result.outcome),
            };
            eprintln!(
                "run {} (seed {seed}): {line}; {} steps",
                i + 1,
                result.steps
            );
            match code {
                exit::VIOLATION => {
                    let shown: Vec<String> = result.inputs.iter().map(i128::to_string).collect();
                    eprintln!("seed {seed} reaches the error");
                    eprintln!("inputs used: [{}]", shown.join(" "));
                    match last_own_line(prog, &result.path) {
                        Some((at, func)) => {
                            eprintln!("{} location: {at} (in {func})", self.what)
                        }
                        None => eprintln!("{} location: none (no line of its own ran)", self.what),
                    }
                    return exit::VIOLATION;
                }
                exit::SAFE => ended += 1,
                _ => {}
            }
        }
        eprintln!(
            "no error in {} runs ({ended} ended normally, seeds {}..={})",
            self.runs,
            self.seed,
            self.seed.wrapping_add(self.runs.saturating_sub(1))
        );
        if ended > 0 || self.runs == 0 {
            exit::SAFE
        } else {
            exit::UNKNOWN
        }
    }
}

/// The last edge of `path` in the program's own code (not a harness, OS model, rule or
/// system header): its location and function, as a report's driver location.
fn last_own_line(prog: &Program, path: &[Step]) -> Option<(String, String)> {
    path.iter().rev().find_map(|st| {
        let body = prog.func(st.func).body.as_ref()?;
        let edge = body.node(st.node).edges.get(st.edge)?;
        program_code(prog, edge.loc)
            .then(|| (prog.loc_string(edge.loc), prog.func(st.func).name.clone()))
    })
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
