//! BP states with wildcards, and the BP transitions on them.
//!
//! An [`AState`] stands for every BP state that agrees with it outside its wildcard mask:
//! a wildcard is a variable whose value the run has not pinned down (a predicate the
//! concrete state cannot evaluate, a callee's fresh local, a BP variable that is no
//! predicate). Wildcards are split lazily, only when a vertex reads them, so unknown values
//! cost nothing until the BP looks at them. Transitions are bebop's own
//! (`semantics::intra_successors` on the split states), except for assignments with choices
//! and vertices with many choices whose choices each occur once: their successors are
//! computed component by component instead of enumerating every choice vector, and an
//! assigned variable that can take both values becomes a wildcard (same set of states, see
//! [`possible`]).

use super::prepare::Prepared;
use bebop::ast::BinOp;
use bebop::cfg::{CExpr, CondKind, ProcId, VKind, Var, VertexId};
use bebop::semantics;
use bebop::state::State;
use rustc_hash::FxHashSet as HashSet;

/// Most choice bits bebop's enumerating semantics is used for.
const SMALL_CHOICES: u32 = 6;
/// Most wildcards `enforce` is decided on exactly (by enumeration).
const EXACT_ENFORCE_WILDCARDS: usize = 6;

/// The set of BP states grew beyond the checker's limits.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Blowup;

/// A BP state with wildcards; wildcard bits of `s` are kept false.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct AState {
    pub(super) s: State,
    /// Wildcard mask (globals and locals; return registers are never wildcards).
    pub(super) w: State,
}

impl AState {
    /// Every variable of procedure `p` (and every global) a wildcard.
    pub(super) fn unknown(pre: &Prepared, p: ProcId) -> AState {
        let s = State::zeros(&pre.cfg, p);
        let mut w = s.clone();
        for i in 0..pre.cfg.globals.len() as u32 {
            w.g.set(i, true);
        }
        for i in 0..pre.cfg.procs[p as usize].locals.len() as u32 {
            w.l.set(i, true);
        }
        AState { s, w }
    }

    pub(super) fn get(&self, v: Var) -> Option<bool> {
        (!self.w.get(v)).then(|| self.s.get(v))
    }

    /// Give `v` the value `b` (it is no longer a wildcard).
    pub(super) fn set(&mut self, v: Var, b: bool) {
        self.s.set(v, b);
        self.w.set(v, false);
    }

    /// Make `v` a wildcard.
    pub(super) fn forget(&mut self, v: Var) {
        self.s.set(v, false);
        self.w.set(v, true);
    }

    /// Every completion of the wildcards among `vars`; `Blowup` beyond `limit` states.
    pub(super) fn split(&self, vars: &[Var], limit: usize) -> Result<Vec<AState>, Blowup> {
        let mut out = vec![self.clone()];
        for &v in vars {
            if self.w.get(v) {
                if out.len() * 2 > limit {
                    return Err(Blowup);
                }
                let mut more = Vec::with_capacity(out.len());
                for a in &mut out {
                    let mut b = a.clone();
                    a.set(v, false);
                    b.set(v, true);
                    more.push(b);
                }
                out.extend(more);
            }
        }
        Ok(out)
    }
}

/// Kleene evaluation of a choice-free expression: `None` when the wildcards decide it.
pub(super) fn kleene(e: &CExpr, a: &AState) -> Option<bool> {
    match e {
        CExpr::Const(b) => Some(*b),
        CExpr::Var(v) => a.get(*v),
        CExpr::Choice(_) => None,
        CExpr::Not(x) => kleene(x, a).map(|b| !b),
        CExpr::Bin(op, x, y) => {
            let (p, q) = (kleene(x, a), kleene(y, a));
            match (op, p, q) {
                (_, Some(p), Some(q)) => Some(op.apply(p, q)),
                (BinOp::And, Some(false), _) | (BinOp::And, _, Some(false)) => Some(false),
                (BinOp::Or, Some(true), _) | (BinOp::Or, _, Some(true)) => Some(true),
                (BinOp::Implies, Some(false), _) | (BinOp::Implies, _, Some(true)) => Some(true),
                _ => None,
            }
        }
        CExpr::Schoose(p, n, _) => match (kleene(p, a), kleene(n, a)) {
            (Some(true), _) => Some(true),
            (Some(false), Some(true)) => Some(false),
            _ => None,
        },
    }
}

