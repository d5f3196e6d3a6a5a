//! Logging set-up: `tracing` events go to stderr, filtered by `SLAMRS_LOG`
//! (e.g. `SLAMRS_LOG=info` or `SLAMRS_LOG=bebop=debug`); default `warn`.
//! With `SLAMRS_LOG_SPANS=1` each span's close is logged too, with its busy and idle
//! time (where a phase spends its time). User output (verdicts, traces, statistics) goes
//! to stdout and never through the logger.

use tracing_subscriber::fmt::format::FmtSpan;
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber once.
pub fn init() {
    let filter = EnvFilter::try_from_env("SLAMRS_LOG").unwrap_or_else(|_| EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_target(false)
        .with_span_events(if std::env::var_os("SLAMRS_LOG_SPANS").is_some() {
            FmtSpan::CLOSE
        } else {
            FmtSpan::NONE
        })
        .try_init();
}
