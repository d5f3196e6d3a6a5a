//! CTL over a procedure's states with calls stepping through their
//! relations, on the BDD sets of [`crate::relations`], and its witnesses and
//! counterexamples.
//!
//! The Kripke structure of procedure `P`: a state is a vertex of `P` with a
//! valuation of the globals, `P`'s locals and the return registers (every
//! state reachable from some entry of `P`); its initial states are `P`'s
//! first vertex with every valuation its `enforce` allows. A step is an
//! intraprocedural step of `P`, or a call to its return site over the
//! callee's summary. Every path is infinite: a state is its own successor
//! when the procedure has returned (its exit), when it is at a call whose
//! callee may run forever from the entry it binds ([`crate::termination`]:
//! from `P`'s view the call never ends), and when no run goes on (an
//! `assume` blocks, an assertion fails — `Err` is not a state of `P` — or
//! every run of a callee does). A formula holds when it holds in every
//! initial state.
//!
//! A failing formula is explained at one failing initial state, through its
//! connectives and temporal operators ([`Segment`]): a path to a violating
//! state for `AG` (and witnesses for `EF`, `E[U]`), a lasso for a failing
//! `AF` or a holding `EG`, one step for `AX`/`EX`, a path or a lasso for a
//! failing `A[U]`; each segment starts where the one before ended.

use crate::bdd::Bdd;
use crate::cfg::{ProcId, VKind, Var, VertexId};
use crate::ctl::{Ctl, CtlError, Unary};
use crate::paths::{Closing, Lasso, Stay};
use crate::reach::Trace;
use crate::relations::Relations;
use crate::state::State;
use crate::symbolic::C;
use crate::termination::Termination;

/// A set of states per vertex (only `P`'s vertices are non-empty).
pub type Sets = Vec<Bdd>;

/// One part of an explanation: the claim it shows and its path.
#[derive(Clone, Debug)]
pub struct Segment {
    /// What the path shows, e.g. "AF !locked is false: a lasso on which
    /// !locked is false forever".
    pub claim: String,
    pub trace: Trace,
    /// How a lasso goes on; `None` for a path to a state.
    pub closing: Option<Closing>,
}

/// The answer for a formula.
#[derive(Clone, Debug)]
pub enum CtlAnswer {
    /// It holds in every initial state.
    Holds,
    /// It fails in the initial state `start`, explained by the segments.
    Fails {
        start: State,
        explanation: Result<Vec<Segment>, String>,
    },
}

/// The Kripke structure of one procedure.
pub struct Kripke<'r, 'a> {
    pub(crate) r: &'r Relations<'a>,
    pub(crate) p: ProcId,
    verts: Vec<VertexId>,
    /// States that are their own successor.
    pub(crate) self_loop: Sets,
    /// States at a call whose callee may loop.
    pub(crate) call_loops: Sets,
}

impl<'r, 'a> Kripke<'r, 'a> {
    /// The structure of procedure `p`.
    pub fn new(r: &'r Relations<'a>, t: &Termination, p: ProcId) -> Kripke<'r, 'a> {
        let m = &r.s.m;
        let nv = r.cfg().vertices.len();
        let verts: Vec<VertexId> = r.vertices_of(p).collect();
        let mut k = Kripke {
            r,
            p,
            verts,
            self_loop: vec![m.f(); nv],
            call_loops: vec![m.f(); nv],
        };
        for &u in &k.verts {
            let at = &r.at[u as usize];
            let has_succ = m.and(at, &k.succ_pre(u, &r.at));
            let loops = m.and(at, &t.call_may_loop(r, u));
            k.self_loop[u as usize] = m.or(&m.and(at, &m.not(&has_succ)), &loops);
            k.call_loops[u as usize] = loops;
        }
        k
    }

    /// The states of `u` with a successor (not itself) in `z`.
    fn succ_pre(&self, u: VertexId, z: &Sets) -> Bdd {
        let r = self.r;
        let m = &r.s.m;
        match r.cfg().vertex(u).kind {
            VKind::Call { ret, .. } => r.pre_return(u, &z[ret as usize]),
            _ => r.intra_succ(u).into_iter().fold(m.f(), |acc, w| {
                m.or(&acc, &r.pre_intra(u, w, &z[w as usize]))
            }),
        }
    }

