//! Loading boolean programs for the command line, and printing verdicts and
//! traces as text (the layout of Fig. 1 of the Bebop paper, in execution
//! order) or JSON (the same data).

use std::fmt::Write as _;
use std::path::Path;

use bebop::analysis::{liveness, mod_ref, Liveness};
use bebop::cfg::{Cfg, VKind, Var, VertexId};
use bebop::diag::Colour;
use bebop::reach::{Outcome, Stats, Trace};
use serde::Serialize;
use serde_json::{json, Value};

/// A parsed, checked boolean program with its CFG.
pub struct Loaded {
    pub file: String,
    pub src: String,
    /// Byte offset of the start of each line.
    pub line_starts: Vec<usize>,
    /// The control-flow graph: the syntax tree it was built from is dropped as soon as it is
    /// built (for the 4 MB T(12,800) template it is a sixth of the peak memory of a run).
    pub cfg: Cfg,
}

/// Reads, parses and checks a boolean program. The error is the rendered
/// diagnostics (file:line:col, source line, caret), ready for stderr (coloured or not).
pub fn load(path: &Path, colour: Colour) -> Result<Loaded, String> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| format!("error: cannot read `{file}`: {e}\n"))?;
    let src = String::from_utf8(bytes)
        .map_err(|e| format!("error: `{file}` is not UTF-8 text: {e}\n"))?;
    let program = bebop::parser::parse(&src).map_err(|d| d.render_with(&file, &src, colour))?;
    let diags = bebop::check::check_with_source(&program, &src);
    if !diags.is_empty() {
        return Err(diags
            .iter()
            .map(|d| d.render_with(&file, &src, colour))
            .collect());
    }
    let cfg = Cfg::build(&program).map_err(|e| format!("{file}: error: {e}\n"))?;
    drop(program);
    let line_starts = std::iter::once(0)
        .chain(src.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    Ok(Loaded {
        file,
        line_starts,
        src,
        cfg,
    })
}

/// Everything printed after a run.
pub struct Report<'a> {
    pub loaded: &'a Loaded,
    /// "label R" or "assertion failure".
    pub what: &'a str,
    pub outcome: &'a Outcome,
    /// Engine name for the report ("bdd" or "explicit").
    pub engine: &'a str,
    pub stats: Option<&'a Stats>,
    pub collapse: bool,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    file: &'a str,
    target: &'a str,
    verdict: &'a str,
    reason: Option<&'a str>,
    engine: &'a str,
    trace: Option<Vec<Line>>,
    stats: Option<Value>,
}

/// One trace step, resolved for display.
#[derive(Serialize)]
pub struct Line {
    depth: u32,
    vertex: VertexId,
    proc: String,
    kind: &'static str,
    line: usize,
    column: usize,
    statement: String,
    #[serde(serialize_with = "values_as_map")]
    values: Vec<(String, bool)>,
    /// For a call whose callee returns: the index of its return step.
    returns_at: Option<usize>,
}

impl Loaded {
    /// 1-based line and column of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let line = self.line_starts.partition_point(|&s| s <= offset);
        let start = self.line_starts[line.saturating_sub(1)];
        let col = self
            .src
            .get(start..offset)
            .map_or(1, |t| t.chars().count() + 1);
        (line.max(1), col)
    }

    /// The text of 1-based line `n`, without its newline.
    pub fn line_text(&self, n: usize) -> &str {
        let Some(&start) = self.line_starts.get(n.wrapping_sub(1)) else {
            return "";
        };
        let end = self.line_starts.get(n).map_or(self.src.len(), |&e| e - 1);
        self.src
            .get(start..end)
            .unwrap_or("")
            .trim_end_matches('\r')
    }
}

impl Report<'_> {
    /// The text report.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let file = &self.loaded.file;
        match self.outcome {
            Outcome::Unreachable => {
                let _ = writeln!(out, "{file}: {} is UNREACHABLE", self.what);
            }
            Outcome::GaveUp(reason) => {
                let _ = writeln!(
                    out,
                    "{file}: UNKNOWN whether {} is reachable: {reason}",
                    self.what
                );
            }
            Outcome::Reachable(trace) => {
                let _ = writeln!(out, "{file}: {} is REACHABLE", self.what);
                let lines = lines(self.loaded, trace);
                let _ = writeln!(
                    out,
                    "Trace ({} steps, shortest hierarchical; values just before each step, dead variables omitted):",
                    lines.len()
                );
                write_trace(&mut out, file, &lines, self.collapse, &[]);
            }
        }
        if let Some(s) = self.stats {
            out.push_str(&stats_text(s));
        }
        out
    }

    /// The JSON report (streamed: no intermediate JSON tree, so traces of
    /// 100,000s of steps stay cheap).
    pub fn json(&self) -> String {
        let (verdict, reason, trace) = match self.outcome {
            Outcome::Unreachable => ("unreachable", None, None),
            Outcome::Reachable(t) => ("reachable", None, Some(t)),
            Outcome::GaveUp(r) => ("unknown", Some(r.message.as_str()), None),
        };
        let report = JsonReport {
            file: &self.loaded.file,
            target: self.what,
            verdict,
            reason,
            engine: self.engine,
            trace: trace.map(|t| lines(self.loaded, t)),
            stats: self.stats.map(stats_json),
        };
        serde_json::to_string(&report).expect("serializing plain data")
    }
}

