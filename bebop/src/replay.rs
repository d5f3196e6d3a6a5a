//! The independent trace checker: replays a trace against the transition
//! rules of Table 1 of the Bebop paper.
//!
//! It shares only the CFG and expression evaluation with the engines, not
//! their step functions: every step is checked by its own reading of the
//! rules (call stack with the caller's locals Δ restored at returns, globals
//! passed through calls and returns, nondeterminism resolved by searching
//! for a choice that explains the step). A trace that does not replay is an
//! internal error of the engine that produced it.

use crate::ast::BinOp;
use crate::cfg::{choice_groups, CExpr, Cfg, CondKind, VKind, Var, VertexId};
use crate::reach::{Target, Trace, TraceStep};
use crate::state::State;

/// Checks that `trace` is an initialized trajectory of `cfg` ending in
/// `target`. The error names the first step that does not replay.
pub fn replay(cfg: &Cfg, trace: &Trace, target: &Target) -> Result<(), String> {
    let steps = &trace.steps;
    let first = steps.first().ok_or("empty trace")?;
    let main = &cfg.procs[cfg.main as usize];
    if first.vertex != main.first || first.depth != 0 {
        return Err("trace does not start at the first statement of `main`".into());
    }
    check_shape(cfg, first)?;
    check_invariant(cfg, first, 0)?;
    let mut stack: Vec<(VertexId, State)> = Vec::new();
    for i in 0..steps.len() - 1 {
        let (cur, nxt) = (&steps[i], &steps[i + 1]);
        check_shape(cfg, nxt).map_err(|e| format!("step {}: {e}", i + 1))?;
        step(cfg, cur, nxt, &mut stack).map_err(|e| {
            format!(
                "step {} -> {}: {} does not lead to {}: {e}",
                i,
                i + 1,
                cfg.describe(cur.vertex),
                cfg.describe(nxt.vertex)
            )
        })?;
        check_invariant(cfg, nxt, i + 1)?;
    }
    let last = steps.last().expect("nonempty");
    if !target.contains(cfg, last.vertex) {
        return Err(format!(
            "trace ends at {}, which is not the target",
            cfg.describe(last.vertex)
        ));
    }
    Ok(())
}

fn check_shape(cfg: &Cfg, s: &TraceStep) -> Result<(), String> {
    if s.vertex as usize >= cfg.vertices.len() {
        return Err(format!("no vertex {}", s.vertex));
    }
    Ok(())
}

fn check_invariant(cfg: &Cfg, s: &TraceStep, i: usize) -> Result<(), String> {
    if let Some(p) = cfg.proc_of(s.vertex) {
        if let Some(e) = &cfg.procs[p as usize].enforce {
            if !e.eval(&|v| s.state.get(v), &|_| false) {
                return Err(format!(
                    "step {i}: the procedure invariant (enforce) is false"
                ));
            }
        }
    }
    Ok(())
}

/// Whether some values of the choices make every expression of `items` evaluate to its
/// wanted value in `s`. Expressions that share no choice are decided separately
/// ([`choice_groups`]), so the cost is exponential only in the choices of one group
/// (c2bp gives each `schoose` its own), not in all of a step's. Within a group the
/// choices are fixed one at a time and the expressions evaluated in three-valued logic
/// ([`partial`]), a branch pruned as soon as one is decided against its wanted value:
/// no valuation is skipped and none is packed in a machine word, however many choices.
fn choices_exist(items: &[(&CExpr, bool)], s: &State) -> bool {
    choice_groups(items.iter().map(|(e, _)| *e))
        .iter()
        .all(|(members, chs)| {
            let width = chs.iter().map(|&k| k as usize + 1).max().unwrap_or(0);
            let mut ch = vec![None; width];
            let group: Vec<(&CExpr, bool)> = members.iter().map(|&i| items[i]).collect();
            search_choices(&group, chs, s, &mut ch)
        })
}

/// Whether values of the choices `rest` (those of `ch` still `None`) make every
/// expression of `items` evaluate to its wanted value in `s`.
fn search_choices(
    items: &[(&CExpr, bool)],
    rest: &[u32],
    s: &State,
    ch: &mut [Option<bool>],
) -> bool {
    let mut open = false;
    for &(e, want) in items {
        match partial(e, s, ch) {
            Some(b) if b != want => return false,
            Some(_) => {}
            None => open = true,
        }
    }
    if !open {
        return true;
    }
    let Some((&k, rest)) = rest.split_first() else {
        // Not reached: once every choice is fixed, every expression is decided.
        return false;
    };
    for b in [false, true] {
        ch[k as usize] = Some(b);
        if search_choices(items, rest, s, ch) {
            ch[k as usize] = None;
            return true;
        }
    }
    ch[k as usize] = None;
    false
}

