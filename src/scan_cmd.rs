//! `slamrs scan`: a driver's entry points and their roles (the entry-point map).

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use slamrs_abstraction::frontend::ErrorKind;
use slamrs_abstraction::harness::map;

use crate::driver::{self, DriverArgs, DriverError};
use crate::exit;

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

/// Prints a driver set-up error; its exit status.
pub fn report_error(e: &DriverError) -> u8 {
    eprintln!("{}", e.render(bebop::diag::Colour::for_stderr()));
    match e {
        DriverError::Frontend(fe) if fe.kind == ErrorKind::Unsupported => exit::UNKNOWN,
        DriverError::Frontend(fe) if fe.kind == ErrorKind::Internal => exit::UNKNOWN,
        _ => exit::BAD_INPUT,
    }
}
