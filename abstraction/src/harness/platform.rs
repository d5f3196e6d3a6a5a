//! Which kernel a driver source is written for, and how its own build would preprocess it.
//!
//! A source that includes `<wdm.h>`, `<ntddk.h>` or `<ntifs.h>` is a Windows driver: it is
//! preprocessed by mingw-w64's `x86_64-w64-mingw32-gcc -E` with the WDK-compatible DDK
//! headers of Debian's `mingw-w64-common` as system headers, and lowered with the LLP64
//! data model (`long` is 32 bits on Windows x64). WDK annotations mingw lacks
//! (`_Dispatch_type_`, the `_IRQL_*` family) are defined away.
//!
//! A source that includes `<linux/...>` is a Linux kernel module: it is preprocessed with
//! the flags kbuild uses for an out-of-tree module of the configured kernel tree
//! ([`super::kbuild`]), with the LP64 data model.

use std::path::{Path, PathBuf};

use super::Platform;
use crate::cir::DataModel;

/// Where Debian's `mingw-w64-common` puts the DDK headers.
pub const MINGW_DDK: &str = "/usr/share/mingw-w64/include/ddk";

/// The mingw-w64 compiler that preprocesses Windows drivers.
pub const MINGW_GCC: &str = "x86_64-w64-mingw32-gcc";

/// Headers that make a source a Windows driver.
const WDM_HEADERS: [&str; 5] = ["wdm.h", "ntddk.h", "ntifs.h", "wdf.h", "ntstrsafe.h"];

/// The platform a source's own `#include` lines name, if any (quoted includes are not
/// followed: see [`detect_file`]).
pub fn detect(text: &str) -> Option<Platform> {
    includes(text).find_map(|(name, _)| platform_of_header(name))
}

/// The platform of a source file: by its `#include` lines and, transitively, those of the
/// project headers it includes with `"..."` (found beside the including file, ignoring
/// case as Windows does), as most WDM samples include `<ntddk.h>` from their own header.
pub fn detect_file(path: &Path) -> Option<Platform> {
    let mut seen = std::collections::HashSet::new();
    detect_in(path, &mut seen, 0)
}

fn detect_in(
    path: &Path,
    seen: &mut std::collections::HashSet<PathBuf>,
    depth: usize,
) -> Option<Platform> {
    const MAX_DEPTH: usize = 16;
    if depth > MAX_DEPTH || !seen.insert(path.to_path_buf()) {
        return None;
    }
    let text = String::from_utf8_lossy(&std::fs::read(path).ok()?).into_owned();
    let dir = path.parent().unwrap_or(Path::new("."));
    for (name, quoted) in includes(&text) {
        if let Some(p) = platform_of_header(name) {
            return Some(p);
        }
        if quoted {
            if let Some(found) = find_ignoring_case(dir, name) {
                if let Some(p) = detect_in(&found, seen, depth + 1) {
                    return Some(p);
                }
            }
        }
    }
    None
}

/// The platform a header name stands for.
fn platform_of_header(name: &str) -> Option<Platform> {
    let base = name
        .rsplit(['/', '\\'])
        .next()
        .unwrap_or(name)
        .to_ascii_lowercase();
    if WDM_HEADERS.contains(&base.as_str()) {
        Some(Platform::Wdm)
    } else if name.starts_with("linux/") {
        Some(Platform::Linux)
    } else {
        None
    }
}

/// The header names of a text's `#include` lines, and whether each is quoted (`"..."`)
/// rather than a system header (`<...>`).
pub(crate) fn includes(text: &str) -> impl Iterator<Item = (&str, bool)> {
    text.lines().filter_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?.trim_start();
        let arg = rest.strip_prefix("include")?.trim_start();
        let (close, quoted) = match arg.chars().next()? {
            '<' => ('>', false),
            '"' => ('"', true),
            _ => return None,
        };
        let body = &arg[1..];
        Some((&body[..body.find(close)?], quoted))
    })
}

/// `dir/name`, or the file of `dir` whose path equals it ignoring ASCII case (each
/// component matched on its own; `\` counts as `/`).
pub fn find_ignoring_case(dir: &Path, name: &str) -> Option<PathBuf> {
    let mut at = dir.to_path_buf();
    for part in name.split(['/', '\\']).filter(|p| !p.is_empty()) {
        let exact = at.join(part);
        at = if exact.exists() || part == "." || part == ".." {
            exact
        } else {
            std::fs::read_dir(&at)
                .ok()?
                .filter_map(Result::ok)
                .find(|e| e.file_name().to_string_lossy().eq_ignore_ascii_case(part))?
                .path()
        };
    }
    at.is_file().then_some(at)
}

/// How to preprocess a driver for a platform.
#[derive(Clone, Debug)]
pub struct Toolchain {
    /// The preprocessor command.
    pub compiler: String,
    /// Flags before the user's own.
    pub flags: Vec<String>,
    pub data_model: DataModel,
}

