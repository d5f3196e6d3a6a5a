//! `slamrs relational`: checks the CTL assertions of a declarative
//! relational model (the ICSE 2006 seed) with the BDD checker of
//! `slamrs-relational`.

use std::path::PathBuf;

use bebop::diag::Colour;
use clap::Args;
use slamrs_relational::symbolic::{CheckError, Options};
use slamrs_relational::{check_source, Error};

use crate::exit;

/// Arguments of `slamrs relational`.
#[derive(Args, Debug)]
pub struct RelationalArgs {
    /// The model (language: docs/relational.md).
    pub model: PathBuf,
    /// Print statistics: time, peak BDD nodes, state bits, transition
    /// relation parts, reachable states.
    #[arg(long)]
    pub stats: bool,
    /// Do not compute traces for failing assertions.
    #[arg(long)]
    pub no_traces: bool,
    /// Most BDD nodes before giving up (exit 20).
    #[arg(long, value_name = "N", default_value_t = 1 << 24)]
    pub max_nodes: usize,
}

/// Runs the subcommand and returns the exit status.
pub fn run(args: &RelationalArgs) -> u8 {
    let file = args.model.display().to_string();
    let src = match std::fs::read_to_string(&args.model) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}: {e}");
            return exit::BAD_INPUT;
        }
    };
    let opts = Options {
        node_capacity: args.max_nodes,
        traces: !args.no_traces,
    };
    let outcome = match check_source(&src, &opts) {
        Ok(o) => o,
        Err(Error::Syntax(d)) => {
            eprint!("{}", d.render_with(&file, &src, Colour::for_stderr()));
            return exit::BAD_INPUT;
        }
        Err(Error::Check(e)) => return gave_up(&file, &e),
    };
    let mut text = outcome.render(&file, &src);
    if args.stats {
        let s = &outcome.stats;
        text.push_str(&format!(
            "stats: {:.3} s ({:.3} s transition relation), {} peak BDD nodes, {} state bits, \
             {} BDD variables, {} relation parts, {} reachable states\n",
            s.seconds,
            s.summary_seconds,
            s.peak_nodes,
            s.state_bits,
            s.bdd_vars,
            s.parts,
            s.reachable_states
        ));
    }
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
    if outcome.all_hold() {
        exit::SAFE
    } else {
        exit::VIOLATION
    }
}

/// No verdict: the node limit or a size limit of the checker (exit 20).
fn gave_up(file: &str, e: &CheckError) -> u8 {
    eprintln!("{file}: no answer: {e}");
    exit::UNKNOWN
}
