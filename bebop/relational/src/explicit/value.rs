//! Concrete values and expression evaluation for the explicit oracle:
//! relations are sets of tuples, scalars value indices, formulas booleans.
//! Written independently of the symbolic algebra (no bit vectors, no BDDs):
//! integers are computed as `i64` and wrapped to their width.

use std::collections::BTreeSet;

use crate::model::*;

/// A concrete value.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Val {
    B(bool),
    S(u64),
    R(BTreeSet<Vec<u64>>),
}

/// A global state: one value per variable (scalars `S`, relations `R`).
pub type State = Vec<Val>;

/// Values of bound names.
pub type Env = Vec<Option<Val>>;

/// Evaluates CTL operators (the explicit checker provides it).
pub trait CtlSets {
    /// Whether `op(f, g)` holds at the current state.
    fn ctl(&self, e: &Expr, env: &Env) -> bool;
    fn is_loop(&self) -> bool;
}

/// Evaluation context: the model, the pre- and post-state, CTL.
pub struct Ev<'a> {
    pub model: &'a Model,
    pub pre: &'a State,
    pub post: Option<&'a State>,
    pub ctl: Option<&'a dyn CtlSets>,
}

fn set(v: Val) -> BTreeSet<Vec<u64>> {
    match v {
        Val::R(s) => s,
        Val::S(x) => [vec![x]].into_iter().collect(),
        Val::B(b) => [vec![b as u64]].into_iter().collect(),
    }
}

/// Wraps an integer to the value index of a domain.
pub fn wrap(d: Dom, x: i64) -> u64 {
    match d {
        Dom::Int { width, .. } => (x as u64) & ((1u64 << width) - 1),
        _ => x as u64,
    }
}

