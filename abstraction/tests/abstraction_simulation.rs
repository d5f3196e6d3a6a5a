//! Soundness of predicate abstraction on concrete runs (the simulation check).
//!
//! For every program of `c-tests/frontend/` (LP64), of `c-tests/abstraction/` (with its
//! hand-picked `.preds` added to the conditions' predicates) and every SV-COMP task of
//! `../shared/benchmarks/sv-comp/tasks.csv` (ILP32), predicates are taken from the
//! program's conditions (`c2bp::predicates_from_conditions`), the program is abstracted, and
//! the CIR interpreter runs it (mathematical integers, as c2bp's default encoding) on random
//! inputs (`RandomOracle` seeds `0..runs`) and on the `// inputs:` lines of the header.
//! Each run is replayed on the boolean program by `simcheck`: every run must be a path the
//! boolean program allows. Asserted: 0 violations, and every program abstracts and has a
//! usable boolean program.
//!
//! A second test shows the check is not vacuous on c2bp's output: for the programs of
//! `c-tests/abstraction/`, mutants of the boolean program (one assignment component or one
//! `assume` negated) must be flagged on some run for at least half of them (the others
//! change nothing the runs can observe: dead branches, unknown values).
//!
//! Environment: `SLAMRS_SIM_RUNS` (seeds per program, default [`DEFAULT_RUNS`]),
//! `SLAMRS_SIM_STEPS` (edges per run, default [`DEFAULT_STEPS`]), `SLAMRS_SIM_FILTER`
//! (only programs whose name contains it), `SLAMRS_SIM_SHOW_MISSED` (list the mutants no
//! run flags).

mod common;

use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::c2bp::{
    parse_predicates, predicates_from_conditions, Abstraction, Abstractor, Options, PredicateSet,
    Scope,
};
use slamrs_abstraction::cir::{DataModel, FuncId, Program};
use slamrs_abstraction::frontend::{load_file, LoadOptions};
use slamrs_abstraction::interp::{Config, IntMode, Oracle, RandomOracle, SeqOracle};
use slamrs_abstraction::simcheck::{SimResult, SimSpec, Simulator};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Random input sequences per program.
const DEFAULT_RUNS: u64 = 100;
/// Edges per run.
const DEFAULT_STEPS: u64 = 3_000;
/// Violations shown in full per program.
const SHOWN: usize = 3;

fn env_number(var: &str, default: u64) -> u64 {
    match std::env::var(var) {
        Ok(v) if !v.trim().is_empty() => v
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("{var}={v} is not a number")),
        _ => default,
    }
}

/// The simulation spec of an abstraction: procedures and predicates as c2bp names them.
fn spec_of<'a>(prog: &'a Program, abs: &'a Abstraction, entry: FuncId) -> SimSpec<'a> {
    let mut globals = Vec::new();
    let mut locals: HashMap<FuncId, Vec<(String, _)>> = HashMap::default();
    for p in &abs.preds.preds {
        match p.scope {
            Scope::Global => globals.push((p.name.clone(), p.expr.clone())),
            Scope::Func(f) => locals
                .entry(f)
                .or_default()
                .push((p.name.clone(), p.expr.clone())),
        }
    }
    SimSpec {
        prog,
        bp: &abs.program,
        entry,
        proc_names: abs
            .procs
            .iter()
            .map(|(&f, sig)| (f, sig.name.clone()))
            .collect(),
        globals,
        locals,
    }
}

/// One row of the table.
#[derive(Default)]
struct Row {
    preds: usize,
    runs: u64,
    checked: u64,
    skipped: u64,
    violations: u64,
    outcomes: BTreeMap<&'static str, u64>,
    /// Seconds spent abstracting and simulating.
    abs_secs: f64,
    sim_secs: f64,
}

struct Settings {
    runs: u64,
    steps: u64,
}