/// The values `e` can take in state `s` when each choice occurs once in it:
/// (can be true, can be false). Exact for such read-once choices, because the operands of
/// every operator then depend on disjoint choices.
pub(super) fn possible(e: &CExpr, s: &State) -> (bool, bool) {
    match e {
        CExpr::Const(b) => (*b, !*b),
        CExpr::Var(v) => (s.get(*v), !s.get(*v)),
        CExpr::Choice(_) => (true, true),
        CExpr::Not(x) => {
            let (t, f) = possible(x, s);
            (f, t)
        }
        CExpr::Bin(op, x, y) => {
            let vals = |(t, f): (bool, bool)| {
                [(t, true), (f, false)]
                    .into_iter()
                    .filter(|p| p.0)
                    .map(|p| p.1)
                    .collect::<Vec<bool>>()
            };
            let (xs, ys) = (vals(possible(x, s)), vals(possible(y, s)));
            let mut out = (false, false);
            for &p in &xs {
                for &q in &ys {
                    if op.apply(p, q) {
                        out.0 = true;
                    } else {
                        out.1 = true;
                    }
                }
            }
            out
        }
        CExpr::Schoose(p, n, _) => {
            let (pt, pf) = possible(p, s);
            let (_, nf) = possible(n, s);
            (pt || (pf && nf), pf)
        }
    }
}

/// Every combination of per-component value sets, as bit vectors (`Blowup` past `limit`).
fn product(parts: &[(bool, bool)], limit: usize) -> Result<Vec<Vec<bool>>, Blowup> {
    let mut out: Vec<Vec<bool>> = vec![Vec::new()];
    for &(t, f) in parts {
        let mut next = Vec::new();
        for v in &out {
            for (ok, b) in [(f, false), (t, true)] {
                if ok {
                    let mut w = v.clone();
                    w.push(b);
                    next.push(w);
                }
            }
        }
        if next.len() > limit {
            return Err(Blowup);
        }
        out = next;
    }
    Ok(out)
}

impl Prepared {
    /// Whether procedure `p`'s `enforce` can hold in `a`: exact when the wildcards it reads
    /// are few, otherwise only a definitely false invariant excludes the state.
    pub(super) fn enforce_ok(&self, p: ProcId, a: &AState) -> bool {
        let Some(e) = &self.cfg.procs[p as usize].enforce else {
            return true;
        };
        let wild: Vec<Var> = self.enforce_vars[p as usize]
            .iter()
            .copied()
            .filter(|&v| a.w.get(v))
            .collect();
        if wild.is_empty() {
            return semantics::enforce_holds(&self.cfg, p, &a.s);
        }
        if let Some(b) = kleene(e, a) {
            return b;
        }
        if wild.len() > EXACT_ENFORCE_WILDCARDS {
            return true;
        }
        a.split(&wild, usize::MAX)
            .map(|all| all.iter().any(|c| semantics::eval(e, &c.s, 0)))
            .unwrap_or(true)
    }

    /// The successors of an intraprocedural vertex (not a call, exit or error vertex), with
    /// states violating the target procedure's `enforce` removed.
    pub(super) fn successors(
        &self,
        v: VertexId,
        a: &AState,
        limit: usize,
    ) -> Result<Vec<(VertexId, AState)>, Blowup> {
        let vx = self.cfg.vertex(v);
        let written: Vec<Var> = match &vx.kind {
            VKind::Assign { lhs, .. } | VKind::ReturnSite { lhs, .. } => lhs.clone(),
            _ => Vec::new(),
        };
        let component_wise = self.read_once[v as usize]
            && (vx.choices > SMALL_CHOICES
                || (vx.choices > 0 && matches!(vx.kind, VKind::Assign { .. })));
        let mut out: Vec<(VertexId, AState)> = Vec::new();
        let mut seen: HashSet<(VertexId, AState)> = HashSet::default();
        for c in a.split(&self.reads[v as usize], limit)? {
            let succ = if component_wise {
                self.read_once_successors(v, &c.s, limit)?
            } else if vx.choices <= SMALL_CHOICES {
                semantics::intra_successors(&self.cfg, v, &c.s)
                    .into_iter()
                    .map(|(w, t)| (w, t, Vec::new()))
                    .collect()
            } else {
                return Err(Blowup);
            };
            for (w, t, wild) in succ {
                let mut next = AState {
                    s: t,
                    w: c.w.clone(),
                };
                for &x in &written {
                    next.w.set(x, false);
                }
                for &x in &wild {
                    next.forget(x);
                }
                // Only assignments change what `enforce` reads (return registers are not
                // in it), so other steps keep it true.
                let ok = written.is_empty()
                    || self
                        .cfg
                        .proc_of(w)
                        .is_none_or(|p| self.enforce_ok(p, &next));
                if ok && seen.insert((w, next.clone())) {
                    out.push((w, next));
                }
            }
            if out.len() > limit {
                return Err(Blowup);
            }
        }
        Ok(out)
    }