/// The steps of a trace resolved for display: location, statement, the values of the
/// variables live there.
pub fn lines(loaded: &Loaded, trace: &Trace) -> Vec<Line> {
    lines_with(loaded, trace, false)
}

/// [`lines`], with the values of every variable in scope (not only the live ones) when
/// `all_vars`: a CTL formula or a lasso may speak of a variable the program no longer
/// reads.
pub fn lines_with(loaded: &Loaded, trace: &Trace, all_vars: bool) -> Vec<Line> {
    let cfg = &loaded.cfg;
    let live = liveness(cfg, &mod_ref(cfg));
    let mut lines: Vec<Line> = trace
        .steps
        .iter()
        .map(|st| {
            let vx = cfg.vertex(st.vertex);
            let proc = vx.proc.unwrap_or_else(|| {
                // Err: shown in the scope of the failing assertion.
                trace
                    .steps
                    .iter()
                    .rev()
                    .find_map(|s| cfg.proc_of(s.vertex))
                    .unwrap_or(cfg.main)
            });
            let (line, column) = if vx.span == Default::default() && vx.kind == VKind::Err {
                (0, 0)
            } else {
                loaded.line_col(vx.span.start as usize)
            };
            Line {
                depth: st.depth,
                vertex: st.vertex,
                proc: cfg.procs[proc as usize].name.clone(),
                kind: kind_name(&vx.kind),
                line,
                column,
                statement: statement(loaded, st.vertex, line),
                values: values(cfg, &live, st.vertex, proc, &st.state, all_vars),
                returns_at: None,
            }
        })
        .collect();
    if let Some(last) = lines.last_mut() {
        if last.kind == "error" {
            last.line = lines_before_err(trace, cfg, loaded);
        }
    }
    // Match calls with their return steps.
    let mut stack = Vec::new();
    for i in 0..lines.len() {
        match lines[i].kind {
            "call" if lines.get(i + 1).is_some_and(|n| n.depth > lines[i].depth) => stack.push(i),
            "return-site" => {
                if let Some(c) = stack.pop() {
                    lines[c].returns_at = Some(i);
                }
            }
            _ => {}
        }
    }
    lines
}

fn statement(loaded: &Loaded, v: VertexId, line: usize) -> String {
    let cfg = &loaded.cfg;
    let vx = cfg.vertex(v);
    let proc = vx
        .proc
        .map(|p| cfg.procs[p as usize].name.as_str())
        .unwrap_or("");
    match &vx.kind {
        VKind::Err => "assertion fails".to_string(),
        VKind::Exit => format!("end of {proc}"),
        VKind::ReturnSite { call, .. } => {
            let callee = match cfg.vertex(*call).kind {
                VKind::Call { callee, .. } => cfg.procs[callee as usize].name.as_str(),
                _ => "?",
            };
            format!("(back from {callee})")
        }
        VKind::Return(_) if vx.synthetic => "(falls off the end: returns *)".to_string(),
        VKind::Skip if vx.synthetic => "(empty body)".to_string(),
        _ => loaded.line_text(line).trim().to_string(),
    }
}

/// Writes trace lines in the layout of Fig. 1 of the Bebop paper: location, statement
/// indented by call depth, values. `marks` are lines of text written before the trace
/// line of the given index (e.g. where a lasso's cycle starts); with `collapse`, a call
/// that returns is one line.
pub fn write_trace(
    out: &mut String,
    file: &str,
    lines: &[Line],
    collapse: bool,
    marks: &[(usize, String)],
) {
    // One buffer per line, written in place: a trace can have
    // 100,000s of steps.
    let w = file.len() + 5;
    let mut left = String::new();
    let mut i = 0;
    while i < lines.len() {
        for (_, text) in marks.iter().filter(|(k, _)| *k == i) {
            let _ = writeln!(out, "  {text}");
        }
        let l = &lines[i];
        left.clear();
        left.push_str("  ");
        left.push_str(&crate::indent::by_depth(l.depth, "  "));
        let loc_start = left.len();
        let _ = write!(left, "{file}:{}", l.line);
        let loc_len = left[loc_start..].chars().count();
        left.extend(std::iter::repeat_n(' ', w.saturating_sub(loc_len)));
        left.push(' ');
        left.push_str(&l.statement);
        let mut next = i + 1;
        if collapse {
            if let Some(r) = l.returns_at {
                let _ = write!(left, "   [summary: {} callee steps]", r - i - 1);
                next = r;
            }
        }
        out.push_str(&left);
        let width = left.chars().count();
        out.extend(std::iter::repeat_n(' ', 60usize.saturating_sub(width)));
        out.push(' ');
        for (k, (n, b)) in l.values.iter().enumerate() {
            if k > 0 {
                out.push(' ');
            }
            out.push_str(n);
            out.push('=');
            out.push(if *b { '1' } else { '0' });
        }
        out.push('\n');
        i = next;
    }
    for (_, text) in marks.iter().filter(|(k, _)| *k >= lines.len()) {
        let _ = writeln!(out, "  {text}");
    }
}

