//! The explicit-state oracle: the semantics of §5 on enumerated states, as
//! independent as possible from the symbolic engine. Statements map a state
//! to a set of post-states plus a "may loop" flag; `foreach` keeps the set
//! it evaluated at entry in a Rust value (no snapshot analysis); `while`
//! and procedures are computed by the paper's least fixpoint from "every
//! state loops", but over all procedures at once (no call graph); CTL by
//! fixpoints over the whole state space (no reachability restriction).
//! Only for small models: every valid state is enumerated.

pub mod value;

use std::cell::RefCell;
use std::collections::{BTreeSet, HashMap};

use crate::model::*;
use value::{Env, Ev, State, Val};

/// What a statement or procedure does from one state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Out {
    /// Indices of the post-states.
    pub posts: BTreeSet<usize>,
    pub loops: bool,
}

impl Out {
    fn one(s: usize) -> Out {
        Out {
            posts: [s].into_iter().collect(),
            loops: false,
        }
    }

    fn bottom() -> Out {
        Out {
            posts: BTreeSet::new(),
            loops: true,
        }
    }
}

/// Why the oracle gave up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TooBig(pub String);

/// Most states the oracle enumerates.
pub const MAX_STATES: usize = 1 << 12;

/// Most statement executions the oracle spends on one model before it
/// gives up (a few random models with recursion inside loops over sets of
/// post-states would take minutes).
pub const MAX_STEPS: u64 = 5_000_000;

/// The explicit model: all valid states and the procedure summaries.
pub struct Explicit<'m> {
    pub model: &'m Model,
    pub states: Vec<State>,
    index: HashMap<State, usize>,
    /// (procedure, arguments) -> outcome per state index.
    sums: HashMap<(usize, Vec<u64>), Vec<Out>>,
    /// Post-states of declarative statements, which do not depend on the
    /// summaries: (statement address, state index, bindings) -> posts.
    declared: RefCell<HashMap<(usize, usize, Env), BTreeSet<usize>>>,
    /// Outcomes of `while` loops from every state, per (statement address,
    /// bindings); valid until a summary changes.
    loops: RefCell<HashMap<(usize, Env), Vec<Out>>>,
    /// Statement executions left (see [`MAX_STEPS`]).
    steps: std::cell::Cell<u64>,
}

/// All values a variable can hold.
fn var_values(m: &Model, kind: &VarKind) -> Vec<Val> {
    match kind {
        VarKind::Scalar(d) => (0..m.dom_size(*d)).map(Val::S).collect(),
        VarKind::Rel { cols, mult } => {
            let sizes: Vec<u64> = cols.iter().map(|d| m.dom_size(*d)).collect();
            let n = m.tuples(cols);
            (0..1u64 << n)
                .map(|mask| {
                    (0..n)
                        .filter(|i| mask >> i & 1 == 1)
                        .map(|i| split_tuple(i, &sizes))
                        .collect::<BTreeSet<_>>()
                })
                .filter(|r| mult_ok(m, cols, *mult, r))
                .map(Val::R)
                .collect()
        }
    }
}

/// A relation value satisfies the multiplicity of its last column.
pub fn mult_ok(m: &Model, cols: &[Dom], mult: Option<Mult>, r: &BTreeSet<Vec<u64>>) -> bool {
    let Some(mult) = mult else { return true };
    let sizes: Vec<u64> = cols[..cols.len() - 1]
        .iter()
        .map(|d| m.dom_size(*d))
        .collect();
    (0..sizes.iter().product::<u64>()).all(|p| {
        let prefix = split_tuple(p, &sizes);
        let n = r.iter().filter(|t| t[..t.len() - 1] == prefix[..]).count();
        match mult {
            Mult::Lone => n <= 1,
            Mult::One => n == 1,
            Mult::Some => n >= 1,
        }
    })
}

