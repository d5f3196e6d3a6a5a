//! Getting preprocessed text, and mapping its byte offsets back to the original source
//! through `# line` markers.

use super::error::{ErrorKind, FrontendError, SourcePos};
use std::path::Path;
use std::process::Command;

/// Preprocessed C text and the map from its offsets to original positions.
pub struct Source {
    /// The preprocessed text lang-c parses.
    pub text: String,
    /// Byte offset where each line of `text` starts.
    line_starts: Vec<usize>,
    /// For each line of `text`: (index into `files`, original line number; 0 for marker lines).
    origin: Vec<(u32, u32)>,
    /// Original file names met in markers (the input file first).
    pub files: Vec<String>,
    /// For each of `files`: a system header (marker flag 3).
    pub system: Vec<bool>,
}

impl Source {
    /// Map preprocessed `text` whose first line belongs to `file`.
    pub fn new(file: &str, text: String) -> Self {
        let mut files = vec![file.to_string()];
        let mut system = vec![false];
        let mut line_starts = vec![0];
        for (i, b) in text.bytes().enumerate() {
            if b == b'\n' {
                line_starts.push(i + 1);
            }
        }
        let mut origin = Vec::with_capacity(line_starts.len());
        let (mut cur_file, mut cur_line) = (0u32, 1u32);
        for (i, &start) in line_starts.iter().enumerate() {
            let end = line_starts.get(i + 1).copied().unwrap_or(text.len());
            let line = &text[start..end];
            if let Some((n, name)) = parse_marker(line) {
                if let Some(name) = name {
                    cur_file = match files.iter().position(|f| *f == name) {
                        Some(k) => k as u32,
                        None => {
                            files.push(name);
                            system.push(false);
                            (files.len() - 1) as u32
                        }
                    };
                    // A system header is one entered (flag 1) as such (flag 3); gcc also
                    // puts flag 3 on lines of the input expanded from system macros.
                    let flags = marker_flags(line);
                    if flags.contains(&1) && flags.contains(&3) {
                        system[cur_file as usize] = true;
                    }
                }
                cur_line = n;
                origin.push((cur_file, 0));
            } else {
                origin.push((cur_file, cur_line));
                cur_line += 1;
            }
        }
        Source {
            text,
            line_starts,
            origin,
            files,
            system,
        }
    }

    /// Preprocessed line index (0-based) and column (1-based, in bytes) of a byte offset.
    fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        (line, offset - self.line_starts[line] + 1)
    }

    /// (file index into `files`, original line, column) of a byte offset of `text`.
    pub fn locate(&self, offset: usize) -> (u32, u32, u32) {
        let (line, col) = self.line_col(offset);
        let (file, l) = self.origin[line];
        (file, l, col as u32)
    }

    /// Original position of a byte offset.
    pub fn pos(&self, offset: usize) -> SourcePos {
        let (f, line, col) = self.locate(offset);
        SourcePos {
            file: self.files[f as usize].clone(),
            line,
            col,
        }
    }

    /// The preprocessed line containing a byte offset (the original line, for code lines).
    pub fn line_text(&self, offset: usize) -> &str {
        let (line, _) = self.line_col(offset);
        let start = self.line_starts[line];
        let end = self
            .line_starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        self.text[start..end].trim_end_matches(['\n', '\r'])
    }

    /// An error at a byte offset of `text`, with its original position and source line.
    pub fn error_at(
        &self,
        offset: usize,
        kind: ErrorKind,
        message: impl Into<String>,
    ) -> FrontendError {
        FrontendError {
            kind,
            message: message.into(),
            pos: Some(self.pos(offset)),
            snippet: Some(self.line_text(offset).to_string()),
        }
    }
}

/// A line marker `# N "file" flags` or `#line N "file"`: (N, file name if given).
/// The folder-name prefix of the include folders a driver's set-up links headers into
/// (`harness::wdk`: a header spelled with other letter case): a marker naming a link
/// there names the linked file instead, so messages point at the driver's own file.
pub const LINK_FOLDER_PREFIX: &str = "slamrs-wdk-inc-";

fn through_links(name: String) -> String {
    if !name.contains(LINK_FOLDER_PREFIX) {
        return name;
    }
    match std::fs::read_link(&name) {
        Ok(target) => target.display().to_string(),
        Err(_) => name,
    }
}

fn parse_marker(line: &str) -> Option<(u32, Option<String>)> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n: u32 = digits.parse().ok()?;
    let after = rest[digits.len()..].trim_start();
    let name = after.strip_prefix('"').and_then(|s| {
        let mut out = String::new();
        let mut chars = s.chars();
        while let Some(c) = chars.next() {
            match c {
                '"' => return Some(out),
                '\\' => out.push(chars.next()?),
                c => out.push(c),
            }
        }
        None
    });
    Some((n, name.map(through_links)))
}

/// The flags after the file name of a line marker (`1` enter, `2` return, `3` system header).
fn marker_flags(line: &str) -> Vec<u32> {
    match line.rfind('"') {
        Some(i) => line[i + 1..]
            .split_whitespace()
            .filter_map(|w| w.parse().ok())
            .collect(),
        None => Vec::new(),
    }
}

