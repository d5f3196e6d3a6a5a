//! Compiling and linking the harness with gcc: the patched program and the harness are
//! compiled at `-O0` (locals gcc would leave uninitialized are zeroed, as the harness's
//! allocator zeroes heap memory); the first link lists the symbols nobody defines, stubs
//! are generated for them, and the second link makes the binary.

use super::patch::Planned;
use super::runtime;
use super::{NativeError, Request};
use crate::cir::DataModel;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicU32, Ordering};

/// A linked harness.
pub(crate) struct Built {
    pub binary: PathBuf,
    pub command: String,
    /// Functions whose results the harness reads from the input list.
    pub input_funcs: Vec<String>,
}

/// A fresh scratch directory under the system's temporary directory.
pub(crate) fn scratch_dir() -> Result<PathBuf, NativeError> {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("slamrs-native-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir)
        .map_err(|e| NativeError(format!("cannot create {}: {e}", dir.display())))?;
    Ok(dir)
}

fn model_flags(dm: DataModel) -> Vec<&'static str> {
    match dm {
        DataModel::Ilp32 => vec!["-m32"],
        DataModel::Lp64 | DataModel::Llp64 => vec![],
    }
}

const CFLAGS: &[&str] = &[
    "-O0",
    "-w",
    "-fno-strict-aliasing",
    "-ftrivial-auto-var-init=zero",
];

fn gcc(args: &[String], what: &str) -> Result<(), NativeError> {
    let out = Command::new("gcc")
        .args(args)
        .output()
        .map_err(|e| NativeError(format!("cannot run gcc (is it installed?): {e}")))?;
    if out.status.success() {
        return Ok(());
    }
    let err = String::from_utf8_lossy(&out.stderr);
    let hint = if args.iter().any(|a| a == "-m32")
        && (err.contains("libc-header-start") || err.contains("crt1.o") || err.contains("-lgcc"))
    {
        " (32-bit compilation needs Debian's gcc-multilib)"
    } else {
        ""
    };
    Err(NativeError(format!(
        "gcc could not {what}: {}{hint}",
        first_error(&err)
    )))
}

/// The first line of gcc's output that says what went wrong.
fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find(|l| l.contains("error") || l.contains("undefined reference"))
        .or_else(|| stderr.lines().next())
        .unwrap_or("(no message)")
        .trim()
        .to_string()
}

/// The symbols a failed link reports as undefined.
fn undefined_symbols(stderr: &str) -> Vec<String> {
    let mut out: Vec<String> = stderr
        .lines()
        .filter_map(|l| {
            let i = l.find("undefined reference to `")?;
            let rest = &l[i + "undefined reference to `".len()..];
            let end = rest.find('\'')?;
            Some(rest[..end].to_string())
        })
        .collect();
    out.sort();
    out.dedup();
    out
}

fn link_error(stderr: &str, dm: DataModel) -> NativeError {
    let hint = if dm == DataModel::Ilp32 && (stderr.contains("crt1.o") || stderr.contains("-lgcc"))
    {
        " (32-bit linking needs Debian's gcc-multilib)"
    } else {
        ""
    };
    NativeError(format!(
        "gcc could not link the program: {}{hint}",
        first_error(stderr)
    ))
}

fn s(p: &Path) -> String {
    p.to_string_lossy().into_owned()
}

/// Compiles the planned program and its harness in `dir`.
pub(crate) fn compile(req: &Request, p: &Planned, dir: &Path) -> Result<Built, NativeError> {
    let prog_c = dir.join("program.i");
    let harness_c = dir.join("harness.c");
    let stubs_c = dir.join("stubs.c");
    let binary = dir.join("program");
    let write = |path: &Path, text: &str| {
        std::fs::write(path, text)
            .map_err(|e| NativeError(format!("cannot write {}: {e}", path.display())))
    };
    write(&prog_c, &p.tu)?;
    write(&harness_c, &runtime::harness(req, p)?)?;
    let mut common: Vec<String> = CFLAGS.iter().map(|f| f.to_string()).collect();
    common.extend(model_flags(req.data_model).iter().map(|f| f.to_string()));
    let obj = |src: &Path, o: &Path, what: &str| {
        let mut a = common.clone();
        a.extend(["-c".into(), s(src), "-o".into(), s(o)]);
        gcc(&a, what)
    };
    let prog_o = dir.join("program.o");
    let harness_o = dir.join("harness.o");
    let stubs_o = dir.join("stubs.o");
    obj(&prog_c, &prog_o, "compile the program")?;
    obj(&harness_c, &harness_o, "compile the harness")?;
    let link = |objs: &[&Path]| {
        let mut a: Vec<String> = model_flags(req.data_model)
            .iter()
            .map(|f| f.to_string())
            .collect();
        a.extend(objs.iter().map(|o| s(o)));
        a.extend(["-o".into(), s(&binary), "-lm".into()]);
        Command::new("gcc")
            .args(&a)
            .output()
            .map_err(|e| NativeError(format!("cannot run gcc (is it installed?): {e}")))
    };
    let first = link(&[&prog_o, &harness_o])?;
    let mut input_funcs = runtime::harness_inputs(req.prog);
    if !first.status.success() {
        let err = String::from_utf8_lossy(&first.stderr);
        let missing = undefined_symbols(&err);
        if missing.is_empty() {
            return Err(link_error(&err, req.data_model));
        }
        let (text, inputs) = runtime::stubs(req.prog, &missing);
        write(&stubs_c, &text)?;
        obj(&stubs_c, &stubs_o, "compile the stubs")?;
        input_funcs.extend(inputs);
        let second = link(&[&prog_o, &harness_o, &stubs_o])?;
        if !second.status.success() {
            return Err(link_error(
                &String::from_utf8_lossy(&second.stderr),
                req.data_model,
            ));
        }
    }
    let command = format!(
        "gcc {} {}",
        common.join(" "),
        "program.i harness.c [stubs.c] -lm"
    );
    Ok(Built {
        binary,
        command,
        input_funcs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undefined_symbols_from_ld_output() {
        let err = "/usr/bin/ld: program.o: in function `main':\nprogram.i:(.text+0x1e): undefined reference to `KeAcquireSpinLock'\n/usr/bin/ld: program.i:(.text+0x2e): undefined reference to `ext'\nprogram.i:(.text+0x3e): undefined reference to `ext'\ncollect2: error: ld returned 1 exit status\n";
        assert_eq!(
            undefined_symbols(err),
            vec!["KeAcquireSpinLock".to_string(), "ext".to_string()]
        );
    }
}
