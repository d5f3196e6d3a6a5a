//! Checking assertions. An assertion holds when every initial state (every
//! valid state, or those of `init`) satisfies it. Before any fixpoint the
//! assertion is taken apart where that is sound: `A => B` with `A` free of
//! CTL checks `B` from the states of `A` only, `A && B` checks both, and
//! `all x: T | F` checks `F` once per value. CTL is then evaluated within
//! the states reachable from where the sub-assertion is checked, which is
//! exact (CTL truth at a state depends only on the states it can reach) and
//! usually far smaller than the whole state space.

use std::collections::HashMap;
use std::time::Instant;

use bebop::bdd::Bdd;

use super::algebra::SVal;
use super::ctl::Ctl;
use super::eval::Env;
use super::kripke::Kripke;
use super::{CheckError, Engine, Options};
use crate::model::*;
use crate::report::{Outcome, Stats, Verdict};
use crate::typeck::visit;

type R<T> = Result<T, CheckError>;

/// A failing sub-assertion: the states where it is checked and fails, and
/// what is needed to explain it.
struct Failure<'f> {
    fails: Bdd,
    formula: &'f Expr,
    env: Env,
    reach: Bdd,
    /// Values of the quantified names the check was split on.
    bindings: Vec<String>,
}

/// Checks every assertion of `model`.
pub fn check_model(model: Model, opts: &Options) -> R<Outcome> {
    let start = Instant::now();
    let e = Engine::new(model, opts)?;
    let sums = e.summarize()?;
    let summary_seconds = start.elapsed().as_secs_f64();
    let k = e.kripke(&sums)?;
    let init = e.initial(&k)?;
    let mut run = Run {
        k: &k,
        reach: HashMap::new(),
    };
    let mut verdicts = Vec::new();
    for a in &e.model.asserts {
        let mut env: Env = vec![None; e.model.locals];
        let failure = run.check_at(&a.formula, &init, &mut env)?;
        let trace = match &failure {
            Some(f) if opts.traces => run.explain(f)?,
            _ => Vec::new(),
        };
        e.m.check()?;
        verdicts.push(Verdict {
            span: (a.span.start as usize, a.span.end as usize),
            holds: failure.is_none(),
            trace,
        });
    }
    let all_reach = run.reach.values().fold(e.m.f(), |acc, r| e.m.or(&acc, r));
    let stats = Stats {
        state_bits: e.lay.state_bits,
        bdd_vars: e.lay.bdd_vars(),
        parts: k.parts.len(),
        peak_nodes: e.peak_nodes(),
        reachable_states: e.count_states(&all_reach),
        seconds: start.elapsed().as_secs_f64(),
        summary_seconds,
    };
    Ok(Outcome { verdicts, stats })
}

impl Engine {
    /// Valid non-loop states satisfying `init` (all of them without one).
    fn initial(&self, k: &Kripke) -> R<Bdd> {
        let base = self.m.and(&k.valid, &k.not_loop);
        match &self.model.init {
            None => Ok(base),
            Some(f) => {
                let mut env: Env = vec![None; self.model.locals];
                let i = self.eval(None).formula(f, &mut env)?;
                Ok(self.m.and(&base, &i))
            }
        }
    }

    /// Number of states in a set over the current global bits and `loop`.
    pub fn count_states(&self, s: &Bdd) -> f64 {
        let other = self.lay.bdd_vars() - (self.lay.globals + 1);
        self.m.sat_count(s) / 2f64.powi(other as i32)
    }
}

/// Whether a formula contains CTL operators or `loop`.
pub fn temporal(e: &Expr, m: &Model) -> bool {
    let mut t = false;
    visit(e, m, &mut |x| {
        t |= matches!(x.kind, ExprKind::Ctl(..) | ExprKind::Loop)
    });
    t
}

pub(crate) struct Run<'k, 'e> {
    pub k: &'k Kripke<'e>,
    /// Reachable states, per set of starting states.
    pub reach: HashMap<Bdd, Bdd>,
}

