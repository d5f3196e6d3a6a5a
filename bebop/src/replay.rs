//! The independent trace checker: replays a trace against the transition
//! rules of Table 1 of the Bebop paper.
//!
//! It shares only the CFG and expression evaluation with the engines, not
//! their step functions: every step is checked by its own reading of the
//! rules (call stack with the caller's locals Δ restored at returns, globals
//! passed through calls and returns, nondeterminism resolved by searching
//! for a choice that explains the step). A trace that does not replay is an
//! internal error of the engine that produced it.

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
/// (c2bp gives each `schoose` its own), not in all of a step's.
fn choices_exist(items: &[(&CExpr, bool)], s: &State) -> bool {
    choice_groups(items.iter().map(|(e, _)| *e))
        .iter()
        .all(|(members, chs)| {
            (0..1u64 << chs.len()).any(|bits| {
                let ch = |k: u32| {
                    chs.iter()
                        .position(|&c| c == k)
                        .is_some_and(|j| bits >> j & 1 == 1)
                };
                members
                    .iter()
                    .all(|&i| val(items[i].0, s, &ch) == items[i].1)
            })
        })
}

fn val(e: &CExpr, s: &State, ch: &dyn Fn(u32) -> bool) -> bool {
    e.eval(&|v| s.get(v), &|k| ch(k))
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
