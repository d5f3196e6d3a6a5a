//! The `slamrs` command line.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

use slamrs::bebop_cmd::{self, BebopArgs};

/// slamrs — a SLAM-style software model checker.
///
/// Exit status: 0 the property holds (target unreachable), 10 a violation
/// (target reachable, trace printed), 20 unknown (resource limit or internal
/// error; the reason is printed), 2 bad input or usage.
#[derive(Parser)]
#[command(name = "slamrs", version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Decide reachability in a boolean program (the Bebop model checker).
    ///
    /// Without --label, asks whether some `assert` can fail. A reachable
    /// target is reported with a shortest hierarchical trace that has been
    /// replayed against the semantics by an independent checker.
    Bebop(BebopArgs),
}

fn main() -> ExitCode {
    slamrs::logging::init();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let code = match cli.command {
        Command::Bebop(args) => bebop_cmd::run(&args),
    };
    ExitCode::from(code)
}
