//! Counterexamples and witnesses. Given a state and a formula whose truth
//! value there is known, the explainer follows the formula: through
//! negations, connectives and quantifiers to the part that decides, and at
//! a CTL operator it prints the paths CTL has — a path to a violating state
//! for a failing `AG` (a witness for `EF`), a lasso for a failing `AF` (a
//! witness for `EG`), one step for `AX`/`EX`, a path or a lasso for `AU`/`EU`
//! — and goes on explaining at the path's last state.

use bebop::bdd::Bdd;

use super::algebra::SVal;
use super::ctl::Ctl;
use super::eval::Env;
use super::kripke::Kripke;
use super::layout::Copy;
use super::CheckError;
use crate::model::*;
use crate::report::TraceItem;

type R<T> = Result<T, CheckError>;

/// How many CTL operators deep the explanation goes.
const MAX_DEPTH: usize = 4;

pub struct Explainer<'k, 'e> {
    k: &'k Kripke<'e>,
    ctl: Ctl<'k, 'e>,
    pub out: Vec<TraceItem>,
    last: Vec<(String, String)>,
}

impl<'k, 'e> Explainer<'k, 'e> {
    pub fn new(k: &'k Kripke<'e>, reach: Bdd) -> Self {
        Explainer {
            k,
            ctl: Ctl { k, r: reach },
            out: Vec::new(),
            last: Vec::new(),
        }
    }

