//! The transition rules of Table 1 on concrete states, used by the
//! explicit-state engine and to concretize BDD traces.
//!
//! A state here is the paper's Ω (globals and the current procedure's
//! locals) plus the return registers. Nondeterminism (`?`, `*`, the free
//! case of `schoose`, uninitialized locals of a callee) is enumerated.

use crate::cfg::{CExpr, Cfg, CondKind, ProcId, VKind, Var, VertexId};
use crate::state::{Bits, State};

/// Evaluates `e` in `s` with choice bits taken from `choices`.
pub fn eval(e: &CExpr, s: &State, choices: u64) -> bool {
    e.eval(&|v| s.get(v), &|k| choices >> k & 1 == 1)
}

/// Whether procedure `p`'s invariant (`enforce`) holds in `s`.
pub fn enforce_holds(cfg: &Cfg, p: ProcId, s: &State) -> bool {
    cfg.procs[p as usize]
        .enforce
        .as_ref()
        .is_none_or(|e| eval(e, s, 0))
}

/// Successors of an intraprocedural vertex (anything but a call, an exit or
/// `Err`): every (vertex, state) reachable in one step, without duplicates.
pub fn intra_successors(cfg: &Cfg, v: VertexId, s: &State) -> Vec<(VertexId, State)> {
    let vx = cfg.vertex(v);
    let mut out: Vec<(VertexId, State)> = Vec::new();
    for ch in 0..1u64 << vx.choices {
        for (w, t) in intra_step(cfg, v, s, ch) {
            if !out.iter().any(|(w2, t2)| *w2 == w && *t2 == t) {
                out.push((w, t));
            }
        }
    }
    out
}

/// The successors of intraprocedural vertex `v` from `s` when its choices
/// (`?`, `*`, `schoose`) take the bits of `ch`: one, or several for a
/// nondeterministic `goto`.
pub fn intra_step(cfg: &Cfg, v: VertexId, s: &State, ch: u64) -> Vec<(VertexId, State)> {
    let vx = cfg.vertex(v);
    match &vx.kind {
        VKind::Skip | VKind::Print(_) | VKind::Goto => {
            vx.succ.iter().map(|&w| (w, s.clone())).collect()
        }
        VKind::Return(es) => {
            let mut t = s.clone();
            for (i, e) in es.iter().enumerate() {
                t.set(Var::Ret(i as u32), eval(e, s, ch));
            }
            vec![(vx.succ[0], t)]
        }
        VKind::Assign { lhs, rhs } => {
            let mut t = s.clone();
            for (x, e) in lhs.iter().zip(rhs) {
                t.set(*x, eval(e, s, ch));
            }
            vec![(vx.succ[0], t)]
        }
        VKind::Cond { kind, cond } => {
            if eval(cond, s, ch) {
                vec![(vx.succ[0], s.clone())]
            } else if *kind != CondKind::Assume {
                vec![(vx.succ[1], s.clone())]
            } else {
                vec![]
            }
        }
        VKind::ReturnSite { lhs, .. } => {
            let mut t = s.clone();
            for (i, x) in lhs.iter().enumerate() {
                t.set(*x, s.get(Var::Ret(i as u32)));
            }
            t.r = Bits::zeros(cfg.max_returns as usize);
            vec![(vx.succ[0], t)]
        }
        VKind::Call { .. } | VKind::Exit | VKind::Err => vec![],
    }
}

/// The states in which the callee of call vertex `c` can start when called
/// from state `s`: globals as in `s`, formals from the actuals, other locals
/// arbitrary, return registers cleared. Without duplicates.
pub fn call_entries(cfg: &Cfg, c: VertexId, s: &State) -> Vec<State> {
    let vx = cfg.vertex(c);
    let VKind::Call { callee, args, .. } = &vx.kind else {
        return vec![];
    };
    let q = &cfg.procs[*callee as usize];
    let free = q.locals.len() as u32 - q.formals;
    let mut out: Vec<State> = Vec::new();
    for ch in 0..1u64 << vx.choices {
        let mut base = State::zeros(cfg, *callee);
        base.g = s.g.clone();
        for (i, a) in args.iter().enumerate() {
            base.l.set(i as u32, eval(a, s, ch));
        }
        if out.contains(&base) {
            continue;
        }
        for bits in 0..1u64 << free {
            let mut t = base.clone();
            for j in 0..free {
                t.l.set(q.formals + j, bits >> j & 1 == 1);
            }
            out.push(t);
        }
    }
    out
}

/// Like [`call_entries`], but the callee's non-formal locals take the values
/// `local(j)` (`j` is the local's index) instead of every valuation: one state per
/// distinct binding of the formals, so no enumeration of the locals (the witness
/// builder knows the values it needs).
pub fn call_entries_with(
    cfg: &Cfg,
    c: VertexId,
    s: &State,
    local: &dyn Fn(u32) -> bool,
) -> Vec<State> {
    let vx = cfg.vertex(c);
    let VKind::Call { callee, args, .. } = &vx.kind else {
        return vec![];
    };
    let q = &cfg.procs[*callee as usize];
    let mut out: Vec<State> = Vec::new();
    for ch in 0..1u64 << vx.choices {
        let mut t = State::zeros(cfg, *callee);
        t.g = s.g.clone();
        for (i, a) in args.iter().enumerate() {
            t.l.set(i as u32, eval(a, s, ch));
        }
        for j in q.formals..q.locals.len() as u32 {
            t.l.set(j, local(j));
        }
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The state at the return site after a callee returns in `exit_state` to a
/// caller that called from `caller_state`.
pub fn return_state(caller_state: &State, exit_state: &State) -> State {
    State {
        g: exit_state.g.clone(),
        l: caller_state.l.clone(),
        r: exit_state.r.clone(),
    }
}

/// All initial states: every valuation of the globals and `main`'s locals.
/// `None` if there are more than `max_bits` of them (as a power of two).
pub fn initial_states(cfg: &Cfg, max_bits: u32) -> Option<Vec<State>> {
    let ng = cfg.globals.len() as u32;
    let nl = cfg.procs[cfg.main as usize].locals.len() as u32;
    if ng + nl > max_bits {
        return None;
    }
    let mut out = Vec::with_capacity(1 << (ng + nl));
    for bits in 0..1u64 << (ng + nl) {
        let mut s = State::zeros(cfg, cfg.main);
        for i in 0..ng {
            s.g.set(i, bits >> i & 1 == 1);
        }
        for j in 0..nl {
            s.l.set(j, bits >> (ng + j) & 1 == 1);
        }
        out.push(s);
    }
    Some(out)
}
