//! Running the compiled harness once: its input file, resource limits (time, memory, file
//! size, no core dumps), a wall-clock timeout, and the log it writes (see [`super::runtime`]).

use super::ErrorSite;
use crate::cir::{Loc, Program};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One line of the harness's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NativeEvent {
    /// An input read by `func`.
    Input { func: String, value: u64 },
    /// `func` asked for an input after the list was used up.
    OutOfInputs(String),
    /// An allocation that may fail failed (`true`) or not.
    Alloc(bool),
    /// Error site reached: a violation.
    Error(usize),
    /// Error site reached that only ends the path (an `assert` under a rule, ...).
    End(usize),
    /// A rule abort.
    Abort(usize),
    /// An assumption (`__VERIFIER_assume`) failed.
    AssumeFailed,
    /// The entry function returned this status.
    Returned(i64),
    /// A function the harness could not stand in for was called.
    Unstubbable(String),
}

/// How the process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Exited(i32),
    Signal(i32),
    Timeout,
    /// It could not be started.
    Failed(String),
}

/// A native run.
#[derive(Clone, Debug)]
pub struct NativeRun {
    pub events: Vec<NativeEvent>,
    pub status: Status,
    /// The start of what the program printed.
    pub stdout: String,
    pub stderr: String,
    pub seconds: f64,
}

fn signal_name(s: i32) -> &'static str {
    match s {
        4 => "SIGILL",
        6 => "SIGABRT",
        7 => "SIGBUS",
        8 => "SIGFPE",
        9 => "SIGKILL",
        11 => "SIGSEGV",
        24 => "SIGXCPU",
        25 => "SIGXFSZ",
        _ => "a signal",
    }
}

impl NativeRun {
    /// How the run ended, in words ("exited with status 0", "crashed with SIGSEGV", ...).
    pub(crate) fn ending(&self, prog: &Program, errors: &[ErrorSite], aborts: &[Loc]) -> String {
        for e in self.events.iter().rev() {
            match e {
                NativeEvent::OutOfInputs(f) => {
                    return format!("ran out of inputs (`{f}` asked for one more)")
                }
                NativeEvent::End(k) => {
                    let s = errors.get(*k);
                    let what = s.map(|s| s.func.as_str()).unwrap_or("an error function");
                    let at = s
                        .and_then(|s| s.call_loc)
                        .map(|l| format!(" at {}", prog.loc_string(l)))
                        .unwrap_or_default();
                    return format!("called `{what}`{at} (which ends the path here)");
                }
                NativeEvent::AssumeFailed => return "failed an assumption".into(),
                NativeEvent::Unstubbable(f) => {
                    return format!(
                        "called `{f}`, which the harness cannot stand in for (no definition, and its result is not a scalar)"
                    )
                }
                NativeEvent::Abort(id) => {
                    let at = aborts
                        .get(*id)
                        .map(|l| prog.loc_string(*l))
                        .unwrap_or_default();
                    return format!("violated the rule at {at}");
                }
                _ => {}
            }
        }
        match &self.status {
            Status::Exited(c) => format!("exited with status {c}"),
            Status::Signal(s) => format!("was killed by {} ({s})", signal_name(*s)),
            Status::Timeout => "did not finish in time".into(),
            Status::Failed(e) => format!("could not be run ({e})"),
        }
    }
}

fn parse_log(text: &str) -> Vec<NativeEvent> {
    text.lines()
        .filter_map(|l| {
            let mut w = l.split_whitespace();
            let kind = w.next()?;
            let a = w.next();
            let b = w.next();
            let num = |x: Option<&str>| x.and_then(|v| v.parse::<u64>().ok());
            Some(match kind {
                "i" => NativeEvent::Input {
                    func: a?.to_string(),
                    value: num(b)?,
                },
                "o" => NativeEvent::OutOfInputs(a?.to_string()),
                "m" => NativeEvent::Alloc(num(a)? != 0),
                "e" => NativeEvent::Error(num(a)? as usize),
                "h" => NativeEvent::End(num(a)? as usize),
                "r" => NativeEvent::Abort(num(a)? as usize),
                "n" => NativeEvent::AssumeFailed,
                "x" => NativeEvent::Returned(num(a)? as i64),
                "s" => NativeEvent::Unstubbable(a?.to_string()),
                _ => return None,
            })
        })
        .collect()
}