impl<'m> Explicit<'m> {
    /// Enumerates the states and computes every procedure summary.
    pub fn new(model: &'m Model) -> Result<Explicit<'m>, TooBig> {
        let mut states: Vec<State> = vec![Vec::new()];
        for v in &model.vars {
            let vals = var_values(model, &v.kind);
            if states.len() * vals.len() > MAX_STATES {
                return Err(TooBig(format!("more than {MAX_STATES} states")));
            }
            states = states
                .into_iter()
                .flat_map(|s| {
                    vals.iter()
                        .map(move |x| [s.clone(), vec![x.clone()]].concat())
                })
                .collect();
        }
        let index = states
            .iter()
            .enumerate()
            .map(|(i, s)| (s.clone(), i))
            .collect();
        let mut x = Explicit {
            model,
            states,
            index,
            sums: HashMap::new(),
            declared: RefCell::default(),
            loops: RefCell::default(),
            steps: std::cell::Cell::new(MAX_STEPS),
        };
        x.summarize();
        if x.steps.get() == 0 {
            return Err(TooBig(format!(
                "more than {MAX_STEPS} statement executions"
            )));
        }
        Ok(x)
    }

    /// Every instance of every procedure.
    fn instances(&self) -> Vec<(usize, Vec<u64>)> {
        let mut out = Vec::new();
        for (p, def) in self.model.procs.iter().enumerate() {
            let sizes: Vec<u64> = def
                .params
                .iter()
                .map(|(_, d)| self.model.dom_size(*d))
                .collect();
            for i in 0..sizes.iter().product::<u64>() {
                out.push((p, split_tuple(i, &sizes)));
            }
        }
        out
    }

    /// All summaries at once, from "every state loops" until stable.
    fn summarize(&mut self) {
        let inst = self.instances();
        for k in &inst {
            self.sums
                .insert(k.clone(), vec![Out::bottom(); self.states.len()]);
        }
        loop {
            let mut changed = false;
            for k in &inst {
                let table: Vec<Out> = (0..self.states.len())
                    .map(|i| self.run_proc(k, i))
                    .collect();
                if self.sums[k] != table {
                    self.sums.insert(k.clone(), table);
                    self.loops.borrow_mut().clear();
                    changed = true;
                }
            }
            if !changed || self.steps.get() == 0 {
                return;
            }
        }
    }

    fn run_proc(&self, (p, args): &(usize, Vec<u64>), s: usize) -> Out {
        let def = &self.model.procs[*p];
        let mut env: Env = vec![None; self.model.locals];
        for ((l, _), v) in def.params.iter().zip(args) {
            env[*l] = Some(Val::S(*v));
        }
        self.block(&def.body, s, &mut env)
    }

    fn ev<'a>(&'a self, pre: &'a State, post: Option<&'a State>) -> Ev<'a> {
        Ev {
            model: self.model,
            pre,
            post,
            ctl: None,
        }
    }

    fn block(&self, body: &[Stmt], s: usize, env: &mut Env) -> Out {
        let mut cur = Out::one(s);
        for st in body {
            let mut next = Out {
                posts: BTreeSet::new(),
                loops: cur.loops,
            };
            for x in &cur.posts {
                let o = self.stmt(st, *x, env);
                next.posts.extend(o.posts);
                next.loops |= o.loops;
            }
            cur = next;
        }
        cur
    }

    fn stmt(&self, st: &Stmt, si: usize, env: &mut Env) -> Out {
        let left = self.steps.get();
        if left == 0 {
            return Out::bottom();
        }
        self.steps.set(left - 1);
        let s = &self.states[si];
        match &st.kind {
            StmtKind::Assign { target, value } => {
                Out::one(self.index[&self.assign(target, value, s, env)])
            }
            StmtKind::Declare { formula, frees_bad } => {
                let key = (st as *const Stmt as usize, si, env.clone());
                if let Some(posts) = self.declared.borrow().get(&key) {
                    return Out {
                        posts: posts.clone(),
                        loops: false,
                    };
                }
                let posts: BTreeSet<usize> = (0..self.states.len())
                    .filter(|t| *frees_bad || self.states[*t][BAD] == s[BAD])
                    .filter(|t| self.ev(s, Some(&self.states[*t])).formula(formula, env))
                    .collect();
                self.declared.borrow_mut().insert(key, posts.clone());
                Out {
                    posts,
                    loops: false,
                }
            }
            StmtKind::If(c, a, b) => {
                let body = if self.ev(s, None).formula(c, env) {
                    a
                } else {
                    b
                };
                self.block(body, si, env)
            }
            StmtKind::Foreach {
                local, set, body, ..
            } => self.foreach(*local, set, body, si, env),
            StmtKind::While(c, body) => {
                let key = (st as *const Stmt as usize, env.clone());
                if let Some(t) = self.loops.borrow().get(&key) {
                    return t[si].clone();
                }
                let table = self.while_loop(c, body, env);
                let out = table[si].clone();
                self.loops.borrow_mut().insert(key, table);
                out
            }
            StmtKind::Call { proc, args } => {
                let vals: Vec<u64> = args
                    .iter()
                    .map(|a| match self.ev(s, None).eval(a, env) {
                        Val::S(v) => v,
                        Val::B(b) => b as u64,
                        Val::R(r) => r.iter().next().map_or(0, |t| t[0]),
                    })
                    .collect();
                self.sums[&(*proc, vals)][si].clone()
            }
        }
    }

    /// `foreach x: set body`, over the set's value at entry.
    fn foreach(&self, local: LocalId, set: &Expr, body: &[Stmt], si: usize, env: &mut Env) -> Out {
        let members = match self.ev(&self.states[si], None).eval(set, env) {
            Val::R(r) => r,
            _ => BTreeSet::new(),
        };
        let old = env[local].clone();
        let mut cur = Out::one(si);
        for t in members {
            env[local] = Some(Val::S(t[0]));
            let mut next = Out {
                posts: BTreeSet::new(),
                loops: cur.loops,
            };
            for x in &cur.posts {
                let o = self.block(body, *x, env);
                next.posts.extend(o.posts);
                next.loops |= o.loops;
            }
            cur = next;
        }
        env[local] = old;
        cur
    }

    fn set_bad(&self, s: &State) -> State {
        let mut t = s.clone();
        t[BAD] = Val::S(1);
        t
    }

    fn assign(&self, target: &LValue, value: &Expr, s: &State, env: &mut Env) -> State {
        let v = self.ev(s, None).eval(value, env);
        let m = self.model;
        let (var, newval) = match target {
            LValue::Var(x) => (*x, v),
            LValue::Row { var, key } => {
                let keys = match self.ev(s, None).eval(key, env) {
                    Val::R(r) => r,
                    Val::S(k) => [vec![k]].into_iter().collect(),
                    Val::B(_) => BTreeSet::new(),
                };
                if keys.len() != 1 {
                    return self.set_bad(s);
                }
                let k = keys.iter().next().map_or(0, |t| t[0]);
                let Val::R(old) = &s[*var] else {
                    return self.set_bad(s);
                };
                let Val::R(row) = v else {
                    return self.set_bad(s);
                };
                let mut r: BTreeSet<Vec<u64>> = old.iter().filter(|t| t[0] != k).cloned().collect();
                r.extend(row.into_iter().map(|t| [vec![k], t].concat()));
                (*var, Val::R(r))
            }
        };
        let checked = match (&m.vars[var].kind, newval) {
            (VarKind::Scalar(_), Val::R(r)) if r.len() == 1 => {
                Some(Val::S(r.iter().next().map_or(0, |t| t[0])))
            }
            (VarKind::Scalar(_), Val::R(_)) => None,
            (VarKind::Scalar(_), Val::B(b)) => Some(Val::S(b as u64)),
            (VarKind::Rel { cols, mult }, Val::R(r)) => {
                mult_ok(m, cols, *mult, &r).then_some(Val::R(r))
            }
            (_, x) => Some(x),
        };
        match checked {
            Some(x) => {
                let mut t = s.clone();
                t[var] = x;
                t
            }
            None => self.set_bad(s),
        }
    }

    /// The loop's outcomes from every state: the least fixpoint of
    /// `W = if c { body; W }`, from "every state loops".
    fn while_loop(&self, c: &Expr, body: &[Stmt], env: &mut Env) -> Vec<Out> {
        let n = self.states.len();
        let step: Vec<Option<Out>> = (0..n)
            .map(|x| {
                self.ev(&self.states[x], None)
                    .formula(c, env)
                    .then(|| self.block(body, x, env))
            })
            .collect();
        let mut w: Vec<Out> = vec![Out::bottom(); n];
        loop {
            let next: Vec<Out> = (0..n)
                .map(|x| match &step[x] {
                    None => Out::one(x),
                    Some(b) => {
                        let mut acc = Out {
                            posts: BTreeSet::new(),
                            loops: b.loops,
                        };
                        for y in &b.posts {
                            acc.posts.extend(w[*y].posts.iter().copied());
                            acc.loops |= w[*y].loops;
                        }
                        acc
                    }
                })
                .collect();
            if next == w {
                return w;
            }
            w = next;
        }
    }
}

/// The Kripke structure and CTL on it: state `n` (one past the valid
/// states) is the loop state.
pub mod kripke;
