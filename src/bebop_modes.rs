//! `slamrs bebop --may-loop F`, `--summaries` and `--ctl FORMULA`: "may loop"
//! and CTL for boolean programs (issue 43, the relational paper's "loop"
//! outcome of §5.3 and CTL of §5.5), on the BDD engine with the explicit
//! oracle as the `--engine explicit` alternative (verdicts only).

use std::fmt::Write as _;

use bebop::cfg::{Cfg, ProcId};
use bebop::ctl::Ctl;
use bebop::ctl_check::{CtlAnswer, Kripke, Segment};
use bebop::oracle::Oracle;
use bebop::paths::{Closing, Lasso, Stay};
use bebop::reach::GiveUp;
use bebop::relations::Relations;
use bebop::symbolic::SymbolicOptions;
use bebop::termination::{self, Termination};
use serde::Serialize;

use crate::bebop_cmd::Format;
use crate::bebop_report::{lines_with, write_trace, Line, Loaded};
use crate::exit;

/// What to answer instead of reachability.
#[derive(Clone, Debug)]
pub enum Mode {
    /// Whether this procedure may run forever from some entry valuation.
    MayLoop(String),
    /// Every procedure's relation, with the loop outcome.
    Summaries,
    /// Whether the formula holds in every initial state of the procedure.
    Ctl { formula: String, proc: String },
}

/// Which engine answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answerer {
    Bdd,
    Explicit,
}

/// Most valuations of one scope the explicit oracle enumerates (2^this).
const ORACLE_BITS: u32 = 20;
/// Most states the explicit oracle explores.
const ORACLE_STATES: usize = 5_000_000;

/// Runs `mode` on a loaded program, prints the answer, returns the exit status.
pub fn run(loaded: &Loaded, mode: &Mode, engine: Answerer, format: Format) -> u8 {
    let work = || match mode {
        Mode::MayLoop(name) => may_loop(loaded, name, engine, format),
        Mode::Summaries => summaries(loaded, format),
        Mode::Ctl { formula, proc } => ctl(loaded, formula, proc, engine, format),
    };
    // Traces expand calls by explicit searches that recurse once per call level.
    let printed = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("bebop-loop".into())
            .stack_size(1 << 30)
            .spawn_scoped(s, work)
            .map(|h| h.join())
    });
    let (code, text) = match printed {
        Ok(Ok(r)) => r,
        Ok(Err(p)) => std::panic::resume_unwind(p),
        Err(_) => work(),
    };
    let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes());
    code
}

/// The procedure called `name`, or the error text.
fn find_proc(cfg: &Cfg, name: &str) -> Result<ProcId, String> {
    cfg.procs
        .iter()
        .position(|p| p.name == name)
        .map(|p| p as ProcId)
        .ok_or_else(|| {
            let names: Vec<&str> = cfg.procs.iter().map(|p| p.name.as_str()).collect();
            format!(
                "error: no procedure `{name}` (the procedures are: {})\n",
                names.join(", ")
            )
        })
}

fn bad_input(msg: String) -> (u8, String) {
    eprint!("{msg}");
    (exit::BAD_INPUT, String::new())
}

fn gave_up(loaded: &Loaded, what: &str, g: &GiveUp, format: Format) -> (u8, String) {
    let text = match format {
        Format::Text => format!("{}: UNKNOWN whether {what}: {g}\n", loaded.file),
        Format::Json => {
            serde_json::json!({"file": loaded.file, "question": what, "verdict": "unknown", "reason": g.message})
                .to_string()
                + "\n"
        }
    };
    (exit::UNKNOWN, text)
}

/// The BDD analyses every mode starts from.
fn analyse(cfg: &Cfg) -> Result<(Relations<'_>, Termination), GiveUp> {
    let r = Relations::compute(cfg, &SymbolicOptions::default())?;
    let t = Termination::compute(&r)?;
    Ok((r, t))
}

#[derive(Serialize)]
struct JsonLasso {
    steps: Vec<Line>,
    /// Index of the step the run goes back to, for a cycle.
    cycle_start: Option<usize>,
    /// "repeat", or why the last state repeats: "returned", "call-loops", "stuck".
    closing: &'static str,
    /// For a cycle: how many calls deeper each repetition is.
    deeper: Option<u32>,
}

