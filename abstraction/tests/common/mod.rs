//! Helpers shared by the data-driven integration tests over `c-tests/`: finding the corpus,
//! reading header comments, compiling and running programs with gcc, and describing how a
//! run ended.
//!
//! Each test binary includes this module with `mod common;` and uses part of it.
#![allow(dead_code)]

use slamrs_abstraction::cir::{Loc, Program};
use slamrs_abstraction::interp::Outcome;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The repository root (the parent of the `abstraction` crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(".."))
}

/// `c-tests/<name>` under the repository root.
pub fn corpus_dir(name: &str) -> PathBuf {
    repo_root().join("c-tests").join(name)
}

/// The `.c` files directly in `dir`, sorted by name; a test failure if the directory cannot
/// be read.
pub fn c_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read corpus directory {}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "c"))
        .collect();
    files.sort();
    files
}

/// Keep only the files whose name contains the value of the environment variable `var`
/// (all files when it is unset or empty), so a developer can run part of a corpus.
pub fn filter_by_env(files: Vec<PathBuf>, var: &str) -> Vec<PathBuf> {
    match std::env::var(var) {
        Ok(f) if !f.is_empty() => files
            .into_iter()
            .filter(|p| {
                p.file_name()
                    .is_some_and(|n| n.to_string_lossy().contains(&f))
            })
            .collect(),
        _ => files,
    }
}

/// The file's name, for reports.
pub fn short_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| path.display().to_string())
}

/// The values of every `// key: value` header line of `text`, in order (value trimmed; may be
/// empty). Only leading comment lines are looked at: the header ends at the first line that
/// is neither a `//` comment nor blank.
pub fn header_values(text: &str, key: &str) -> Vec<String> {
    let prefix = format!("{key}:");
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let Some(comment) = line.strip_prefix("//") else {
            break;
        };
        if let Some(value) = comment.trim_start().strip_prefix(&prefix) {
            out.push(value.trim().to_string());
        }
    }
    out
}

/// Parse one `inputs:` line: whitespace-separated decimal integers (optionally negative).
pub fn parse_inputs(line: &str) -> Result<Vec<i128>, String> {
    line.split_whitespace()
        .map(|tok| {
            tok.parse::<i128>()
                .map_err(|e| format!("bad input value `{tok}`: {e}"))
        })
        .collect()
}

/// The input vectors of a program: one per `// inputs:` header line, or a single empty
/// vector when there is none.
pub fn program_inputs(text: &str) -> Result<Vec<Vec<i128>>, String> {
    let lines = header_values(text, "inputs");
    if lines.is_empty() {
        return Ok(vec![Vec::new()]);
    }
    lines.iter().map(|l| parse_inputs(l)).collect()
}

/// How a program run ended, in the terms both gcc binaries and the interpreter can express.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Normal termination with this exit status (0..=255).
    Code(i32),
    /// Killed by this signal (6 = SIGABRT for `abort()`).
    Signal(i32),
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Status::Code(97) => write!(f, "status 97 (assume failed)"),
            Status::Code(98) => write!(f, "status 98 (out of inputs)"),
            Status::Code(99) => write!(f, "status 99 (error reached)"),
            Status::Code(c) => write!(f, "status {c}"),
            Status::Signal(6) => write!(f, "signal 6 (abort)"),
            Status::Signal(s) => write!(f, "signal {s}"),
        }
    }
}

/// What one run produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunResult {
    pub stdout: Vec<u8>,
    pub status: Status,
}

/// Wall-clock limit for one gcc-compiled run.
pub const RUN_TIMEOUT: Duration = Duration::from_secs(20);

/// The environment stubs every gcc build links (`c-tests/frontend/harness/env.c`).
pub fn env_stub_source() -> PathBuf {
    corpus_dir("frontend").join("harness").join("env.c")
}

/// A scratch directory for binaries, removed when dropped.
pub struct ScratchDir {
    pub path: PathBuf,
}

