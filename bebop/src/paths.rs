//! Concrete paths and lassos over the summary graph, guided by BDD state
//! sets: the traces of "may loop" ([`crate::termination`]) and CTL
//! ([`crate::ctl`]).
//!
//! A walk runs the concrete semantics ([`crate::semantics`]) from a state of
//! a set, at each step taking a successor that stays in the sets the caller
//! names (the sets guarantee one exists). A call that returns is one step of
//! the summary graph: its callee's run is expanded by a shortest explicit
//! search inside the callee from the call's entries to an exit whose return
//! state the caller accepts ([`crate::explicit::run_to`]), so traces show
//! every statement as the reachability traces do. A lasso ends when a
//! (vertex, frame state) pair repeats: from there the cycle repeats forever
//! (one or more calls deeper each time, when it entered a callee).

use rustc_hash::FxHashMap as HashMap;

use crate::cfg::{Cfg, ProcId, VKind, VertexId};
use crate::explicit;
use crate::reach::{Trace, TraceStep};
use crate::semantics::{call_entries, enforce_holds, intra_successors, return_state};
use crate::state::State;

/// Most explicit states one call expansion may explore.
const MAX_EXPANSION_STATES: usize = 2_000_000;
/// Steps whose choices are enumerated to find a successor: at most 2^this.
const MAX_STEP_CHOICES: u32 = 16;

/// How a lasso goes on after its last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Closing {
    /// Back to step `cycle_start` in the same state, `deeper` calls deeper
    /// (0: a loop in one frame; more: recursion that never returns).
    Repeat { cycle_start: usize, deeper: u32 },
    /// The last state repeats forever ([`Stay`]).
    Stays(Stay),
}

/// Why a state of a procedure's Kripke structure is its own successor
/// ([`crate::ctl`]: finite runs are extended by repeating their last state).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stay {
    /// The procedure returned (its exit).
    Returned,
    /// A call whose callee may run forever from the entry it is given.
    CallLoops,
    /// No run goes on: an `assume` blocks, an assertion fails, or every run
    /// of a callee does.
    Stuck,
}

/// A concrete path from a state of a procedure's first vertex, and how it
/// goes on.
#[derive(Clone, Debug)]
pub struct Lasso {
    pub trace: Trace,
    pub closing: Closing,
}

/// One step of a walk: the vertex and state it reaches, with the expanded
/// callee steps before it (a call that returned).
struct Move {
    v: VertexId,
    st: State,
    depth_delta: i32,
    expansion: Vec<TraceStep>,
}

/// What a walk may do at each configuration.
pub(crate) struct Walk<'w> {
    pub cfg: &'w Cfg,
    /// Whether a configuration (vertex, state) is allowed next.
    pub inside: &'w dyn Fn(VertexId, &State) -> bool,
    /// Whether a call may step into its callee (may loop), not only over it.
    pub descend: bool,
    /// Whether (and why) a configuration may repeat itself.
    pub stay: &'w dyn Fn(VertexId, &State) -> Option<Stay>,
}

