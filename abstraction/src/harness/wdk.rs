//! The WDK supplement: headers written here that stand beside mingw-w64's DDK headers when
//! a Windows driver is preprocessed, so samples written for a current WDK read as they are.
//!
//! - `wdm.h` shadows mingw's (`#include_next`) and then includes `slamrs_wdk.h`, the names
//!   of newer WDKs that mingw lacks (`ExAllocatePool2` and `POOL_FLAG_*`, SAL annotations,
//!   ...), each guarded so a header that has it wins.
//! - WDK headers mingw does not ship and whose content a driver's meaning does not depend
//!   on (`dontuse.h`, which only marks functions deprecated).
//!
//! The files are kept in `src/harness/wdk/` and written, on first use, to a folder of the
//! system's temporary directory named by a hash of their content, which every run of this
//! build then shares (a file found there with other content is written again).
//!
//! Per driver ([`driver_include_flags`]), what its own build on Windows would find and gcc
//! on Linux does not:
//! - a header included with other letter case than its file has (`#include "CdProcs.h"`
//!   for `cdprocs.h`; Windows' file systems ignore case): a link under the spelled name;
//! - the WPP trace header `NAME.tmh` that the WDK's `tracewpp` generates at build time: a
//!   stand-in that defines the trace calls away. The trace functions are `DoTraceMessage`
//!   and those the driver's `begin_wpp config` blocks declare (`FUNC TraceEvents(...)`).
//!   WPP evaluates a trace call's arguments only when the trace is enabled at run time,
//!   and a trace has no effect a rule sees (arguments with side effects are not modelled).
//!
//! Both are searched after everything else (`-idirafter`), so a header that exists wins.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};

/// The supplement's files: name and text.
const FILES: &[(&str, &str)] = &[
    ("wdm.h", include_str!("wdk/wdm.h")),
    ("slamrs_wdk.h", include_str!("wdk/slamrs_wdk.h")),
    ("dontuse.h", include_str!("wdk/dontuse.h")),
];