/// The value of `e` in `s` when only the choices `ch` fixes are known (Kleene's
/// three-valued logic): `None` if it depends on the others.
fn partial(e: &CExpr, s: &State, ch: &[Option<bool>]) -> Option<bool> {
    match e {
        CExpr::Const(b) => Some(*b),
        CExpr::Var(v) => Some(s.get(*v)),
        CExpr::Choice(k) => ch.get(*k as usize).copied().flatten(),
        CExpr::Not(a) => partial(a, s, ch).map(|b| !b),
        CExpr::Bin(op, a, b) => {
            let (x, y) = (partial(a, s, ch), partial(b, s, ch));
            match (op, x, y) {
                (_, Some(x), Some(y)) => Some(op.apply(x, y)),
                (BinOp::Or, Some(true), _) | (BinOp::Or, _, Some(true)) => Some(true),
                (BinOp::And, Some(false), _) | (BinOp::And, _, Some(false)) => Some(false),
                (BinOp::Implies, Some(false), _) | (BinOp::Implies, _, Some(true)) => Some(true),
                _ => None,
            }
        }
        CExpr::Schoose(p, n, k) => match partial(p, s, ch)? {
            true => Some(true),
            false => match partial(n, s, ch)? {
                true => Some(false),
                false => ch.get(*k as usize).copied().flatten(),
            },
        },
    }
}

/// `a` and `b` agree on every global, local and register except `except`.
fn same_except(a: &State, b: &State, cfg: &Cfg, nlocals: usize, except: &[Var]) -> bool {
    let g = (0..cfg.globals.len() as u32).map(Var::Global);
    let l = (0..nlocals as u32).map(Var::Local);
    let r = (0..cfg.max_returns).map(Var::Ret);
    g.chain(l)
        .chain(r)
        .all(|v| except.contains(&v) || a.get(v) == b.get(v))
}

fn step(
    cfg: &Cfg,
    cur: &TraceStep,
    nxt: &TraceStep,
    stack: &mut Vec<(VertexId, State)>,
) -> Result<(), String> {
    let vx = cfg.vertex(cur.vertex);
    let nlocals = vx
        .proc
        .map(|p| cfg.procs[p as usize].locals.len())
        .unwrap_or(0);
    let (a, b) = (&cur.state, &nxt.state);
    let same_depth = || {
        if nxt.depth == cur.depth {
            Ok(())
        } else {
            Err("call depth changes without a call or return".to_string())
        }
    };
    let goes_to = |w: VertexId| {
        if nxt.vertex == w {
            Ok(())
        } else {
            Err(format!("the successor must be vertex {w}"))
        }
    };
    match &vx.kind {
        VKind::Err => Err("the error vertex has no successor".into()),
        VKind::Skip | VKind::Print(_) | VKind::Goto => {
            same_depth()?;
            if !vx.succ.contains(&nxt.vertex) {
                return Err("not a successor".into());
            }
            ensure(same_except(a, b, cfg, nlocals, &[]), "the state changed")
        }
        VKind::Return(es) => {
            same_depth()?;
            goes_to(vx.succ[0])?;
            let regs: Vec<Var> = (0..es.len() as u32).map(Var::Ret).collect();
            ensure(
                same_except(a, b, cfg, nlocals, &regs)
                    && choices_exist(
                        &es.iter()
                            .enumerate()
                            .map(|(i, e)| (e, b.get(Var::Ret(i as u32))))
                            .collect::<Vec<_>>(),
                        a,
                    ),
                "the return values do not match",
            )
        }
        VKind::Assign { lhs, rhs } => {
            same_depth()?;
            goes_to(vx.succ[0])?;
            ensure(
                same_except(a, b, cfg, nlocals, lhs)
                    && choices_exist(
                        &rhs.iter()
                            .zip(lhs)
                            .map(|(e, x)| (e, b.get(*x)))
                            .collect::<Vec<_>>(),
                        a,
                    ),
                "the assignment does not produce the next state",
            )
        }
        VKind::Cond { kind, cond } => {
            same_depth()?;
            ensure(same_except(a, b, cfg, nlocals, &[]), "the state changed")?;
            let can_be = |want: bool| choices_exist(&[(cond, want)], a);
            if nxt.vertex == vx.succ[0] && can_be(true) {
                return Ok(());
            }
            if *kind != CondKind::Assume && vx.succ.get(1) == Some(&nxt.vertex) && can_be(false) {
                return Ok(());
            }
            Err("the condition does not allow this branch".into())
        }
        VKind::ReturnSite { lhs, .. } => {
            same_depth()?;
            goes_to(vx.succ[0])?;
            let mut changed: Vec<Var> = lhs.clone();
            changed.extend((0..cfg.max_returns).map(Var::Ret));
            let copied = lhs
                .iter()
                .enumerate()
                .all(|(i, x)| b.get(*x) == a.get(Var::Ret(i as u32)));
            let cleared = (0..cfg.max_returns).all(|i| !b.get(Var::Ret(i)));
            ensure(
                same_except(a, b, cfg, nlocals, &changed) && copied && cleared,
                "the return values are not assigned to the call's targets",
            )
        }
        VKind::Call { callee, args, .. } => {
            let q = &cfg.procs[*callee as usize];
            goes_to(q.first)?;
            if nxt.depth != cur.depth + 1 {
                return Err("a call must go one level deeper".into());
            }
            let globals_kept = (0..cfg.globals.len() as u32).all(|i| a.g.get(i) == b.g.get(i));
            let regs_clear = (0..cfg.max_returns).all(|i| !b.get(Var::Ret(i)));
            let formals = choices_exist(
                &args
                    .iter()
                    .enumerate()
                    .map(|(j, e)| (e, b.get(Var::Local(j as u32))))
                    .collect::<Vec<_>>(),
                a,
            );
            ensure(
                globals_kept && regs_clear && formals,
                "the callee's entry state does not match the call",
            )?;
            stack.push((cur.vertex, a.clone()));
            Ok(())
        }
        VKind::Exit => {
            let (call, caller) = stack
                .pop()
                .ok_or("a return from `main` (no call to return to)")?;
            let VKind::Call { ret, .. } = cfg.vertex(call).kind else {
                return Err("internal: call stack holds a non-call".into());
            };
            goes_to(ret)?;
            if nxt.depth + 1 != cur.depth {
                return Err("a return must go one level up".into());
            }
            let caller_locals = cfg.procs[cfg.proc_of(call).unwrap_or(0) as usize]
                .locals
                .len() as u32;
            ensure(
                (0..cfg.globals.len() as u32).all(|i| a.g.get(i) == b.g.get(i))
                    && (0..caller_locals).all(|i| caller.l.get(i) == b.l.get(i))
                    && (0..cfg.max_returns).all(|i| a.r.get(i) == b.r.get(i)),
                "the return does not restore the caller's locals or keep the globals",
            )
        }
    }
}