/// Annotations of the WDK that mingw-w64's headers lack, defined away.
const WDK_ANNOTATIONS: &[&str] = &[
    "-D_Dispatch_type_(x)=",
    "-D_IRQL_requires_max_(x)=",
    "-D_IRQL_requires_min_(x)=",
    "-D_IRQL_requires_(x)=",
    "-D_IRQL_raises_(x)=",
    "-D_IRQL_saves_=",
    "-D_IRQL_restores_=",
    "-D_IRQL_saves_global_(a,b)=",
    "-D_IRQL_restores_global_(a,b)=",
    "-D_IRQL_always_function_min_(x)=",
    "-D_IRQL_always_function_max_(x)=",
    "-D_IRQL_requires_same_=",
    "-D_IRQL_uses_cancel_=",
    "-D_Function_class_(x)=",
    "-D_Requires_lock_held_(x)=",
    "-D_Requires_lock_not_held_(x)=",
    "-D_Acquires_lock_(x)=",
    "-D_Releases_lock_(x)=",
    "-D_Kernel_clear_do_init_(x)=",
    "-D_Must_inspect_result_=",
    "-D_Use_decl_annotations_=",
    "-D_When_(a,b)=",
    "-D_At_(a,b)=",
    "-D_Analysis_assume_(x)=",
];

/// The toolchain for a platform; `headers` overrides the default header directory.
/// An error names the Debian package to install.
pub fn toolchain(platform: Platform, headers: Option<&Path>) -> Result<Toolchain, String> {
    match platform {
        Platform::Wdm => {
            let dir = headers
                .map(Path::to_path_buf)
                .unwrap_or_else(|| PathBuf::from(MINGW_DDK));
            if !dir.join("wdm.h").is_file() {
                return Err(match headers {
                    Some(_) => format!(
                        "{}: no wdm.h there (--kernel-headers must name a WDK `ddk` include directory)",
                        dir.display()
                    ),
                    None => format!(
                        "this is a Windows driver, but the WDK headers are not installed ({}/wdm.h is missing): install Debian's mingw-w64-common and gcc-mingw-w64-x86-64 (apt-get install mingw-w64-common gcc-mingw-w64-x86-64), or name a WDK ddk directory with --kernel-headers DIR",
                        dir.display()
                    ),
                });
            }
            if !on_path(MINGW_GCC) {
                return Err(format!(
                    "this is a Windows driver, but {MINGW_GCC} (which preprocesses it as the driver's build would) is not installed: apt-get install gcc-mingw-w64-x86-64"
                ));
            }
            let supplement = super::wdk::supplement_dir()?;
            let mut flags = vec![
                "-isystem".to_string(),
                supplement.display().to_string(),
                "-isystem".to_string(),
                dir.display().to_string(),
            ];
            flags.extend(WDK_ANNOTATIONS.iter().map(|s| s.to_string()));
            Ok(Toolchain {
                compiler: MINGW_GCC.to_string(),
                flags,
                data_model: DataModel::Llp64,
            })
        }
        Platform::Linux => {
            let kdir = super::kbuild::kernel_tree(headers)?;
            let (compiler, flags) = super::kbuild::flags(&kdir)?;
            Ok(Toolchain {
                compiler,
                flags,
                data_model: DataModel::Lp64,
            })
        }
    }
}

fn on_path(cmd: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join(cmd).is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn includes_tell_the_platform() {
        assert_eq!(detect("#include <wdm.h>\nint x;"), Some(Platform::Wdm));
        assert_eq!(detect("  #  include \"ntddk.h\"\n"), Some(Platform::Wdm));
        assert_eq!(detect("#include <linux/module.h>\n"), Some(Platform::Linux));
        assert_eq!(detect("#include <stdio.h>\nint main(){}"), None);
        // a comment after the header name (most WDM samples)
        assert_eq!(
            detect("#include <ntddk.h>          // various NT definitions\n"),
            Some(Platform::Wdm)
        );
        assert_eq!(detect("#include \"sub\\Wdm.H\"\n"), Some(Platform::Wdm));
    }

    #[test]
    fn quoted_includes_are_followed_ignoring_case() {
        let dir = std::env::temp_dir().join(format!("slamrs-detect-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("inc")).unwrap();
        std::fs::write(dir.join("drv.c"), "#include \"Inc/Driver.H\"\nint x;\n").unwrap();
        std::fs::write(
            dir.join("inc/driver.h"),
            "#include \"loop.h\"\n#include <ntddk.h>\n",
        )
        .unwrap();
        std::fs::write(dir.join("inc/loop.h"), "#include \"driver.h\"\n").unwrap();
        std::fs::write(
            dir.join("plain.c"),
            "#include \"inc/loop.h\"\n#include \"none.h\"\n",
        )
        .unwrap();
        assert_eq!(detect_file(&dir.join("drv.c")), Some(Platform::Wdm));
        // a cycle of includes ends; a missing header is no platform
        assert_eq!(detect_file(&dir.join("plain.c")), Some(Platform::Wdm));
        std::fs::write(dir.join("inc/driver.h"), "#include \"loop.h\"\n").unwrap();
        assert_eq!(detect_file(&dir.join("drv.c")), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