fn read_prefix(path: &Path, max: usize) -> String {
    let bytes = std::fs::read(path).unwrap_or_default();
    let n = bytes.len().min(max);
    String::from_utf8_lossy(&bytes[..n]).into_owned()
}

/// Most memory the program may map (bytes), and the largest file it may write.
const MAX_AS: u64 = 4 << 30;
const MAX_FSIZE: u64 = 64 << 20;

/// Runs `binary` (in `dir`) with the input file text `input`; files are named `run-N.*`.
pub(crate) fn run(binary: &Path, dir: &Path, n: u32, input: &str, timeout_s: f64) -> NativeRun {
    let base = dir.join(format!("run-{n}"));
    let file = |ext: &str| base.with_extension(ext);
    let (inp, log, out, err) = (file("in"), file("log"), file("out"), file("err"));
    let failed = |why: String| NativeRun {
        events: Vec::new(),
        status: Status::Failed(why),
        stdout: String::new(),
        stderr: String::new(),
        seconds: 0.0,
    };
    if let Err(e) = std::fs::write(&inp, input).and_then(|_| std::fs::write(&log, "")) {
        return failed(format!("cannot write the input file: {e}"));
    }
    let (Ok(o), Ok(e)) = (std::fs::File::create(&out), std::fs::File::create(&err)) else {
        return failed("cannot create the output files".into());
    };
    let cpu = timeout_s.ceil() as u64 + 1;
    let mut cmd = Command::new(binary);
    cmd.current_dir(dir)
        .env("SLAMRS_NATIVE_IN", &inp)
        .env("SLAMRS_NATIVE_OUT", &log)
        .stdin(Stdio::null())
        .stdout(o)
        .stderr(e);
    // SAFETY: only async-signal-safe calls (setrlimit) between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            let lim = |res, v: u64| {
                let r = libc::rlimit {
                    rlim_cur: v as libc::rlim_t,
                    rlim_max: v as libc::rlim_t,
                };
                libc::setrlimit(res, &r);
            };
            lim(libc::RLIMIT_AS, MAX_AS);
            lim(libc::RLIMIT_CPU, cpu);
            lim(libc::RLIMIT_FSIZE, MAX_FSIZE);
            lim(libc::RLIMIT_CORE, 0);
            Ok(())
        });
    }
    let start = Instant::now();
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => return failed(format!("cannot start it: {e}")),
    };
    let deadline = start + Duration::from_secs_f64(timeout_s.max(0.1));
    let status = loop {
        match child.try_wait() {
            Ok(Some(st)) => {
                use std::os::unix::process::ExitStatusExt;
                break match (st.code(), st.signal()) {
                    (Some(c), _) => Status::Exited(c),
                    (None, Some(s)) => Status::Signal(s),
                    _ => Status::Failed("unknown exit status".into()),
                };
            }
            Ok(None) if Instant::now() >= deadline => {
                let _ = child.kill();
                let _ = child.wait();
                break Status::Timeout;
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => break Status::Failed(e.to_string()),
        }
    };
    NativeRun {
        events: parse_log(&std::fs::read_to_string(&log).unwrap_or_default()),
        status,
        stdout: read_prefix(&out, 4096),
        stderr: read_prefix(&err, 4096),
        seconds: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_lines() {
        let ev = parse_log("i __VERIFIER_nondet_int 5\nm 1\ne 3\nbogus\nx 0\n");
        assert_eq!(
            ev,
            vec![
                NativeEvent::Input {
                    func: "__VERIFIER_nondet_int".into(),
                    value: 5
                },
                NativeEvent::Alloc(true),
                NativeEvent::Error(3),
                NativeEvent::Returned(0),
            ]
        );
    }
}
