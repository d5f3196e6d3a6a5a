//! Results of a check as plain data, and their text rendering: per
//! assertion, whether it holds in every initial state, and for a failure the
//! trace that shows it, as relation values step by step.

use bebop::diag::line_col;

/// One line of an explanation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TraceItem {
    /// A remark (which instance of a quantifier, which operator fails).
    Note(String),
    /// A state: the step that led to it (none for the first), and the
    /// values of the variables (all of them for the first state of a path,
    /// the changed ones after).
    State {
        step: Option<String>,
        values: Vec<(String, String)>,
    },
    /// The path continues from its state number `n` (a lasso).
    LoopsBackTo(usize),
}

/// The verdict on one assertion.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Byte range of the assertion in the model text.
    pub span: (usize, usize),
    pub holds: bool,
    pub trace: Vec<TraceItem>,
}

/// Figures of one run.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    pub state_bits: u32,
    pub bdd_vars: u32,
    pub parts: usize,
    pub peak_nodes: usize,
    pub reachable_states: f64,
    pub seconds: f64,
    /// Time spent on procedure summaries (the transition relation).
    pub summary_seconds: f64,
}

/// The result of checking a model.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub verdicts: Vec<Verdict>,
    pub stats: Stats,
}

impl Outcome {
    pub fn all_hold(&self) -> bool {
        self.verdicts.iter().all(|v| v.holds)
    }

    /// The text report: one line per assertion, traces under failures.
    pub fn render(&self, file: &str, src: &str) -> String {
        let mut out = String::new();
        for (i, v) in self.verdicts.iter().enumerate() {
            let (line, col) = line_col(src, v.span.0);
            let text = first_line(&src[v.span.0.min(src.len())..v.span.1.min(src.len())]);
            let word = if v.holds { "holds" } else { "FAILS" };
            out.push_str(&format!(
                "{file}:{line}:{col}: assertion {} {word}: {text}\n",
                i + 1
            ));
            render_trace(&v.trace, &mut out);
        }
        out
    }
}

fn first_line(s: &str) -> String {
    let l = s.lines().next().unwrap_or("").trim();
    if s.lines().count() > 1 {
        format!("{l} ...")
    } else {
        l.to_string()
    }
}

fn render_trace(trace: &[TraceItem], out: &mut String) {
    let mut n = 0;
    for item in trace {
        match item {
            TraceItem::Note(s) => out.push_str(&format!("    {s}\n")),
            TraceItem::State { step, values } => {
                match step {
                    None => {
                        n = 0;
                        out.push_str("    state 0:\n");
                    }
                    Some(s) => {
                        n += 1;
                        out.push_str(&format!("    state {n}, after {s}:\n"));
                    }
                }
                if values.is_empty() {
                    out.push_str("      (no change)\n");
                }
                for (k, v) in values {
                    out.push_str(&format!("      {k} = {v}\n"));
                }
            }
            TraceItem::LoopsBackTo(k) => {
                out.push_str(&format!("    and from here back to state {k}, forever\n"))
            }
        }
    }
}