fn json_lasso(loaded: &Loaded, l: &Lasso) -> JsonLasso {
    let (cycle_start, deeper) = match l.closing {
        Closing::Repeat {
            cycle_start,
            deeper,
        } => (Some(cycle_start), Some(deeper)),
        Closing::Stays(_) => (None, None),
    };
    JsonLasso {
        steps: lines_with(loaded, &l.trace, true),
        cycle_start,
        closing: closing_name(l.closing),
        deeper,
    }
}

fn closing_name(c: Closing) -> &'static str {
    match c {
        Closing::Repeat { .. } => "repeat",
        Closing::Stays(Stay::Returned) => "returned",
        Closing::Stays(Stay::CallLoops) => "call-loops",
        Closing::Stays(Stay::Stuck) => "stuck",
    }
}

/// The marks a lasso's text carries: where the cycle starts, how it closes.
fn lasso_marks(closing: Option<Closing>, len: usize) -> Vec<(usize, String)> {
    match closing {
        None => Vec::new(),
        Some(Closing::Repeat {
            cycle_start,
            deeper,
        }) => {
            let how = match deeper {
                0 => "in the same frame".to_string(),
                1 => "one call deeper".to_string(),
                d => format!("{d} calls deeper"),
            };
            vec![
                (cycle_start, "-- cycle: from here --".to_string()),
                (
                    len,
                    format!("-- back to the start of the cycle, {how}: it repeats forever --"),
                ),
            ]
        }
        Some(Closing::Stays(why)) => {
            let text = match why {
                Stay::Returned => "the procedure has returned; its exit repeats forever",
                Stay::CallLoops => "the call never returns (its callee may run forever); this state repeats forever",
                Stay::Stuck => "no run goes on (an assume blocks, an assertion fails); this state repeats forever",
            };
            vec![(len, format!("-- {text} --"))]
        }
    }
}

fn lasso_text(
    out: &mut String,
    loaded: &Loaded,
    trace: &bebop::reach::Trace,
    closing: Option<Closing>,
) {
    let ls = lines_with(loaded, trace, true);
    let marks = lasso_marks(closing, ls.len());
    write_trace(out, &loaded.file, &ls, false, &marks);
}

// ---- --may-loop

#[derive(Serialize)]
struct JsonMayLoop<'a> {
    file: &'a str,
    procedure: &'a str,
    /// "may-loop" or "always-returns".
    verdict: &'static str,
    engine: &'static str,
    lasso: Option<JsonLasso>,
    /// Why there is no lasso although the procedure may loop.
    lasso_error: Option<String>,
}

fn may_loop(loaded: &Loaded, name: &str, engine: Answerer, format: Format) -> (u8, String) {
    let cfg = &loaded.cfg;
    let p = match find_proc(cfg, name) {
        Ok(p) => p,
        Err(m) => return bad_input(m),
    };
    let what = format!("`{name}` may run forever");
    let (loops, lasso) = match engine {
        Answerer::Explicit => match Oracle::new(cfg, ORACLE_BITS, ORACLE_STATES) {
            Ok(o) => (o.may_loop(p), None),
            Err(g) => return gave_up(loaded, &what, &g, format),
        },
        Answerer::Bdd => match analyse(cfg) {
            Ok((r, t)) => {
                let loops = t.may_loop(&r, p);
                (loops, loops.then(|| termination::lasso(&r, &t, p)))
            }
            Err(g) => return gave_up(loaded, &what, &g, format),
        },
    };
    let code = if loops { exit::VIOLATION } else { exit::SAFE };
    let text = match format {
        Format::Json => {
            let (lasso, lasso_error) = match &lasso {
                Some(Ok(l)) => (Some(json_lasso(loaded, l)), None),
                Some(Err(e)) => (None, Some(e.clone())),
                None => (None, None),
            };
            let j = JsonMayLoop {
                file: &loaded.file,
                procedure: name,
                verdict: if loops { "may-loop" } else { "always-returns" },
                engine: engine_name(engine),
                lasso,
                lasso_error,
            };
            serde_json::to_string(&j).expect("plain data") + "\n"
        }
        Format::Text => may_loop_text(loaded, name, loops, lasso.as_ref()),
    };
    (code, text)
}

fn engine_name(e: Answerer) -> &'static str {
    match e {
        Answerer::Bdd => "bdd",
        Answerer::Explicit => "explicit",
    }
}

