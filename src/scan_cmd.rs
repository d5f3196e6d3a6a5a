//! `slamrs scan`: a driver's entry points and their roles (the entry-point map).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use clap::{Args, ValueEnum};
use slamrs_abstraction::frontend::ErrorKind;
use slamrs_abstraction::harness::map;

use crate::check_cmd::watchdog::rss_mb;
use crate::driver::{self, DriverArgs, DriverError};
use crate::exit;
use crate::reason::{Reason, ReasonKind};

/// Arguments of `slamrs scan`.
#[derive(Args, Debug)]
pub struct ScanArgs {
    /// The driver's C file (it includes its kernel's headers: `<wdm.h>`, `<ntddk.h>`).
    pub file: PathBuf,
    /// The driver's other source files, scanned with FILE as one program.
    #[arg(value_name = "MORE_FILES")]
    pub more_files: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = ScanFormat::Text)]
    pub format: ScanFormat,
    /// Also write the map as a file to review and edit (pass it to `check --entry-map`).
    #[arg(short = 'o', long = "output", value_name = "MAP")]
    pub output: Option<PathBuf>,
    /// The kernel's header directory (default: mingw-w64's DDK headers for Windows).
    #[arg(long, value_name = "DIR")]
    pub kernel_headers: Option<PathBuf>,
    /// Give up (unknown, exit 20, reason `timeout`) after this many seconds, as `check
    /// --timeout` does.
    #[arg(long, value_name = "S")]
    pub timeout: Option<f64>,
    /// Give up (unknown, exit 20, reason `memory-limit`) when the process uses more than
    /// this much memory (resident, MB), as `check --memory-limit` does.
    #[arg(long, value_name = "MB")]
    pub memory_limit: Option<u64>,
    /// Flags for the preprocessor (`-I`, `-D`, ...), after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

/// Output formats of `slamrs scan`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ScanFormat {
    /// The map file format (also what `-o` writes).
    Text,
    Json,
}

/// Run `slamrs scan`; returns the exit status.
pub fn run(args: &ScanArgs) -> u8 {
    let Some(platform) = driver::platform_of(&args.file) else {
        if !args.file.is_file() {
            eprintln!("error: {}: no such file", args.file.display());
        } else {
            eprintln!(
                "error: {}: not a driver: it includes no kernel header (<wdm.h>, <ntddk.h>, <ntifs.h>)",
                args.file.display()
            );
        }
        return exit::BAD_INPUT;
    };
    watch(args.timeout, args.memory_limit);
    let dargs = DriverArgs {
        cppflags: args.cppflags.clone(),
        kernel_headers: args.kernel_headers.clone(),
        entry_map: None,
        more_files: args.more_files.clone(),
    };
    let (_, m, _) = match driver::scan(&args.file, platform, &dargs) {
        Ok(x) => x,
        Err(e) => return report_error(&e),
    };
    for w in crate::check_cmd::coverage::missing_warnings(&m) {
        eprintln!("{w}");
    }
    let source = args.file.display().to_string();
    let text = map::write(&m, &source);
    match args.format {
        ScanFormat::Text => print!("{text}"),
        ScanFormat::Json => match serde_json::to_string_pretty(&m) {
            Ok(j) => println!("{j}"),
            Err(e) => {
                eprintln!("error: {e}");
                return exit::UNKNOWN;
            }
        },
    }
    if let Some(out) = &args.output {
        if let Err(e) = std::fs::write(out, &text) {
            eprintln!("error: cannot write {}: {e}", out.display());
            return exit::BAD_INPUT;
        }
    }
    if m.entries.is_empty() {
        eprintln!(
            "error: {}: no entry point found (no DriverEntry, no dispatch routine)",
            args.file.display()
        );
        return exit::BAD_INPUT;
    }
    exit::SAFE
}

/// Ends the process with an unknown answer (exit 20) and the limit's typed reason when the
/// scan passes its time or memory limit.
fn watch(timeout: Option<f64>, memory_limit: Option<u64>) {
    if timeout.is_none() && memory_limit.is_none() {
        return;
    }
    let start = Instant::now();
    let deadline = timeout.map(|s| start + Duration::from_secs_f64(s.max(0.0)));
    std::thread::spawn(move || loop {
        std::thread::sleep(Duration::from_millis(100));
        let reason = if memory_limit.is_some_and(|l| rss_mb() > l) {
            Some(Reason::new(
                ReasonKind::MemoryLimit,
                format!("memory limit ({} MB) exceeded", memory_limit.unwrap_or(0)),
            ))
        } else if deadline.is_some_and(|d| Instant::now() > d) {
            Some(Reason::new(
                ReasonKind::Timeout,
                format!("timeout after {:.1} s", start.elapsed().as_secs_f64()),
            ))
        } else {
            None
        };
        if let Some(r) = reason {
            eprintln!(
                "UNKNOWN: the scan stopped: {} (reason: {})",
                r.message,
                r.kind.name()
            );
            std::process::exit(i32::from(exit::UNKNOWN));
        }
    });
}

/// Prints a driver set-up error; its exit status.
pub fn report_error(e: &DriverError) -> u8 {
    eprintln!("{}", e.render(bebop::diag::Colour::for_stderr()));
    match e {
        DriverError::Frontend(fe) if fe.kind == ErrorKind::Unsupported => exit::UNKNOWN,
        DriverError::Frontend(fe) if fe.kind == ErrorKind::Internal => exit::UNKNOWN,
        _ => exit::BAD_INPUT,
    }
}