    /// `EX z`.
    fn ex(&self, z: &Sets) -> Sets {
        let m = &self.r.s.m;
        let mut out = vec![m.f(); z.len()];
        for &u in &self.verts {
            let stay = m.and(&self.self_loop[u as usize], &z[u as usize]);
            let step = m.or(&self.succ_pre(u, z), &stay);
            out[u as usize] = m.and(&self.r.at[u as usize], &step);
        }
        out
    }

    pub(crate) fn map2(&self, a: &Sets, b: &Sets, f: &dyn Fn(&Bdd, &Bdd) -> Bdd) -> Sets {
        let m = &self.r.s.m;
        let mut out = vec![m.f(); a.len()];
        for &u in &self.verts {
            out[u as usize] = f(&a[u as usize], &b[u as usize]);
        }
        out
    }

    pub(crate) fn not(&self, a: &Sets) -> Sets {
        let m = &self.r.s.m;
        self.map2(a, &self.r.at, &|x, at| m.and(at, &m.not(x)))
    }

    pub(crate) fn all(&self) -> Sets {
        self.map2(&self.r.at, &self.r.at, &|x, _| x.clone())
    }

    /// The layers of `E[a U b]`: layer 0 is `b`, layer k+1 adds the states
    /// of `a` with a successor in layer k; the last is the fixpoint.
    pub(crate) fn eu_layers(&self, a: &Sets, b: &Sets) -> Vec<Sets> {
        let m = &self.r.s.m;
        let mut layers = vec![b.clone()];
        loop {
            let z = layers.last().expect("nonempty");
            let step = self.map2(a, &self.ex(z), &|x, y| m.and(x, y));
            let next = self.map2(z, &step, &|x, y| m.or(x, y));
            if &next == z {
                return layers;
            }
            layers.push(next);
        }
    }

    /// `EG a`: the greatest fixpoint of `a ∧ EX Z`.
    pub(crate) fn eg(&self, a: &Sets) -> Sets {
        let m = &self.r.s.m;
        let mut z = a.clone();
        loop {
            let next = self.map2(a, &self.ex(&z), &|x, y| m.and(x, y));
            if next == z {
                return z;
            }
            z = next;
        }
    }

    /// The states where `f` holds (variables resolved by [`Kripke::check_names`]).
    pub fn sat(&self, f: &Ctl) -> Sets {
        let m = &self.r.s.m;
        match f {
            Ctl::Const(b) => {
                if *b {
                    self.all()
                } else {
                    vec![m.f(); self.r.at.len()]
                }
            }
            Ctl::Var(name, _, _) => {
                let x = self.resolve(name).expect("names checked");
                let lit = m.var(self.r.s.lay.var(x, C));
                self.map2(&self.r.at, &self.r.at, &|at, _| m.and(at, &lit))
            }
            Ctl::Not(a) => self.not(&self.sat(a)),
            Ctl::And(a, b) => self.map2(&self.sat(a), &self.sat(b), &|x, y| m.and(x, y)),
            Ctl::Or(a, b) => self.map2(&self.sat(a), &self.sat(b), &|x, y| m.or(x, y)),
            Ctl::Implies(a, b) => self.sat(&Ctl::Or(Box::new(Ctl::Not(a.clone())), b.clone())),
            Ctl::Iff(a, b) => {
                let (x, y) = (self.sat(a), self.sat(b));
                let both = self.map2(&x, &y, &|x, y| m.iff(x, y));
                self.map2(&both, &self.r.at, &|x, at| m.and(x, at))
            }
            Ctl::Temporal(op, a) => self.temporal(*op, &self.sat(a)),
            Ctl::Until { exists, hold, goal } => {
                let (a, b) = (self.sat(hold), self.sat(goal));
                if *exists {
                    self.eu_layers(&a, &b).pop().expect("nonempty")
                } else {
                    self.not(&self.not_au(&a, &b))
                }
            }
        }
    }

    /// `¬A[a U b] = E[¬b U (¬a ∧ ¬b)] ∨ EG ¬b`.
    fn not_au(&self, a: &Sets, b: &Sets) -> Sets {
        let m = &self.r.s.m;
        let nb = self.not(b);
        let stop = self.map2(&self.not(a), &nb, &|x, y| m.and(x, y));
        let reach = self.eu_layers(&nb, &stop).pop().expect("nonempty");
        self.map2(&reach, &self.eg(&nb), &|x, y| m.or(x, y))
    }

