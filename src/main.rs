//! The `slamrs` command line.

use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

use slamrs::abstract_cmd::{self, AbstractArgs};
use slamrs::bebop_cmd::{self, BebopArgs};
use slamrs::check_cmd::{self, CheckArgs};
use slamrs::cir_cmd::{self, CirArgs};
use slamrs::relational_cmd::{self, RelationalArgs};
use slamrs::rules_cmd::{self, RulesArgs};
use slamrs::run_cmd::{self, RunArgs};
use slamrs::scan_cmd::{self, ScanArgs};
use slamrs::schema_cmd::{self, SchemaArgs};
use slamrs::validate_cmd::{self, ValidateArgs};

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
    /// Check that a C program obeys a rule: the CEGAR loop (the main job).
    ///
    /// Abstracts the program with predicates (c2bp), model-checks the boolean
    /// program (Bebop), and either proves the rule, or confirms an abstract
    /// counterexample by solving its path with Z3 and replaying the inputs on the
    /// CIR interpreter, or finds new predicates that rule it out, and repeats.
    /// Rules: `--rule NAME` (built-ins: `slamrs rules`) or `--rule FILE.slic`
    /// (docs/rules.md); `--property unreach-call.prp` (SV-COMP); neither: the
    /// program's own assertions. Exit status: 0 safe, 10 violation (a replayed
    /// counterexample is printed), 20 unknown (the reason is printed: timeout,
    /// memory or iteration limit, no progress), 2 bad input.
    Check(Box<CheckArgs>),
    /// Decide reachability in a boolean program (the Bebop model checker).
    ///
    /// Without --label, asks whether some `assert` can fail. A reachable
    /// target is reported with a shortest hierarchical trace that has been
    /// replayed against the semantics by an independent checker.
    Bebop(BebopArgs),
    /// Check the CTL assertions of a declarative relational model.
    ///
    /// The modeling language of Chang and Jackson (ICSE 2006): enumerations,
    /// bit-sized integers, sets and relations of any arity with join, closure
    /// and the other relational operators; procedures of imperative and
    /// declarative statements, one top-level procedure chosen at each step;
    /// CTL assertions mixed with relational formulas (docs/relational.md).
    /// Procedures and loops that may not return lead to the `loop` state.
    /// Exit status: 0 every assertion holds in every initial state, 10 one
    /// fails (a counterexample or witness trace is printed), 20 no answer
    /// (BDD node limit), 2 bad input (the error is located in the model).
    Relational(RelationalArgs),
    /// Lower a C file to CIR and print it, with source locations and lines.
    ///
    /// CIR is the control-flow graph of simple statements that abstraction
    /// and the interpreter work on (docs/cir.md). Use it to see how slamrs
    /// reads a program: how expressions were split, which calls are inputs,
    /// error locations or allocation sites. Bad input exits with status 2.
    Cir(CirArgs),
    /// Find a driver's entry points and their roles (the entry-point map).
    ///
    /// A driver has no `main`: the kernel calls `DriverEntry`, then the routines
    /// it registered. The scan finds them (role type declarations such as
    /// `DRIVER_DISPATCH F;`, stores into `DriverObject->MajorFunction[]`,
    /// `DriverUnload`, `AddDevice`, routines handed to `IoSetCompletionRoutine`,
    /// `KeInitializeDpc`, ...) and prints each with its role and where it was
    /// found. `-o MAP` writes the map to edit and pass to `check --entry-map`.
    /// Exit status: 0, or 2 when no entry point is found or the input is bad.
    Scan(ScanArgs),
    /// Execute a C program on the CIR interpreter, with given or random inputs.
    ///
    /// Prints the program's output, then (on stderr) how the run ended and the
    /// inputs it used. Exit status: 10 if an error location (`reach_error`, a
    /// failing `assert`) was reached, 0 for any other end of the program, 20 if
    /// the run could not finish (step bound, undefined behaviour, out of
    /// inputs), 2 for bad input.
    Run(RunArgs),
    /// Predicate abstraction (c2bp): print the boolean program of a C file.
    ///
    /// Given predicates (C boolean expressions, global or per function), builds
    /// the boolean program that over-approximates every execution: each
    /// predicate becomes a boolean variable named like `{x == 0}`, each
    /// statement updates the predicates it may change (computed with Z3), and
    /// error locations become failing asserts. Check it with `slamrs bebop`.
    /// Labels `n<k>` mark CIR node k (see `slamrs cir`).
    Abstract(AbstractArgs),
    /// List the built-in rules (SLIC subset, docs/rules.md), one line each.
    ///
    /// `--show NAME` prints a built-in rule's text (a starting point for your
    /// own rule); `--check FILE.slic` parses a rule file and reports its errors
    /// as FILE:LINE:COL. Exit status 0, or 2 for an unknown rule or a rule
    /// file with errors.
    Rules(RulesArgs),
    /// Print the JSON schema of `check --format json`'s report.
    ///
    /// The schema is generated from the report's types (docs/report.schema.json is its
    /// output); `--driver` gives the schema of a driver checked against all its rules.
    Schema(SchemaArgs),
    /// Check a witness: of a violation by running its path, of correctness by proving its
    /// invariants inductive.
    ///
    /// A violation witness (GraphML 1.0 or YAML 2.0): its inputs drive the CIR
    /// interpreter through the program (instrumented for --rule or --property, as `check`
    /// does); the run must reach an error, pass the witness's waypoints in order and end
    /// at its target; then the gcc-compiled program must reach the same error with the
    /// same inputs. A correctness witness (YAML invariant_set: loop invariants, function
    /// contracts): Z3 must prove every claim inductive and every error unreachable, one
    /// loop-free segment at a time, calls replaced by the callee's contract. Exit status:
    /// 10 a violation witness is confirmed, 0 a correctness witness is, 20 the witness is
    /// rejected or could not be decided (the reason is printed), 2 bad input.
    Validate(ValidateArgs),
}

fn main() -> ExitCode {
    slamrs::logging::init();
    // `--version`: the crate's version, the git commit and the Z3 library's version
    let version: &'static str =
        Box::leak(slamrs::report::model::Tool::long_version().into_boxed_str());
    let parsed = Cli::command()
        .version(version)
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    let code = match cli.command {
        Command::Check(args) => check_cmd::run(&args),
        Command::Bebop(args) => bebop_cmd::run(&args),
        Command::Relational(args) => relational_cmd::run(&args),
        Command::Cir(args) => cir_cmd::run(&args),
        Command::Scan(args) => scan_cmd::run(&args),
        Command::Run(args) => run_cmd::run(&args),
        Command::Abstract(args) => abstract_cmd::run(&args),
        Command::Rules(args) => rules_cmd::run(&args),
        Command::Schema(args) => schema_cmd::run(&args),
        Command::Validate(args) => validate_cmd::run(&args),
    };
    ExitCode::from(code)
}
