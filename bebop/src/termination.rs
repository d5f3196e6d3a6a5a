//! "May loop": the entry valuations from which a procedure may run forever,
//! the "loop" outcome of §5.3 of the relational paper (Chang and Jackson,
//! ICSE 2006) for boolean programs.
//!
//! A run of procedure `F` *may not return* when it is infinite: it stays in
//! `F`'s frame forever (a loop), or it enters a call that never returns (a
//! callee that loops, or recursion that descends forever). An assertion that
//! fails or an `assume` that blocks ends a run: that is neither returning
//! nor looping.
//!
//! On the summary graph of every procedure ([`crate::relations`]) — its
//! intraprocedural edges, calls over their callees' summaries to the return
//! site, and calls into their callee's first vertex — a state may loop iff
//! an infinite path starts there: the greatest fixpoint
//! `D = νZ. R ∧ EX Z` (`EG true` restricted to the reachable states `R`),
//! taken over all procedures at once, so infinite recursion is in it (a
//! least fixpoint, as the paper's summaries, would miss it). Every path of
//! that graph is a real run that never leaves its first frame: a summary
//! step is a callee run that returns, an entry step never comes back. Each
//! procedure's loop outcome is the set of entry valuations of `D` at its
//! first vertex ([`Termination::loop_entries`]).

use crate::bdd::Bdd;
use crate::cfg::{ProcId, VKind, VertexId};
use crate::paths::{Lasso, Walk};
use crate::reach::GiveUp;
use crate::relations::Relations;
use crate::state::State;

/// The may-loop sets of every vertex.
pub struct Termination {
    /// For each vertex: the states from which an infinite run starts that
    /// never returns from the vertex's frame.
    pub(crate) diverge: Vec<Bdd>,
    /// For each procedure: the entry valuations (globals on `C`, formals on
    /// `N`) from which it may loop.
    pub(crate) loop_entries: Vec<Bdd>,
    /// Sweeps of the fixpoint until it was stable.
    pub sweeps: u32,
}

impl Termination {
    /// Computes the greatest fixpoint over every procedure's vertices.
    pub fn compute(r: &Relations<'_>) -> Result<Termination, GiveUp> {
        let _span = tracing::info_span!("may_loop").entered();
        let cfg = r.cfg();
        let m = &r.s.m;
        let mut d: Vec<Bdd> = (0..cfg.vertices.len())
            .map(|v| initial_bound(r, v as VertexId))
            .collect();
        let mut loop_entries: Vec<Bdd> = (0..cfg.procs.len() as ProcId)
            .map(|q| r.entries(q, &d[cfg.procs[q as usize].first as usize]))
            .collect();
        let mut sweeps = 0;
        loop {
            sweeps += 1;
            let mut changed = false;
            for v in (0..cfg.vertices.len() as VertexId).rev() {
                if m.is_false(&d[v as usize]) {
                    continue;
                }
                let next = m.and(&d[v as usize], &step_into(r, v, &d, &loop_entries));
                if next != d[v as usize] {
                    d[v as usize] = next;
                    changed = true;
                    if let Some(q) = first_of(r, v) {
                        loop_entries[q as usize] = r.entries(q, &d[v as usize]);
                    }
                }
            }
            r.check_table()?;
            if let Some((limit, why)) = r.s.opts.stop.requested() {
                return Err(GiveUp {
                    limit,
                    message: why.to_string(),
                });
            }
            if !changed {
                break;
            }
        }
        Ok(Termination {
            diverge: d,
            loop_entries,
            sweeps,
        })
    }

    /// Whether procedure `p` may loop from some entry valuation.
    pub fn may_loop(&self, r: &Relations<'_>, p: ProcId) -> bool {
        !r.s.m.is_false(&self.loop_entries[p as usize])
    }

    /// Whether the concrete state `st` at `v` may loop (never return from
    /// its frame).
    pub fn may_loop_at(&self, r: &Relations<'_>, v: VertexId, st: &State) -> bool {
        r.holds(&self.diverge[v as usize], v, st)
    }

    /// The states of call `c` whose callee may loop from the entry they bind.
    pub(crate) fn call_may_loop(&self, r: &Relations<'_>, c: VertexId) -> Bdd {
        match r.cfg().vertex(c).kind {
            VKind::Call { callee, .. } => r.pre_entry(c, &self.loop_entries[callee as usize]),
            _ => r.s.m.f(),
        }
    }
}

