//! The transition rules of Table 1 on concrete states, used by the
//! explicit-state engine and to concretize BDD traces.
//!
//! A state here is the paper's Ω (globals and the current procedure's
//! locals) plus the return registers. Nondeterminism (`?`, `*`, the free
//! case of `schoose`, uninitialized locals of a callee) is enumerated.
//!
//! The choices of one execution of a vertex are a bit set of any width
//! ([`Bits`]: choice `k` is bit `k`); a vertex may make more than 64 of them
//! (c2bp gives every `schoose` its own). Only the functions that enumerate
//! every valuation count them in a `u64`, up to
//! [`MAX_ENUMERATED_CHOICES`].

use crate::cfg::{CExpr, Cfg, CondKind, ProcId, VKind, Var, VertexId};
use crate::state::{Bits, State};

/// Evaluates `e` in `s` with choice `k` taking bit `k` of `choices`. Choices
/// 64 and above are false: for wider choice sets use [`eval_bits`].
pub fn eval(e: &CExpr, s: &State, choices: u64) -> bool {
    e.eval(&|v| s.get(v), &|k| {
        choices.checked_shr(k).is_some_and(|c| c & 1 == 1)
    })
}

/// Evaluates `e` in `s` with choice `k` taking bit `k` of `choices` (any
/// number of choices).
pub fn eval_bits(e: &CExpr, s: &State, choices: &Bits) -> bool {
    e.eval(&|v| s.get(v), &|k| choices.get(k))
}

/// Most choices (or free callee locals) whose valuations
/// [`intra_successors`], [`call_entries`] and [`call_entries_with`]
/// enumerate: they count them in a `u64`. A vertex with more cannot be
/// enumerated (2^64 valuations); these functions panic on one rather than
/// silently drop valuations, and the explicit engine gives up first.
pub const MAX_ENUMERATED_CHOICES: u32 = 63;

/// Every valuation of `n` choices (or other free bits), as bit sets.
///
/// # Panics
/// If `n` exceeds [`MAX_ENUMERATED_CHOICES`].
fn valuations(n: u32) -> impl Iterator<Item = Bits> {
    assert!(
        n <= MAX_ENUMERATED_CHOICES,
        "cannot enumerate the 2^{n} valuations of {n} choices"
    );
    (0..1u64 << n).map(move |x| Bits::from_u64(n as usize, x))
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
///
/// # Panics
/// If the vertex makes more than [`MAX_ENUMERATED_CHOICES`] choices.
pub fn intra_successors(cfg: &Cfg, v: VertexId, s: &State) -> Vec<(VertexId, State)> {
    let vx = cfg.vertex(v);
    let mut out: Vec<(VertexId, State)> = Vec::new();
    for ch in valuations(vx.choices) {
        for (w, t) in intra_step(cfg, v, s, &ch) {
            if !out.iter().any(|(w2, t2)| *w2 == w && *t2 == t) {
                out.push((w, t));
            }
        }
    }
    out
}

/// The successors of intraprocedural vertex `v` from `s` when its choices
/// (`?`, `*`, `schoose`) take the bits of `ch` (choice `k` is bit `k`, for
/// any number of choices): one, or several for a nondeterministic `goto`.
pub fn intra_step(cfg: &Cfg, v: VertexId, s: &State, ch: &Bits) -> Vec<(VertexId, State)> {
    let vx = cfg.vertex(v);
    match &vx.kind {
        VKind::Skip | VKind::Print(_) | VKind::Goto => {
            vx.succ.iter().map(|&w| (w, s.clone())).collect()
        }
        VKind::Return(es) => {
            let mut t = s.clone();
            for (i, e) in es.iter().enumerate() {
                t.set(Var::Ret(i as u32), eval_bits(e, s, ch));
            }
            vec![(vx.succ[0], t)]
        }
        VKind::Assign { lhs, rhs } => {
            let mut t = s.clone();
            for (x, e) in lhs.iter().zip(rhs) {
                t.set(*x, eval_bits(e, s, ch));
            }
            vec![(vx.succ[0], t)]
        }
        VKind::Cond { kind, cond } => {
            if eval_bits(cond, s, ch) {
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
///
/// # Panics
/// If the call makes more than [`MAX_ENUMERATED_CHOICES`] choices or the
/// callee has more free locals.
pub fn call_entries(cfg: &Cfg, c: VertexId, s: &State) -> Vec<State> {
    let vx = cfg.vertex(c);
    let VKind::Call { callee, args, .. } = &vx.kind else {
        return vec![];
    };
    let q = &cfg.procs[*callee as usize];
    let free = q.locals.len() as u32 - q.formals;
    let mut out: Vec<State> = Vec::new();
    for ch in valuations(vx.choices) {
        let mut base = State::zeros(cfg, *callee);
        base.g = s.g.clone();
        for (i, a) in args.iter().enumerate() {
            base.l.set(i as u32, eval_bits(a, s, &ch));
        }
        if out.contains(&base) {
            continue;
        }
        for bits in valuations(free) {
            let mut t = base.clone();
            for j in 0..free {
                t.l.set(q.formals + j, bits.get(j));
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
///
/// # Panics
/// If the call makes more than [`MAX_ENUMERATED_CHOICES`] choices.
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
    for ch in valuations(vx.choices) {
        let mut t = State::zeros(cfg, *callee);
        t.g = s.g.clone();
        for (i, a) in args.iter().enumerate() {
            t.l.set(i as u32, eval_bits(a, s, &ch));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// `x0, …, x64 := *, …, *`: a step with 65 choices.
    fn wide_assignment() -> (Cfg, VertexId) {
        let vars: Vec<String> = (0..65).map(|i| format!("x{i}")).collect();
        let src = format!(
            "void main()\nbegin\n  decl {};\n  {} := {};\nend\n",
            vars.join(", "),
            vars.join(", "),
            vec!["*"; 65].join(", ")
        );
        let cfg = Cfg::build(&crate::parser::parse(&src).expect("parses")).expect("builds");
        let v = cfg.procs[cfg.main as usize].first;
        assert_eq!(cfg.vertex(v).choices, 65);
        (cfg, v)
    }

    /// Choice 64 is a bit of its own, not an alias of choice 0 (the trace
    /// builder once packed a step's choices in a `u64`).
    #[test]
    fn choices_past_64_are_their_own_bits() {
        let (cfg, v) = wide_assignment();
        let s = State::zeros(&cfg, cfg.main);
        for k in [0, 63, 64] {
            let mut ch = Bits::zeros(65);
            ch.set(k, true);
            let succ = intra_step(&cfg, v, &s, &ch);
            assert_eq!(succ.len(), 1);
            let t = &succ[0].1;
            for i in 0..65 {
                assert_eq!(t.get(Var::Local(i)), i == k, "choice {k}, x{i}");
            }
        }
        // The `u64` form reads the choices it cannot hold as false.
        assert!(!eval(&CExpr::Choice(64), &s, 1));
        assert!(eval(&CExpr::Choice(63), &s, 1 << 63));
    }

    #[test]
    #[should_panic(expected = "cannot enumerate")]
    fn enumerating_more_than_63_choices_panics() {
        let (cfg, v) = wide_assignment();
        intra_successors(&cfg, v, &State::zeros(&cfg, cfg.main));
    }
}