/// Abstract `prog` over `preds` and check every run; the row, and the violations found.
fn check_program(
    name: &str,
    prog: &Program,
    preds: &PredicateSet,
    header_inputs: &[Vec<i128>],
    set: &Settings,
) -> Result<(Row, Vec<String>), String> {
    let t = Instant::now();
    let abs = Abstractor::new()
        .abstract_program(prog, preds, &math_options())
        .map_err(|e| format!("{name}: no abstraction: {e}"))?;
    let abs_secs = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let entry = prog
        .func_by_name("main")
        .ok_or_else(|| format!("{name}: no main"))?;
    let spec = spec_of(prog, &abs, entry);
    let sim =
        Simulator::new(&spec).map_err(|v| format!("{name}: unusable boolean program: {v}"))?;
    let cfg = Config {
        int_mode: IntMode::Math,
        max_steps: set.steps,
        max_depth: 200,
        ..Config::default()
    };
    let mut row = Row {
        preds: abs.preds.len(),
        abs_secs,
        ..Row::default()
    };
    let mut found = Vec::new();
    let mut one = |what: String, oracle: &mut dyn Oracle| {
        let r: SimResult = sim.check_run(&cfg, oracle);
        row.runs += 1;
        row.checked += r.visits_checked;
        row.skipped += r.visits_skipped;
        *row.outcomes.entry(r.outcome.kind_name()).or_default() += 1;
        if let Some(v) = r.violation {
            row.violations += 1;
            if found.len() < SHOWN {
                found.push(format!("{name} ({what}): {v}"));
            }
        }
    };
    for seed in 0..set.runs {
        one(format!("seed {seed}"), &mut RandomOracle::new(seed));
    }
    for inputs in header_inputs {
        one(
            format!("inputs {inputs:?}"),
            &mut SeqOracle::new(inputs.clone()),
        );
    }
    row.sim_secs = t.elapsed().as_secs_f64();
    Ok((row, found))
}

/// A program to check.
struct Case {
    name: String,
    path: PathBuf,
    data_model: DataModel,
    /// Hand-picked predicates to add (`c-tests/abstraction`).
    preds_file: Option<PathBuf>,
}

fn load_case(case: &Case) -> Result<(Program, PredicateSet, Vec<Vec<i128>>), String> {
    let opts = LoadOptions {
        data_model: case.data_model,
        entry: Some("main".into()),
        ..LoadOptions::default()
    };
    let mut prog =
        load_file(&case.path, &opts).map_err(|e| format!("{}: does not load: {e}", case.name))?;
    let mut preds = predicates_from_conditions(&prog);
    if let Some(pf) = &case.preds_file {
        let text = std::fs::read_to_string(pf).map_err(|e| format!("{}: {e}", case.name))?;
        let extra = parse_predicates(&mut prog, &text)
            .map_err(|e| format!("{}: predicates: {e}", case.name))?;
        for p in extra.preds {
            let f = match p.scope {
                Scope::Global => None,
                Scope::Func(f) => Some(f),
            };
            preds.add(&prog, f, p.expr);
        }
    }
    let text = std::fs::read_to_string(&case.path).unwrap_or_default();
    let inputs = if common::header_values(&text, "inputs").is_empty() {
        Vec::new()
    } else {
        common::program_inputs(&text).map_err(|e| format!("{}: header: {e}", case.name))?
    };
    Ok((prog, preds, inputs))
}

/// The SV-COMP tasks listed in `tasks.csv` (the `path` column), if the benchmarks exist.
fn svcomp_cases() -> Vec<Case> {
    let root = common::repo_root().join("../shared/benchmarks/sv-comp");
    let Ok(text) = std::fs::read_to_string(root.join("tasks.csv")) else {
        println!("note: SV-COMP tasks not found under {}", root.display());
        return Vec::new();
    };
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split(',').collect();
    let Some(col) = header.iter().position(|h| h.trim() == "path") else {
        panic!("tasks.csv has no `path` column");
    };
    lines
        .filter_map(|l| l.split(',').nth(col).map(str::trim))
        .filter(|p| !p.is_empty())
        .map(|p| Case {
            name: p.rsplit('/').next().unwrap_or(p).to_string(),
            path: root.join(p),
            data_model: DataModel::Ilp32,
            preds_file: None,
        })
        .collect()
}

fn corpus_cases(dir: &str, with_preds: bool) -> Vec<Case> {
    common::c_files(&common::corpus_dir(dir))
        .into_iter()
        .map(|path| Case {
            name: format!("{dir}/{}", common::short_name(&path)),
            preds_file: with_preds.then(|| path.with_extension("preds")),
            path,
            data_model: DataModel::default(),
        })
        .collect()
}

fn filtered(cases: Vec<Case>) -> Vec<Case> {
    match std::env::var("SLAMRS_SIM_FILTER") {
        Ok(f) if !f.is_empty() => cases.into_iter().filter(|c| c.name.contains(&f)).collect(),
        _ => cases,
    }
}

