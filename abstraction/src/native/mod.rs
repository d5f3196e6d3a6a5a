//! Native replay: a counterexample run as the program gcc compiles.
//!
//! Replaying a counterexample on the CIR interpreter only checks the abstraction against
//! slamrs's own reading of C. Before a violation is reported, its choices (inputs,
//! allocation failures, uninitialized values) are also fed to the program compiled by gcc,
//! and that run must reach the same error the same way. The pieces:
//! - [`scan`]: where the program text names, declares and defines functions;
//! - [`patch`]: the program's preprocessed text with the references that the harness must
//!   intercept renamed (error functions, allocators, observed functions, `main`), rule
//!   events spliced into observed functions' bodies, and uninitialized scalar locals given
//!   values from the harness;
//! - [`runtime`]: the generated C of the harness (inputs, error sites, allocators, the
//!   rule's monitor, `main`) and stubs for the functions nobody defines;
//! - [`build`]: gcc, twice (the second link adds the stubs), in a scratch directory;
//! - [`exec`]: the run, with resource limits, and the log it writes.
//!
//! The harness is built once per program ([`build`]) and run once per counterexample
//! ([`Harness::replay`]).

mod build;
mod exec;
mod patch;
mod runtime;
mod scan;

use crate::cir::{DataModel, Loc, Program};
use crate::interp::Choice;
use std::fmt;
use std::path::{Path, PathBuf};

pub use exec::{NativeEvent, NativeRun, Status};

/// Which calls are violations, under the spec being checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorSpec {
    /// The program's own assertions: every error function and failing `assert`.
    Assertions,
    /// An unreach-call property: calls of these functions (others end the path).
    Property(Vec<String>),
    /// A rule: only its aborts (the program's error functions end the path).
    Rule,
}

/// The C code of a rule's handlers for one event pair. Both are C statements over the
/// names [`arg`], [`RET`], [`state_var`] and calls of [`abort_call`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    pub entry: String,
    pub exit: String,
}

/// The handlers of a rule on one function of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnHooks {
    pub func: String,
    pub hooks: Hooks,
}

/// A rule as native C: its state, its handlers, and where each `abort` is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Monitor {
    /// Initial values of the state variables ([`state_var`]`(i)` is the i-th).
    pub state: Vec<i128>,
    /// Which state variables hold pointers (`void *`, initially null); missing: `int`.
    pub pointer_state: Vec<bool>,
    pub functions: Vec<FnHooks>,
    /// `$entry` handlers: run around the harness's call of the entry function.
    pub entry: Hooks,
    /// The location (as instrumentation gave it to the `error` edge) of each abort id.
    pub aborts: Vec<Loc>,
}

/// The name of the k-th argument (1-based) in hook code.
pub fn arg(k: usize) -> String {
    format!("a{k}")
}

/// The name of the returned value in exit hook code.
pub const RET: &str = "ret";

/// The name of the i-th state variable in hook code.
pub fn state_var(i: usize) -> String {
    format!("__slamrs_s{i}")
}

/// The statement that reports abort `id` (and ends the run).
pub fn abort_call(id: usize) -> String {
    format!("__slamrs_abort({id});")
}

/// What to check natively.
#[derive(Clone, Debug)]
pub struct NativeSpec {
    pub entry: String,
    pub errors: ErrorSpec,
    pub monitor: Option<Monitor>,
}

/// What to build: the source file as the frontend read it, and its CIR (instrumented).
pub struct Request<'a> {
    pub file: &'a Path,
    pub cppflags: &'a [String],
    pub data_model: DataModel,
    pub prog: &'a Program,
    pub spec: &'a NativeSpec,
    /// Keep the harness sources, the binary and each run's files here (else a scratch
    /// directory, removed when the harness is dropped).
    pub keep_dir: Option<&'a Path>,
    /// Wall-clock limit of one run, in seconds.
    pub run_timeout_s: f64,
}

/// Why native replay could not be done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NativeError(pub String);

impl fmt::Display for NativeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// How a native replay compares with the interpreter's run.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// The compiled program reached the same error, consuming the same inputs.
    Confirmed(NativeRun),
    /// It did something else: what, in words.
    Disagrees { why: String, run: NativeRun },
}

/// One error site: a reference to an error function in the program text.
#[derive(Clone, Debug)]
pub(crate) struct ErrorSite {
    pub func: String,
    /// A violation (else the path just ends).
    pub violation: bool,
    /// `assert(c)` as a function: an error only when its argument is 0.
    pub assert_call: bool,
    /// Where the call is, when the reference is a direct call.
    pub call_loc: Option<Loc>,
}

/// One allocation site: a reference to a malloc-like function.
#[derive(Clone, Debug)]
pub(crate) struct AllocSite {
    pub func: String,
}

/// A built harness: the compiled program and what its sites mean.
pub struct Harness {
    dir: Scratch,
    binary: PathBuf,
    errors: Vec<ErrorSite>,
    uninit: Vec<Loc>,
    /// Functions whose results the harness reads from the input list.
    input_funcs: Vec<String>,
    aborts: Vec<Loc>,
    runs: std::cell::Cell<u32>,
    timeout_s: f64,
    /// How the program was compiled (for the report).
    pub compile_command: String,
}

