//! `slamrs schema`: prints the JSON schema of `slamrs check --format json`'s report (or,
//! with `--driver`, of a driver checked against all its rules), generated from the report
//! types; `docs/report.schema.json` is this output.

use clap::Args;

use crate::driver_rules::DriverReport;
use crate::exit;
use crate::report::CheckReport;

/// Arguments of `slamrs schema`.
#[derive(Args, Debug)]
pub struct SchemaArgs {
    /// The schema of the report of a driver checked without `--rule` (every rule of its
    /// platform) instead of a single check's.
    #[arg(long)]
    pub driver: bool,
}

/// The schema's text (pretty JSON, one trailing newline).
pub fn schema_text(driver: bool) -> String {
    let schema = if driver {
        serde_json::to_value(schemars::schema_for!(DriverReport)).unwrap_or_default()
    } else {
        CheckReport::schema()
    };
    format!(
        "{}\n",
        serde_json::to_string_pretty(&schema).unwrap_or_default()
    )
}

/// Runs the subcommand and returns the exit status.
pub fn run(args: &SchemaArgs) -> u8 {
    print!("{}", schema_text(args.driver));
    exit::SAFE
}