/// The start of the fixpoint: every reachable state, but none at an exit
/// (returning) or outside the procedures (`Err`).
fn initial_bound(r: &Relations<'_>, v: VertexId) -> Bdd {
    let vx = r.cfg().vertex(v);
    if vx.proc.is_none() || vx.kind == VKind::Exit {
        return r.s.m.f();
    }
    r.at[v as usize].clone()
}

/// The procedure `v` is the first vertex of, if it is one.
fn first_of(r: &Relations<'_>, v: VertexId) -> Option<ProcId> {
    let p = r.cfg().proc_of(v)?;
    (r.cfg().procs[p as usize].first == v).then_some(p)
}

/// The states of `v` with a successor in `d` on the summary graph: over an
/// intraprocedural edge, over a call's summary, or into a callee that may
/// loop from the entry it is given.
fn step_into(r: &Relations<'_>, v: VertexId, d: &[Bdd], loop_entries: &[Bdd]) -> Bdd {
    let m = &r.s.m;
    match r.cfg().vertex(v).kind {
        VKind::Call { callee, ret, .. } => {
            let back = r.pre_return(v, &d[ret as usize]);
            let into = r.pre_entry(v, &loop_entries[callee as usize]);
            m.or(&back, &into)
        }
        _ => {
            let mut out = m.f();
            for w in r.intra_succ(v) {
                out = m.or(&out, &r.pre_intra(v, w, &d[w as usize]));
            }
            out
        }
    }
}

/// A lasso of procedure `p` that never returns: from an entry state from
/// which `p` may loop, a path inside the may-loop sets (entering callees
/// that may loop, over calls that return) until a configuration repeats.
/// Replayed before it is returned ([`crate::paths::verify`]).
pub fn lasso(r: &Relations<'_>, t: &Termination, p: ProcId) -> Result<Lasso, String> {
    let _span = tracing::info_span!("lasso").entered();
    let cfg = r.cfg();
    let first = cfg.procs[p as usize].first;
    let start = r
        .pick(&t.diverge[first as usize], first)
        .ok_or("the procedure always returns")?;
    let inside = |v: VertexId, st: &State| r.holds(&t.diverge[v as usize], v, st);
    let walk = Walk {
        cfg,
        inside: &inside,
        descend: true,
        stay: &|_, _| None,
    };
    let lasso = walk.lasso(first, start)?;
    crate::paths::verify(cfg, p, &lasso)?;
    Ok(lasso)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cfg::Cfg;
    use crate::symbolic::SymbolicOptions;

    fn cfg(src: &str) -> Cfg {
        Cfg::build(&crate::parser::parse(src).expect("parses")).expect("builds")
    }

    fn loops(src: &str, p: &str) -> bool {
        let cfg = cfg(src);
        let r = Relations::compute(&cfg, &SymbolicOptions::default()).expect("runs");
        let t = Termination::compute(&r).expect("runs");
        let p = cfg.procs.iter().position(|q| q.name == p).expect("proc") as ProcId;
        let l = t.may_loop(&r, p);
        if l {
            let lasso = lasso(&r, &t, p).expect("a lasso");
            assert!(!lasso.trace.steps.is_empty());
        }
        l
    }

    #[test]
    fn the_papers_f_may_loop() {
        let src = include_str!("../tests/programs/loop/paper_f.bp");
        assert!(loops(src, "f"));
        assert!(loops(src, "main"));
    }

    #[test]
    fn a_counting_loop_returns() {
        let src = "decl a, b;\nvoid main()\nbegin\n  while (a) do a := 0; od\n  if (b) then main(); fi\nend\n";
        // main calls itself only with b, and b keeps its value: recursion forever
        assert!(loops(src, "main"));
        let src2 = "decl a, b;\nvoid main()\nbegin\n  while (a) do a := 0; od\n  if (b) then b := 0; main(); fi\nend\n";
        assert!(!loops(src2, "main"));
    }

    #[test]
    fn a_loop_in_one_frame_and_a_blocking_assume() {
        let src = "void main()\nbegin\n  decl x;\n  L: if (x) then goto L; fi\nend\n";
        assert!(loops(src, "main"));
        let src2 =
            "void main()\nbegin\n  decl x;\n  assume(!x);\n  L: if (x) then goto L; fi\nend\n";
        assert!(!loops(src2, "main"));
    }
}
