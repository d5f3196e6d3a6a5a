//! The mixed symbolic representation (F-Soft §3, §5.4): a set of states at one block is a
//! list of atoms, each a BDD over the control cells' bits (oxidd, through Bebop's
//! manager) and a linear integer arithmetic formula over the data cells (Z3). The program
//! counter is the block the list belongs to (the disjunctive partition of §6.2).
//!
//! Operations (§3.2): conjunction with a transition's guard (put into DNF, control and
//! data literals apart), the post-image of one transition (data: the updated cells'
//! old values and the inputs existentially quantified and eliminated with Z3's `qe`;
//! control: quantified and set in the BDD), projection of the cells that are not live at
//! the target (§6.2), emptiness, and containment of a new atom in old ones.

use super::ltg::*;
use bebop::bdd::{Bdd, BddManager};
use slamrs_abstraction::smt::encode::trunc_div;
use slamrs_abstraction::smt::solver_pool::PooledSolver;
use std::sync::{Arc, Mutex};
use z3::ast::{Ast, Bool, Int};
use z3::{SatResult, Tactic};

/// A set of states: control part and data part.
#[derive(Clone, Debug)]
pub struct Atom {
    pub control: Bdd,
    pub data: Bool,
}

/// Counters of the representation (`--stats`).
#[derive(Clone, Debug, Default)]
pub struct Counters {
    /// Post-images of one atom through one transition.
    pub images: u64,
    /// Quantifier eliminations.
    pub eliminations: u64,
    /// Satisfiability queries (emptiness and containment).
    pub queries: u64,
    /// Largest number of linear constraints in one atom.
    pub peak_constraints: u64,
    /// Largest BDD of one atom (nodes).
    pub peak_bdd_nodes: u64,
}

/// The mixed representation of one transition graph's states.
pub struct Space<'g> {
    ltg: &'g Ltg,
    bdd: BddManager,
    /// The BDD variables of each control cell (least significant bit first).
    bits: Vec<Vec<u32>>,
    names: Vec<Int>,
    fresh: u64,
    timeout_ms: u32,
    calls: Calls,
    pub counters: Counters,
}

/// Marks the Z3 calls of a search that another thread may interrupt ([`Calls::interrupt`]):
/// quantifier eliminations and satisfiability checks, which end with an error or
/// `unknown` when interrupted. Nothing else is interrupted (an interrupted `simplify`
/// would fail in the middle of building a term), and an interrupt never lands between
/// calls: it is sent and the flag cleared under one lock.
#[derive(Clone, Default)]
pub struct Calls {
    inside: Arc<Mutex<bool>>,
    interrupt: slamrs_refinement::explore::Interrupt,
    /// An interrupt was sent: Z3 may keep the context cancelled, so calls that fail on a
    /// cancelled context (`simplify`) are not made any more (the search is stopping).
    sent: Arc<std::sync::atomic::AtomicBool>,
}

impl Calls {
    /// Registers the calling thread (whose Z3 calls will be interrupted).
    pub fn register(&self) {
        self.interrupt.register();
    }

    pub fn unregister(&self) {
        self.interrupt.unregister();
    }

    fn run<R>(&self, f: impl FnOnce() -> R) -> R {
        *self.inside.lock().unwrap_or_else(|e| e.into_inner()) = true;
        let r = f();
        *self.inside.lock().unwrap_or_else(|e| e.into_inner()) = false;
        r
    }

    /// Interrupts the registered thread's Z3 call, if it is inside one.
    pub fn interrupt(&self) {
        let inside = self.inside.lock().unwrap_or_else(|e| e.into_inner());
        if *inside {
            self.sent.store(true, std::sync::atomic::Ordering::Release);
            self.interrupt.interrupt();
        }
    }

    /// True once an interrupt was sent (seen by the searching thread as soon as the call
    /// it interrupted has returned: the flag is set under the same lock).
    pub fn interrupted(&self) -> bool {
        self.sent.load(std::sync::atomic::Ordering::Acquire)
    }
}