fn may_loop_text(
    loaded: &Loaded,
    name: &str,
    loops: bool,
    lasso: Option<&Result<Lasso, String>>,
) -> String {
    let mut out = String::new();
    let file = &loaded.file;
    if !loops {
        let _ = writeln!(
            out,
            "{file}: `{name}` ALWAYS RETURNS: from every entry valuation every run returns (or fails an assertion, or blocks)"
        );
        return out;
    }
    let _ = writeln!(
        out,
        "{file}: `{name}` MAY LOOP: from some entry valuation it may run forever"
    );
    match lasso {
        Some(Ok(l)) => {
            let _ = writeln!(
                out,
                "Lasso ({} steps, replayed; values just before each step):",
                l.trace.steps.len()
            );
            lasso_text(&mut out, loaded, &l.trace, Some(l.closing));
        }
        Some(Err(e)) => {
            let _ = writeln!(out, "(no lasso: {e})");
        }
        None => {
            let _ = writeln!(out, "(the explicit engine prints no lasso)");
        }
    }
    out
}

// ---- --summaries

fn summaries(loaded: &Loaded, format: Format) -> (u8, String) {
    let cfg = &loaded.cfg;
    let (r, t) = match analyse(cfg) {
        Ok(x) => x,
        Err(g) => return gave_up(loaded, "the procedure relations", &g, format),
    };
    let rels = bebop::summaries::relations(&r, &t);
    let text = match format {
        Format::Text => crate::bebop_summaries::text(loaded, &rels),
        Format::Json => {
            let procs: Vec<serde_json::Value> = rels
                .iter()
                .map(|rel| crate::bebop_summaries::json(cfg, rel))
                .collect();
            serde_json::json!({"file": loaded.file, "procedures": procs}).to_string() + "\n"
        }
    };
    (exit::SAFE, text)
}

// ---- --ctl

#[derive(Serialize)]
struct JsonSegment {
    claim: String,
    lasso: JsonLasso,
}

#[derive(Serialize)]
struct JsonCtl<'a> {
    file: &'a str,
    procedure: &'a str,
    formula: String,
    /// "holds" or "fails".
    verdict: &'static str,
    engine: &'static str,
    /// The initial state where it fails: the globals and the procedure's locals.
    start: Option<serde_json::Map<String, serde_json::Value>>,
    explanation: Option<Vec<JsonSegment>>,
    explanation_error: Option<String>,
}

fn ctl(
    loaded: &Loaded,
    formula: &str,
    proc: &str,
    engine: Answerer,
    format: Format,
) -> (u8, String) {
    let cfg = &loaded.cfg;
    let p = match find_proc(cfg, proc) {
        Ok(p) => p,
        Err(m) => return bad_input(m),
    };
    let f = match bebop::ctl::parse(formula) {
        Ok(f) => f,
        Err(e) => return bad_input(e.render("--ctl", formula)),
    };
    let what = format!("{f} holds in `{proc}`");
    let answer = match engine {
        Answerer::Bdd => match analyse(cfg) {
            Ok((r, t)) => match Kripke::new(&r, &t, p).check(&f) {
                Ok(a) => a,
                Err(e) => return bad_input(e.render("--ctl", formula)),
            },
            Err(g) => return gave_up(loaded, &what, &g, format),
        },
        Answerer::Explicit => match explicit_ctl(loaded, p, &f, formula) {
            Ok(Some(a)) => a,
            Ok(None) => return (exit::BAD_INPUT, String::new()),
            Err(g) => return gave_up(loaded, &what, &g, format),
        },
    };
    let fails = matches!(answer, CtlAnswer::Fails { .. });
    let code = if fails { exit::VIOLATION } else { exit::SAFE };
    let text = match format {
        Format::Text => ctl_text(loaded, proc, &f, &answer),
        Format::Json => ctl_json(loaded, proc, &f, &answer, engine),
    };
    (code, text)
}