impl<'k, 'e> Run<'k, 'e> {
    fn e(&self) -> &'e Engine {
        self.k.e
    }

    fn reach_from(&mut self, init: &Bdd) -> R<Bdd> {
        if let Some(r) = self.reach.get(init) {
            return Ok(r.clone());
        }
        let r = self.k.reach(init)?;
        self.reach.insert(init.clone(), r.clone());
        Ok(r)
    }

    fn check_at<'f>(&mut self, f: &'f Expr, init: &Bdd, env: &mut Env) -> R<Option<Failure<'f>>> {
        let e = self.e();
        if e.m.is_false(init) {
            return Ok(None);
        }
        match &f.kind {
            ExprKind::Implies(a, b) if !temporal(a, &e.model) => {
                let ctl = Ctl {
                    k: self.k,
                    r: self.k.valid.clone(),
                };
                let sa = e.eval(Some(&ctl)).formula(a, env)?;
                self.check_at(b, &e.m.and(init, &sa), env)
            }
            ExprKind::And(a, b) => match self.check_at(a, init, env)? {
                Some(fail) => Ok(Some(fail)),
                None => self.check_at(b, init, env),
            },
            ExprKind::Quant(Quant::All, bs, body) => self.check_all(bs, body, f, init, env),
            _ => self.check_plain(f, init, env),
        }
    }

    /// `all x: T, ... | body`, one value of `x` at a time when `T` is a type.
    fn check_all<'f>(
        &mut self,
        bs: &'f [(LocalId, Expr)],
        body: &'f Expr,
        whole: &'f Expr,
        init: &Bdd,
        env: &mut Env,
    ) -> R<Option<Failure<'f>>> {
        let Some(((l, dom), rest)) = bs.split_first() else {
            return self.check_at(body, init, env);
        };
        let ExprKind::Universe(d) = dom.kind else {
            return self.check_plain(whole, init, env);
        };
        let model = &self.e().model;
        let nbits = model.dom_bits(d);
        for v in 0..model.dom_size(d) {
            let old = env[*l].replace(SVal::Bits(self.e().eval(None).alg().consts(v, nbits)));
            let r = self.check_all(rest, body, whole, init, env);
            env[*l] = old;
            if let Some(mut fail) = r? {
                let name = &model.local_names[*l];
                fail.bindings
                    .insert(0, format!("{name} = {}", model.value_name(d, v)));
                return Ok(Some(fail));
            }
        }
        Ok(None)
    }

    fn check_plain<'f>(
        &mut self,
        f: &'f Expr,
        init: &Bdd,
        env: &mut Env,
    ) -> R<Option<Failure<'f>>> {
        let e = self.e();
        let reach = if temporal(f, &e.model) {
            self.reach_from(init)?
        } else {
            self.k.valid.clone()
        };
        let ctl = Ctl {
            k: self.k,
            r: reach.clone(),
        };
        let sat = e.eval(Some(&ctl)).formula(f, env)?;
        let fails = e.m.and(init, &e.m.not(&sat));
        e.m.check()?;
        if e.m.is_false(&fails) {
            return Ok(None);
        }
        Ok(Some(Failure {
            fails,
            formula: f,
            env: env.clone(),
            reach,
            bindings: Vec::new(),
        }))
    }

    fn explain(&self, f: &Failure) -> R<Vec<crate::report::TraceItem>> {
        let mut x = super::trace::Explainer::new(self.k, f.reach.clone());
        let s = x
            .pick(&f.fails)
            .ok_or_else(|| CheckError::Internal("no failing state".into()))?;
        if !f.bindings.is_empty() {
            x.note(format!("for {}:", f.bindings.join(", ")));
        }
        x.start_path(&s);
        let mut env = f.env.clone();
        x.explain(&s, f.formula, &mut env, false, 0)?;
        Ok(x.out)
    }
}

/// A state given by the values of its variables' bits (each variable's
/// bits in its own order: scalar LSB first, relation tuples row-major), or
/// the loop state.
#[derive(Clone, Debug)]
pub enum GivenState {
    Vars(Vec<Vec<bool>>),
    Loop,
}

/// For differential testing: the verdicts as [`check_model`] gives them,
/// and for every assertion its truth value at each of `states`, computed
/// without any restriction (over all valid states).
pub fn truth_table(model: Model, states: &[GivenState]) -> R<(Vec<bool>, Vec<Vec<bool>>)> {
    let opts = Options {
        traces: false,
        ..Options::default()
    };
    let verdicts = check_model(model.clone(), &opts)?
        .verdicts
        .iter()
        .map(|v| v.holds)
        .collect();
    let e = Engine::new(model, &opts)?;
    let sums = e.summarize()?;
    let k = e.kripke(&sums)?;
    let ctl = Ctl {
        k: &k,
        r: k.valid.clone(),
    };
    let mut table = Vec::new();
    for a in &e.model.asserts {
        let mut env: Env = vec![None; e.model.locals];
        let sat = e.eval(Some(&ctl)).formula(&a.formula, &mut env)?;
        table.push(states.iter().map(|s| e.holds_at(&sat, s)).collect());
    }
    e.m.check()?;
    Ok((verdicts, table))
}

impl Engine {
    fn holds_at(&self, set: &Bdd, s: &GivenState) -> bool {
        let mut bits = vec![false; self.lay.state_bits as usize];
        match s {
            GivenState::Loop => bits[self.lay.loop_bit as usize] = true,
            GivenState::Vars(vals) => {
                for (var, vb) in vals.iter().enumerate() {
                    for (k, b) in vb.iter().enumerate() {
                        bits[self.lay.var_map[var][k] as usize] = *b;
                    }
                }
            }
        }
        self.m.eval(set, &|v| bits[(v / 3) as usize] && v % 3 == 0)
    }
}
