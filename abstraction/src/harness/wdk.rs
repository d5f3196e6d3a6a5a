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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_supplement_is_written_once_and_complete() {
        let dir = supplement_dir().unwrap();
        assert_eq!(supplement_dir().unwrap(), dir);
        for (name, text) in FILES {
            assert_eq!(std::fs::read_to_string(dir.join(name)).unwrap(), *text);
        }
    }
}