/// A directory that is removed on drop unless it was given by the user.
struct Scratch {
    path: PathBuf,
    keep: bool,
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_dir_all(&self.path);
        }
    }
}

/// Builds the harness for `req`.
pub fn build(req: &Request) -> Result<Harness, NativeError> {
    let _span = tracing::info_span!("native_build").entered();
    let dir = match req.keep_dir {
        Some(d) => {
            std::fs::create_dir_all(d)
                .map_err(|e| NativeError(format!("cannot create {}: {e}", d.display())))?;
            Scratch {
                path: d.to_path_buf(),
                keep: true,
            }
        }
        None => Scratch {
            path: build::scratch_dir()?,
            keep: false,
        },
    };
    let planned = patch::plan(req)?;
    let built = build::compile(req, &planned, &dir.path)?;
    Ok(Harness {
        binary: built.binary,
        compile_command: built.command,
        dir,
        errors: planned.errors,
        uninit: planned.uninit,
        input_funcs: built.input_funcs,
        aborts: req
            .spec
            .monitor
            .as_ref()
            .map(|m| m.aborts.clone())
            .unwrap_or_default(),
        runs: std::cell::Cell::new(0),
        timeout_s: req.run_timeout_s,
    })
}

impl Harness {
    /// The directory holding the harness.
    pub fn dir(&self) -> &Path {
        &self.dir.path
    }

    /// Runs the compiled program with the choices of an interpreter run that reached the
    /// error at `error_loc`, and compares.
    pub fn replay(&self, prog: &Program, choices: &[Choice], error_loc: Loc) -> Verdict {
        let _span = tracing::info_span!("native_replay").entered();
        let n = self.runs.get() + 1;
        self.runs.set(n);
        let (input, expected) = self.input_file(choices);
        let run = exec::run(&self.binary, &self.dir.path, n, &input, self.timeout_s);
        match self.compare(prog, &run, &expected, error_loc) {
            Ok(()) => Verdict::Confirmed(run),
            Err(why) => Verdict::Disagrees { why, run },
        }
    }

    /// The harness's input file for these choices, and the inputs it should consume.
    fn input_file(&self, choices: &[Choice]) -> (String, Vec<(String, u64)>) {
        let mut text = String::new();
        let mut expected = Vec::new();
        for c in choices {
            match c {
                Choice::Input { func, value } => {
                    if self.input_funcs.iter().any(|f| f == func) {
                        let v = *value as u64;
                        text.push_str(&format!("I {v}\n"));
                        expected.push((func.clone(), v));
                    }
                }
                Choice::Alloc { fails, .. } => {
                    text.push_str(&format!("A {}\n", u8::from(*fails)));
                }
                Choice::Uninit { loc, value } => {
                    for (k, l) in self.uninit.iter().enumerate() {
                        if l == loc {
                            text.push_str(&format!("U {k} {}\n", *value as u64));
                        }
                    }
                }
                Choice::EnvMemory {
                    addr,
                    bytes,
                    pointer,
                    value,
                } => {
                    let width = if *pointer { 0 } else { *bytes };
                    text.push_str(&format!("E {} {width} {}\n", *addr as u64, *value as u64));
                }
                Choice::Opaque { .. } => {}
            }
        }
        (text, expected)
    }

    fn compare(
        &self,
        prog: &Program,
        run: &NativeRun,
        expected: &[(String, u64)],
        error_loc: Loc,
    ) -> Result<(), String> {
        let consumed: Vec<(String, u64)> = run
            .events
            .iter()
            .filter_map(|e| match e {
                NativeEvent::Input { func, value } => Some((func.clone(), *value)),
                _ => None,
            })
            .collect();
        let ending = run.ending(prog, &self.errors, &self.aborts);
        let reached = run.events.iter().find_map(|e| match e {
            NativeEvent::Error(k) => self.errors.get(*k).map(|s| (s.call_loc, true)),
            NativeEvent::Abort(id) => Some((self.aborts.get(*id).copied(), false)),
            _ => None,
        });
        let Some((site_loc, _)) = reached else {
            return Err(format!(
                "the compiled program {ending} without reaching the error{}",
                input_note(&consumed, expected)
            ));
        };
        if let Some(k) = consumed.iter().zip(expected).position(|(a, b)| a != b) {
            return Err(format!(
                "the compiled program read input #{} from `{}` where the interpreter's run read it from `{}`",
                k + 1,
                consumed[k].0,
                expected[k].0
            ));
        }
        if consumed.len() != expected.len() {
            return Err(format!(
                "the compiled program reached the error after reading {} of the {} inputs the interpreter's run read",
                consumed.len(),
                expected.len()
            ));
        }
        if let Some(l) = site_loc {
            if l != error_loc {
                return Err(format!(
                    "the compiled program reached the error at {}, the interpreter at {}",
                    prog.loc_string(l),
                    prog.loc_string(error_loc)
                ));
            }
        }
        Ok(())
    }
}

fn input_note(consumed: &[(String, u64)], expected: &[(String, u64)]) -> String {
    if consumed == expected {
        String::new()
    } else {
        format!(
            " (it read {} inputs, the interpreter's run {})",
            consumed.len(),
            expected.len()
        )
    }
}
