//! `slamrs cir`: lower a C file to CIR and print it.

use rustc_hash::FxHashMap as HashMap;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::{Args, ValueEnum};
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::cir::{print, DataModel, Program};
use slamrs_abstraction::frontend::{self, ErrorKind, LoadOptions};

use crate::exit;

/// Arguments of `slamrs cir`.
#[derive(Args, Debug)]
pub struct CirArgs {
    /// The C file: `.c` is preprocessed with `gcc -E`, `.i` is read as is.
    pub file: PathBuf,
    /// Require this function to be defined.
    #[arg(long, value_name = "F")]
    pub entry: Option<String>,
    /// Print only this function.
    #[arg(long, value_name = "F")]
    pub function: Option<String>,
    /// For a driver: add the generated environment (the harness `__slamrs_main` calling
    /// its entry points, and the OS model), as `slamrs check` analyses it.
    #[arg(long)]
    pub harness: bool,
    /// For a driver: use this entry-point map instead of scanning (with --harness).
    #[arg(long, value_name = "MAP")]
    pub entry_map: Option<PathBuf>,
    /// For a driver: the kernel's header directory.
    #[arg(long, value_name = "DIR")]
    pub kernel_headers: Option<PathBuf>,
    /// Widths of `long` and pointers: `lp64` (x86-64, gcc's default here) or
    /// `ilp32` (32-bit x86, as the SV-COMP tasks declare).
    #[arg(long, value_enum, default_value_t = DataModelArg::Lp64)]
    pub data_model: DataModelArg,
    /// Print the points-to analysis of the program instead of its CIR: escaped objects,
    /// layouts, what each location may hold, returns and call targets, one fact per line
    /// (docs/analyses.md).
    #[arg(long)]
    pub points_to: bool,
    /// Print timings and sizes to stderr.
    #[arg(long)]
    pub stats: bool,
    /// Flags for the preprocessor (`-I`, `-D`, ...), after `--`.
    #[arg(last = true, value_name = "CPPFLAGS")]
    pub cppflags: Vec<String>,
}

/// Data models selectable on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum DataModelArg {
    Lp64,
    Ilp32,
    /// Windows x64: `long` 32 bits, pointers 64.
    Llp64,
}

impl From<DataModelArg> for DataModel {
    fn from(d: DataModelArg) -> Self {
        match d {
            DataModelArg::Lp64 => DataModel::Lp64,
            DataModelArg::Ilp32 => DataModel::Ilp32,
            DataModelArg::Llp64 => DataModel::Llp64,
        }
    }
}

/// Run `slamrs cir`; returns the exit status.
pub fn run(args: &CirArgs) -> u8 {
    let start = Instant::now();
    let platform = crate::driver::platform_of(&args.file);
    let dargs = crate::driver::DriverArgs {
        cppflags: args.cppflags.clone(),
        kernel_headers: args.kernel_headers.clone(),
        entry_map: args.entry_map.clone(),
        more_files: Vec::new(),
    };
    let program = match platform {
        Some(p) if args.harness => match crate::driver::with_harness(&args.file, p, &dargs) {
            Ok((prog, _, _)) => prog,
            Err(e) => return crate::scan_cmd::report_error(&e),
        },
        Some(p) => {
            let mut opts = match crate::driver::load_options(&args.file, p, &dargs) {
                Ok(o) => o,
                Err(e) => return crate::scan_cmd::report_error(&e),
            };
            opts.entry = args.entry.clone();
            match load(&args.file, &opts) {
                Ok(p) => p,
                Err(code) => return code,
            }
        }
        None if args.harness => {
            eprintln!(
                "error: {}: --harness is for drivers (a source that includes <wdm.h>, <ntddk.h> or <ntifs.h>)",
                args.file.display()
            );
            return exit::BAD_INPUT;
        }
        None => {
            let opts = LoadOptions {
                cppflags: args.cppflags.clone(),
                entry: args.entry.clone(),
                data_model: args.data_model.into(),
                ..Default::default()
            };
            match load(&args.file, &opts) {
                Ok(p) => p,
                Err(code) => return code,
            }
        }
    };
    let load_time = start.elapsed();
    let lines = SourceCache::default();
    let src = |file: &str, line: u32| lines.line(file, line);
    let text = match &args.function {
        _ if args.points_to => PointsTo::compute(&program).render(&program),
        None => print::program(&program, &src),
        Some(name) => match program.func_by_name(name) {
            Some(f) => print::function(&program, f, &src),
            None => {
                eprintln!("error: no function `{name}` in {}", args.file.display());
                return exit::BAD_INPUT;
            }
        },
    };
    print!("{text}");
    for w in &program.warnings {
        eprintln!("warning: {}: {}", program.loc_string(w.loc), w.message);
    }
    if args.stats {
        let defined = program
            .functions
            .iter()
            .filter(|f| f.body.is_some())
            .count();
        let edges: usize = program
            .functions
            .iter()
            .filter_map(|f| f.body.as_ref())
            .map(|b| b.edges().count())
            .sum();
        eprintln!(
            "stats: load {:.3} s (preprocess + parse + lower + verify), {} functions defined, {} external, {} edges, {} variables",
            load_time.as_secs_f64(),
            defined,
            program.functions.len() - defined,
            edges,
            program.vars.len()
        );
    }
    exit::SAFE
}

/// Load a C file for a subcommand; on failure the error is printed and the exit status
/// returned (2 for bad input, 20 for an internal error).
pub fn load(file: &Path, opts: &LoadOptions) -> Result<Program, u8> {
    frontend::load_file(file, opts).map_err(|e| {
        eprintln!("{}", e.render(bebop::diag::Colour::for_stderr()));
        if e.kind == ErrorKind::Internal {
            exit::UNKNOWN
        } else {
            exit::BAD_INPUT
        }
    })
}

/// Source files read on demand, for showing source lines beside CIR.
#[derive(Default)]
pub struct SourceCache {
    files: RefCell<HashMap<String, Option<Vec<String>>>>,
}

impl SourceCache {
    /// A cache that knows these generated sources (name, text) without a file on disk: a
    /// driver's harness and OS model.
    pub fn with_texts(texts: &[(String, String)]) -> SourceCache {
        let files = texts
            .iter()
            .map(|(name, text)| {
                (
                    name.clone(),
                    Some(text.lines().map(str::to_string).collect()),
                )
            })
            .collect();
        SourceCache {
            files: RefCell::new(files),
        }
    }

    /// Line `line` (1-based) of `file`, if the file can be read.
    pub fn line(&self, file: &str, line: u32) -> Option<String> {
        let mut files = self.files.borrow_mut();
        let lines = files.entry(file.to_string()).or_insert_with(|| {
            std::fs::read(file).ok().map(|b| {
                String::from_utf8_lossy(&b)
                    .lines()
                    .map(str::to_string)
                    .collect()
            })
        });
        lines.as_ref()?.get(line.checked_sub(1)? as usize).cloned()
    }
}