impl Walk<'_> {
    /// A lasso from `(v, st)`: successors inside the sets until a
    /// configuration repeats or stays.
    pub(crate) fn lasso(&self, v: VertexId, st: State) -> Result<Lasso, String> {
        let mut steps = vec![TraceStep {
            vertex: v,
            depth: 0,
            state: st,
        }];
        let mut seen: HashMap<(VertexId, State), usize> = HashMap::default();
        loop {
            let last = steps.last().expect("nonempty").clone();
            let here = steps.len() - 1;
            if let Some(&i) = seen.get(&(last.vertex, last.state.clone())) {
                let deeper = last.depth - steps[i].depth;
                steps.pop();
                let closing = Closing::Repeat {
                    cycle_start: i,
                    deeper,
                };
                return Ok(Lasso {
                    trace: Trace { steps },
                    closing,
                });
            }
            seen.insert((last.vertex, last.state.clone()), here);
            if let Some(why) = (self.stay)(last.vertex, &last.state) {
                if (self.inside)(last.vertex, &last.state) {
                    return Ok(Lasso {
                        trace: Trace { steps },
                        closing: Closing::Stays(why),
                    });
                }
            }
            let mv = self
                .next(last.vertex, &last.state, &|w, t| (self.inside)(w, t))?
                .ok_or_else(|| {
                    format!(
                        "no successor of {} stays in the set",
                        self.cfg.describe(last.vertex)
                    )
                })?;
            self.push(&mut steps, last.depth, mv);
        }
    }

    /// A path from `(v, st)` down the layers `rank` gives (`Some(0)`: the
    /// goal; `None`: not in any layer), one layer lower at each step.
    pub(crate) fn path(
        &self,
        v: VertexId,
        st: State,
        rank: &dyn Fn(VertexId, &State) -> Option<usize>,
    ) -> Result<Trace, String> {
        let mut k = rank(v, &st).ok_or("the start is in no layer")?;
        let mut steps = vec![TraceStep {
            vertex: v,
            depth: 0,
            state: st,
        }];
        while k > 0 {
            let last = steps.last().expect("nonempty").clone();
            let below = |w: VertexId, t: &State| rank(w, t).is_some_and(|j| j < k);
            let mv = self
                .next(last.vertex, &last.state, &below)?
                .ok_or_else(|| format!("no step down from {}", self.cfg.describe(last.vertex)))?;
            k = rank(mv.v, &mv.st).unwrap_or(0);
            self.push(&mut steps, last.depth, mv);
        }
        Ok(Trace { steps })
    }

    /// One step from `(v, st)` to a successor `ok` accepts (with the callee's
    /// steps of a call that returns): the start, then the steps.
    pub(crate) fn one_step(
        &self,
        v: VertexId,
        st: State,
        ok: &dyn Fn(VertexId, &State) -> bool,
    ) -> Result<Trace, String> {
        let mv = self
            .next(v, &st, ok)?
            .ok_or_else(|| format!("no successor of {} fits", self.cfg.describe(v)))?;
        let mut steps = vec![TraceStep {
            vertex: v,
            depth: 0,
            state: st,
        }];
        self.push(&mut steps, 0, mv);
        Ok(Trace { steps })
    }

    fn push(&self, steps: &mut Vec<TraceStep>, depth: u32, mv: Move) {
        for mut s in mv.expansion {
            s.depth += depth + 1;
            steps.push(s);
        }
        steps.push(TraceStep {
            vertex: mv.v,
            depth: (depth as i32 + mv.depth_delta) as u32,
            state: mv.st,
        });
    }

    /// A successor of `(v, st)` that `ok` accepts: into a callee (when
    /// descending), over an intraprocedural edge, or over a call that
    /// returns (expanded).
    fn next(
        &self,
        v: VertexId,
        st: &State,
        ok: &dyn Fn(VertexId, &State) -> bool,
    ) -> Result<Option<Move>, String> {
        let cfg = self.cfg;
        let vx = cfg.vertex(v);
        if vx.choices > MAX_STEP_CHOICES {
            return Err(format!(
                "{} makes {} choices, too many to enumerate for a trace",
                cfg.describe(v),
                vx.choices
            ));
        }
        if let VKind::Call { callee, .. } = vx.kind {
            let q = &cfg.procs[callee as usize];
            let free = q.locals.len() as u32 - q.formals;
            if vx.choices + free > MAX_STEP_CHOICES {
                return Err(format!(
                    "{} enters `{}` in 2^{} ways, too many to enumerate for a trace",
                    cfg.describe(v),
                    q.name,
                    vx.choices + free
                ));
            }
        }
        let VKind::Call { callee, ret, .. } = vx.kind else {
            let p = cfg.proc_of(v);
            return Ok(intra_successors(cfg, v, st)
                .into_iter()
                .find(|(w, t)| cfg.proc_of(*w) == p && ok(*w, t))
                .map(|(w, t)| Move {
                    v: w,
                    st: t,
                    depth_delta: 0,
                    expansion: Vec::new(),
                }));
        };
        let entries: Vec<State> = call_entries(cfg, v, st)
            .into_iter()
            .filter(|e| enforce_holds(cfg, callee, e))
            .collect();
        let first = cfg.procs[callee as usize].first;
        if self.descend {
            if let Some(e) = entries.iter().find(|e| ok(first, e)) {
                return Ok(Some(Move {
                    v: first,
                    st: e.clone(),
                    depth_delta: 1,
                    expansion: Vec::new(),
                }));
            }
        }
        self.over_call(callee, ret, st, entries, ok)
    }

    /// A run of `callee` from one of `entries` to its exit whose return
    /// state at `ret` `ok` accepts: the callee's steps and the return step.
    fn over_call(
        &self,
        callee: ProcId,
        ret: VertexId,
        st: &State,
        entries: Vec<State>,
        ok: &dyn Fn(VertexId, &State) -> bool,
    ) -> Result<Option<Move>, String> {
        let cfg = self.cfg;
        let exit = cfg.procs[callee as usize].exit;
        let goal = |w: VertexId, x: &State| w == exit && ok(ret, &return_state(st, x));
        let run = explicit::run_to(cfg, callee, entries, &goal, MAX_EXPANSION_STATES)
            .map_err(|g| format!("expanding a call for the trace: {g}"))?;
        Ok(run.map(|t| {
            let x = t.steps.last().expect("a run has steps").state.clone();
            Move {
                v: ret,
                st: return_state(st, &x),
                depth_delta: 0,
                expansion: t.steps,
            }
        }))
    }
}

/// Replays `lasso` with the independent trace checker ([`crate::replay`])
/// as a run of `root` from its first statement, closing it: for a cycle, the
/// run goes on to the cycle's first configuration again (which must be the
/// same vertex and state); for a state that stays, it ends there.
pub fn verify(cfg: &Cfg, root: ProcId, lasso: &Lasso) -> Result<(), String> {
    let mut rooted = cfg.clone();
    rooted.main = root;
    let mut trace = lasso.trace.clone();
    if let Closing::Repeat {
        cycle_start,
        deeper,
    } = lasso.closing
    {
        let again = trace
            .steps
            .get(cycle_start)
            .ok_or("the cycle starts past the end of the trace")?;
        let mut again = again.clone();
        again.depth += deeper;
        trace.steps.push(again);
    }
    let last = trace.steps.last().ok_or("an empty trace")?.vertex;
    crate::replay::replay(&rooted, &trace, &crate::reach::Target::Vertices(vec![last]))
        .map_err(|e| format!("internal error: the lasso does not replay: {e}"))
}