    /// [`semantics::intra_successors`] for a read-once vertex, component by component; an
    /// assigned variable that can take both values becomes a wildcard (listed with each
    /// successor) instead of being enumerated. Exact: read-once components are independent.
    fn read_once_successors(
        &self,
        v: VertexId,
        s: &State,
        limit: usize,
    ) -> Result<Vec<(VertexId, State, Vec<Var>)>, Blowup> {
        let vx = self.cfg.vertex(v);
        let mut out = Vec::new();
        match &vx.kind {
            VKind::Assign { lhs, rhs } => {
                let mut fixed = Vec::new();
                let mut parts = Vec::new();
                let mut wild = Vec::new();
                for (x, e) in lhs.iter().zip(rhs) {
                    match possible(e, s) {
                        (true, true) => wild.push(*x),
                        p => {
                            fixed.push(*x);
                            parts.push(p);
                        }
                    }
                }
                for vals in product(&parts, limit)? {
                    let mut t = s.clone();
                    for (x, b) in fixed.iter().zip(vals) {
                        t.set(*x, b);
                    }
                    out.push((vx.succ[0], t, wild.clone()));
                }
            }
            VKind::Return(es) => {
                let parts: Vec<(bool, bool)> = es.iter().map(|e| possible(e, s)).collect();
                for vals in product(&parts, limit)? {
                    let mut t = s.clone();
                    for (i, b) in vals.into_iter().enumerate() {
                        t.set(Var::Ret(i as u32), b);
                    }
                    out.push((vx.succ[0], t, Vec::new()));
                }
            }
            VKind::Cond { kind, cond } => {
                let (t, f) = possible(cond, s);
                if t {
                    out.push((vx.succ[0], s.clone(), Vec::new()));
                }
                if f && *kind != CondKind::Assume {
                    out.push((vx.succ[1], s.clone(), Vec::new()));
                }
            }
            _ => {
                return Ok(semantics::intra_successors(&self.cfg, v, s)
                    .into_iter()
                    .map(|(w, t)| (w, t, Vec::new()))
                    .collect())
            }
        }
        Ok(out)
    }

    /// The states in which the callee of call vertex `c` starts when called from `a`:
    /// globals as in `a`, formals from the arguments (a read-once argument that can take
    /// both values makes its formal a wildcard), every other local a wildcard.
    pub(super) fn call_entries(
        &self,
        c: VertexId,
        a: &AState,
        limit: usize,
    ) -> Result<Vec<AState>, Blowup> {
        let vx = self.cfg.vertex(c);
        let VKind::Call { callee, args, .. } = &vx.kind else {
            return Ok(Vec::new());
        };
        let q = &self.cfg.procs[*callee as usize];
        let mut out: Vec<AState> = Vec::new();
        let mut seen: HashSet<AState> = HashSet::default();
        for split in a.split(&self.reads[c as usize], limit)? {
            // Formals as values (`Some`) or wildcards (`None`: both values possible, for
            // read-once arguments).
            let formal_vectors: Vec<Vec<Option<bool>>> = if self.read_once[c as usize] {
                let parts: Vec<(bool, bool)> = args.iter().map(|e| possible(e, &split.s)).collect();
                let fixed: Vec<(bool, bool)> = parts
                    .iter()
                    .copied()
                    .filter(|&p| p != (true, true))
                    .collect();
                product(&fixed, limit)?
                    .into_iter()
                    .map(|vals| {
                        let mut vals = vals.into_iter();
                        parts
                            .iter()
                            .map(|&p| if p == (true, true) { None } else { vals.next() })
                            .collect()
                    })
                    .collect()
            } else if vx.choices <= SMALL_CHOICES {
                let mut vs: Vec<Vec<Option<bool>>> = Vec::new();
                for ch in 0..1u64 << vx.choices {
                    let v: Vec<Option<bool>> = args
                        .iter()
                        .map(|e| Some(semantics::eval(e, &split.s, ch)))
                        .collect();
                    if !vs.contains(&v) {
                        vs.push(v);
                    }
                }
                vs
            } else {
                return Err(Blowup);
            };
            for formals in formal_vectors {
                let mut s = State::zeros(&self.cfg, *callee);
                s.g = split.s.g.clone();
                let mut w = State::zeros(&self.cfg, *callee);
                w.g = split.w.g.clone();
                for (i, b) in formals.into_iter().enumerate() {
                    match b {
                        Some(b) => s.l.set(i as u32, b),
                        None => w.l.set(i as u32, true),
                    }
                }
                for j in q.formals..q.locals.len() as u32 {
                    w.l.set(j, true);
                }
                let entry = AState { s, w };
                if self.enforce_ok(*callee, &entry) && seen.insert(entry.clone()) {
                    out.push(entry);
                }
            }
            if out.len() > limit {
                return Err(Blowup);
            }
        }
        Ok(out)
    }
}