    fn m(&self) -> &'e bebop::bdd::BddManager {
        &self.k.e.m
    }

    pub fn note(&mut self, s: String) {
        self.out.push(TraceItem::Note(s));
    }

    /// One concrete state of `set` (a full assignment of the state bits).
    pub fn pick(&self, set: &Bdd) -> Option<Bdd> {
        let lay = &self.k.e.lay;
        let cube = self.m().pick_cube(set)?;
        let bits = (0..lay.globals).chain([lay.loop_bit]);
        let lits: Vec<(u32, bool)> = bits
            .map(|b| {
                let v = lay.bdd_var(b, Copy::Cur);
                (v, cube.get(v as usize).copied().flatten().unwrap_or(false))
            })
            .collect();
        Some(self.m().lits(lits))
    }

    /// The variables' values in a concrete state.
    fn values(&self, s: &Bdd) -> Vec<(String, String)> {
        let e = self.k.e;
        if !self.m().is_false(&self.m().and(s, &self.k.loop_state)) {
            return vec![("loop".into(), "true (the loop state)".into())];
        }
        let val = |b: u32| {
            let lit = self.m().var(e.lay.bdd_var(b, Copy::Cur));
            !self.m().is_false(&self.m().and(s, &lit))
        };
        e.model
            .vars
            .iter()
            .enumerate()
            .map(|(i, v)| {
                (
                    v.name.clone(),
                    show_value(
                        &e.model,
                        &v.kind,
                        &e.lay.bits_of(i).map(val).collect::<Vec<_>>(),
                    ),
                )
            })
            .collect()
    }

    pub fn start_path(&mut self, s: &Bdd) {
        let vals = self.values(s);
        self.out.push(TraceItem::State {
            step: None,
            values: vals.clone(),
        });
        self.last = vals;
    }

    fn step(&mut self, from: &Bdd, to: &Bdd) {
        let label = self.k.step_label(from, to);
        let vals = self.values(to);
        let changed: Vec<(String, String)> = vals
            .iter()
            .filter(|v| !self.last.contains(v))
            .cloned()
            .collect();
        self.out.push(TraceItem::State {
            step: Some(label),
            values: changed,
        });
        self.last = vals;
    }

    fn sat(&self, f: &Expr, env: &mut Env) -> R<Bdd> {
        self.k.e.eval(Some(&self.ctl)).formula(f, env)
    }

    fn holds(&self, s: &Bdd, f: &Expr, env: &mut Env) -> R<bool> {
        let sat = self.sat(f, env)?;
        Ok(!self.m().is_false(&self.m().and(s, &sat)))
    }

    /// Explains why `f` has truth value `pol` at the concrete state `s`.
    pub fn explain(&mut self, s: &Bdd, f: &Expr, env: &mut Env, pol: bool, depth: usize) -> R<()> {
        use ExprKind::*;
        match &f.kind {
            Not(x) => self.explain(s, x, env, !pol, depth),
            And(a, b) | Or(a, b) => {
                let conj = matches!(f.kind, And(..));
                if conj == pol {
                    self.explain(s, a, env, pol, depth)?;
                    return self.explain(s, b, env, pol, depth);
                }
                let pick = if self.holds(s, a, env)? == pol { a } else { b };
                self.explain(s, pick, env, pol, depth)
            }
            Implies(a, b) => {
                if !pol || self.holds(s, a, env)? {
                    self.explain(s, b, env, pol, depth)
                } else {
                    Ok(())
                }
            }
            PredCall(p, args) => {
                let def = &self.k.e.model.preds[*p];
                let mut saved = Vec::new();
                for ((l, _), a) in def.params.iter().zip(args) {
                    let v = self.k.e.eval(Some(&self.ctl)).eval(a, env)?;
                    saved.push((*l, env[*l].replace(v)));
                }
                let r = self.explain(s, &def.body, env, pol, depth);
                for (l, old) in saved {
                    env[l] = old;
                }
                r
            }
            Quant(q, bs, body) if (*q == crate::model::Quant::All) != pol => {
                self.quant_instance(s, bs, body, env, pol, depth)
            }
            Ctl(op, a, b) if depth < MAX_DEPTH => {
                self.temporal(s, *op, a, b.as_deref(), env, pol, depth)
            }
            _ => Ok(()),
        }
    }

    /// A value of the first binder for which the body decides (`all` false
    /// or `some` true), then the rest.
    fn quant_instance(
        &mut self,
        s: &Bdd,
        bs: &[(LocalId, Expr)],
        body: &Expr,
        env: &mut Env,
        pol: bool,
        depth: usize,
    ) -> R<()> {
        let Some(((l, dom), rest)) = bs.split_first() else {
            return self.explain(s, body, env, pol, depth);
        };
        let e = self.k.e;
        let Ty::Rel(c) = &dom.ty else { return Ok(()) };
        let d = c[0];
        let members = e.eval(Some(&self.ctl)).rel(dom, env)?;
        let old = env[*l].take();
        for (v, mem) in members.iter().enumerate() {
            if self.m().is_false(&self.m().and(s, mem)) {
                continue;
            }
            env[*l] = Some(SVal::Bits(
                e.eval(None).alg().consts(v as u64, e.model.dom_bits(d)),
            ));
            let inner = if rest.is_empty() {
                self.holds(s, body, env)?
            } else {
                let q = Expr {
                    kind: ExprKind::Quant(
                        if pol { Quant::Some } else { Quant::All },
                        rest.to_vec(),
                        Box::new(body.clone()),
                    ),
                    ty: Ty::Formula,
                    span: body.span,
                };
                self.holds(s, &q, env)?
            };
            if inner == pol {
                self.note(format!(
                    "for {} = {}:",
                    e.model.local_names[*l],
                    e.model.value_name(d, v as u64)
                ));
                let r = self.quant_instance(s, rest, body, env, pol, depth);
                env[*l] = old;
                return r;
            }
        }
        env[*l] = old;
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn temporal(
        &mut self,
        s: &Bdd,
        op: CtlOp,
        a: &Expr,
        b: Option<&Expr>,
        env: &mut Env,
        pol: bool,
        depth: usize,
    ) -> R<()> {
        let m = self.m();
        let fa = self.sat(a, env)?;
        let not_fa = m.and(&self.ctl.r, &m.not(&fa));
        match (op, pol) {
            (CtlOp::AG, false) | (CtlOp::EF, true) => {
                let target = if pol { fa } else { not_fa };
                self.note(format!(
                    "{} {}: a path to a state where the operand is {}",
                    op.name(),
                    verdict(pol),
                    pol
                ));
                let end = self.path(s, &self.ctl.r.clone(), &target)?;
                self.explain(&end, a, env, pol, depth + 1)
            }
            (CtlOp::AF, false) | (CtlOp::EG, true) => {
                let keep = if pol { fa } else { not_fa };
                self.note(format!(
                    "{} {}: a lasso along which the operand is always {}",
                    op.name(),
                    verdict(pol),
                    pol
                ));
                self.lasso(s, &keep)
            }
            (CtlOp::AX, false) | (CtlOp::EX, true) => {
                let target = if pol { fa } else { not_fa };
                self.note(format!(
                    "{} {}: a successor where the operand is {}",
                    op.name(),
                    verdict(pol),
                    pol
                ));
                let succ = m.and(&self.k.image(s), &target);
                let t = self
                    .pick(&succ)
                    .ok_or_else(|| CheckError::Internal("no successor".into()))?;
                self.step(s, &t);
                self.explain(&t, a, env, pol, depth + 1)
            }
            (CtlOp::EU, true) => {
                let g = self.sat(b.unwrap_or(a), env)?;
                self.note("EU holds: a path along the first operand to the second".into());
                let end = self.path(s, &fa, &g)?;
                self.explain(&end, b.unwrap_or(a), env, true, depth + 1)
            }
            (CtlOp::AU, false) => self.au_fails(s, &fa, b.unwrap_or(a), env, depth),
            _ => {
                self.note(format!(
                    "{} {} at this state (no single path shows it)",
                    op.name(),
                    verdict(pol)
                ));
                Ok(())
            }
        }
    }

    fn au_fails(&mut self, s: &Bdd, fa: &Bdd, b: &Expr, env: &mut Env, depth: usize) -> R<()> {
        let m = self.m();
        let g = self.sat(b, env)?;
        let ng = m.and(&self.ctl.r, &m.not(&g));
        let nf = m.and(&self.ctl.r, &m.not(fa));
        let stop = m.and(&ng, &nf);
        let reach_stop = self.ctl.eu(&ng, &stop)?;
        if !m.is_false(&m.and(s, &reach_stop)) {
            self.note("AU fails: a path reaches a state where neither operand holds".into());
            self.path(s, &ng, &stop)?;
            return Ok(());
        }
        let _ = depth;
        self.note("AU fails: a lasso along which the second operand never holds".into());
        self.lasso(s, &ng)
    }

    /// Prints a shortest path from `s` through `through` states to a `target`
    /// state, and returns its last state.
    fn path(&mut self, s: &Bdd, through: &Bdd, target: &Bdd) -> R<Bdd> {
        let m = self.m();
        let mut rings = vec![s.clone()];
        let mut seen = s.clone();
        while m.is_false(&m.and(rings.last().unwrap_or(s), target)) {
            let from = m.and(rings.last().unwrap_or(s), through);
            let next = m.and(&self.k.image(&from), &m.not(&seen));
            if m.is_false(&next) {
                return Err(CheckError::Internal("witness path not found".into()));
            }
            seen = m.or(&seen, &next);
            rings.push(next);
            m.check()?;
        }
        let last_ring = rings.pop().unwrap_or_else(|| s.clone());
        let mut states = vec![self
            .pick(&m.and(&last_ring, target))
            .unwrap_or_else(|| s.clone())];
        while let Some(ring) = rings.pop() {
            let t = states.last().cloned().unwrap_or_else(|| s.clone());
            let pre = m.and(&m.and(&ring, through), &self.k.preimage(&t));
            let cand = if rings.is_empty() {
                s.clone()
            } else {
                self.pick(&pre).unwrap_or_else(|| s.clone())
            };
            states.push(cand);
        }
        states.reverse();
        for w in states.windows(2) {
            self.step(&w[0], &w[1]);
        }
        Ok(states.last().cloned().unwrap_or_else(|| s.clone()))
    }

    /// Prints a lasso from `s` that stays in `EG keep`.
    fn lasso(&mut self, s: &Bdd, keep: &Bdd) -> R<()> {
        let m = self.m();
        let inside = self.ctl.eg(keep)?;
        let base = self.printed_index();
        let mut states = vec![s.clone()];
        loop {
            let cur = states.last().cloned().unwrap_or_else(|| s.clone());
            let succ = m.and(&self.k.image(&cur), &inside);
            let back = states.iter().position(|x| !m.is_false(&m.and(&succ, x)));
            if let Some(k) = back {
                self.step(&cur, &states[k].clone());
                self.out.push(TraceItem::LoopsBackTo(base + k));
                return Ok(());
            }
            let t = self
                .pick(&succ)
                .ok_or_else(|| CheckError::Internal("lasso broken".into()))?;
            self.step(&cur, &t);
            states.push(t);
        }
    }

    /// The number of the last printed state on the current path.
    fn printed_index(&self) -> usize {
        let mut n = 0;
        for item in &self.out {
            match item {
                TraceItem::State { step: None, .. } => n = 0,
                TraceItem::State { .. } => n += 1,
                _ => {}
            }
        }
        n
    }
}

fn verdict(pol: bool) -> &'static str {
    if pol {
        "holds"
    } else {
        "fails"
    }
}

/// A variable's value from its bits.
pub fn show_value(model: &Model, kind: &VarKind, bits: &[bool]) -> String {
    match kind {
        VarKind::Scalar(d) => {
            let v = bits
                .iter()
                .enumerate()
                .fold(0u64, |acc, (k, b)| acc | (*b as u64) << k);
            model.value_name(*d, v)
        }
        VarKind::Rel { cols, .. } => {
            let sizes: Vec<u64> = cols.iter().map(|d| model.dom_size(*d)).collect();
            let tuples: Vec<String> = bits
                .iter()
                .enumerate()
                .filter(|(_, b)| **b)
                .map(|(i, _)| {
                    let vals = split_tuple(i as u64, &sizes);
                    vals.iter()
                        .zip(cols)
                        .map(|(v, d)| model.value_name(*d, *v))
                        .collect::<Vec<_>>()
                        .join("->")
                })
                .collect();
            format!("{{{}}}", tuples.join(", "))
        }
    }
}