fn ensure(ok: bool, msg: &str) -> Result<(), String> {
    if ok {
        Ok(())
    } else {
        Err(msg.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    fn bin(op: BinOp, a: CExpr, b: CExpr) -> CExpr {
        CExpr::Bin(op, Box::new(a), Box::new(b))
    }

    /// A random expression over locals 0 and 1 and the choices of `chs`.
    fn random_expr(rng: &mut SmallRng, chs: &[u32], depth: u32) -> CExpr {
        if depth == 0 || rng.gen_bool(0.3) {
            return match rng.gen_range(0..4) {
                0 => CExpr::Const(rng.gen()),
                1 => CExpr::Var(Var::Local(rng.gen_range(0..2))),
                _ => CExpr::Choice(chs[rng.gen_range(0..chs.len())]),
            };
        }
        let kind = rng.gen_range(0..4);
        let a = Box::new(random_expr(rng, chs, depth - 1));
        let b = Box::new(random_expr(rng, chs, depth - 1));
        match kind {
            0 => CExpr::Not(a),
            1 => CExpr::Schoose(a, b, chs[rng.gen_range(0..chs.len())]),
            _ => {
                let ops = [
                    BinOp::Implies,
                    BinOp::Or,
                    BinOp::Xor,
                    BinOp::And,
                    BinOp::Eq,
                    BinOp::Ne,
                ];
                CExpr::Bin(ops[rng.gen_range(0..ops.len())], a, b)
            }
        }
    }

    /// The search agrees with trying every valuation, on choices on both sides
    /// of 64.
    #[test]
    fn choice_search_agrees_with_enumeration() {
        let mut rng = SmallRng::seed_from_u64(7);
        let chs = [0, 1, 63, 64, 65];
        let mut s = State::default();
        for round in 0..3000 {
            s.l.set(0, rng.gen());
            s.l.set(1, rng.gen());
            let n = rng.gen_range(1..4);
            let exprs: Vec<CExpr> = (0..n).map(|_| random_expr(&mut rng, &chs, 4)).collect();
            let items: Vec<(&CExpr, bool)> = exprs.iter().map(|e| (e, rng.gen())).collect();
            let brute = (0..1u32 << chs.len()).any(|bits| {
                let ch = |k: u32| {
                    let j = chs.iter().position(|&c| c == k).expect("a listed choice");
                    bits >> j & 1 == 1
                };
                items
                    .iter()
                    .all(|(e, want)| e.eval(&|v| s.get(v), &ch) == *want)
            });
            assert_eq!(choices_exist(&items, &s), brute, "round {round}: {items:?}");
        }
    }

    /// Choices 0 and 64 are independent; one expression may make 65 choices.
    #[test]
    fn choices_past_64_are_searched() {
        let s = State::default();
        let (c0, c64) = (CExpr::Choice(0), CExpr::Choice(64));
        let not64 = CExpr::Not(Box::new(c64.clone()));
        assert!(choices_exist(&[(&c0, true), (&c64, false)], &s));
        let both = bin(BinOp::And, c0.clone(), c64.clone());
        assert!(!choices_exist(&[(&both, true), (&not64, true)], &s));
        let all = (1..65).fold(c0, |e, k| bin(BinOp::And, e, CExpr::Choice(k)));
        assert!(choices_exist(&[(&all, true)], &s));
        assert!(choices_exist(&[(&all, false)], &s));
    }
}