/// The oracle's answer (no explanation); `None` after printing a bad name.
fn explicit_ctl(
    loaded: &Loaded,
    p: ProcId,
    f: &Ctl,
    text: &str,
) -> Result<Option<CtlAnswer>, GiveUp> {
    let cfg = &loaded.cfg;
    // The names are checked as the BDD checker checks them.
    let (r, t) = analyse(cfg)?;
    if let Err(e) = Kripke::new(&r, &t, p).check_names(f) {
        eprint!("{}", e.render("--ctl", text));
        return Ok(None);
    }
    let o = Oracle::new(cfg, ORACLE_BITS, ORACLE_STATES)?;
    let sat = o.ctl(p, f).unwrap_or_default();
    let first = cfg.procs[p as usize].first;
    let failing = o
        .configs_of(p)
        .find(|(i, v, _)| *v == first && !sat.get(*i).copied().unwrap_or(false));
    Ok(Some(match failing {
        None => CtlAnswer::Holds,
        Some((_, _, st)) => CtlAnswer::Fails {
            start: st.clone(),
            explanation: Err("the explicit engine prints no explanation".into()),
        },
    }))
}

fn ctl_text(loaded: &Loaded, proc: &str, f: &Ctl, a: &CtlAnswer) -> String {
    let mut out = String::new();
    let file = &loaded.file;
    match a {
        CtlAnswer::Holds => {
            let _ = writeln!(out, "{file}: {f} HOLDS in every initial state of `{proc}`");
        }
        CtlAnswer::Fails { explanation, start } => {
            let _ = writeln!(out, "{file}: {f} FAILS in an initial state of `{proc}`");
            let vals: Vec<String> = state_values(&loaded.cfg, proc, start)
                .into_iter()
                .map(|(n, b)| format!("{n}={}", u8::from(b)))
                .collect();
            let _ = writeln!(out, "  the initial state: {}", vals.join(" "));
            match explanation {
                Ok(segs) if segs.is_empty() => {
                    let _ = writeln!(
                        out,
                        "(it fails in the first state already; no path to show)"
                    );
                }
                Ok(segs) => {
                    let _ = writeln!(out, "Explanation (replayed; values just before each step):");
                    for s in segs {
                        let _ = writeln!(out, "  {}:", s.claim);
                        lasso_text(&mut out, loaded, &s.trace, s.closing);
                    }
                }
                Err(e) => {
                    let _ = writeln!(out, "(no explanation: {e})");
                }
            }
        }
    }
    out
}

/// The globals and the locals of procedure `proc` in `st`, by name.
fn state_values(cfg: &Cfg, proc: &str, st: &bebop::state::State) -> Vec<(String, bool)> {
    let Some(p) = cfg.procs.iter().position(|q| q.name == proc) else {
        return Vec::new();
    };
    let nl = cfg.procs[p].locals.len() as u32;
    (0..cfg.globals.len() as u32)
        .map(bebop::cfg::Var::Global)
        .chain((0..nl).map(bebop::cfg::Var::Local))
        .map(|x| (cfg.var_name(p as ProcId, x), st.get(x)))
        .collect()
}

fn ctl_json(loaded: &Loaded, proc: &str, f: &Ctl, a: &CtlAnswer, engine: Answerer) -> String {
    let start = match a {
        CtlAnswer::Fails { start, .. } => Some(
            state_values(&loaded.cfg, proc, start)
                .into_iter()
                .map(|(n, b)| (n, serde_json::Value::Bool(b)))
                .collect::<serde_json::Map<_, _>>(),
        ),
        CtlAnswer::Holds => None,
    };
    let (verdict, explanation, explanation_error) = match a {
        CtlAnswer::Holds => ("holds", None, None),
        CtlAnswer::Fails { explanation, .. } => match explanation {
            Ok(segs) => (
                "fails",
                Some(segs.iter().map(|s| json_segment(loaded, s)).collect()),
                None,
            ),
            Err(e) => ("fails", None, Some(e.clone())),
        },
    };
    let j = JsonCtl {
        file: &loaded.file,
        procedure: proc,
        formula: f.to_string(),
        verdict,
        engine: engine_name(engine),
        start,
        explanation,
        explanation_error,
    };
    serde_json::to_string(&j).expect("plain data") + "\n"
}

fn json_segment(loaded: &Loaded, s: &Segment) -> JsonSegment {
    let lasso = Lasso {
        trace: s.trace.clone(),
        closing: s.closing.unwrap_or(Closing::Stays(Stay::Stuck)),
    };
    let mut l = json_lasso(loaded, &lasso);
    if s.closing.is_none() {
        l.closing = "path";
    }
    JsonSegment {
        claim: s.claim.clone(),
        lasso: l,
    }
}
