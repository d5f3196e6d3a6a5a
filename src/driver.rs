//! Drivers without `main`: from a source file to the entry-point map and the program with
//! its harness, for `slamrs scan`, `slamrs cir --harness` and `slamrs check`; and the
//! program with its harness instrumented for a rule ([`instrumented_program`]), the one
//! `slamrs check --rule R` verifies and `slamrs run --rule R` executes.

use std::path::{Path, PathBuf};

use crate::report::codes::{CodeKind, CodeNames};
use bebop::diag::{Colour, Report};
use slamrs_abstraction::cir::Program;
use slamrs_abstraction::frontend::{self, FrontendError, LoadOptions};
use slamrs_abstraction::harness::{self, map, platform, EntryMap, Harness, Platform};

/// What `scan`, `cir` and `check` share about a driver.
#[derive(Clone, Debug, Default)]
pub struct DriverArgs {
    pub cppflags: Vec<String>,
    /// `--kernel-headers DIR`.
    pub kernel_headers: Option<PathBuf>,
    /// `--entry-map FILE`.
    pub entry_map: Option<PathBuf>,
    /// The driver's other source files (after the main one on the command line).
    pub more_files: Vec<PathBuf>,
}

/// Why a driver could not be set up.
#[derive(Debug)]
pub enum DriverError {
    /// Bad input or a missing tool or header package (exit 2).
    Setup(String),
    /// Bad input at a place of an input file (the entry-point map; exit 2).
    Located(Report),
    /// The frontend failed (its kind decides the exit status).
    Frontend(FrontendError),
}

impl DriverError {
    /// The message for a reader, coloured or not (`Display` is the plain one).
    pub fn render(&self, colour: Colour) -> String {
        match self {
            DriverError::Setup(m) => Report::error("", m.as_str()).render(colour),
            DriverError::Located(r) => r.render(colour),
            DriverError::Frontend(e) => e.render(colour),
        }
    }
}

impl std::fmt::Display for DriverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(Colour::Plain))
    }
}

/// The platform a source file is written for (by its `#include`s, followed through the
/// driver's own headers); `None` for a `.i` file or an ordinary program.
pub fn platform_of(file: &Path) -> Option<Platform> {
    if file.extension().is_some_and(|e| e == "i") {
        return None;
    }
    platform::detect_file(file)
}

/// Load options for the driver `file` of `platform` (its toolchain, data model and kernel
/// model).
pub fn load_options(
    file: &Path,
    platform: Platform,
    args: &DriverArgs,
) -> Result<LoadOptions, DriverError> {
    let tc = platform::toolchain(platform, args.kernel_headers.as_deref())
        .map_err(DriverError::Setup)?;
    let mut cppflags = tc.flags;
    if platform == Platform::Wdm {
        // headers spelled in other case, WPP's generated trace headers
        let mut files = vec![file.to_path_buf()];
        files.extend(args.more_files.iter().cloned());
        cppflags.extend(harness::wdk::driver_include_flags(&files).map_err(DriverError::Setup)?);
    }
    if platform == Platform::Linux {
        // the harness and OS model use these headers' types: the module's unit declares them
        // too (a `.c` input's appended parts keep only their own lines)
        for h in harness::linux::HEADERS {
            cppflags.push("-include".to_string());
            cppflags.push(h.to_string());
        }
    }
    cppflags.extend(args.cppflags.iter().cloned());
    Ok(LoadOptions {
        cppflags,
        entry: None,
        data_model: tc.data_model,
        compiler: Some(tc.compiler),
        appended: Vec::new(),
        appended_prelude: match platform {
            Platform::Wdm => "#include <wdm.h>\n".to_string(),
            Platform::Linux => harness::linux::prelude(),
        },
        kernel_callbacks: Some(
            match platform {
                Platform::Wdm => harness::wdm::CALLS_BACK,
                Platform::Linux => harness::linux::CALLS_BACK,
            }
            .iter()
            .map(|s| s.to_string())
            .collect(),
        ),
        externals: Default::default(),
        pending_from: match platform {
            Platform::Wdm => Some(
                harness::wdm::PENDING_FROM
                    .iter()
                    .map(|s| s.to_string())
                    .collect(),
            ),
            Platform::Linux => None,
        },
    })
}

/// The driver lowered on its own (no harness) and its entry-point map: scanned, or read
/// from `--entry-map`.
pub fn scan(
    file: &Path,
    platform: Platform,
    args: &DriverArgs,
) -> Result<(Program, EntryMap, LoadOptions), DriverError> {
    let opts = load_options(file, platform, args)?;
    let unit = unit_of(file, args)?;
    let prog = frontend::load_file(&unit, &opts).map_err(DriverError::Frontend)?;
    let map = match &args.entry_map {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| DriverError::Setup(format!("{}: {e}", path.display())))?;
            let m = map::parse(&path.display().to_string(), &text)
                .map_err(|e| DriverError::Located(e.report(Some(&text))))?;
            check_map(&prog, &m, path, &text)?;
            m
        }
        None => match platform {
            Platform::Wdm => harness::scan::scan_wdm(&prog),
            Platform::Linux => harness::scan::scan_linux(&prog),
        },
    };
    Ok((prog, map, opts))
}