/// The caller's state after a callee returns in `exit` (bebop's `return_state`, with the
/// wildcards of the globals from the callee and of the locals from the caller).
pub(super) fn return_to(caller: &AState, exit: &AState) -> AState {
    AState {
        s: semantics::return_state(&caller.s, &exit.s),
        w: State {
            g: exit.w.g.clone(),
            l: caller.w.l.clone(),
            r: exit.w.r.clone(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bebop::cfg::CExpr as E;

    fn st(bits: &[bool]) -> State {
        let mut s = State::default();
        for (i, b) in bits.iter().enumerate() {
            s.set(Var::Local(i as u32), *b);
        }
        s
    }

    fn var(i: u32) -> Box<E> {
        Box::new(E::Var(Var::Local(i)))
    }

    #[test]
    fn possible_values_of_read_once_expressions() {
        let s = st(&[true, false]);
        assert_eq!(possible(&E::Var(Var::Local(0)), &s), (true, false));
        assert_eq!(possible(&E::Choice(0), &s), (true, true));
        // schoose[x1, x0]: x1 false, x0 true -> false only.
        assert_eq!(possible(&E::Schoose(var(1), var(0), 0), &s), (false, true));
        // schoose[x1, x1]: neither holds -> either.
        assert_eq!(possible(&E::Schoose(var(1), var(1), 0), &s), (true, true));
        // x0 & * -> either; x1 & * -> false.
        let and = |a, b| E::Bin(BinOp::And, a, b);
        assert_eq!(
            possible(&and(var(0), Box::new(E::Choice(0))), &s),
            (true, true)
        );
        assert_eq!(
            possible(&and(var(1), Box::new(E::Choice(0))), &s),
            (false, true)
        );
    }

    #[test]
    fn kleene_decides_only_what_the_known_bits_decide() {
        let mut a = AState {
            s: st(&[false, false]),
            w: st(&[false, true]),
        };
        let or = E::Bin(BinOp::Or, var(0), var(1));
        assert_eq!(kleene(&or, &a), None);
        let and = E::Bin(BinOp::And, var(0), var(1));
        assert_eq!(kleene(&and, &a), Some(false));
        a.set(Var::Local(1), true);
        assert_eq!(kleene(&or, &a), Some(true));
    }

    #[test]
    fn split_enumerates_only_wildcards_read() {
        let a = AState {
            s: st(&[true, false, false]),
            w: st(&[false, true, true]),
        };
        let v: Vec<Var> = (0..3).map(Var::Local).collect();
        assert_eq!(a.split(&v[..2], 16).unwrap().len(), 2);
        assert_eq!(a.split(&v, 16).unwrap().len(), 4);
        assert_eq!(a.split(&v, 3), Err(Blowup));
        assert!(a
            .split(&v, 16)
            .unwrap()
            .iter()
            .all(|c| c.get(Var::Local(0)) == Some(true)));
    }

    #[test]
    fn product_of_component_values() {
        let p = product(&[(true, true), (true, false), (false, true)], 16).unwrap();
        assert_eq!(p, vec![vec![false, true, false], vec![true, true, false]]);
        assert_eq!(product(&[(true, true); 5], 16), Err(Blowup));
    }
}
