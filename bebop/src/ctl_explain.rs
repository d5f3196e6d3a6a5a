//! Explanations of CTL answers ([`crate::ctl_check`]): from a state where a
//! formula has a value, the paths that show it, through the connectives and
//! temporal operators, each segment starting where the one before ended.

use crate::cfg::{VKind, VertexId};
use crate::ctl::{Ctl, Unary};
use crate::ctl_check::{Kripke, Segment, Sets};
use crate::paths::{Stay, Walk};
use crate::state::State;

impl Kripke<'_, '_> {
    /// Why a state repeats itself, if it does.
    fn stay(&self, v: VertexId, st: &State) -> Option<Stay> {
        let r = self.r;
        if !r.holds(&self.self_loop[v as usize], v, st) {
            return None;
        }
        Some(match r.cfg().vertex(v).kind {
            VKind::Exit => Stay::Returned,
            VKind::Call { .. } if r.holds(&self.call_loops[v as usize], v, st) => Stay::CallLoops,
            _ => Stay::Stuck,
        })
    }

    fn walk<'w>(
        &'w self,
        inside: &'w dyn Fn(VertexId, &State) -> bool,
        stay: &'w dyn Fn(VertexId, &State) -> Option<Stay>,
    ) -> Walk<'w> {
        Walk {
            cfg: self.r.cfg(),
            inside,
            descend: false,
            stay,
        }
    }

    fn member(&self, set: &Sets, v: VertexId, st: &State) -> bool {
        self.r.holds(&set[v as usize], v, st)
    }

    /// Appends the segments showing that `f` is `value` at `(v, st)`; none
    /// where no single path shows it (a universal claim, an atom).
    pub(crate) fn explain(
        &self,
        f: &Ctl,
        value: bool,
        v: VertexId,
        st: State,
        out: &mut Vec<Segment>,
    ) -> Result<(), String> {
        match (f, value) {
            (Ctl::Not(a), _) => self.explain(a, !value, v, st, out),
            (Ctl::And(a, b), false) | (Ctl::Or(a, b), true) => {
                let first_decides = self.member(&self.sat(a), v, &st) == value;
                let which = if first_decides { a } else { b };
                self.explain(which, value, v, st, out)
            }
            (Ctl::Implies(a, b), false) => {
                let _ = a;
                self.explain(b, false, v, st, out)
            }
            (Ctl::Temporal(Unary::EX, a), true) | (Ctl::Temporal(Unary::AX, a), false) => {
                self.next_step(f, a, value, v, st, out)
            }
            (Ctl::Temporal(Unary::EF, a), true) | (Ctl::Temporal(Unary::AG, a), false) => {
                let target = self.value_set(a, value);
                let layers = self.eu_layers(&self.all(), &target);
                let claim = format!(
                    "{f} is {}: a path to a state where {a} is {}",
                    b(value),
                    b(value)
                );
                self.down_layers(claim, &layers, v, st, a, value, out)
            }
            (
                Ctl::Until {
                    exists: true,
                    hold,
                    goal,
                },
                true,
            ) => {
                let layers = self.eu_layers(&self.sat(hold), &self.sat(goal));
                let claim = format!("{f} is true: a path along {hold} to {goal}");
                self.down_layers(claim, &layers, v, st, goal, true, out)
            }
            (
                Ctl::Until {
                    exists: false,
                    hold,
                    goal,
                },
                false,
            ) => self.au_fails(f, hold, goal, v, st, out),
            (Ctl::Temporal(Unary::EG, a), true) | (Ctl::Temporal(Unary::AF, a), false) => {
                let forever = self.eg(&self.value_set(a, value));
                let claim = format!(
                    "{f} is {}: a lasso on which {a} is {} forever",
                    b(value),
                    b(value)
                );
                self.lasso_in(claim, &forever, v, st, out)
            }
            _ => Ok(()),
        }
    }

    /// The states where `a` has `value`.
    fn value_set(&self, a: &Ctl, value: bool) -> Sets {
        let s = self.sat(a);
        if value {
            s
        } else {
            self.not(&s)
        }
    }

    /// One step to a state where `a` is `value` (`EX` true, `AX` false).
    fn next_step(
        &self,
        f: &Ctl,
        a: &Ctl,
        value: bool,
        v: VertexId,
        st: State,
        out: &mut Vec<Segment>,
    ) -> Result<(), String> {
        let target = self.value_set(a, value);
        let claim = format!(
            "{f} is {}: a step to a state where {a} is {}",
            b(value),
            b(value)
        );
        let stay = |w: VertexId, t: &State| self.stay(w, t);
        let ok = |w: VertexId, t: &State| self.member(&target, w, t);
        if let Some(why) = stay(v, &st).filter(|_| ok(v, &st)) {
            let trace = crate::reach::Trace {
                steps: vec![crate::reach::TraceStep {
                    vertex: v,
                    depth: 0,
                    state: st.clone(),
                }],
            };
            out.push(Segment {
                claim,
                trace,
                closing: Some(crate::paths::Closing::Stays(why)),
            });
            return self.explain(a, value, v, st, out);
        }
        let trace = self.walk(&ok, &stay).one_step(v, st, &ok)?;
        let end = trace.steps.last().expect("a step").clone();
        out.push(Segment {
            claim,
            trace,
            closing: None,
        });
        self.explain(a, value, end.vertex, end.state, out)
    }

    /// A path down `layers` to layer 0, then the explanation of `a` being
    /// `value` there.
    #[allow(clippy::too_many_arguments)]
    fn down_layers(
        &self,
        claim: String,
        layers: &[Sets],
        v: VertexId,
        st: State,
        a: &Ctl,
        value: bool,
        out: &mut Vec<Segment>,
    ) -> Result<(), String> {
        let rank = |w: VertexId, t: &State| layers.iter().position(|l| self.member(l, w, t));
        let stay = |w: VertexId, t: &State| self.stay(w, t);
        let inside = |_: VertexId, _: &State| true;
        let trace = self.walk(&inside, &stay).path(v, st, &rank)?;
        let end = trace.steps.last().expect("a path").clone();
        out.push(Segment {
            claim,
            trace,
            closing: None,
        });
        self.explain(a, value, end.vertex, end.state, out)
    }

    /// A lasso inside `forever` (an `EG` set).
    fn lasso_in(
        &self,
        claim: String,
        forever: &Sets,
        v: VertexId,
        st: State,
        out: &mut Vec<Segment>,
    ) -> Result<(), String> {
        let stay = |w: VertexId, t: &State| self.stay(w, t);
        let inside = |w: VertexId, t: &State| self.member(forever, w, t);
        let lasso = self.walk(&inside, &stay).lasso(v, st)?;
        out.push(Segment {
            claim,
            trace: lasso.trace,
            closing: Some(lasso.closing),
        });
        Ok(())
    }

    /// `A[hold U goal]` is false: a path along `!goal` to a state where
    /// both are false, or a lasso on which `goal` is false forever.
    fn au_fails(
        &self,
        f: &Ctl,
        hold: &Ctl,
        goal: &Ctl,
        v: VertexId,
        st: State,
        out: &mut Vec<Segment>,
    ) -> Result<(), String> {
        let m = &self.r.s.m;
        let ng = self.not(&self.sat(goal));
        let stop = self.map2(&self.not(&self.sat(hold)), &ng, &|x, y| m.and(x, y));
        let layers = self.eu_layers(&ng, &stop);
        if self.member(layers.last().expect("nonempty"), v, &st) {
            let claim = format!("{f} is false: a path where {goal} stays false to a state where {hold} is false too");
            return self.down_layers(claim, &layers, v, st, hold, false, out);
        }
        let claim = format!("{f} is false: a lasso on which {goal} is false forever");
        self.lasso_in(claim, &self.eg(&ng), v, st, out)
    }
}

fn b(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}
