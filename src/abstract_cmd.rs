//! `slamrs abstract`: predicate abstraction of a C file into a boolean program.

use std::path::PathBuf;

use clap::Args;
use slamrs_abstraction::c2bp::{self, Abstractor, Options, PredicateSet};
use slamrs_abstraction::frontend::LoadOptions;

use crate::cir_cmd::{load, DataModelArg};
use crate::exit;

/// Arguments of `slamrs abstract`.
#[derive(Args, Debug)]
pub struct AbstractArgs {
    /// The C file: `.c` is preprocessed with `gcc -E`, `.i` is read as is.
    pub file: PathBuf,
    /// The predicate file: one `SCOPE: C-expression` per line, SCOPE being
    /// `global` or a function name; `#` starts a comment (docs/abstraction.md).
    #[arg(
        long,
        short = 'p',
        value_name = "PFILE",
        required_unless_present = "from_conditions"
    )]
    pub predicates: Option<PathBuf>,
    /// Use every condition of the program's branches as a predicate (added to
    /// the predicate file's, if one is given).
    #[arg(long)]
    pub from_conditions: bool,
    /// Write the boolean program here instead of standard output.
    #[arg(long, short = 'o', value_name = "OUT.bp")]
    pub output: Option<PathBuf>,
    /// The entry function: its procedure becomes the boolean program's `main`.
    #[arg(long, value_name = "F", default_value = "main")]
    pub entry: String,
    /// Longest cube of predicates tried when computing F(e).
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub cube_len: usize,
    /// Z3 budget per query, in milliseconds of solving: given to Z3 as resource units
    /// (8,000 per ms, measured), so the result does not depend on the machine's load.
    /// A query over budget makes the predicate unknown, which is sound.
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub query_timeout: u32,
    /// Worker threads for the Z3 queries (0: one per core).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub threads: usize,
    /// Widths of `long` and pointers (`ilp32` for the SV-COMP tasks).
    #[arg(long, value_enum, default_value_t = DataModelArg::Lp64)]
    pub data_model: DataModelArg,
    /// Print statistics (statements, predicates, queries, cache hits, time) to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Flags for the preprocessor (`-I`, `-D`, ...), after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

/// Runs the subcommand and returns the exit status.
pub fn run(args: &AbstractArgs) -> u8 {
    let opts = LoadOptions {
        cppflags: args.cppflags.clone(),
        entry: Some(args.entry.clone()),
        data_model: args.data_model.into(),
        ..Default::default()
    };
    let mut program = match load(&args.file, &opts) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut preds = PredicateSet::default();
    if let Some(pfile) = &args.predicates {
        let text = match std::fs::read_to_string(pfile) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", pfile.display());
                return exit::BAD_INPUT;
            }
        };
        preds = match c2bp::parse_predicates(&mut program, &text) {
            Ok(p) => p,
            Err(e) => {
                e.report(&pfile.display().to_string(), &text).eprint();
                return exit::BAD_INPUT;
            }
        };
    }
    if args.from_conditions {
        for p in c2bp::predicates_from_conditions(&program).preds {
            let scope = match p.scope {
                c2bp::Scope::Global => None,
                c2bp::Scope::Func(f) => Some(f),
            };
            preds.add(&program, scope, p.expr);
        }
    }
    let options = Options {
        cube_len: args.cube_len.max(1),
        timeout_ms: args.query_timeout.max(1),
        threads: args.threads,
        entry: args.entry.clone(),
        ..Options::default()
    };
    let abs = match Abstractor::new().abstract_program(&program, &preds, &options) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: {e}");
            return exit::BAD_INPUT;
        }
    };
    let text = bebop::printer::print_program(&abs.program);
    // The output must be a valid boolean program; anything else is a bug of ours.
    if let Err(d) = bebop::parser::parse(&text) {
        eprintln!(
            "internal error: the boolean program does not parse: {}",
            d.message
        );
        return exit::UNKNOWN;
    }
    let diags = bebop::check::check(&abs.program);
    if let Some(d) = diags.first() {
        eprintln!(
            "internal error: the boolean program is invalid: {}",
            d.message
        );
        return exit::UNKNOWN;
    }
    match &args.output {
        Some(out) => {
            if let Err(e) = std::fs::write(out, &text) {
                eprintln!("error: cannot write {}: {e}", out.display());
                return exit::BAD_INPUT;
            }
        }
        None => print!("{text}"),
    }
    for w in &program.warnings {
        eprintln!("warning: {}: {}", program.loc_string(w.loc), w.message);
    }
    if args.stats {
        let s = &abs.stats;
        eprintln!(
            "stats: {} statements, {} predicates, {} Z3 queries, {} F computations from cache, {} from Z3, {} timeouts, {} cut at the query limit, {:.3} s with {} threads",
            s.statements,
            s.predicates,
            s.queries,
            s.cache_hits,
            s.cache_misses,
            s.timeouts,
            s.capped,
            s.wall.as_secs_f64(),
            s.threads
        );
    }
    exit::SAFE
}
