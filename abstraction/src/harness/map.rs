//! The entry-point map as a text file the user reviews and edits (SDV's `Sdv-map.h`).
//!
//! ```text
//! # slamrs entry-point map of driver.c: edit, then `slamrs check driver.c --entry-map FILE`
//! platform wdm
//! driver-entry                  DriverEntry       # driver.c:46:10: named DriverEntry
//! dispatch:IRP_MJ_DEVICE_CONTROL DispatchIoctl    # driver.c:59:5: stored into MajorFunction[...]
//! ```
//!
//! One entry per line: a role (see [`Role::name`]) and a function name; `#` starts a
//! comment; blank lines are ignored. A malformed line is an error with its
//! `file:line:col`.

use bebop::diag::Report;

use super::{DeviceExtension, EntryMap, EntryPoint, Platform, Role};

/// A map file error at a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl MapError {
    /// The error as a diagnostic; `text` is the map file's text, to show the line.
    pub fn report(&self, text: Option<&str>) -> Report {
        let r = Report::error(self.file.as_str(), self.message.as_str())
            .at(self.line as u32, self.col as u32);
        match text {
            Some(t) => r.in_source(t),
            None => r,
        }
    }
}

/// `file:line:col: error: message` (the first line of [`MapError::report`]).
impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.report(None).header())
    }
}

impl std::error::Error for MapError {}

/// Writes a map in the file format.
pub fn write(map: &EntryMap, source: &str) -> String {
    let roles = match map.platform {
        super::Platform::Wdm => {
            "# Roles: driver-entry add-device dispatch dispatch:IRP_MJ_<CODE> start-io unload\n\
             #        completion dpc timer work-item cancel\n"
        }
        super::Platform::Linux => {
            "# Roles: module-init module-exit op:<STRUCT>.<FIELD> irq timer work-item tasklet kthread\n"
        }
    };
    let mut out = format!(
        "# slamrs entry-point map of {source}: review it, add a routine the scan missed or\n\
         # delete a line, then run `slamrs check {source} --entry-map THIS-FILE`.\n\
         {roles}\
         platform {}\n",
        map.platform.name()
    );
    let width = map
        .entries
        .iter()
        .map(|e| e.role.name().len())
        .max()
        .unwrap_or(0);
    for e in &map.entries {
        let role = e.role.name();
        out.push_str(&format!("{role:<width$} {}", e.function));
        match &e.at {
            Some(at) => out.push_str(&format!("  # {at}: {}\n", e.how)),
            None => out.push_str(&format!("  # {}\n", e.how)),
        }
    }
    if let Some(x) = &map.device_extension {
        out.push_str(&format!("device-extension {}", x.c_type));
        match &x.at {
            Some(at) => out.push_str(&format!("  # {at}: {}\n", x.how)),
            None => out.push_str(&format!("  # {}\n", x.how)),
        }
    }
    out
}

/// Reads a map file's text (`file` names it in errors).
pub fn parse(file: &str, text: &str) -> Result<EntryMap, MapError> {
    let err = |line: usize, col: usize, message: String| MapError {
        file: file.to_string(),
        line,
        col,
        message,
    };
    let mut platform = None;
    let mut entries = Vec::new();
    let mut device_extension = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let code = raw.split('#').next().unwrap_or("");
        let words: Vec<(usize, &str)> = words(code);
        let Some(&(c0, first)) = words.first() else {
            continue;
        };
        if first == "platform" {
            let Some(&(c1, p)) = words.get(1) else {
                return Err(err(
                    line_no,
                    c0,
                    "`platform` needs a name (wdm or linux)".into(),
                ));
            };
            platform = Some(match p {
                "wdm" => Platform::Wdm,
                "linux" => Platform::Linux,
                _ => {
                    return Err(err(
                        line_no,
                        c1,
                        format!("unknown platform `{p}` (expected wdm or linux)"),
                    ))
                }
            });
            continue;
        }
        if first == "device-extension" {
            let ty: Vec<&str> = words[1..].iter().map(|w| w.1).collect();
            let ident = |w: &str| {
                !w.is_empty()
                    && !w.starts_with(|c: char| c.is_ascii_digit())
                    && w.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
            };
            let ok = match ty.as_slice() {
                [t] => ident(t) && *t != "struct" && *t != "union",
                [kw, t] => (*kw == "struct" || *kw == "union") && ident(t),
                _ => false,
            };
            if !ok {
                let col = words.get(1).map_or(c0 + first.len(), |w| w.0);
                return Err(err(
                    line_no,
                    col,
                    "`device-extension` needs a type: `struct TAG`, `union TAG` or a typedef name"
                        .into(),
                ));
            }
            device_extension = Some(DeviceExtension {
                c_type: ty.join(" "),
                at: Some(format!("{file}:{line_no}:{c0}")),
                how: "from the map file".into(),
            });
            continue;
        }
        let Some(role) = Role::parse(first) else {
            let expected = match platform {
                Some(Platform::Linux) => {
                    "module-init, module-exit, op:<STRUCT>.<FIELD>, irq, timer, work-item or tasklet"
                }
                _ => "driver-entry, add-device, dispatch, dispatch:IRP_MJ_<CODE>, start-io, unload, completion, dpc, timer, work-item or cancel",
            };
            return Err(err(
                line_no,
                c0,
                format!("unknown role `{first}` (expected {expected})"),
            ));
        };
        let Some(&(c1, function)) = words.get(1) else {
            return Err(err(
                line_no,
                c0 + first.len(),
                format!("role `{first}` needs a function name"),
            ));
        };
        if !function
            .chars()
            .all(|c| c == '_' || c.is_ascii_alphanumeric())
            || function.starts_with(|c: char| c.is_ascii_digit())
        {
            return Err(err(
                line_no,
                c1,
                format!("`{function}` is not a function name"),
            ));
        }
        if let Some(&(c2, extra)) = words.get(2) {
            return Err(err(
                line_no,
                c2,
                format!("unexpected `{extra}` after the function name (one entry per line)"),
            ));
        }
        entries.push(EntryPoint {
            function: function.to_string(),
            role,
            at: Some(format!("{file}:{line_no}:{c1}")),
            how: "from the map file".into(),
        });
    }
    let Some(platform) = platform else {
        return Err(err(
            1,
            1,
            "the map names no platform (a line `platform wdm`)".into(),
        ));
    };
    if device_extension.is_some() && platform != Platform::Wdm {
        return Err(err(
            1,
            1,
            "`device-extension` is for Windows drivers (platform wdm)".into(),
        ));
    }
    Ok(EntryMap {
        platform,
        entries,
        device_extension,
        missing: Vec::new(),
    })
}

