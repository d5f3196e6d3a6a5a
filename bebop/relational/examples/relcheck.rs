//! A minimal driver of the checker, for development and the benchmark
//! script when the full `slamrs` binary is not built:
//! `relcheck MODEL [--stats]` prints the verdicts (exit 0 all hold, 10 one
//! fails, 2 bad input, 20 no answer), like `slamrs relational`.

use std::process::ExitCode;

use slamrs_relational::{check_source, symbolic::Options, Error};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: relcheck MODEL [--stats]");
        return ExitCode::from(2);
    };
    let src = match std::fs::read_to_string(file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(2);
        }
    };
    match check_source(&src, &Options::default()) {
        Ok(out) => {
            print!("{}", out.render(file, &src));
            if args.iter().any(|a| a == "--stats") {
                let s = &out.stats;
                println!(
                    "stats: {:.3} s ({:.3} s summaries), {} peak BDD nodes, {} state bits, {} parts, {} reachable states",
                    s.seconds, s.summary_seconds, s.peak_nodes, s.state_bits, s.parts, s.reachable_states
                );
            }
            ExitCode::from(if out.all_hold() { 0 } else { 10 })
        }
        Err(Error::Syntax(d)) => {
            eprint!("{}", d.render(file, &src));
            ExitCode::from(2)
        }
        Err(Error::Check(e)) => {
            eprintln!("{file}: no answer: {e}");
            ExitCode::from(20)
        }
    }
}
