//! Printing procedure relations (`slamrs bebop --summaries`): per procedure,
//! the cubes of entry → exit valuations it returns with, and the entry
//! valuations from which it may loop.

use std::fmt::Write as _;

use bebop::cfg::{Cfg, ProcId, Var};
use bebop::states::{Lit, States, When};
use bebop::summaries::ProcRelation;
use serde_json::{json, Map, Value};

use crate::bebop_report::Loaded;

/// The name of a literal's variable: primed for an exit value.
fn name(cfg: &Cfg, p: ProcId, l: &Lit) -> String {
    let n = cfg.var_name(p, l.var);
    match l.when {
        When::Entry => n,
        When::Now => format!("{n}'"),
    }
}

fn lit_text(cfg: &Cfg, p: ProcId, l: &Lit) -> String {
    let n = name(cfg, p, l);
    if l.value {
        n
    } else {
        format!("!{n}")
    }
}

/// A conjunction of literals, `1` when empty.
fn conj(cfg: &Cfg, p: ProcId, lits: &[&Lit]) -> String {
    if lits.is_empty() {
        return "1".into();
    }
    lits.iter()
        .map(|l| lit_text(cfg, p, l))
        .collect::<Vec<_>>()
        .join(" & ")
}

/// `entry -> exit` of a return cube, or just the entry of a loop cube.
fn cube_text(cfg: &Cfg, p: ProcId, cube: &[Lit], with_exit: bool) -> String {
    let entry: Vec<&Lit> = cube.iter().filter(|l| l.when == When::Entry).collect();
    let exit: Vec<&Lit> = cube.iter().filter(|l| l.when == When::Now).collect();
    if with_exit {
        format!("{} -> {}", conj(cfg, p, &entry), conj(cfg, p, &exit))
    } else {
        conj(cfg, p, &entry)
    }
}

fn set_lines(out: &mut String, cfg: &Cfg, p: ProcId, label: &str, set: &States, with_exit: bool) {
    match set {
        States::Exact(c) if c.is_false() => {
            let _ = writeln!(out, "  {label:<8} never");
        }
        States::Exact(c) => {
            for cube in &c.0 {
                let _ = writeln!(out, "  {label:<8} {}", cube_text(cfg, p, cube, with_exit));
            }
        }
        States::Implied(clauses) => {
            let cl: Vec<String> = clauses
                .iter()
                .map(|c| {
                    let ls: Vec<String> = c.iter().map(|l| lit_text(cfg, p, l)).collect();
                    format!("({})", ls.join(" | "))
                })
                .collect();
            let _ = writeln!(
                out,
                "  {label:<8} (too many cubes; implied: {})",
                cl.join(" & ")
            );
        }
    }
}

fn vars_text(cfg: &Cfg, p: ProcId, vs: &[Var], primed: bool) -> String {
    let names: Vec<String> = vs
        .iter()
        .map(|&v| {
            let n = cfg.var_name(p, v);
            if primed {
                format!("{n}'")
            } else {
                n
            }
        })
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(" ")
    }
}

/// The text of every relation.
pub fn text(loaded: &Loaded, rels: &[ProcRelation]) -> String {
    let cfg = &loaded.cfg;
    let mut out = format!(
        "Procedure relations of {} (from every entry valuation; `x` is a value at entry, `x'` at exit; globals not listed at exit keep their values):\n",
        loaded.file
    );
    for rel in rels {
        let p = rel.proc;
        let _ = writeln!(
            out,
            "{}  entry: {}  exit: {}",
            cfg.procs[p as usize].name,
            vars_text(cfg, p, &rel.entry_vars, false),
            vars_text(cfg, p, &rel.exit_vars, true)
        );
        set_lines(&mut out, cfg, p, "returns", &rel.returns, true);
        set_lines(&mut out, cfg, p, "loops", &rel.loops, false);
    }
    out
}

fn json_set(cfg: &Cfg, p: ProcId, set: &States) -> Value {
    let lits = |ls: &mut dyn Iterator<Item = &Lit>| -> Map<String, Value> {
        ls.map(|l| (cfg.var_name(p, l.var), Value::Bool(l.value)))
            .collect()
    };
    match set {
        States::Exact(c) => {
            let cubes: Vec<Value> =
                c.0.iter()
                    .map(|cube| {
                        json!({
                            "entry": lits(&mut cube.iter().filter(|l| l.when == When::Entry)),
                            "exit": lits(&mut cube.iter().filter(|l| l.when == When::Now)),
                        })
                    })
                    .collect();
            json!({"exact": true, "cubes": cubes})
        }
        States::Implied(clauses) => {
            let cl: Vec<Vec<String>> = clauses
                .iter()
                .map(|c| c.iter().map(|l| lit_text(cfg, p, l)).collect())
                .collect();
            json!({"exact": false, "implied_clauses": cl})
        }
    }
}

/// The JSON of one relation.
pub fn json(cfg: &Cfg, rel: &ProcRelation) -> Value {
    let p = rel.proc;
    let names = |vs: &[Var]| -> Vec<String> { vs.iter().map(|&v| cfg.var_name(p, v)).collect() };
    json!({
        "name": cfg.procs[p as usize].name,
        "entry": names(&rel.entry_vars),
        "exit": names(&rel.exit_vars),
        "returns": json_set(cfg, p, &rel.returns),
        "loops": json_set(cfg, p, &rel.loops),
    })
}
