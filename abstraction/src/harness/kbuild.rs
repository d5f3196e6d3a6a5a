//! The flags kbuild preprocesses an out-of-tree module with, read from the kernel's own
//! build.
//!
//! `make -C KDIR M=PROBE probe.i V=1` on an empty module prints the exact `gcc -E` command
//! kbuild runs (include directories of the configured tree, `-include` of `kconfig.h` and
//! `compiler_types.h`, `-D__KERNEL__ -DMODULE`, the `-m`/`-f` options that decide which
//! macros are predefined). slamrs runs that once per kernel tree, keeps the flags in a
//! cache file (`$XDG_CACHE_HOME/slamrs/`, else `~/.cache/slamrs/`) and preprocesses each
//! driver with them, with two changes: the kernel's include directories are given with
//! `-isystem` instead of `-I` (so its headers are system headers: bodies of header
//! functions the driver never names are pruned, and constructs in them that slamrs cannot
//! lower are tolerated), and relative directories are made absolute.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Debian package that provides the configured kernel headers.
pub const DEBIAN_PACKAGE: &str = "linux-headers-amd64";

/// The kernel build tree to use: `dir` when given, else the running kernel's
/// (`/lib/modules/$(uname -r)/build`), else the newest `/usr/src/linux-headers-*`
/// that has a `Makefile` and a generated `include/generated/autoconf.h`.
pub fn kernel_tree(dir: Option<&Path>) -> Result<PathBuf, String> {
    if let Some(d) = dir {
        if d.join("Makefile").is_file() {
            return Ok(d.to_path_buf());
        }
        return Err(format!(
            "{}: not a configured kernel build tree (no Makefile there; --kernel-headers must name a directory like /usr/src/linux-headers-VERSION-amd64)",
            d.display()
        ));
    }
    let configured =
        |d: &Path| d.join("Makefile").is_file() && d.join("include/generated/autoconf.h").is_file();
    if let Ok(out) = Command::new("uname").arg("-r").output() {
        let release = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let build = PathBuf::from(format!("/lib/modules/{release}/build"));
        if !release.is_empty() && configured(&build) {
            return Ok(build);
        }
    }
    let mut trees: Vec<PathBuf> = std::fs::read_dir("/usr/src")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("linux-headers-"))
                && configured(p)
        })
        .collect();
    trees.sort_by_key(|a| version_key(a));
    trees.pop().ok_or_else(|| {
        format!(
            "this is a Linux kernel module, but no configured kernel headers are installed (no /lib/modules/$(uname -r)/build, no /usr/src/linux-headers-*): install Debian's {DEBIAN_PACKAGE} (apt-get install {DEBIAN_PACKAGE}), or name a kernel build tree with --kernel-headers DIR"
        )
    })
}

/// Sort key of a `linux-headers-6.1.0-56-amd64` directory: its numbers in order.
fn version_key(p: &Path) -> Vec<u64> {
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.split(|c: char| !c.is_ascii_digit())
        .filter_map(|s| s.parse().ok())
        .collect()
}

/// The preprocessor and its flags for modules of the tree `kdir` (from the cache, or by
/// asking kbuild).
pub fn flags(kdir: &Path) -> Result<(String, Vec<String>), String> {
    let cache = cache_file(kdir);
    let makefile_time = std::fs::metadata(kdir.join("Makefile"))
        .and_then(|m| m.modified())
        .ok();
    if let Some(c) = &cache {
        let fresh = std::fs::metadata(c)
            .and_then(|m| m.modified())
            .ok()
            .zip(makefile_time)
            .is_some_and(|(c, m)| c >= m);
        if fresh {
            if let Ok(text) = std::fs::read_to_string(c) {
                let mut lines = text.lines();
                if let Some(cc) = lines.next() {
                    let flags = lines.map(str::to_string).collect();
                    return Ok((cc.to_string(), with_own_flags(flags)));
                }
            }
        }
    }
    let (cc, flags) = ask_kbuild(kdir)?;
    if let Some(c) = &cache {
        let _ = std::fs::create_dir_all(c.parent().unwrap_or(Path::new(".")));
        let tmp = c.with_extension(format!("tmp{}", std::process::id()));
        let body = std::iter::once(cc.clone())
            .chain(flags.iter().cloned())
            .collect::<Vec<_>>()
            .join("\n");
        if std::fs::write(&tmp, body).is_ok() {
            let _ = std::fs::rename(&tmp, c);
        }
    }
    Ok((cc, with_own_flags(flags)))
}

/// Flags slamrs adds to kbuild's: `-ftrack-macro-expansion=0`, so that gcc writes no line
/// markers inside a macro's expansion (the kernel's `min()`, `max()` and `clamp()` spread
/// one expression over lines that lang-c cannot read split by markers; every token of an
/// expansion then has the line of the macro's use), and `-D__DISABLE_EXPORTS`, so that
/// `EXPORT_SYMBOL(f)` expands to nothing instead of file-scope assembly (what a module
/// exports to others does not change what it does).
fn with_own_flags(mut flags: Vec<String>) -> Vec<String> {
    for own in ["-ftrack-macro-expansion=0", "-D__DISABLE_EXPORTS"] {
        if !flags.iter().any(|f| f == own) {
            flags.push(own.to_string());
        }
    }
    flags
}

fn cache_file(kdir: &Path) -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    let canon = kdir.canonicalize().unwrap_or_else(|_| kdir.to_path_buf());
    let key: String = canon
        .display()
        .to_string()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    Some(base.join("slamrs").join(format!("kbuild{key}.flags")))
}