fn lines_before_err(trace: &Trace, cfg: &Cfg, loaded: &Loaded) -> usize {
    // The error step is reported on the line of the failing assertion.
    trace
        .steps
        .iter()
        .rev()
        .nth(1)
        .map(|s| loaded.line_col(cfg.vertex(s.vertex).span.start as usize).0)
        .unwrap_or(0)
}

fn values_as_map<S: serde::Serializer>(v: &[(String, bool)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(v.iter().map(|(k, b)| (k, b)))
}

fn kind_name(k: &VKind) -> &'static str {
    match k {
        VKind::Skip => "skip",
        VKind::Print(_) => "print",
        VKind::Goto => "goto",
        VKind::Return(_) => "return",
        VKind::Assign { .. } => "assign",
        VKind::Cond { .. } => "cond",
        VKind::Call { .. } => "call",
        VKind::ReturnSite { .. } => "return-site",
        VKind::Exit => "exit",
        VKind::Err => "error",
    }
}

/// Values of the variables in scope that are live at `v` (the others are
/// unconstrained by the trace and omitted, as in the paper).
fn values(
    cfg: &Cfg,
    live: &Liveness,
    v: VertexId,
    proc: u32,
    st: &bebop::state::State,
    all_vars: bool,
) -> Vec<(String, bool)> {
    let nl = cfg.procs[proc as usize].locals.len() as u32;
    let is_err = cfg.vertex(v).kind == VKind::Err;
    let vars = (0..cfg.globals.len() as u32)
        .map(Var::Global)
        .chain((0..nl).map(Var::Local))
        .chain((0..cfg.max_returns).map(Var::Ret));
    vars.filter(|x| {
        if is_err || all_vars {
            !matches!(x, Var::Ret(_))
        } else {
            live.live[v as usize].contains(*x)
        }
    })
    .map(|x| (cfg.var_name(proc, x), st.get(x)))
    .collect()
}

fn stats_text(s: &Stats) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "Statistics ({} engine):", s.engine);
    if s.engine == "bdd" {
        let _ = writeln!(out, "  BDD variables            {}", s.bdd_vars);
        let _ = writeln!(out, "  peak BDD nodes           {}", s.peak_bdd_nodes);
        let _ = writeln!(out, "  final BDD nodes          {}", s.final_bdd_nodes);
        let _ = writeln!(out, "  path edges               {}", s.path_edge_count);
        let _ = writeln!(out, "  summary edges            {}", s.summary_edge_count);
        let _ = writeln!(out, "  path edge sets (rings)   {}", s.path_edges);
        let _ = writeln!(out, "  summary edge sets        {}", s.summary_edges);
    } else {
        let _ = writeln!(out, "  path edges (states)      {}", s.path_edges);
        let _ = writeln!(out, "  summary edges            {}", s.summary_edges);
    }
    let _ = writeln!(out, "  worklist iterations      {}", s.worklist_iterations);
    for (name, d) in &s.phases {
        let _ = writeln!(out, "  time {name:<20}{:.3} ms", d.as_secs_f64() * 1e3);
    }
    out
}

fn stats_json(s: &Stats) -> Value {
    let phases: serde_json::Map<String, Value> = s
        .phases
        .iter()
        .map(|(n, d)| (n.to_string(), json!(d.as_secs_f64())))
        .collect();
    json!({
        "engine": s.engine,
        "bdd_vars": s.bdd_vars,
        "peak_bdd_nodes": s.peak_bdd_nodes,
        "final_bdd_nodes": s.final_bdd_nodes,
        "path_edges": s.path_edges,
        "summary_edges": s.summary_edges,
        "path_edge_count": s.path_edge_count,
        "summary_edge_count": s.summary_edge_count,
        "worklist_iterations": s.worklist_iterations,
        "seconds": phases,
    })
}
