//! Helpers shared by the command-line tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Runs the `slamrs` binary with `args`.
pub fn slamrs(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .args(args)
        .output()
        .expect("run slamrs")
}

/// Bytes as (lossy) text.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A scratch directory for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The `.c` files of `dir`, sorted, whose names contain `filter`.
pub fn c_programs(dir: &Path, filter: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .filter(|p| file_name(p).contains(filter))
        .collect();
    files.sort();
    files
}

/// The file's name.
pub fn file_name(p: &Path) -> String {
    p.file_name().unwrap().to_string_lossy().into_owned()
}

/// The `// key: value` lines of the leading comment block, in order.
pub fn header(path: &Path) -> Result<Vec<(String, String)>, String> {
    let src = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for line in src.lines() {
        let Some(rest) = line.strip_prefix("//") else {
            break;
        };
        let Some((key, value)) = rest.trim().split_once(':') else {
            continue;
        };
        let key = key.trim();
        if !key.is_empty() && key.chars().all(|c| c.is_ascii_lowercase() || c == '-') {
            out.push((key.to_string(), value.trim().to_string()));
        }
    }
    Ok(out)
}

/// The outcome of one `slamrs` process.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    pub secs: f64,
}

/// Runs `slamrs args`, killing it after `limit`; output goes through files in the scratch
/// directory `scratch_name`, so that a chatty child never blocks on a full pipe.
pub fn run_bounded(args: &[String], limit: Duration, scratch_name: &str) -> Result<Run, String> {
    let start = Instant::now();
    let dir = scratch(scratch_name);
    let id = format!("{}-{:?}", std::process::id(), std::thread::current().id())
        .replace(|c: char| !c.is_ascii_alphanumeric(), "_");
    let out_path = dir.join(format!("{id}.out"));
    let err_path = dir.join(format!("{id}.err"));
    let out = std::fs::File::create(&out_path).map_err(|e| e.to_string())?;
    let err = std::fs::File::create(&err_path).map_err(|e| e.to_string())?;
    let mut child = Command::new(env!("CARGO_BIN_EXE_slamrs"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot run slamrs: {e}"))?;
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let stdout = std::fs::read(&out_path)
        .map(|b| text(&b))
        .unwrap_or_default();
    let stderr = std::fs::read(&err_path)
        .map(|b| text(&b))
        .unwrap_or_default();
    let secs = start.elapsed().as_secs_f64();
    match status {
        None => Err(format!(
            "killed after {secs:.0} s (beyond its own --timeout)\n  stderr: {}",
            tail(&stderr, 1500)
        )),
        Some(status) => Ok(Run {
            code: status.code(),
            stdout,
            stderr,
            secs,
        }),
    }
}

/// The last `n` bytes of `s` (at a character boundary).
pub fn tail(s: &str, n: usize) -> &str {
    let mut start = s.len().saturating_sub(n);
    while !s.is_char_boundary(start) {
        start += 1;
    }
    &s[start..]
}

/// Runs `work` on every item over `threads` threads; the results in item order.
pub fn parallel<T: Sync, R: Send>(
    items: &[T],
    threads: usize,
    work: impl Fn(&T) -> R + Sync,
) -> Vec<R> {
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(items.len()));
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                let r = work(item);
                results.lock().unwrap().push((i, r));
            });
        }
    });
    let mut results = results.into_inner().unwrap();
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Compares `content` with the golden file `NAME.KIND.snap` beside `case` (insta; written
/// by `scripts/update-golden`).
pub fn golden(case: &Path, kind: &str, content: &str) {
    let name = format!(
        "{}.{kind}",
        case.file_stem().unwrap_or_default().to_string_lossy()
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(case.parent().expect("dir"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_omit_expression(true);
    settings.bind(|| insta::assert_snapshot!(name, content));
}