impl Ev<'_> {
    pub fn formula(&self, e: &Expr, env: &mut Env) -> bool {
        match self.eval(e, env) {
            Val::B(b) => b,
            Val::S(v) => v != 0,
            Val::R(_) => false,
        }
    }

    fn rel(&self, e: &Expr, env: &mut Env) -> BTreeSet<Vec<u64>> {
        set(self.eval(e, env))
    }

    fn scalar(&self, e: &Expr, env: &mut Env) -> u64 {
        match self.eval(e, env) {
            Val::S(v) => v,
            Val::B(b) => b as u64,
            Val::R(s) => s.iter().next().map_or(0, |t| t[0]),
        }
    }

    fn all_values(&self, d: Dom) -> impl Iterator<Item = u64> {
        0..self.model.dom_size(d)
    }

    pub fn eval(&self, e: &Expr, env: &mut Env) -> Val {
        use ExprKind::*;
        match &e.kind {
            Var { var, primed } => {
                let s = if *primed {
                    self.post.unwrap_or(self.pre)
                } else {
                    self.pre
                };
                s[*var].clone()
            }
            Local(l) => env[*l].clone().unwrap_or(Val::S(0)),
            Universe(d) => Val::R(self.all_values(*d).map(|v| vec![v]).collect()),
            Empty => Val::R(BTreeSet::new()),
            Const(v) => Val::S(*v),
            Promote(x) => Val::R(set(self.eval(x, env))),
            AsFormula(x) => Val::B(self.scalar(x, env) != 0),
            AsBool(x) => Val::S(self.formula(x, env) as u64),
            Union(x, y) => Val::R(&self.rel(x, env) | &self.rel(y, env)),
            Inter(x, y) => Val::R(&self.rel(x, env) & &self.rel(y, env)),
            Diff(x, y) => Val::R(&self.rel(x, env) - &self.rel(y, env)),
            Join(x, y) => Val::R(join(&self.rel(x, env), &self.rel(y, env))),
            Product(x, y) => {
                let (a, b) = (self.rel(x, env), self.rel(y, env));
                Val::R(
                    a.iter()
                        .flat_map(|s| b.iter().map(move |t| [s.clone(), t.clone()].concat()))
                        .collect(),
                )
            }
            Transpose(x) => Val::R(
                self.rel(x, env)
                    .into_iter()
                    .map(|t| vec![t[1], t[0]])
                    .collect(),
            ),
            Closure(x) => Val::R(closure(&self.rel(x, env))),
            RClosure(x) => {
                let mut c = closure(&self.rel(x, env));
                if let Ty::Rel(cols) = &x.ty {
                    c.extend(self.all_values(cols[0]).map(|v| vec![v, v]));
                }
                Val::R(c)
            }
            Arith(op, x, y) => Val::S(self.arith(*op, x, y, env)),
            Neg(x) => {
                let d = scalar_dom(&e.ty);
                let v = self.model.rank(d, self.scalar(x, env));
                Val::S(wrap(d, v.wrapping_neg()))
            }
            Comprehension(bs, body) => Val::R(self.comprehension(bs, body, env)),
            _ => Val::B(self.formula_node(e, env)),
        }
    }

    fn arith(&self, op: Arith, x: &Expr, y: &Expr, env: &mut Env) -> u64 {
        let d = scalar_dom(&x.ty);
        let a = self.model.rank(d, self.scalar(x, env));
        let b = self.model.rank(d, self.scalar(y, env));
        let r = match op {
            Arith::Add => a.wrapping_add(b),
            Arith::Sub => a.wrapping_sub(b),
            Arith::Mul => a.wrapping_mul(b),
            Arith::Div if b == 0 => 0,
            Arith::Rem if b == 0 => a,
            Arith::Div => a.wrapping_div(b),
            Arith::Rem => a.wrapping_rem(b),
        };
        wrap(d, r)
    }

    fn formula_node(&self, e: &Expr, env: &mut Env) -> bool {
        use ExprKind::*;
        match &e.kind {
            True => true,
            False => false,
            Not(x) => !self.formula(x, env),
            And(x, y) => self.formula(x, env) && self.formula(y, env),
            Or(x, y) => self.formula(x, env) || self.formula(y, env),
            Implies(x, y) => !self.formula(x, env) || self.formula(y, env),
            Iff(x, y) => self.formula(x, env) == self.formula(y, env),
            Eq(x, y) => self.eval(x, env) == self.eval(y, env),
            In(x, y) => self.rel(x, env).is_subset(&self.rel(y, env)),
            Order(o, x, y) => self.order(*o, x, y, env),
            Card(q, x) => {
                let n = self.rel(x, env).len();
                match q {
                    crate::model::Quant::Some | crate::model::Quant::All => n > 0,
                    crate::model::Quant::No => n == 0,
                    crate::model::Quant::One => n == 1,
                    crate::model::Quant::Lone => n <= 1,
                }
            }
            Quant(q, bs, body) => {
                let mut count = 0usize;
                let mut all = true;
                self.each_combo(bs, env, &mut |me, env| {
                    let b = me.formula(body, env);
                    count += b as usize;
                    all &= b;
                });
                match q {
                    crate::model::Quant::All => all,
                    crate::model::Quant::Some => count > 0,
                    crate::model::Quant::No => count == 0,
                    crate::model::Quant::One => count == 1,
                    crate::model::Quant::Lone => count <= 1,
                }
            }
            PredCall(p, args) => {
                let def = &self.model.preds[*p];
                let vals: Vec<Val> = args.iter().map(|a| self.eval(a, env)).collect();
                let mut inner = env.clone();
                for ((l, _), v) in def.params.iter().zip(vals) {
                    inner[*l] = Some(v);
                }
                self.formula(&def.body, &mut inner)
            }
            Ctl(..) => self.ctl.is_some_and(|c| c.ctl(e, env)),
            Loop => self.ctl.is_some_and(|c| c.is_loop()),
            _ => false,
        }
    }

    fn order(&self, o: Order, x: &Expr, y: &Expr, env: &mut Env) -> bool {
        let d = match &x.ty {
            Ty::Scalar(d) => *d,
            Ty::Rel(c) => c[0],
            Ty::Formula => Dom::Bool,
        };
        let (a, b) = (self.rel(x, env), self.rel(y, env));
        a.iter().all(|s| {
            b.iter().all(|t| {
                let (p, q) = (self.model.rank(d, s[0]), self.model.rank(d, t[0]));
                if o == Order::Lt {
                    p < q
                } else {
                    p <= q
                }
            })
        })
    }

    /// Runs `f` for every combination of binder values (each binder ranges
    /// over its domain expression, evaluated with the earlier ones bound).
    fn each_combo(
        &self,
        bs: &[(LocalId, Expr)],
        env: &mut Env,
        f: &mut dyn FnMut(&Self, &mut Env),
    ) {
        let Some(((l, dom), rest)) = bs.split_first() else {
            f(self, env);
            return;
        };
        let members = self.rel(dom, env);
        let old = env[*l].clone();
        for t in members {
            env[*l] = Some(Val::S(t[0]));
            self.each_combo(rest, env, f);
        }
        env[*l] = old;
    }

    fn comprehension(
        &self,
        bs: &[(LocalId, Dom)],
        body: &Expr,
        env: &mut Env,
    ) -> BTreeSet<Vec<u64>> {
        let sizes: Vec<u64> = bs.iter().map(|(_, d)| self.model.dom_size(*d)).collect();
        let mut out = BTreeSet::new();
        let mut inner = env.clone();
        for t in 0..sizes.iter().product::<u64>() {
            let vals = split_tuple(t, &sizes);
            for ((l, _), v) in bs.iter().zip(&vals) {
                inner[*l] = Some(Val::S(*v));
            }
            if self.formula(body, &mut inner) {
                out.insert(vals);
            }
        }
        out
    }
}

fn scalar_dom(t: &Ty) -> Dom {
    match t {
        Ty::Scalar(d) => *d,
        _ => Dom::Bool,
    }
}

/// Relational join.
pub fn join(a: &BTreeSet<Vec<u64>>, b: &BTreeSet<Vec<u64>>) -> BTreeSet<Vec<u64>> {
    let mut out = BTreeSet::new();
    for s in a {
        for t in b {
            if s.last() == t.first() {
                out.insert([&s[..s.len() - 1], &t[1..]].concat());
            }
        }
    }
    out
}

/// Transitive closure by repeated joining until nothing is added.
pub fn closure(a: &BTreeSet<Vec<u64>>) -> BTreeSet<Vec<u64>> {
    let mut c = a.clone();
    loop {
        let more: BTreeSet<Vec<u64>> = &c | &join(&c, a);
        if more.len() == c.len() {
            return c;
        }
        c = more;
    }
}