#[test]
fn every_run_is_a_path_of_the_boolean_program() {
    let set = Settings {
        runs: env_number("SLAMRS_SIM_RUNS", DEFAULT_RUNS),
        steps: env_number("SLAMRS_SIM_STEPS", DEFAULT_STEPS),
    };
    let mut cases = corpus_cases("frontend", false);
    cases.extend(corpus_cases("abstraction", true));
    cases.extend(svcomp_cases());
    let cases = filtered(cases);
    assert!(!cases.is_empty(), "no programs to check");
    let start = Instant::now();
    let mut failures: Vec<String> = Vec::new();
    let mut total = Row::default();
    println!(
        "{:<44} {:>5} {:>5} {:>9} {:>7} {:>4}  outcomes",
        "program", "preds", "runs", "checked", "skipped", "viol"
    );
    for case in &cases {
        let result = load_case(case).and_then(|(prog, preds, inputs)| {
            check_program(&case.name, &prog, &preds, &inputs, &set)
        });
        let (row, found) = match result {
            Ok(x) => x,
            Err(e) => {
                println!("{:<44} error: {e}", case.name);
                failures.push(e);
                continue;
            }
        };
        let outcomes: Vec<String> = row
            .outcomes
            .iter()
            .map(|(k, n)| format!("{k}={n}"))
            .collect();
        println!(
            "{:<44} {:>5} {:>5} {:>9} {:>7} {:>4}  {} (abstraction {:.1}s, runs {:.1}s)",
            case.name,
            row.preds,
            row.runs,
            row.checked,
            row.skipped,
            row.violations,
            outcomes.join(" "),
            row.abs_secs,
            row.sim_secs
        );
        total.runs += row.runs;
        total.checked += row.checked;
        total.skipped += row.skipped;
        total.violations += row.violations;
        total.abs_secs += row.abs_secs;
        total.sim_secs += row.sim_secs;
        failures.extend(found);
    }
    println!(
        "{:<44} {:>5} {:>5} {:>9} {:>7} {:>4}  ({} programs, {:.1}s: abstraction {:.1}s, runs {:.1}s)",
        "total",
        "",
        total.runs,
        total.checked,
        total.skipped,
        total.violations,
        cases.len(),
        start.elapsed().as_secs_f64(),
        total.abs_secs,
        total.sim_secs
    );
    assert!(
        failures.is_empty(),
        "{} violations in {} runs; {} problems shown:\n\n{}",
        total.violations,
        total.runs,
        failures.len(),
        failures.join("\n\n")
    );
}

/// Negate the `target`-th mutation point of `stmts` (assignment components that are not a
/// bare `*`, and `assume` conditions, in program order); its description if reached.
fn mutate(stmts: &mut [bebop::ast::Stmt], target: usize, counter: &mut usize) -> Option<String> {
    use bebop::ast::{Expr, ExprKind, StmtKind};
    fn negate(e: &mut Expr) {
        let span = e.span;
        let inner = std::mem::replace(
            e,
            Expr {
                kind: ExprKind::Const(false),
                span,
            },
        );
        *e = Expr {
            kind: ExprKind::Not(Box::new(inner)),
            span,
        };
    }
    for st in stmts {
        let label = st
            .labels
            .first()
            .map(|l| l.name.clone())
            .unwrap_or_default();
        match &mut st.kind {
            StmtKind::Assign { lhs, rhs } => {
                for (x, e) in lhs.iter().zip(rhs.iter_mut()) {
                    if matches!(e.kind, ExprKind::Nondet) {
                        continue;
                    }
                    if *counter == target {
                        negate(e);
                        return Some(format!("{label}: {} := !(...)", x.name));
                    }
                    *counter += 1;
                }
            }
            StmtKind::Assume(e) => {
                if *counter == target {
                    negate(e);
                    return Some(format!("{label}: assume negated"));
                }
                *counter += 1;
            }
            StmtKind::If { arms, els } => {
                for (_, body) in arms.iter_mut() {
                    if let Some(d) = mutate(body, target, counter) {
                        return Some(d);
                    }
                }
                if let Some(body) = els {
                    if let Some(d) = mutate(body, target, counter) {
                        return Some(d);
                    }
                }
            }
            StmtKind::While { body, .. } => {
                if let Some(d) = mutate(body, target, counter) {
                    return Some(d);
                }
            }
            _ => {}
        }
    }
    None
}