impl ScratchDir {
    /// Create a fresh directory under the system temp dir, named after `tag` and this process.
    pub fn new(tag: &str) -> ScratchDir {
        let path = std::env::temp_dir().join(format!("slamrs-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path)
            .unwrap_or_else(|e| panic!("cannot create {}: {e}", path.display()));
        ScratchDir { path }
    }
}

impl Drop for ScratchDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Run gcc with `args`; Err with its stderr if it fails or cannot be started.
pub fn gcc(args: &[&std::ffi::OsStr]) -> Result<(), String> {
    let out = Command::new("gcc")
        .args(args)
        .output()
        .map_err(|e| format!("cannot run gcc (it is required; see scripts/setup): {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    }
}

/// Compile the environment stubs once into `dir/env.o`.
pub fn compile_env_stub(dir: &Path) -> Result<PathBuf, String> {
    let obj = dir.join("env.o");
    let src = env_stub_source();
    gcc(&[
        "-O0".as_ref(),
        "-w".as_ref(),
        "-c".as_ref(),
        src.as_os_str(),
        "-o".as_ref(),
        obj.as_os_str(),
    ])
    .map_err(|e| format!("compiling {}: {e}", src.display()))?;
    Ok(obj)
}

/// Compile `src` (with `extra` objects or sources) into `dir/<stem>` with `gcc -O0 -w`.
pub fn compile_program(src: &Path, extra: &[&Path], dir: &Path) -> Result<PathBuf, String> {
    let stem = src
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "prog".into());
    let bin = dir.join(stem);
    let mut args: Vec<&std::ffi::OsStr> = vec!["-O0".as_ref(), "-w".as_ref(), "-o".as_ref()];
    args.push(bin.as_os_str());
    args.push(src.as_os_str());
    args.extend(extra.iter().map(|p| p.as_os_str()));
    gcc(&args)?;
    Ok(bin)
}

/// Run a compiled program with `SLAMRS_INPUTS` set to `inputs`; Err on timeout or if it
/// cannot be started.
pub fn run_binary(bin: &Path, inputs: &[i128]) -> Result<RunResult, String> {
    run_binary_with_env(bin, inputs, &[])
}

/// [`run_binary`] with extra environment variables.
pub fn run_binary_with_env(
    bin: &Path,
    inputs: &[i128],
    env: &[(&str, &str)],
) -> Result<RunResult, String> {
    let joined: Vec<String> = inputs.iter().map(i128::to_string).collect();
    let mut child = Command::new(bin)
        .env("SLAMRS_INPUTS", joined.join(" "))
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let mut pipe = child
        .stdout
        .take()
        .ok_or_else(|| "no stdout pipe".to_string())?;
    let reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        let _ = pipe.read_to_end(&mut buf);
        buf
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(s)) => break s,
            Ok(None) if start.elapsed() > RUN_TIMEOUT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{} timed out after {RUN_TIMEOUT:?}", bin.display()));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("waiting for {}: {e}", bin.display())),
        }
    };
    let stdout = reader
        .join()
        .map_err(|_| "stdout reader thread failed".to_string())?;
    use std::os::unix::process::ExitStatusExt;
    let status = match (status.code(), status.signal()) {
        (Some(c), _) => Status::Code(c),
        (None, Some(s)) => Status::Signal(s),
        (None, None) => return Err(format!("{}: unknown exit status", bin.display())),
    };
    Ok(RunResult { stdout, status })
}

/// Show program output in a report: lossy UTF-8, at most `max_lines` lines, each indented.
pub fn show_output(bytes: &[u8], max_lines: usize) -> String {
    let text = String::from_utf8_lossy(bytes);
    let mut out = String::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    for l in lines.iter().take(max_lines) {
        out.push_str("      | ");
        out.push_str(&l.escape_debug().to_string().replace("\\n", ""));
        out.push('\n');
    }
    if lines.len() > max_lines {
        out.push_str(&format!(
            "      | ... ({} more lines)\n",
            lines.len() - max_lines
        ));
    }
    if lines.is_empty() {
        out.push_str("      (no output)\n");
    } else if !text.ends_with('\n') {
        out.push_str("      (no newline at end)\n");
    }
    out
}

/// The first line (1-based) where two outputs differ, if they do.
pub fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    if a == b {
        return None;
    }
    let la: Vec<&[u8]> = a.split(|&c| c == b'\n').collect();
    let lb: Vec<&[u8]> = b.split(|&c| c == b'\n').collect();
    let n = la.len().max(lb.len());
    (0..n).find(|&i| la.get(i) != lb.get(i)).map(|i| i + 1)
}

/// Format a list of inputs the way the header writes them.
pub fn show_inputs(inputs: &[i128]) -> String {
    if inputs.is_empty() {
        "(none)".into()
    } else {
        inputs
            .iter()
            .map(i128::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// `file:line:col` of a CIR location.
pub fn show_loc(prog: &Program, loc: Loc) -> String {
    let file = prog
        .files
        .get(loc.file.0 as usize)
        .map(String::as_str)
        .unwrap_or("?");
    format!("{file}:{}:{}", loc.line, loc.col)
}

/// The status a gcc binary would have for this interpreter outcome; Err for outcomes that
/// have no counterpart (step bound, undefined behaviour, unsupported construct).
pub fn outcome_status(prog: &Program, outcome: &Outcome) -> Result<Status, String> {
    match outcome {
        Outcome::Error { .. } => Ok(Status::Code(99)),
        Outcome::OutOfInputs { .. } => Ok(Status::Code(98)),
        Outcome::AssumeFailed { .. } => Ok(Status::Code(97)),
        Outcome::Exit { code: Some(n) } => Ok(Status::Code((n & 255) as i32)),
        Outcome::Exit { code: None } => Ok(Status::Signal(6)),
        // Falling off the end of `main` returns 0 (C99 5.1.2.2.3).
        Outcome::Return { value } => Ok(Status::Code((value.unwrap_or(0) & 255) as i32)),
        Outcome::StepBound => Err("interpreter hit its step bound".into()),
        Outcome::Undefined { loc, reason } => Err(format!(
            "interpreter: undefined behaviour at {}: {reason}",
            show_loc(prog, *loc)
        )),
        Outcome::Unsupported { loc, reason } => Err(format!(
            "interpreter: unsupported at {}: {reason}",
            show_loc(prog, *loc)
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_are_read_until_code() {
        let text = "// covers: x\n// inputs: 1 -2\n\n// inputs:\nint main(void) { return 0; }\n// inputs: 9\n";
        assert_eq!(header_values(text, "inputs"), vec!["1 -2", ""]);
        assert_eq!(
            program_inputs(text).unwrap(),
            vec![vec![1, -2], Vec::<i128>::new()]
        );
        assert_eq!(program_inputs("int x;").unwrap(), vec![Vec::<i128>::new()]);
        assert!(parse_inputs("1 x").is_err());
    }

    #[test]
    fn differences_are_located_by_line() {
        assert_eq!(first_difference(b"a\nb\n", b"a\nb\n"), None);
        assert_eq!(first_difference(b"a\nb\n", b"a\nc\n"), Some(2));
        assert_eq!(first_difference(b"a\n", b"a\nmore\n"), Some(2));
    }
}
