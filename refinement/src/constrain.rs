//! What a spurious trace teaches when its predicates are all there already.
//!
//! A trace can be spurious although the predicates that prove it so are already in the
//! abstraction: c2bp's bounded cube search did not find the cube that rules out one of its
//! states or steps (`c2bp::learned` explains how that happens). Discovery then has nothing
//! to add and the same path comes back. Here the trace itself is checked:
//! - every state it passes through: the values of the predicates live at that point (as
//!   Bebop reports them) must be satisfiable together; a state that is not gives a minimal
//!   inconsistent cube, recorded as a constraint for the next abstraction's `enforce`;
//! - when no state is inconsistent, every `assume` and assignment between two states of
//!   one procedure: a minimal cube of the state before it that rules the step out is
//!   recorded as a seed, a cube c2bp's search tries first.
//!
//! States and steps are checked from the error backward, each distinct one once, within a
//! budget.

use crate::path::parse_label;
use bebop::analysis::{liveness, mod_ref};
use bebop::cfg::{Cfg, Var};
use bebop::reach::Trace;
use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use slamrs_abstraction::c2bp::learned::{constraint, edge_core, inconsistent_core, Env};
use slamrs_abstraction::c2bp::{Abstraction, PredicateSet};
use slamrs_abstraction::cir::{FuncId, Stmt};

/// Distinct states checked per trace.
const MAX_STATES: usize = 64;
/// Constraints (or seeds) learnt from one trace.
const MAX_LEARNT: usize = 8;

/// Adds to `preds` the constraints that rule out inconsistent states of `trace` (a trace of
/// `abs`, whose CFG is `cfg`); returns how many are new.
pub fn learn(
    env: &Env,
    abs: &Abstraction,
    cfg: &Cfg,
    trace: &Trace,
    preds: &mut PredicateSet,
) -> usize {
    let states = valuations(abs, cfg, trace);
    let added = learn_states(env, abs, &states, preds);
    if added > 0 {
        return added;
    }
    learn_steps(env, abs, cfg, trace, &states, preds)
}

/// The procedure's function and the values of the predicates live at each step of `trace`
/// (`None` outside the procedures of C functions).
pub(crate) type Valuation = Option<(FuncId, Vec<(usize, bool)>)>;

pub(crate) fn valuations(abs: &Abstraction, cfg: &Cfg, trace: &Trace) -> Vec<Valuation> {
    let procs: HashMap<&str, FuncId> = abs
        .procs
        .iter()
        .map(|(&f, sig)| (sig.name.as_str(), f))
        .collect();
    let index = abs.preds.index_by_name();
    let live = liveness(cfg, &mod_ref(cfg));
    trace
        .steps
        .iter()
        .map(|step| {
            let p = cfg.vertices[step.vertex as usize].proc?;
            let info = &cfg.procs[p as usize];
            let f = *procs.get(info.name.as_str())?;
            let here = &live.live[step.vertex as usize];
            let mut valuation: Vec<(usize, bool)> = Vec::new();
            let vars = cfg
                .globals
                .iter()
                .enumerate()
                .map(|(k, n)| (Var::Global(k as u32), n))
                .chain(
                    info.locals
                        .iter()
                        .enumerate()
                        .map(|(k, n)| (Var::Local(k as u32), n)),
                );
            for (var, name) in vars {
                if here.contains(var) {
                    if let Some(&i) = index.get(name.as_str()) {
                        valuation.push((i, step.state.get(var)));
                    }
                }
            }
            valuation.sort_unstable();
            Some((f, valuation))
        })
        .collect()
}

/// Constraints from the states that are inconsistent.
fn learn_states(
    env: &Env,
    abs: &Abstraction,
    states: &[Valuation],
    preds: &mut PredicateSet,
) -> usize {
    let mut checked: HashSet<(FuncId, &[(usize, bool)])> = HashSet::default();
    let mut learnt: Vec<(FuncId, Vec<(usize, bool)>)> = Vec::new();
    let mut added = 0;
    for (f, valuation) in states.iter().rev().flatten() {
        if checked.len() >= MAX_STATES || learnt.len() >= MAX_LEARNT {
            break;
        }
        let f = *f;
        if valuation.len() < 2 || !checked.insert((f, valuation)) {
            continue;
        }
        // a state another one of this trace already explained
        if learnt
            .iter()
            .any(|(g, c)| *g == f && c.iter().all(|l| valuation.contains(l)))
        {
            continue;
        }
        let Some(core) = inconsistent_core(env, &abs.preds, f, valuation) else {
            continue;
        };
        tracing::debug!(
            func = %env.prog.func(f).name,
            cube = ?shown(abs, &core),
            "inconsistent state"
        );
        let c = constraint(&abs.preds, f, &core);
        learnt.push((f, core));
        if !preds.constraints.contains(&c) {
            preds.constraints.push(c);
            added += 1;
        }
    }
    tracing::info!(
        states = checked.len(),
        found = learnt.len(),
        added,
        "trace states checked"
    );
    added
}

/// Seeds from the steps (an `assume` or an assignment between two states of one procedure)
/// that the predicates rule out but the abstraction took.
fn learn_steps(
    env: &Env,
    abs: &Abstraction,
    cfg: &Cfg,
    trace: &Trace,
    states: &[Valuation],
    preds: &mut PredicateSet,
) -> usize {
    let prog = env.prog;
    let mut checked = 0;
    let mut found = 0;
    let mut added = 0;
    for k in (0..trace.steps.len().saturating_sub(1)).rev() {
        if checked >= MAX_STATES || found >= MAX_LEARNT {
            break;
        }
        let (Some((f, pre)), Some((g, post))) = (&states[k], &states[k + 1]) else {
            continue;
        };
        if f != g || trace.steps[k].depth != trace.steps[k + 1].depth {
            continue;
        }
        let Some(body) = &prog.func(*f).body else {
            continue;
        };
        let vertex = &cfg.vertices[trace.steps[k].vertex as usize];
        let Some((node, e)) = vertex.labels.iter().find_map(|l| parse_label(l)) else {
            continue;
        };
        let Some(n) = body.nodes.get(node as usize) else {
            continue;
        };
        let e = match e {
            Some(e) => e,
            None if n.edges.len() == 1 => 0,
            None => continue,
        };
        let Some(edge) = n.edges.get(e) else { continue };
        if !matches!(edge.stmt, Stmt::Assume(_) | Stmt::Assign { .. }) {
            continue;
        }
        checked += 1;
        let Some(core) = edge_core(env, &abs.preds, *f, &edge.stmt, pre, post) else {
            continue;
        };
        found += 1;
        tracing::debug!(
            func = %prog.func(*f).name,
            at = ?vertex.labels,
            cube = ?shown(abs, &core),
            "step the predicates rule out"
        );
        let c = constraint(&abs.preds, *f, &core);
        if !preds.seeds.contains(&c) {
            preds.seeds.push(c);
            added += 1;
        }
    }
    tracing::info!(steps = checked, found, added, "trace steps checked");
    added
}

fn shown(abs: &Abstraction, cube: &[(usize, bool)]) -> Vec<String> {
    cube.iter()
        .map(|&(i, v)| format!("{}{}", if v { "" } else { "!" }, abs.preds.preds[i].name))
        .collect()
}