    fn temporal(&self, op: Unary, a: &Sets) -> Sets {
        match op {
            Unary::EX => self.ex(a),
            Unary::AX => self.not(&self.ex(&self.not(a))),
            Unary::EF => self.eu_layers(&self.all(), a).pop().expect("nonempty"),
            Unary::AG => {
                let bad = self.eu_layers(&self.all(), &self.not(a));
                self.not(&bad.last().expect("nonempty").clone())
            }
            Unary::EG => self.eg(a),
            Unary::AF => self.not(&self.eg(&self.not(a))),
        }
    }

    /// The variable `name` names in the procedure: a local or formal, else a global.
    fn resolve(&self, name: &str) -> Option<Var> {
        let cfg = self.r.cfg();
        let pr = &cfg.procs[self.p as usize];
        if let Some(i) = pr.locals.iter().position(|l| l == name) {
            return Some(Var::Local(i as u32));
        }
        cfg.globals
            .iter()
            .position(|g| g == name)
            .map(|i| Var::Global(i as u32))
    }

    /// Every variable of `f` names one of the procedure's.
    pub fn check_names(&self, f: &Ctl) -> Result<(), CtlError> {
        let mut err = None;
        visit_vars(f, &mut |name, start, end| {
            if err.is_none() && self.resolve(name).is_none() {
                let proc = &self.r.cfg().procs[self.p as usize].name;
                err = Some(CtlError {
                    start,
                    end,
                    message: format!("`{name}` is not a variable of `{proc}` nor a global"),
                });
            }
        });
        err.map_or(Ok(()), Err)
    }

    /// Whether `f` holds in every initial state; if not, an explanation at
    /// one where it fails.
    pub fn check(&self, f: &Ctl) -> Result<CtlAnswer, CtlError> {
        let _span = tracing::info_span!("ctl").entered();
        self.check_names(f)?;
        let m = &self.r.s.m;
        let first = self.r.cfg().procs[self.p as usize].first;
        let sat = self.sat(f);
        let bad = m.and(&self.r.at[first as usize], &m.not(&sat[first as usize]));
        let Some(start) = self.r.pick(&bad, first) else {
            return Ok(CtlAnswer::Holds);
        };
        let explanation = self.explain_from(f, first, start.clone());
        Ok(CtlAnswer::Fails { start, explanation })
    }

    /// The segments explaining why `f` is false at `(v, st)`, replayed as
    /// one run of the procedure when `v` is its first vertex.
    fn explain_from(&self, f: &Ctl, v: VertexId, st: State) -> Result<Vec<Segment>, String> {
        let mut out = Vec::new();
        self.explain(f, false, v, st, &mut out)?;
        if let Some(joined) = join(&out) {
            crate::paths::verify(self.r.cfg(), self.p, &joined)?;
        }
        Ok(out)
    }
}

/// The segments as one lasso (the last one's closing), if any.
fn join(segments: &[Segment]) -> Option<Lasso> {
    let mut steps = Vec::new();
    let mut closing = None;
    for (i, s) in segments.iter().enumerate() {
        let skip = usize::from(i > 0);
        let offset = steps.len() as isize - skip as isize;
        steps.extend(s.trace.steps.iter().skip(skip).cloned());
        closing = s.closing.map(|c| match c {
            Closing::Repeat {
                cycle_start,
                deeper,
            } => Closing::Repeat {
                cycle_start: (cycle_start as isize + offset) as usize,
                deeper,
            },
            other => other,
        });
    }
    if steps.is_empty() {
        return None;
    }
    Some(Lasso {
        trace: Trace { steps },
        closing: closing.unwrap_or(Closing::Stays(Stay::Stuck)),
    })
}

fn visit_vars(f: &Ctl, g: &mut dyn FnMut(&str, usize, usize)) {
    match f {
        Ctl::Const(_) => {}
        Ctl::Var(n, s, e) => g(n, *s, *e),
        Ctl::Not(a) | Ctl::Temporal(_, a) => visit_vars(a, g),
        Ctl::And(a, b) | Ctl::Or(a, b) | Ctl::Implies(a, b) | Ctl::Iff(a, b) => {
            visit_vars(a, g);
            visit_vars(b, g);
        }
        Ctl::Until { hold, goal, .. } => {
            visit_vars(hold, g);
            visit_vars(goal, g);
        }
    }
}