/// The names of the status codes of the driver's kernel, for traces (empty when its
/// headers cannot be read).
pub fn code_names(file: &Path, platform: Platform, args: &DriverArgs) -> CodeNames {
    let Ok(opts) = load_options(file, platform, args) else {
        return CodeNames::default();
    };
    let kind = match platform {
        Platform::Wdm => CodeKind::NtStatus,
        Platform::Linux => CodeKind::Errno,
    };
    let compiler = opts.compiler.as_deref().unwrap_or("gcc");
    // `-include` of the harness's headers is not needed for the names
    let mut flags = Vec::new();
    let mut it = opts.cppflags.iter();
    while let Some(f) = it.next() {
        if f == "-include" {
            it.next();
        } else {
            flags.push(f.clone());
        }
    }
    CodeNames::from_headers(compiler, &flags, kind)
}

/// The file to lower for the driver `file`: itself, or, when the driver has more source
/// files, one unit that includes them all in order (a "unity build": each header is read
/// once thanks to its include guard, every message names the driver's own files through
/// the line markers). Two files defining one `static` name conflict there: a located error.
pub fn unit_of(file: &Path, args: &DriverArgs) -> Result<PathBuf, DriverError> {
    if args.more_files.is_empty() {
        return Ok(file.to_path_buf());
    }
    let mut text =
        String::from("/* slamrs: the driver's source files as one unit (docs/drivers.md) */\n");
    for f in std::iter::once(file).chain(args.more_files.iter().map(PathBuf::as_path)) {
        if !f.is_file() {
            return Err(DriverError::Setup(format!("{}: no such file", f.display())));
        }
        let abs = std::fs::canonicalize(f)
            .map_err(|e| DriverError::Setup(format!("{}: {e}", f.display())))?;
        let quoted = abs
            .display()
            .to_string()
            .replace('\\', "\\\\")
            .replace('"', "\\\"");
        text.push_str(&format!("#include \"{quoted}\"\n"));
    }
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    text.hash(&mut h);
    let path = std::env::temp_dir().join(format!("slamrs-unit-{:016x}.c", h.finish()));
    if std::fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
        let tmp = path.with_extension(format!("tmp{}", std::process::id()));
        std::fs::write(&tmp, &text)
            .and_then(|()| std::fs::rename(&tmp, &path))
            .map_err(|e| DriverError::Setup(format!("{}: {e}", path.display())))?;
    }
    Ok(path)
}

/// An error about a line of the map file `path` (its text `text`): `at` is where the
/// parser found the line (`FILE:LINE:COL`).
fn map_error(at: Option<&str>, path: &Path, text: &str, message: String) -> DriverError {
    let place = at.and_then(|at| {
        let mut parts = at.rsplitn(3, ':');
        let col = parts.next()?.parse().ok()?;
        let line = parts.next()?.parse().ok()?;
        Some((parts.next()?, line, col))
    });
    DriverError::Located(match place {
        Some((file, line, col)) => Report::error(file, message).at(line, col).in_source(text),
        None => Report::error(path.display().to_string(), message),
    })
}

/// Every function a map names must be defined by the driver.
fn check_map(prog: &Program, m: &EntryMap, path: &Path, text: &str) -> Result<(), DriverError> {
    for e in &m.entries {
        let defined = prog
            .func_by_name(&e.function)
            .is_some_and(|f| prog.func(f).body.is_some());
        if !defined {
            return Err(map_error(
                e.at.as_deref(),
                path,
                text,
                format!(
                    "`{}` ({}) is not a function the driver defines",
                    e.function,
                    e.role.name()
                ),
            ));
        }
    }
    if let Some(x) = &m.device_extension {
        use slamrs_abstraction::cir::StructId;
        let def = (0..prog.types.structs.len())
            .map(|i| StructId(i as u32))
            .find(|&s| {
                let d = prog.types.struct_def(s);
                d.fields.is_some() && prog.types.c_name(s).as_deref() == Some(x.c_type.as_str())
            })
            .map(|s| prog.types.struct_def(s));
        match def {
            None => {
                return Err(map_error(
                    x.at.as_deref(),
                    path,
                    text,
                    format!(
                        "`{}` (device-extension) is not a struct or union the driver defines at file scope",
                        x.c_type
                    ),
                ))
            }
            Some(d) if d.size > harness::scan::MAX_STATIC_EXTENSION => {
                return Err(map_error(
                    x.at.as_deref(),
                    path,
                    text,
                    format!(
                        "`{}` (device-extension) has {} bytes; the OS model gives the first device a static extension of at most {} bytes (delete the line: larger extensions are allocated)",
                        x.c_type,
                        d.size,
                        harness::scan::MAX_STATIC_EXTENSION
                    ),
                ))
            }
            Some(_) => {}
        }
    }
    Ok(())
}