/// The mutants of a boolean program, one per mutation point (at most `max`, spread evenly).
fn mutants(bp: &bebop::ast::Program, max: usize) -> Vec<(String, bebop::ast::Program)> {
    let mut total = 0;
    for p in &bp.procs {
        let mut copy = p.body.clone();
        mutate(&mut copy, usize::MAX, &mut total);
    }
    let step = total.div_ceil(max.max(1)).max(1);
    let mut out = Vec::new();
    for target in (0..total).step_by(step) {
        let mut m = bp.clone();
        let mut counter = 0;
        for p in &mut m.procs {
            if let Some(d) = mutate(&mut p.body, target, &mut counter) {
                out.push((format!("{}: {d}", p.name.name), m.clone()));
                break;
            }
        }
    }
    out
}

/// The checker is not vacuous on c2bp's output: negating an assignment or an assume of the
/// boolean program (a deliberately unsound abstraction, unless the change is invisible to
/// the runs) is flagged on some run for most mutants.
#[test]
fn mutated_boolean_programs_are_caught() {
    let cases = filtered(corpus_cases("abstraction", true));
    let cfg = Config {
        int_mode: IntMode::Math,
        max_steps: 2_000,
        max_depth: 200,
        ..Config::default()
    };
    let (mut total, mut killed) = (0usize, 0usize);
    let mut failures = Vec::new();
    println!("{:<40} {:>7} {:>7}", "program", "mutants", "caught");
    for case in &cases {
        let (prog, preds, inputs) = load_case(case).unwrap_or_else(|e| panic!("{e}"));
        let abs = Abstractor::new()
            .abstract_program(&prog, &preds, &math_options())
            .unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let entry = prog.func_by_name("main").expect("main");
        let ms = mutants(&abs.program, 40);
        let mut caught = 0;
        for (what, bp) in &ms {
            let spec = SimSpec {
                bp,
                ..spec_of(&prog, &abs, entry)
            };
            let sim = match Simulator::new(&spec) {
                Ok(s) => s,
                Err(v) => {
                    failures.push(format!("{} [{what}]: {v}", case.name));
                    continue;
                }
            };
            let seeded = (0..30u64).any(|seed| {
                sim.check_run(&cfg, &mut RandomOracle::new(seed))
                    .violation
                    .is_some()
            });
            let listed = || {
                inputs.iter().any(|i| {
                    sim.check_run(&cfg, &mut SeqOracle::new(i.clone()))
                        .violation
                        .is_some()
                })
            };
            if seeded || listed() {
                caught += 1;
            } else if std::env::var("SLAMRS_SIM_SHOW_MISSED").is_ok() {
                println!("  not caught: {what}");
            }
        }
        println!("{:<40} {:>7} {:>7}", case.name, ms.len(), caught);
        total += ms.len();
        killed += caught;
    }
    println!("{:<40} {:>7} {:>7}", "total", total, killed);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(total > 0, "no mutants");
    assert!(
        killed * 2 >= total,
        "only {killed} of {total} unsound mutants caught"
    );
}

#[test]
fn spec_maps_every_procedure_and_predicate() {
    // A small program: the spec built from c2bp's output is accepted by the simulator.
    let dir = common::corpus_dir("abstraction");
    let path: &Path = &dir.join("call_formals.c");
    let case = Case {
        name: "call_formals".into(),
        path: path.to_path_buf(),
        data_model: DataModel::default(),
        preds_file: Some(path.with_extension("preds")),
    };
    let (prog, preds, _) = load_case(&case).unwrap_or_else(|e| panic!("{e}"));
    let abs = Abstractor::new()
        .abstract_program(&prog, &preds, &math_options())
        .expect("abstracts");
    let entry = prog.func_by_name("main").expect("main");
    let spec = spec_of(&prog, &abs, entry);
    assert_eq!(spec.proc_names.len(), abs.procs.len());
    let n: usize = spec.globals.len() + spec.locals.values().map(Vec::len).sum::<usize>();
    assert_eq!(n, abs.preds.len());
    Simulator::new(&spec).unwrap_or_else(|v| panic!("{v}"));
}

/// The abstraction in mathematical integers, matching the interpreter's `Math` mode the
/// runs use (casts and unsigned arithmetic do not wrap).
fn math_options() -> Options {
    Options {
        wrap_ints: false,
        ..Options::default()
    }
}