/// How to obtain preprocessed text for an input file.
#[derive(Clone, Debug, Default)]
pub struct PreprocessOptions {
    /// Flags passed to `gcc -E` (`-I`, `-D`, ...).
    pub cppflags: Vec<String>,
    /// The preprocessor command instead of `gcc`.
    pub compiler: Option<String>,
}

/// Read a `.i` file as is, or run `gcc -E` on anything else.
pub fn preprocess(path: &Path, opts: &PreprocessOptions) -> Result<Source, FrontendError> {
    let name = path.display().to_string();
    if !path.is_file() {
        return Err(FrontendError::new(
            ErrorKind::Io,
            format!("{name}: no such file"),
        ));
    }
    if path.extension().is_some_and(|e| e == "i") {
        let bytes = std::fs::read(path)
            .map_err(|e| FrontendError::new(ErrorKind::Io, format!("{name}: {e}")))?;
        let text = String::from_utf8_lossy(&bytes).into_owned();
        return Ok(Source::new(&name, text));
    }
    let compiler = opts.compiler.as_deref().unwrap_or("gcc");
    let out = Command::new(compiler)
        .arg("-E")
        .args(&opts.cppflags)
        .arg(path)
        .output()
        .map_err(|e| {
            FrontendError::new(
                ErrorKind::Preprocess,
                format!("cannot run {compiler} -E (is it installed?): {e}"),
            )
        })?;
    if !out.status.success() {
        let msg = String::from_utf8_lossy(&out.stderr);
        return Err(preprocess_error(&name, &msg));
    }
    Ok(Source::new(
        &name,
        String::from_utf8_lossy(&out.stdout).into_owned(),
    ))
}

/// Preprocesses C text (written to a temporary file) with the options' preprocessor.
pub fn preprocess_text(text: &str, opts: &PreprocessOptions) -> Result<String, FrontendError> {
    use std::sync::atomic::{AtomicU32, Ordering};
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("slamrs-append-{}-{n}.c", std::process::id()));
    std::fs::write(&path, text).map_err(|e| {
        FrontendError::new(
            ErrorKind::Io,
            format!("cannot write {}: {e}", path.display()),
        )
    })?;
    let r = preprocess(&path, opts);
    let _ = std::fs::remove_file(&path);
    Ok(r?.text)
}

/// Turn gcc's first `file:line:col: error: msg` line into a located error.
fn preprocess_error(name: &str, stderr: &str) -> FrontendError {
    for l in stderr.lines() {
        if let Some((head, msg)) = l
            .split_once(": fatal error: ")
            .or_else(|| l.split_once(": error: "))
        {
            let mut parts = head.rsplitn(3, ':');
            let col = parts.next().and_then(|c| c.parse().ok());
            let line = parts.next().and_then(|c| c.parse().ok());
            let file = parts.next();
            if let (Some(col), Some(line), Some(file)) = (col, line, file) {
                let snippet = std::fs::read_to_string(file)
                    .ok()
                    .and_then(|t| t.lines().nth(line as usize - 1).map(str::to_string));
                return FrontendError {
                    kind: ErrorKind::Preprocess,
                    message: format!("preprocessor: {msg}"),
                    pos: Some(SourcePos {
                        file: file.to_string(),
                        line,
                        col,
                    }),
                    snippet,
                };
            }
        }
    }
    FrontendError::new(
        ErrorKind::Preprocess,
        format!("{name}: gcc -E failed: {}", stderr.trim()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers_map_lines_back() {
        let text = "# 1 \"a.c\"\nint x;\n# 10 \"b.h\" 1\nint y;\nint z;\n# 3 \"a.c\" 2\nint w;\n";
        let s = Source::new("a.c", text.to_string());
        let at = |needle: &str| s.pos(text.find(needle).unwrap());
        assert_eq!((at("x").file.as_str(), at("x").line), ("a.c", 1));
        assert_eq!((at("y").file.as_str(), at("y").line), ("b.h", 10));
        assert_eq!((at("z").file.as_str(), at("z").line), ("b.h", 11));
        assert_eq!(
            (at("w").file.as_str(), at("w").line, at("w").col),
            ("a.c", 3, 5)
        );
        assert_eq!(s.line_text(text.find("w").unwrap()), "int w;");
        assert_eq!(s.system, vec![false, false]);
        let t = Source::new(
            "m.c",
            "# 1 \"/usr/include/stdio.h\" 1 3 4\nint p;\n# 9 \"m.c\" 3 4\nint q;\n".into(),
        );
        assert_eq!(t.system, vec![false, true]);
    }

    #[test]
    fn hash_line_form() {
        assert_eq!(
            parse_marker("#line 7 \"q.c\""),
            Some((7, Some("q.c".into())))
        );
        assert_eq!(parse_marker("#pragma once"), None);
        assert_eq!(parse_marker("# 5"), Some((5, None)));
    }
}