/// Runs kbuild on an empty module and reads its `gcc -E` command line.
fn ask_kbuild(kdir: &Path) -> Result<(String, Vec<String>), String> {
    let probe = std::env::temp_dir().join(format!("slamrs-kbuild-{}", std::process::id()));
    std::fs::create_dir_all(&probe).map_err(|e| format!("{}: {e}", probe.display()))?;
    let _cleanup = RemoveOnDrop(probe.clone());
    std::fs::write(probe.join("Kbuild"), "obj-m := slamrs_probe.o\n")
        .and_then(|_| std::fs::write(probe.join("slamrs_probe.c"), "int slamrs_probe;\n"))
        .map_err(|e| format!("{}: {e}", probe.display()))?;
    let out = Command::new("make")
        .arg("-C")
        .arg(kdir)
        .arg(format!("M={}", probe.display()))
        .arg("slamrs_probe.i")
        .arg("V=1")
        .output()
        .map_err(|e| {
            format!("cannot run make (install Debian's make and {DEBIAN_PACKAGE}): {e}")
        })?;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let line = stdout
        .lines()
        .find(|l| l.contains(" -E ") && l.contains("slamrs_probe.c"));
    let Some(line) = line else {
        let stderr = String::from_utf8_lossy(&out.stderr);
        let why = stderr
            .lines()
            .last()
            .unwrap_or("no preprocessor command in its output");
        return Err(format!(
            "{}: kbuild could not preprocess a module ({why}); is the tree configured (`{DEBIAN_PACKAGE}`)?",
            kdir.display()
        ));
    };
    Ok(parse_command(line, kdir))
}

struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Splits kbuild's command line (shell words, `'...'` quoting) into the compiler and the
/// flags slamrs keeps.
pub fn parse_command(line: &str, kdir: &Path) -> (String, Vec<String>) {
    let words = shell_words(line);
    let mut it = words
        .into_iter()
        .skip_while(|w| w.contains('=') && !w.starts_with('-'));
    let cc = it.next().unwrap_or_else(|| "gcc".to_string());
    let rest: Vec<String> = it.collect();
    let abs = |d: &str| -> String {
        let p = Path::new(d);
        if p.is_absolute() {
            d.to_string()
        } else {
            kdir.join(p).display().to_string()
        }
    };
    let mut flags = Vec::new();
    let mut i = 0;
    while i < rest.len() {
        let w = &rest[i];
        i += 1;
        if w == "-E" || w.starts_with("-Wp,") || w.starts_with("-W") || w == "-g" || w == "-pg" {
            continue;
        }
        if w == "-o" {
            i += 1;
            continue;
        }
        if w.ends_with(".c") && !w.starts_with('-') {
            continue;
        }
        if let Some(d) = w.strip_prefix("-I") {
            let d = if d.is_empty() {
                i += 1;
                rest.get(i - 1).cloned().unwrap_or_default()
            } else {
                d.to_string()
            };
            flags.push("-isystem".to_string());
            flags.push(abs(&d));
            continue;
        }
        if w == "-include" {
            flags.push(w.clone());
            if let Some(f) = rest.get(i) {
                flags.push(abs(f));
            }
            i += 1;
            continue;
        }
        if w.starts_with("-DKBUILD_") || w.starts_with("-D__KBUILD_MODNAME") {
            continue;
        }
        flags.push(w.clone());
    }
    flags.push("-DKBUILD_MODNAME=\"slamrs_driver\"".to_string());
    flags.push("-DKBUILD_BASENAME=\"slamrs_driver\"".to_string());
    (cc, flags)
}

/// Shell words of a command line with `'...'` and `"..."` quoting.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut cur = String::new();
    let mut in_word = false;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                in_word = true;
                for d in chars.by_ref() {
                    if d == '\'' {
                        break;
                    }
                    cur.push(d);
                }
            }
            '"' => {
                in_word = true;
                while let Some(d) = chars.next() {
                    match d {
                        '"' => break,
                        '\\' => {
                            if let Some(e) = chars.next() {
                                cur.push(e);
                            }
                        }
                        _ => cur.push(d),
                    }
                }
            }
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut cur));
                    in_word = false;
                }
            }
            c => {
                in_word = true;
                cur.push(c);
            }
        }
    }
    if in_word {
        words.push(cur);
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kbuild_command_becomes_system_include_flags() {
        let line = "  gcc-12 -E -Wp,-MMD,/t/.p.i.d -nostdinc -I/k/common/include -I./include -include /k/common/include/linux/kconfig.h -D__KERNEL__ -Wall -mno-sse -O2 -g -DMODULE -DKBUILD_BASENAME='\"p\"' -DKBUILD_MODNAME='\"p\"' -D__KBUILD_MODNAME=kmod_p -o /t/p.i /t/p.c";
        let (cc, flags) = parse_command(line, Path::new("/k/amd64"));
        assert_eq!(cc, "gcc-12");
        assert_eq!(
            flags,
            [
                "-nostdinc",
                "-isystem",
                "/k/common/include",
                "-isystem",
                "/k/amd64/./include",
                "-include",
                "/k/common/include/linux/kconfig.h",
                "-D__KERNEL__",
                "-mno-sse",
                "-O2",
                "-DMODULE",
                "-DKBUILD_MODNAME=\"slamrs_driver\"",
                "-DKBUILD_BASENAME=\"slamrs_driver\""
            ]
        );
    }
}