/// Whitespace-separated words with their 1-based columns.
fn words(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        match (c.is_whitespace(), start) {
            (true, Some(st)) => {
                out.push((st + 1, &s[st..i]));
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    if let Some(st) = start {
        out.push((st + 1, &s[st..]));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_map_reads_back() {
        let map = EntryMap {
            missing: Vec::new(),
            platform: Platform::Wdm,
            entries: vec![
                EntryPoint {
                    function: "DriverEntry".into(),
                    role: Role::DriverEntry,
                    at: Some("d.c:3:10".into()),
                    how: "named DriverEntry".into(),
                },
                EntryPoint {
                    function: "Read".into(),
                    role: Role::Dispatch(Some(3)),
                    at: None,
                    how: "declared DRIVER_DISPATCH".into(),
                },
            ],
            device_extension: Some(DeviceExtension {
                c_type: "struct _EXT".into(),
                at: Some("d.c:9:20".into()),
                how: "DeviceObject->DeviceExtension used as struct _EXT *".into(),
            }),
        };
        let text = write(&map, "d.c");
        let back = parse("m.map", &text).unwrap();
        assert_eq!(back.platform, Platform::Wdm);
        let got: Vec<(String, Role)> = back
            .entries
            .iter()
            .map(|e| (e.function.clone(), e.role.clone()))
            .collect();
        assert_eq!(
            got,
            vec![
                ("DriverEntry".to_string(), Role::DriverEntry),
                ("Read".to_string(), Role::Dispatch(Some(3)))
            ]
        );
        assert_eq!(
            back.device_extension.map(|x| x.c_type).as_deref(),
            Some("struct _EXT")
        );
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("m.map", "platform wdm\n  dispatch:IRP_MJ_NOPE F\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 3));
        assert!(e.message.contains("unknown role"), "{e}");
        let e = parse("m.map", "platform wdm\nunload\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 7));
        let e = parse("m.map", "platform wdm\nunload A B\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 10));
        let e = parse("m.map", "unload A\n").unwrap_err();
        assert!(e.message.contains("platform"));
        let e = parse("m.map", "platform win\n").unwrap_err();
        assert_eq!((e.line, e.col), (1, 10));
        let e = parse("m.map", "platform wdm\ndevice-extension struct\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 18));
        let e = parse("m.map", "platform wdm\ndevice-extension\n").unwrap_err();
        assert_eq!((e.line, e.col), (2, 17));
        let e = parse("m.map", "platform linux\ndevice-extension EXT\n").unwrap_err();
        assert!(e.message.contains("Windows"), "{e}");
        let ok = parse("m.map", "platform wdm\ndevice-extension EXT # typedef\n").unwrap();
        assert_eq!(ok.device_extension.unwrap().c_type, "EXT");
    }

    #[test]
    fn dispatch_codes_by_name_and_number() {
        assert_eq!(
            Role::parse("dispatch:IRP_MJ_DEVICE_CONTROL"),
            Some(Role::Dispatch(Some(14)))
        );
        assert_eq!(Role::parse("dispatch:0x1b"), Some(Role::Dispatch(Some(27))));
        assert_eq!(Role::parse("dispatch"), Some(Role::Dispatch(None)));
    }
}
