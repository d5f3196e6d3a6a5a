//! `slamrs`: the command line, the CEGAR driver and reports.
//!
//! Only this crate knows about the command line and output formats; the
//! library crates (`bebop`, …) expose plain data.

pub mod abstract_cmd;
pub mod bebop_cmd;
pub mod bebop_modes;
pub mod bebop_report;
pub mod bebop_summaries;
pub mod cegar;
pub mod check_cmd;
pub mod cir_cmd;
pub mod driver;
pub mod driver_rules;
pub mod exit;
pub mod indent;
pub mod logging;
pub mod mixed;
pub mod portfolio;
pub mod reason;
pub mod relational_cmd;
pub mod report;
pub mod rules;
pub mod rules_cmd;
pub mod run_cmd;
pub mod scan_cmd;
pub mod schema_cmd;
pub mod task_file;
pub mod validate_cmd;
pub mod witness;