impl<'g> Space<'g> {
    pub fn new(ltg: &'g Ltg, timeout_ms: u32, calls: Calls) -> Space<'g> {
        let mut next = 0u32;
        let mut bits = Vec::new();
        for c in &ltg.cells {
            let n = match c.kind {
                CellKind::Control { bits } => bits,
                CellKind::Data => 0,
            };
            bits.push((next..next + n).collect());
            next += n;
        }
        let names = (0..ltg.cells.len())
            .map(|i| Int::new_const(format!("c{i}")))
            .collect();
        Space {
            ltg,
            bdd: BddManager::new(next.max(1)),
            bits,
            names,
            fresh: 0,
            timeout_ms,
            calls,
            counters: Counters::default(),
        }
    }

    /// Every state.
    pub fn universe(&self) -> Atom {
        Atom {
            control: self.bdd.t(),
            data: Bool::from_bool(true),
        }
    }

    fn value(&self, c: CellId, v: u64) -> Bdd {
        self.bdd.lits(
            self.bits[c.0 as usize]
                .iter()
                .enumerate()
                .map(|(i, &b)| (b, (v >> i) & 1 == 1)),
        )
    }

    fn fresh_int(&mut self, what: &str) -> Int {
        self.fresh += 1;
        Int::new_const(format!("{what}!{}", self.fresh))
    }

    /// The cell's current-state constant.
    pub fn var(&self, c: CellId) -> &Int {
        &self.names[c.0 as usize]
    }

    fn ex(&mut self, e: &Ex, env: &Env) -> Int {
        match e {
            Ex::Int(n) => Int::from_i128(*n),
            Ex::Cell(c) => env.cell(self, *c),
            Ex::Input(i) => env.inputs[*i as usize].clone(),
            Ex::Add(a, b) => Int::add(&[self.ex(a, env), self.ex(b, env)]),
            Ex::Sub(a, b) => Int::sub(&[self.ex(a, env), self.ex(b, env)]),
            Ex::Scale(a, k) => Int::mul(&[self.ex(a, env), Int::from_i128(*k)]),
            Ex::Mul(a, b) => Int::mul(&[self.ex(a, env), self.ex(b, env)]),
            Ex::Div(a, k) => trunc_div(&self.ex(a, env), *k),
            Ex::Rem(a, k) => {
                let x = self.ex(a, env);
                let q = trunc_div(&x, *k);
                Int::sub(&[x, Int::mul(&[q, Int::from_i128(*k)])])
            }
            Ex::FloorDiv(a, k) => self.ex(a, env).div(Int::from_i128(*k)),
            Ex::FloorRem(a, k) => self.ex(a, env).modulo(Int::from_i128(*k)),
            Ex::Wrap { e, bits, signed } => {
                let x = self.ex(e, env);
                let m = 1i128 << (*bits).min(126);
                if *signed {
                    let h = m / 2;
                    Int::sub(&[
                        Int::add(&[x, Int::from_i128(h)]).modulo(Int::from_i128(m)),
                        Int::from_i128(h),
                    ])
                } else {
                    x.modulo(Int::from_i128(m))
                }
            }
            Ex::Ite(c, a, b) => {
                let c = self.cond(c, env);
                c.ite(&self.ex(a, env), &self.ex(b, env))
            }
        }
    }

    /// A data condition in Z3. Control literals never occur inside data expressions
    /// ([`super::build`] keeps them at the top of guards); one that did would be
    /// over-approximated by a free boolean.
    fn cond(&mut self, c: &Cond, env: &Env) -> Bool {
        match c {
            Cond::True => Bool::from_bool(true),
            Cond::False => Bool::from_bool(false),
            Cond::Cmp(op, a, b) => {
                let (x, y) = (self.ex(a, env), self.ex(b, env));
                match op {
                    Cmp::Eq => x.eq(&y),
                    Cmp::Ne => x.eq(&y).not(),
                    Cmp::Lt => x.lt(&y),
                    Cmp::Le => x.le(&y),
                }
            }
            Cond::Control { .. } => {
                self.fresh += 1;
                Bool::new_const(format!("ctl!{}", self.fresh))
            }
            Cond::Not(c) => self.cond(c, env).not(),
            Cond::And(cs) => {
                let v: Vec<Bool> = cs.iter().map(|c| self.cond(c, env)).collect();
                Bool::and(&v)
            }
            Cond::Or(cs) => {
                let v: Vec<Bool> = cs.iter().map(|c| self.cond(c, env)).collect();
                Bool::or(&v)
            }
        }
    }

    /// `c` (or its negation) in disjunctive normal form: control BDD and data formula
    /// per disjunct.
    fn dnf(&mut self, c: &Cond, positive: bool, env: &Env) -> Vec<(Bdd, Bool)> {
        if !c.has_control() {
            let b = self.cond(c, env);
            return vec![(self.bdd.t(), if positive { b } else { b.not() })];
        }
        if c.is_control_only() {
            // one BDD, not a disjunction of cubes (`x != y` over classes is a conjunction
            // of disjunctions)
            let b = self.control_bdd(c);
            let b = if positive { b } else { self.bdd.not(&b) };
            return vec![(b, Bool::from_bool(true))];
        }
        match c {
            Cond::Control { cell, value, eq } => {
                let v = self.value(*cell, *value);
                let v = if *eq == positive { v } else { self.bdd.not(&v) };
                vec![(v, Bool::from_bool(true))]
            }
            Cond::Not(c) => self.dnf(c, !positive, env),
            Cond::And(cs) | Cond::Or(cs) => {
                let conj = matches!(c, Cond::And(_)) == positive;
                if conj {
                    let mut acc = vec![(self.bdd.t(), Bool::from_bool(true))];
                    for c in cs {
                        let part = self.dnf(c, positive, env);
                        let mut next = Vec::new();
                        for (ab, ad) in &acc {
                            for (pb, pd) in &part {
                                let b = self.bdd.and(ab, pb);
                                if !self.bdd.is_false(&b) {
                                    next.push((b, Bool::and(&[ad.clone(), pd.clone()])));
                                }
                            }
                        }
                        acc = next;
                    }
                    acc
                } else {
                    cs.iter().flat_map(|c| self.dnf(c, positive, env)).collect()
                }
            }
            _ => unreachable!("conditions without control literals are handled above"),
        }
    }

    /// The BDD of a condition over control cells only.
    fn control_bdd(&self, c: &Cond) -> Bdd {
        match c {
            Cond::True => self.bdd.t(),
            Cond::False => self.bdd.f(),
            Cond::Control { cell, value, eq } => {
                let v = self.value(*cell, *value);
                if *eq {
                    v
                } else {
                    self.bdd.not(&v)
                }
            }
            Cond::Not(x) => {
                let b = self.control_bdd(x);
                self.bdd.not(&b)
            }
            Cond::And(cs) => {
                let mut acc = self.bdd.t();
                for x in cs {
                    let b = self.control_bdd(x);
                    acc = self.bdd.and(&acc, &b);
                }
                acc
            }
            Cond::Or(cs) => {
                let mut acc = self.bdd.f();
                for x in cs {
                    let b = self.control_bdd(x);
                    acc = self.bdd.or(&acc, &b);
                }
                acc
            }
            Cond::Cmp(..) => unreachable!("control-only conditions have no comparisons"),
        }
    }

    /// The states `t` leads to from `a`, with the cells not in `live` (the target's live
    /// cells) projected out.
    pub fn post(&mut self, a: &Atom, t: &Transition, live: &[bool]) -> Vec<Atom> {
        self.counters.images += 1;
        // the updated cells' old values and the inputs become fresh constants
        let (mut env, bounds) = self.fresh_inputs(t);
        let mut quantified: Vec<Int> = env.inputs.clone();
        let mut renames: Vec<(Int, Int)> = Vec::new();
        for (c, _) in &t.data {
            let old = self.fresh_int(&format!("c{}", c.0));
            renames.push((self.var(*c).clone(), old.clone()));
            env.pre[c.0 as usize] = Some(old.clone());
            quantified.push(old);
        }
        let terms = self.dnf(&t.guard, true, &env);
        let updates: Vec<Bool> = t
            .data
            .iter()
            .map(|(c, e)| {
                let v = self.ex(e, &env);
                self.var(*c).eq(&v)
            })
            .collect();
        // cells dead at the target are projected out
        for (i, cell) in self.ltg.cells.iter().enumerate() {
            if !live[i]
                && cell.kind == CellKind::Data
                && !t.data.iter().any(|(c, _)| c.0 as usize == i)
            {
                quantified.push(self.names[i].clone());
            }
        }
        let dead_data: Vec<Int> = t
            .data
            .iter()
            .filter(|(c, _)| !live[c.0 as usize])
            .map(|(c, _)| self.var(*c).clone())
            .collect();
        let pairs: Vec<(&Int, &Int)> = renames.iter().map(|(a, b)| (a, b)).collect();
        let before = a.data.substitute(&pairs);
        // control: quantify the updated and the dead cells, then set the new values
        let mut cvars = Vec::new();
        for (i, cell) in self.ltg.cells.iter().enumerate() {
            let set = t.control.iter().any(|(c, _)| c.0 as usize == i)
                || t.havoc.iter().any(|(c, _)| c.0 as usize == i);
            if matches!(cell.kind, CellKind::Control { .. }) && (set || !live[i]) {
                cvars.extend(self.bits[i].iter().copied());
            }
        }
        let cube = self.bdd.cube(&cvars);
        let mut values = self.bdd.t();
        for (c, k) in &t.control {
            if live[c.0 as usize] {
                let b = self.value(*c, *k);
                values = self.bdd.and(&values, &b);
            }
        }
        for (c, ks) in &t.havoc {
            if live[c.0 as usize] {
                let any = self.one_of(*c, ks);
                values = self.bdd.and(&values, &any);
            }
        }
        let mut out = Vec::new();
        for (gb, gd) in terms {
            let control = self.bdd.and(&a.control, &gb);
            if self.bdd.is_false(&control) {
                continue;
            }
            let control = self.bdd.exists(&control, &cube);
            let control = self.bdd.and(&control, &values);
            let gd = gd.substitute(&pairs);
            let mut parts = vec![before.clone(), gd];
            parts.extend(updates.iter().cloned());
            parts.extend(bounds.iter().cloned());
            let body = Bool::and(&parts);
            if !self.satisfiable(&body) {
                continue;
            }
            let mut q = quantified.clone();
            q.extend(dead_data.iter().cloned());
            let data = self.eliminate(&body, &q);
            self.note_size(&control, &data);
            out.push(Atom { control, data });
        }
        out
    }

    /// An environment with a fresh constant for each input of `t` (no cell renamed), and
    /// the inputs' ranges.
    fn fresh_inputs(&mut self, t: &Transition) -> (Env, Vec<Bool>) {
        let mut env = Env {
            pre: vec![None; self.names.len()],
            inputs: Vec::new(),
        };
        let mut bounds = Vec::new();
        for (k, inp) in t.inputs.iter().enumerate() {
            let v = self.fresh_int(&format!("in{k}"));
            if let Some((lo, hi)) = inp.range {
                bounds.push(v.ge(Int::from_i128(lo)));
                bounds.push(v.le(Int::from_i128(hi)));
            }
            env.inputs.push(v);
        }
        (env, bounds)
    }

    /// The control cell `c` has one of the values `ks`.
    fn one_of(&self, c: CellId, ks: &[u64]) -> Bdd {
        let mut any = self.bdd.f();
        for &k in ks {
            let b = self.value(c, k);
            any = self.bdd.or(&any, &b);
        }
        any
    }

    /// The states from which `t` leads into `a` (the pre-image), as atoms; the inputs
    /// stay free constants of the data part (existential by satisfiability), so nothing is
    /// eliminated. Used to rebuild a path through merged atoms.
    pub fn pre(&mut self, a: &Atom, t: &Transition) -> Vec<Atom> {
        let (env, bounds) = self.fresh_inputs(t);
        // the post-state's data cells are the assigned expressions over the pre-state
        let values: Vec<(Int, Int)> = t
            .data
            .iter()
            .map(|(c, e)| (self.var(*c).clone(), self.ex(e, &env)))
            .collect();
        let pairs: Vec<(&Int, &Int)> = values.iter().map(|(a, b)| (a, b)).collect();
        let data = a.data.substitute(&pairs);
        // control: the post-state's assigned cells have their new values
        let mut control = a.control.clone();
        for (c, k) in &t.control {
            let v = self.value(*c, *k);
            let cube = self.bdd.cube(&self.bits[c.0 as usize]);
            let both = self.bdd.and(&control, &v);
            control = self.bdd.exists(&both, &cube);
        }
        for (c, ks) in &t.havoc {
            let any = self.one_of(*c, ks);
            let cube = self.bdd.cube(&self.bits[c.0 as usize]);
            let both = self.bdd.and(&control, &any);
            control = self.bdd.exists(&both, &cube);
        }
        let mut out = Vec::new();
        for (gb, gd) in self.dnf(&t.guard, true, &env) {
            let c = self.bdd.and(&control, &gb);
            if self.bdd.is_false(&c) {
                continue;
            }
            let mut parts = vec![data.clone(), gd];
            parts.extend(bounds.iter().cloned());
            out.push(Atom {
                control: c,
                data: Bool::and(&parts),
            });
        }
        out
    }

    /// `a ∧ b`.
    pub fn meet(&self, a: &Atom, b: &Atom) -> Atom {
        Atom {
            control: self.bdd.and(&a.control, &b.control),
            data: Bool::and(&[a.data.clone(), b.data.clone()]),
        }
    }

    /// `a ∪ b` for atoms with the same data part (their control parts joined).
    pub fn join_control(&self, a: &Atom, b: &Atom) -> Atom {
        Atom {
            control: self.bdd.or(&a.control, &b.control),
            data: a.data.clone(),
        }
    }

    fn note_size(&mut self, control: &Bdd, data: &Bool) {
        let n = self.bdd.node_count(control) as u64;
        self.counters.peak_bdd_nodes = self.counters.peak_bdd_nodes.max(n);
        let k = constraints(data);
        self.counters.peak_constraints = self.counters.peak_constraints.max(k);
    }

    /// `∃ vars. body`, without quantifiers where Z3's `qe` succeeds within the query
    /// budget.
    fn eliminate(&mut self, body: &Bool, vars: &[Int]) -> Bool {
        let tokens = tokens(body);
        let occurring: Vec<&Int> = vars
            .iter()
            .filter(|v| tokens.contains(v.to_string().trim_matches('|')))
            .collect();
        if occurring.is_empty() {
            return self.simplified(body);
        }
        self.counters.eliminations += 1;
        let bounds: Vec<&dyn Ast> = occurring.iter().map(|v| *v as &dyn Ast).collect();
        let q = z3::ast::exists_const(&bounds, &[], body);
        let goal = z3::Goal::new(false, false, false);
        goal.assert(&q);
        // one elimination may not take the search's whole time: past the query budget the
        // quantified formula stays (exact, harder for later queries)
        let tactic = Tactic::new("qe-light")
            .and_then(&Tactic::new("qe"))
            .and_then(&Tactic::new("simplify"))
            .try_for(std::time::Duration::from_millis(self.timeout_ms.into()));
        tracing::trace!(formula = %q, "eliminating");
        let t0 = std::time::Instant::now();
        let res = self.calls.run(|| tactic.apply(&goal, None));
        tracing::debug!(
            ms = t0.elapsed().as_millis() as u64,
            vars = occurring.len(),
            ok = res.is_ok(),
            "quantifier elimination"
        );
        match res {
            Ok(res) => {
                let disjuncts: Vec<Bool> = res
                    .list_subgoals()
                    .map(|g| Bool::and(&g.get_formulas()))
                    .collect();
                let f = self.simplified(&Bool::or(&disjuncts));
                self.clean(f)
            }
            Err(_) => q,
        }
    }

    /// `f` simplified, unless an interrupt was sent (Z3 would fail on the cancelled
    /// context: then `f` itself).
    fn simplified(&self, f: &Bool) -> Bool {
        if self.calls.interrupted() {
            f.clone()
        } else {
            f.simplify()
        }
    }

    /// `f` with the cases Z3 finds impossible in their context removed (eliminations over
    /// case splits leave disjuncts like `x <= 5 && x >= 6`), within a small budget.
    fn clean(&mut self, f: Bool) -> Bool {
        if !f.to_string().contains("(or ") {
            return f;
        }
        let goal = z3::Goal::new(false, false, false);
        goal.assert(&f);
        let budget = (self.timeout_ms / 4).max(50);
        let tactic = Tactic::new("ctx-solver-simplify")
            .try_for(std::time::Duration::from_millis(budget.into()));
        match self.calls.run(|| tactic.apply(&goal, None)) {
            Ok(res) => {
                let parts: Vec<Bool> = res
                    .list_subgoals()
                    .map(|g| Bool::and(&g.get_formulas()))
                    .collect();
                Bool::or(&parts)
            }
            Err(_) => f,
        }
    }

    /// False only if Z3 proves `f` unsatisfiable.
    fn satisfiable(&mut self, f: &Bool) -> bool {
        self.counters.queries += 1;
        let s = PooledSolver::new(self.timeout_ms);
        s.assert(f);
        self.calls.run(|| s.check()) != SatResult::Unsat
    }

    /// True if the atom has no state.
    pub fn is_empty(&mut self, a: &Atom) -> bool {
        self.bdd.is_false(&a.control) || !self.satisfiable(&a.data)
    }

    /// True if `new` is contained in the union of `old` (checked against the atoms whose
    /// control part covers `new`'s; Z3's unknown counts as not contained).
    pub fn covered(&mut self, new: &Atom, old: &[&Atom]) -> bool {
        let olds: Vec<&Atom> = old
            .iter()
            .copied()
            .filter(|o| self.bdd.implies(&new.control, &o.control))
            .collect();
        if olds.is_empty() {
            return false;
        }
        for o in &olds {
            if o.data.as_bool() == Some(true) || o.data == new.data {
                return true;
            }
        }
        let mut parts = vec![new.data.clone()];
        parts.extend(olds.iter().map(|o| o.data.not()));
        self.counters.queries += 1;
        let s = PooledSolver::new(self.timeout_ms);
        s.assert(Bool::and(&parts));
        self.calls.run(|| s.check()) == SatResult::Unsat
    }

    /// `Err` once the BDD node table filled up: no answer may come from this space then.
    pub fn bdd_check(&self) -> Result<(), bebop::bdd::NodeTableFull> {
        self.bdd.check()
    }

    /// The BDD manager's live nodes.
    pub fn bdd_nodes(&self) -> usize {
        self.bdd.live_nodes()
    }
}

/// Where a transition's expressions read their values.
struct Env {
    /// The fresh constant of an updated cell's old value.
    pre: Vec<Option<Int>>,
    inputs: Vec<Int>,
}

impl Env {
    fn cell(&self, s: &Space, c: CellId) -> Int {
        match &self.pre[c.0 as usize] {
            Some(v) => v.clone(),
            None => s.var(c).clone(),
        }
    }
}

/// The symbols of a formula, read off its printed form (constant names are unique).
fn tokens(f: &Bool) -> rustc_hash::FxHashSet<String> {
    f.to_string()
        .split(|ch: char| ch.is_whitespace() || ch == '(' || ch == ')' || ch == '|')
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect()
}

/// Linear constraints of a formula (its atomic comparisons).
fn constraints(f: &Bool) -> u64 {
    let s = f.to_string();
    ["(<= ", "(>= ", "(< ", "(> ", "(= "]
        .iter()
        .map(|p| s.matches(p).count() as u64)
        .sum()
}
