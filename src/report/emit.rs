//! Writing a report: the output format chosen on the command line (`--format`), to stdout
//! or to a file (`-o`), with the task it came from, an error's message on stderr too.

use std::path::PathBuf;

use clap::ValueEnum;

use super::model::{CheckReport, Status, TaskInfo};
use super::{html, sarif, text};

/// Output formats of `slamrs check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The verdict and the counterexample as source lines, for a terminal.
    Text,
    /// One JSON object (docs/report.schema.json), errors and UNKNOWN reasons included.
    Json,
    /// SARIF 2.1.0, for code scanning (GitHub) and SARIF viewers.
    Sarif,
    /// One self-contained HTML page to step through the counterexample in a browser
    /// (write it with `-o FILE.html`).
    Html,
}

/// How the report of a run is written: the format, whether the text has the totals, and
/// the file it goes to (stdout without one).
#[derive(Clone, Debug)]
pub struct Emit {
    pub format: Format,
    pub stats: bool,
    pub output: Option<PathBuf>,
    /// The task definition checked, added to every report.
    pub task: Option<TaskInfo>,
}

impl Emit {
    /// Writes `r` (an error's message also on stderr) and returns the exit status;
    /// `texts` are the generated sources (name, text) the HTML page shows.
    pub fn print(&self, r: &CheckReport, texts: &[(String, String)]) -> u8 {
        self.print_showing(r, texts, None)
    }

    /// [`Emit::print`], showing `shown` on stderr instead of the error's (plain) message:
    /// the same text, coloured for a terminal.
    pub fn print_showing(
        &self,
        r: &CheckReport,
        texts: &[(String, String)],
        shown: Option<&str>,
    ) -> u8 {
        let mut with_task;
        let r = match &self.task {
            Some(t) => {
                with_task = r.clone();
                with_task.task = Some(t.clone());
                &with_task
            }
            None => r,
        };
        let mut code = r.verdict.exit_code();
        if let Some(e) = &r.error {
            eprintln!("{}", shown.unwrap_or(&e.message));
        }
        let out = match self.format {
            Format::Text if r.verdict == Status::Error => String::new(),
            Format::Text => text::render(r, self.stats),
            Format::Json => format!("{}\n", super::json(r)),
            Format::Sarif => format!("{}\n", sarif::render(std::slice::from_ref(r), code)),
            Format::Html => html::render(r, texts),
        };
        use std::io::Write;
        match &self.output {
            Some(path) => {
                if let Err(e) = std::fs::write(path, out) {
                    eprintln!("error: cannot write {}: {e}", path.display());
                    code = crate::exit::BAD_INPUT;
                } else if self.format != Format::Text {
                    // the verdict's headline still goes to the terminal
                    let _ = std::io::stdout().write_all(text::headline(r).as_bytes());
                }
            }
            None => {
                let _ = std::io::stdout().write_all(out.as_bytes());
            }
        }
        let _ = std::io::stdout().flush();
        code
    }
}
