//! Names of status codes for trace values: a driver's `NTSTATUS` (`-1073741819
//! (STATUS_ACCESS_VIOLATION)`) or Linux error number (`-12 (-ENOMEM)`), read from the
//! headers the driver is built with (`gcc -dM -E` of `<ntstatus.h>` or `<linux/errno.h>`
//! with the driver's own preprocessor and flags), so the names are those of its kernel.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

/// Code values and their names.
#[derive(Clone, Debug, Default)]
pub struct CodeNames {
    by_value: HashMap<i128, String>,
}

/// Which kind of codes a driver's values are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CodeKind {
    /// Windows `NTSTATUS`: a value is named when it is an error or warning (negative as
    /// 32 bits) or an informational status from 0x100 up (`STATUS_PENDING`): small values
    /// are counts and flags far more often than statuses.
    NtStatus,
    /// Linux error numbers, returned negated (`-ENOMEM`): values from -2 down (-1 is used
    /// for much else than `-EPERM`).
    Errno,
}

impl CodeNames {
    /// The names the headers define: `compiler` with `flags` preprocesses the header of
    /// `kind`; empty when that fails (names are a help, never a condition).
    pub fn from_headers(compiler: &str, flags: &[String], kind: CodeKind) -> CodeNames {
        let header = match kind {
            CodeKind::NtStatus => "#include <ntstatus.h>\n",
            CodeKind::Errno => "#include <linux/errno.h>\n",
        };
        let Ok(mut child) = Command::new(compiler)
            .args(flags)
            .args(["-dM", "-E", "-x", "c", "-"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
        else {
            return CodeNames::default();
        };
        if let Some(mut stdin) = child.stdin.take() {
            let _ = stdin.write_all(header.as_bytes());
        }
        match child.wait_with_output() {
            Ok(out) if out.status.success() => {
                CodeNames::parse(&String::from_utf8_lossy(&out.stdout), kind)
            }
            _ => CodeNames::default(),
        }
    }

    /// The names of `#define` lines (`gcc -dM` output) of `kind`.
    pub fn parse(defines: &str, kind: CodeKind) -> CodeNames {
        let mut by_value = HashMap::new();
        for line in defines.lines() {
            let Some(rest) = line.strip_prefix("#define ") else {
                continue;
            };
            let Some((name, body)) = rest.split_once(' ') else {
                continue;
            };
            let wanted = match kind {
                CodeKind::NtStatus => name.starts_with("STATUS_"),
                CodeKind::Errno => {
                    name.starts_with('E')
                        && name[1..]
                            .chars()
                            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                }
            };
            if !wanted {
                continue;
            }
            let Some(v) = number(body) else { continue };
            let (value, shown) = match kind {
                CodeKind::NtStatus => (v as u32 as i32 as i128, name.to_string()),
                CodeKind::Errno => (-v, format!("-{name}")),
            };
            let named = match kind {
                CodeKind::NtStatus => !(0..0x100).contains(&value),
                CodeKind::Errno => value <= -2,
            };
            if named {
                by_value
                    .entry(value)
                    .and_modify(|n: &mut String| {
                        if shown < *n {
                            *n = shown.clone()
                        }
                    })
                    .or_insert(shown);
            }
        }
        CodeNames { by_value }
    }

    /// `value` with its name, if it has one (a trace value is signed or unsigned).
    pub fn annotate(&self, value: &str) -> Option<String> {
        let v: i128 = value.trim().parse().ok()?;
        let name = self.by_value.get(&v).or_else(|| {
            (v > i32::MAX as i128 && v <= u32::MAX as i128)
                .then(|| self.by_value.get(&(v as u32 as i32 as i128)))
                .flatten()
        })?;
        Some(format!("{value} ({name})"))
    }

    pub fn is_empty(&self) -> bool {
        self.by_value.is_empty()
    }
}

/// The integer of a macro body such as `12`, `0xC0000005`, `((NTSTATUS)0xC0000005L)`.
fn number(body: &str) -> Option<i128> {
    let mut t = body.trim();
    if let Some(rest) = t.strip_prefix("((NTSTATUS)") {
        t = rest.strip_suffix(')')?;
    }
    let t = t.trim_start_matches('(').trim_end_matches(')');
    let t = t.trim_end_matches(['L', 'l', 'U', 'u']);
    match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(hex) => i128::from_str_radix(hex, 16).ok(),
        None => t.parse().ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_codes_and_error_numbers_get_names() {
        let nt = CodeNames::parse(
            "#define STATUS_SUCCESS ((NTSTATUS)0x00000000L)\n#define STATUS_PENDING ((NTSTATUS)0x00000103L)\n#define STATUS_ACCESS_VIOLATION ((NTSTATUS)0xC0000005L)\n#define STATUS_WAIT_1 ((NTSTATUS)0x00000001L)\n#define OTHER 7\n",
            CodeKind::NtStatus,
        );
        assert_eq!(nt.annotate("259").as_deref(), Some("259 (STATUS_PENDING)"));
        assert_eq!(
            nt.annotate("-1073741819").as_deref(),
            Some("-1073741819 (STATUS_ACCESS_VIOLATION)")
        );
        assert_eq!(
            nt.annotate("3221225477").as_deref(),
            Some("3221225477 (STATUS_ACCESS_VIOLATION)")
        );
        assert_eq!(nt.annotate("0"), None);
        assert_eq!(nt.annotate("1"), None);
        assert_eq!(nt.annotate("&x"), None);
        let e = CodeNames::parse(
            "#define ENOMEM 12\n#define EPERM 1\n#define EWOULDBLOCK EAGAIN\n#define EXAMPLE_x 3\n",
            CodeKind::Errno,
        );
        assert_eq!(e.annotate("-12").as_deref(), Some("-12 (-ENOMEM)"));
        assert_eq!(e.annotate("-1"), None);
        assert_eq!(e.annotate("12"), None);
    }
}