/// The folder holding the supplement (to put before mingw's DDK headers with `-isystem`).
pub fn supplement_dir() -> Result<PathBuf, String> {
    let mut h = DefaultHasher::new();
    FILES.hash(&mut h);
    let dir = std::env::temp_dir().join(format!("slamrs-wdk-{:016x}", h.finish()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for (name, text) in FILES {
        write_if_changed(&dir.join(name), text)?;
    }
    Ok(dir)
}

/// Writes `text` to `path` unless it holds it already: through a file of this process
/// renamed into place, so a run reading the folder never sees half a file.
fn write_if_changed(path: &Path, text: &str) -> Result<(), String> {
    if std::fs::read_to_string(path).is_ok_and(|t| t == text) {
        return Ok(());
    }
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Extra preprocessor flags for the Windows driver whose source files are `files` (the
/// main one first; their `#include`s followed through the driver's own headers): empty
/// when it needs none.
pub fn driver_include_flags(files: &[PathBuf]) -> Result<Vec<String>, String> {
    let Some(main) = files.first() else {
        return Ok(Vec::new());
    };
    let dir = main.parent().unwrap_or(Path::new(".")).to_path_buf();
    let needs = includes_needed(files, &dir);
    if needs.links.is_empty() && needs.wpp.is_empty() {
        return Ok(Vec::new());
    }
    let mut files: Vec<(String, FileKind)> = Vec::new();
    for (name, target) in &needs.links {
        files.push((name.clone(), FileKind::Link(target.clone())));
    }
    let wpp = wpp_header(&needs.trace_functions);
    for name in &needs.wpp {
        files.push((name.clone(), FileKind::Text(wpp.clone())));
    }
    let mut h = DefaultHasher::new();
    files.hash(&mut h);
    let prefix = crate::frontend::source::LINK_FOLDER_PREFIX;
    let out = std::env::temp_dir().join(format!("{prefix}{:016x}", h.finish()));
    for (name, kind) in &files {
        let path = out.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        match kind {
            FileKind::Text(text) => write_if_changed(&path, text)?,
            FileKind::Link(target) => {
                if std::fs::read_link(&path).ok().as_ref() != Some(target) {
                    let _ = std::fs::remove_file(&path);
                    std::os::unix::fs::symlink(target, &path)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                }
            }
        }
    }
    Ok(vec![
        "-idirafter".to_string(),
        out.display().to_string(),
        "-idirafter".to_string(),
        dir.display().to_string(),
    ])
}

#[derive(Hash)]
enum FileKind {
    Text(String),
    Link(PathBuf),
}

/// What a driver's includes need that its folder does not have under the spelled name.
#[derive(Default)]
struct Needs {
    /// Spelled name -> the file it means (found ignoring case).
    links: std::collections::BTreeMap<String, PathBuf>,
    /// WPP headers (`*.tmh`) to stand in for.
    wpp: std::collections::BTreeSet<String>,
    /// The trace functions the driver's WPP configuration declares.
    trace_functions: std::collections::BTreeSet<String>,
}

/// Follows the includes from `files` through the files of the driver (found beside the
/// including file or in the driver's folder `dir`).
fn includes_needed(files: &[PathBuf], dir: &Path) -> Needs {
    let mut needs = Needs::default();
    let mut seen = std::collections::HashSet::new();
    let mut todo = files.to_vec();
    while let Some(file) = todo.pop() {
        if !seen.insert(file.clone()) || seen.len() > 2000 {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes);
        needs.trace_functions.extend(wpp_functions(&text));
        let here = file.parent().unwrap_or(dir).to_path_buf();
        for (name, _) in super::platform::includes(&text) {
            let exact = [&here, dir]
                .into_iter()
                .map(|d| d.join(name))
                .find(|p| p.is_file());
            if let Some(p) = exact {
                todo.push(p);
                continue;
            }
            let folded = [&here, dir]
                .into_iter()
                .find_map(|d| super::platform::find_ignoring_case(d, name));
            if let Some(p) = folded {
                // a link's target is read from the link's own folder: absolute
                let target = std::fs::canonicalize(&p).unwrap_or_else(|_| p.clone());
                needs.links.insert(name.replace('\\', "/"), target);
                todo.push(p);
            } else if name.to_ascii_lowercase().ends_with(".tmh") {
                needs.wpp.insert(name.replace('\\', "/"));
            }
        }
    }
    needs
}

/// The trace functions a text's WPP configuration blocks declare (`FUNC NAME(...)` or
/// `FUNC NAME{...}(...)` between `begin_wpp config` and `end_wpp`, in comments).
fn wpp_functions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut inside = false;
    for line in text.lines() {
        let l = line.trim_start().trim_start_matches(['/', '*']).trim();
        if l.starts_with("begin_wpp") {
            inside = true;
        } else if l.starts_with("end_wpp") {
            inside = false;
        } else if inside {
            if let Some(rest) = l.strip_prefix("FUNC") {
                let name: String = rest
                    .trim_start()
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if !name.is_empty() && rest.starts_with(char::is_whitespace) {
                    out.push(name);
                }
            }
        }
    }
    out
}

/// The stand-in for a generated WPP header.
fn wpp_header(functions: &std::collections::BTreeSet<String>) -> String {
    let mut t = String::from(
        "/* slamrs: stand-in for a trace header the WDK's tracewpp generates at build time\n   (docs/drivers.md): the trace calls have no effect a rule sees. */\n\
         #ifndef SLAMRS_WPP_TMH\n#define SLAMRS_WPP_TMH\n#include <evntrace.h>\n\
         #define WPP_INIT_TRACING(...) ((void)0)\n#define WPP_CLEANUP(...) ((void)0)\n\
         #define WPP_SYSTEMCONTROL(...) ((void)0)\n#define DoTraceMessage(...) ((void)0)\n\
         #define DoTraceLevelMessage(...) ((void)0)\n",
    );
    for f in functions {
        if f != "DoTraceMessage" && f != "DoTraceLevelMessage" {
            t.push_str(&format!("#define {f}(...) ((void)0)\n"));
        }
    }
    t.push_str("#endif\n");
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wpp_configuration_names_the_trace_functions() {
        let text = "// begin_wpp config\n// CUSTOM_TYPE(state, ItemEnum(_S));\n//FUNC TRACE_RETURN{FLAG=FLAG_ONE}(EXP);\n// FUNC TraceEvents(LEVEL, FLAGS, MSG, ...);\n// end_wpp\n// FUNC NotInConfig(X);\n";
        assert_eq!(wpp_functions(text), vec!["TRACE_RETURN", "TraceEvents"]);
    }

    #[test]
    fn a_driver_gets_its_headers_ignoring_case_and_wpp_stand_ins() {
        let dir = std::env::temp_dir().join(format!("slamrs-wdkinc-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("drv.c"),
            "#include \"Procs.H\"\n#include \"drv.tmh\"\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("procs.h"),
            "// begin_wpp config\n// FUNC Log(MSG, ...);\n// end_wpp\n",
        )
        .unwrap();
        let flags = driver_include_flags(&[dir.join("drv.c")]).unwrap();
        assert_eq!(flags.len(), 4);
        let inc = PathBuf::from(&flags[1]);
        assert_eq!(
            std::fs::read_link(inc.join("Procs.H")).unwrap(),
            dir.join("procs.h")
        );
        let tmh = std::fs::read_to_string(inc.join("drv.tmh")).unwrap();
        assert!(tmh.contains("#define Log(...) ((void)0)"), "{tmh}");
        std::fs::write(dir.join("plain.c"), "#include \"procs.h\"\n").unwrap();
        assert!(driver_include_flags(&[dir.join("plain.c")])
            .unwrap()
            .is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_supplement_is_written_once_and_complete() {
        let dir = supplement_dir().unwrap();
        assert_eq!(supplement_dir().unwrap(), dir);
        for (name, text) in FILES {
            assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), *text);
        }
    }
}
