//! `slamrs bebop`: reachability in a boolean program; "may loop", procedure
//! relations and CTL ([`crate::bebop_modes`]).

use std::path::PathBuf;
use std::time::Instant;

use bebop::cfg::Cfg;
use bebop::driver::{decide, Engine};
use bebop::explicit::ExplicitLimits;
use bebop::reach::{Outcome, Target};
use bebop::symbolic::SymbolicOptions;
use clap::{Args, ValueEnum};

use crate::bebop_report;
use crate::exit;

/// Arguments of `slamrs bebop`.
#[derive(Args, Debug)]
pub struct BebopArgs {
    /// The boolean program (grammar: docs/boolean-programs.md).
    pub file: PathBuf,
    /// Decide whether the statement with this label is reachable, instead of
    /// whether an assertion can fail. `PROC:LABEL` selects one procedure's
    /// label; a bare name matches the label in every procedure.
    #[arg(long, value_name = "L", conflicts_with_all = ["may_loop", "summaries", "ctl"])]
    pub label: Option<String>,
    /// Decide whether procedure F may run forever (never return) from some
    /// entry valuation of its globals and formals: exit 10 with a lasso (a
    /// run from F's entry into a cycle that repeats forever, in the same
    /// frame or one or more calls deeper for recursion), 0 when every run
    /// from every entry valuation returns (or fails an assertion, or
    /// blocks). See docs/bebop-engine.md.
    #[arg(long, value_name = "F", conflicts_with_all = ["summaries", "ctl"])]
    pub may_loop: Option<String>,
    /// Print every procedure's relation as cubes: the entry valuations it
    /// returns from with the exit valuations, and those from which it may
    /// loop.
    #[arg(long, conflicts_with = "ctl")]
    pub summaries: bool,
    /// Decide whether a CTL formula holds in every initial state of a
    /// procedure (`--proc`, default `main`): its variables, the operators
    /// EX AX EF AF EG AG E[a U b] A[a U b] and ! & | -> <->, e.g.
    /// 'AG(locked -> AF !locked)'. Calls step over their callee's relation;
    /// the exit, a call that never returns and a state with no successor
    /// repeat forever. Exit 10 with a witness or counterexample when it
    /// fails in some initial state.
    #[arg(long, value_name = "FORMULA")]
    pub ctl: Option<String>,
    /// The procedure whose states `--ctl` speaks of.
    #[arg(long, value_name = "P", default_value = "main", requires = "ctl")]
    pub proc: String,
    /// Reachability engine: `bdd` (symbolic, Bebop's RHS with summaries) or
    /// `explicit` (explicit-state reference engine; small programs only).
    #[arg(long, value_enum, default_value_t = EngineKind::Bdd)]
    pub engine: EngineKind,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Print statistics: BDD nodes, path and summary edges, worklist
    /// iterations, time per phase.
    #[arg(long)]
    pub stats: bool,
    /// Show calls that return as one line (their summary) instead of
    /// expanding the callee's steps.
    #[arg(long)]
    pub collapse: bool,
    /// Disable the live-range optimization (BDD engine).
    #[arg(long)]
    pub no_live_ranges: bool,
    /// Disable the MOD/REF optimization (BDD engine).
    #[arg(long)]
    pub no_mod_ref: bool,
    /// Do not pass over `goto`, `skip` and `assume` (BDD engine): every
    /// statement keeps its own path edges.
    #[arg(long)]
    pub no_skip_jumps: bool,
}

/// Reachability engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum EngineKind {
    Bdd,
    Explicit,
}

/// Output formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
}

/// Runs the subcommand and returns the exit status.
pub fn run(args: &BebopArgs) -> u8 {
    let t0 = Instant::now();
    let loaded = match bebop_report::load(&args.file, bebop::diag::Colour::for_stderr()) {
        Ok(l) => l,
        Err(msg) => {
            eprint!("{msg}");
            return exit::BAD_INPUT;
        }
    };
    let load_time = t0.elapsed();
    if let Some(mode) = mode(args) {
        let engine = match args.engine {
            EngineKind::Bdd => crate::bebop_modes::Answerer::Bdd,
            EngineKind::Explicit => crate::bebop_modes::Answerer::Explicit,
        };
        if args.summaries && engine == crate::bebop_modes::Answerer::Explicit {
            eprintln!("error: --summaries reads the BDD engine's relations (use --engine bdd)");
            return exit::BAD_INPUT;
        }
        return crate::bebop_modes::run(&loaded, &mode, engine, args.format);
    }
    let (target, what) = match target(&loaded.cfg, args.label.as_deref()) {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("error: {msg}");
            return exit::BAD_INPUT;
        }
    };
    let engine = match args.engine {
        EngineKind::Bdd => Engine::Bdd(SymbolicOptions {
            live_ranges: !args.no_live_ranges,
            mod_ref: !args.no_mod_ref,
            skip_jumps: !args.no_skip_jumps,
            count_edges: args.stats,
            ..SymbolicOptions::default()
        }),
        EngineKind::Explicit => Engine::Explicit(ExplicitLimits::default()),
    };
    let (outcome, mut stats) = decide(&loaded.cfg, &target, &engine);
    stats.phases.insert(0, ("parse+check+cfg", load_time));
    let code = match &outcome {
        Outcome::Unreachable => exit::SAFE,
        Outcome::Reachable(_) => exit::VIOLATION,
        Outcome::GaveUp(_) => exit::UNKNOWN,
    };
    let report = bebop_report::Report {
        loaded: &loaded,
        what: &what,
        outcome: &outcome,
        engine: stats.engine,
        stats: args.stats.then_some(&stats),
        collapse: args.collapse,
    };
    let text = match args.format {
        Format::Text => report.text(),
        Format::Json => report.json() + "\n",
    };
    // A closed pipe (e.g. `| head`) is not an error worth a panic.
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
    code
}

/// The question other than reachability, if one was asked.
fn mode(args: &BebopArgs) -> Option<crate::bebop_modes::Mode> {
    use crate::bebop_modes::Mode;
    if let Some(f) = &args.may_loop {
        return Some(Mode::MayLoop(f.clone()));
    }
    if args.summaries {
        return Some(Mode::Summaries);
    }
    args.ctl.as_ref().map(|f| Mode::Ctl {
        formula: f.clone(),
        proc: args.proc.clone(),
    })
}

/// The target and a description of it for the verdict line.
fn target(cfg: &Cfg, label: Option<&str>) -> Result<(Target, String), String> {
    match label {
        None => Ok((Target::AssertFailure, "assertion failure".to_string())),
        Some(l) => {
            let vs = cfg.find_label(l);
            if vs.is_empty() {
                Err(format!("no statement is labelled `{l}`"))
            } else {
                Ok((Target::Vertices(vs), format!("label {l}")))
            }
        }
    }
}
