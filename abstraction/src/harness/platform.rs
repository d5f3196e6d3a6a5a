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

/// The platform a source's `#include` lines name, if any.
pub fn detect(text: &str) -> Option<Platform> {
    for line in text.lines() {
        let l = line.trim_start();
        let Some(rest) = l.strip_prefix('#') else {
            continue;
        };
        let rest = rest.trim_start();
        let Some(arg) = rest.strip_prefix("include") else {
            continue;
        };
        let arg = arg.trim().trim_matches(['<', '>', '"']);
        let base = arg.rsplit('/').next().unwrap_or(arg).to_ascii_lowercase();
        if WDM_HEADERS.contains(&base.as_str()) {
            return Some(Platform::Wdm);
        }
        if arg.starts_with("linux/") {
            return Some(Platform::Linux);
        }
    }
    None
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
            let mut flags = vec!["-isystem".to_string(), dir.display().to_string()];
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
    }
}