/// The driver with its harness: the program to check (entry [`harness::HARNESS_MAIN`]),
/// the map and the harness's units.
pub fn with_harness(
    file: &Path,
    platform: Platform,
    args: &DriverArgs,
) -> Result<(Program, EntryMap, Harness), DriverError> {
    let (driver, map, mut opts) = scan(file, platform, args)?;
    if map.entries.is_empty() {
        return Err(DriverError::Setup(format!(
            "{}: no entry point found (no DriverEntry or dispatch routine; no module_init or callback): nothing would be checked. Name the entry points in a map file (slamrs scan writes one with -o) and pass it with --entry-map",
            file.display()
        )));
    }
    let h = match platform {
        Platform::Wdm => harness::wdm::harness(&map, &driver),
        Platform::Linux => harness::linux::harness(&map, &driver),
    }
    .map_err(|e| DriverError::Setup(format!("{}: {e}", file.display())))?;
    opts.appended = h.texts.clone();
    opts.entry = Some(harness::HARNESS_MAIN.to_string());
    let unit = unit_of(file, args)?;
    let mut prog = frontend::load_file(&unit, &opts).map_err(DriverError::Frontend)?;
    let pairs = harness::overrides(&prog);
    crate::rules::redirect_calls(&mut prog, &pairs);
    Ok((prog, map, h))
}

/// A driver with its harness, instrumented for a rule: what `slamrs check --rule R`
/// verifies (entry [`harness::HARNESS_MAIN`]) and `slamrs run --rule R` executes.
pub struct Instrumented {
    /// The program: driver, harness and OS model, with the rule's error edges.
    pub prog: Program,
    /// The entry points the harness calls.
    pub map: EntryMap,
    /// The harness (its units: the calls of the entry points; its generated texts).
    pub harness: Harness,
    /// What the driver's own code calls ([`called_by_driver`], before the instrumentation
    /// redirects the calls) and the events the harness causes for the driver's entry points:
    /// the rule applies only if it observes one of them.
    pub called: rustc_hash::FxHashSet<String>,
    /// What the instrumentation added (observed functions, the rule's bounds, ...).
    pub inst: crate::rules::Instrumented,
}

/// Why [`instrumented_program`] failed.
#[derive(Debug)]
pub enum InstrumentError {
    /// The driver could not be set up or lowered.
    Driver(DriverError),
    /// The rule does not fit the program.
    Rule(crate::rules::RuleError),
}

/// The driver `file` with its harness ([`with_harness`]), instrumented for `spec` at each
/// of the harness's units.
pub fn instrumented_program(
    file: &Path,
    platform: Platform,
    args: &DriverArgs,
    spec: &crate::rules::Spec,
) -> Result<Instrumented, InstrumentError> {
    let (mut prog, map, h) = with_harness(file, platform, args).map_err(InstrumentError::Driver)?;
    let mut called = called_by_driver(&prog);
    called.extend(
        harness::wdm::harness_events(&map)
            .into_iter()
            .map(str::to_string),
    );
    let units: Vec<String> = h.units.iter().map(|u| u.0.clone()).collect();
    let inst = crate::rules::instrument_units(&mut prog, spec, harness::HARNESS_MAIN, &units)
        .map_err(InstrumentError::Rule)?;
    Ok(Instrumented {
        prog,
        map,
        harness: h,
        called,
        inst,
    })
}

/// The functions the driver's own code calls, directly or through the kernel routines it
/// calls (inline functions of the headers and the OS model, which report to the rules
/// through the harness's event functions).
pub fn called_by_driver(prog: &Program) -> rustc_hash::FxHashSet<String> {
    use slamrs_abstraction::cir::FuncId;
    let direct_calls = |f: FuncId| -> Vec<FuncId> {
        prog.func(f)
            .body
            .as_ref()
            .map(|b| b.direct_callees().collect())
            .unwrap_or_default()
    };
    let mut seen = rustc_hash::FxHashSet::default();
    let mut todo = Vec::new();
    for f in prog.func_ids() {
        let func = prog.func(f);
        let file = prog.file_name(func.loc);
        let kernel = prog.in_system_header(func.loc)
            || file == harness::HARNESS_FILE
            || file == harness::OS_MODEL_FILE;
        if !kernel {
            todo.extend(direct_calls(f));
        }
    }
    while let Some(g) = todo.pop() {
        if seen.insert(g) {
            todo.extend(direct_calls(g));
        }
    }
    seen.into_iter()
        .map(|g| prog.func(g).name.clone())
        .collect()
}
