//! Expressions and formulas to symbolic values. Variables read the current
//! copy of their state bits, primed variables the next copy; bound names
//! (quantifiers, foreach, parameters) are looked up in an environment of
//! constant values, so quantifiers unroll over their domains. CTL operators
//! are delegated to a [`CtlHook`] (the Kripke structure, in assertions).

use bebop::bdd::{Bdd, BddManager};

use super::algebra::{Alg, SVal};
use super::layout::{Copy, Layout};
use super::CheckError;
use crate::model::*;

/// Values of bound names, indexed by [`LocalId`].
pub type Env = Vec<Option<SVal>>;

/// Where CTL operators and `loop` are evaluated.
pub trait CtlHook {
    fn ctl(&self, op: CtlOp, f: &Bdd, g: Option<&Bdd>) -> Result<Bdd, CheckError>;
    fn loop_state(&self) -> Bdd;
}

/// The evaluator.
pub struct Eval<'a> {
    pub m: &'a BddManager,
    pub model: &'a Model,
    pub lay: &'a Layout,
    pub ctl: Option<&'a dyn CtlHook>,
}

type R<T> = Result<T, CheckError>;

impl<'a> Eval<'a> {
    pub fn alg(&self) -> Alg<'a> {
        Alg { m: self.m }
    }

    /// A formula as a BDD.
    pub fn formula(&self, e: &Expr, env: &mut Env) -> R<Bdd> {
        match self.eval(e, env)? {
            SVal::F(b) => Ok(b),
            SVal::Bits(b) if b.len() == 1 => Ok(b[0].clone()),
            _ => Err(CheckError::Internal("formula expected".into())),
        }
    }

    /// A relation-typed expression as its tuple vector.
    pub fn rel(&self, e: &Expr, env: &mut Env) -> R<Vec<Bdd>> {
        match self.eval(e, env)? {
            SVal::Rel(v) => Ok(v),
            _ => Err(CheckError::Internal("relation expected".into())),
        }
    }

    /// A scalar-typed expression as its bits.
    pub fn bits(&self, e: &Expr, env: &mut Env) -> R<Vec<Bdd>> {
        match self.eval(e, env)? {
            SVal::Bits(v) => Ok(v),
            SVal::F(b) => Ok(vec![b]),
            _ => Err(CheckError::Internal("scalar expected".into())),
        }
    }

    /// The bits of a variable's copy.
    pub fn var_bits(&self, var: usize, copy: Copy) -> Vec<Bdd> {
        self.lay
            .bits_of(var)
            .map(|b| self.m.var(self.lay.bdd_var(b, copy)))
            .collect()
    }

    fn sizes(&self, cols: &[Dom]) -> Vec<u64> {
        cols.iter().map(|d| self.model.dom_size(*d)).collect()
    }

    fn cols<'t>(&self, t: &'t Ty) -> &'t [Dom] {
        match t {
            Ty::Rel(c) => c,
            _ => &[],
        }
    }

    pub fn eval(&self, e: &Expr, env: &mut Env) -> R<SVal> {
        use ExprKind::*;
        let a = self.alg();
        let m = self.m;
        Ok(match &e.kind {
            Var { var, primed } => {
                let copy = if *primed { Copy::Next } else { Copy::Cur };
                let b = self.var_bits(*var, copy);
                match e.ty {
                    Ty::Rel(_) => SVal::Rel(b),
                    _ => SVal::Bits(b),
                }
            }
            Local(l) => env[*l]
                .clone()
                .ok_or_else(|| CheckError::Internal("unbound name".into()))?,
            Universe(d) => SVal::Rel(vec![m.t(); self.model.dom_size(*d) as usize]),
            Empty => SVal::Rel(vec![m.f(); self.model.tuples(self.cols(&e.ty)) as usize]),
            Const(v) => match e.ty {
                Ty::Scalar(d) => SVal::Bits(a.consts(*v, self.model.dom_bits(d))),
                _ => return Err(CheckError::Internal("constant type".into())),
            },
            Promote(x) => {
                let b = self.bits(x, env)?;
                let size = self.model.dom_size(self.cols(&e.ty)[0]);
                SVal::Rel(a.promote(&b, size))
            }
            AsFormula(x) => SVal::F(self.bits(x, env)?[0].clone()),
            AsBool(x) => SVal::Bits(vec![self.formula(x, env)?]),
            Union(x, y) => SVal::Rel(a.union(&self.rel(x, env)?, &self.rel(y, env)?)),
            Inter(x, y) => SVal::Rel(a.inter(&self.rel(x, env)?, &self.rel(y, env)?)),
            Diff(x, y) => SVal::Rel(a.diff(&self.rel(x, env)?, &self.rel(y, env)?)),
            Join(x, y) => {
                let k = self.model.dom_size(self.cols(&y.ty)[0]) as usize;
                SVal::Rel(a.join(&self.rel(x, env)?, &self.rel(y, env)?, k))
            }
            Product(x, y) => SVal::Rel(a.product(&self.rel(x, env)?, &self.rel(y, env)?)),
            Transpose(x) => {
                let s = self.sizes(self.cols(&x.ty));
                SVal::Rel(a.transpose(&self.rel(x, env)?, s[0] as usize, s[1] as usize))
            }
            Closure(x) | RClosure(x) => {
                let n = self.model.dom_size(self.cols(&x.ty)[0]) as usize;
                let r = self.rel(x, env)?;
                let out = if matches!(e.kind, Closure(_)) {
                    a.closure(&r, n)
                } else {
                    a.rclosure(&r, n)
                };
                SVal::Rel(out)
            }
            Arith(op, x, y) => SVal::Bits(self.arith(*op, x, y, env)?),
            Neg(x) => SVal::Bits(a.neg(&self.bits(x, env)?)),
            Comprehension(bs, body) => SVal::Rel(self.comprehension(bs, body, env)?),
            _ => SVal::F(self.formula_node(e, env)?),
        })
    }

    fn arith(&self, op: Arith, x: &Expr, y: &Expr, env: &mut Env) -> R<Vec<Bdd>> {
        let a = self.alg();
        let (l, r) = (self.bits(x, env)?, self.bits(y, env)?);
        let signed = matches!(x.ty, Ty::Scalar(Dom::Int { signed: true, .. }));
        Ok(match op {
            crate::model::Arith::Add => a.add(&l, &r, false),
            crate::model::Arith::Sub => a.sub(&l, &r),
            crate::model::Arith::Mul => a.mul(&l, &r),
            crate::model::Arith::Div => a.divrem(&l, &r, signed).0,
            crate::model::Arith::Rem => a.divrem(&l, &r, signed).1,
        })
    }

    fn formula_node(&self, e: &Expr, env: &mut Env) -> R<Bdd> {
        use ExprKind::*;
        let m = self.m;
        let a = self.alg();
        Ok(match &e.kind {
            True => m.t(),
            False => m.f(),
            Not(x) => m.not(&self.formula(x, env)?),
            And(x, y) => {
                let l = self.formula(x, env)?;
                if m.is_false(&l) {
                    return Ok(l);
                }
                m.and(&l, &self.formula(y, env)?)
            }
            Or(x, y) => m.or(&self.formula(x, env)?, &self.formula(y, env)?),
            Implies(x, y) => m.imp(&self.formula(x, env)?, &self.formula(y, env)?),
            Iff(x, y) => m.iff(&self.formula(x, env)?, &self.formula(y, env)?),
            Eq(x, y) => match (self.eval(x, env)?, self.eval(y, env)?) {
                (SVal::Bits(l), SVal::Bits(r)) | (SVal::Rel(l), SVal::Rel(r)) => a.equal(&l, &r),
                _ => return Err(CheckError::Internal("equality operands".into())),
            },
            In(x, y) => a.subset(&self.rel(x, env)?, &self.rel(y, env)?),
            Order(o, x, y) => self.order(*o, x, y, env)?,
            Card(q, x) => {
                let v = self.rel(x, env)?;
                match q {
                    crate::model::Quant::Some | crate::model::Quant::All => a.some(&v),
                    crate::model::Quant::No => m.not(&a.some(&v)),
                    crate::model::Quant::One => a.exactly_one(&v),
                    crate::model::Quant::Lone => a.at_most_one(&v),
                }
            }
            Quant(q, bs, body) => self.quant(*q, bs, body, env)?,
            PredCall(p, args) => self.pred_call(*p, args, env)?,
            Ctl(op, f, g) => {
                let hook = self
                    .ctl
                    .ok_or_else(|| CheckError::Internal("CTL outside assertions".into()))?;
                let fb = self.formula(f, env)?;
                let gb = match g {
                    Some(g) => Some(self.formula(g, env)?),
                    None => None,
                };
                hook.ctl(*op, &fb, gb.as_ref())?
            }
            Loop => self
                .ctl
                .map(|h| h.loop_state())
                .ok_or_else(|| CheckError::Internal("`loop` outside assertions".into()))?,
            _ => return Err(CheckError::Internal("formula expected".into())),
        })
    }

    fn order(&self, o: Order, x: &Expr, y: &Expr, env: &mut Env) -> R<Bdd> {
        let a = self.alg();
        let strict = o == Order::Lt;
        match (&x.ty, self.eval(x, env)?, self.eval(y, env)?) {
            (Ty::Scalar(d), SVal::Bits(l), SVal::Bits(r)) => {
                let signed = matches!(d, Dom::Int { signed: true, .. });
                Ok(a.lt_bits(&l, &r, strict, signed))
            }
            (Ty::Rel(c), SVal::Rel(l), SVal::Rel(r)) => {
                let d = c[0];
                Ok(a.set_order(&l, &r, strict, &|v| self.model.rank(d, v)))
            }
            _ => Err(CheckError::Internal("order operands".into())),
        }
    }

    fn pred_call(&self, p: usize, args: &[Expr], env: &mut Env) -> R<Bdd> {
        let def = &self.model.preds[p];
        let mut saved = Vec::new();
        for ((l, _), arg) in def.params.iter().zip(args) {
            let v = self.eval(arg, env)?;
            saved.push((*l, env[*l].replace(v)));
        }
        let r = self.formula(&def.body, env);
        for (l, old) in saved {
            env[l] = old;
        }
        r
    }

    /// The per-combination conditions `members && body`, and for `all` the
    /// conjunction of `members => body`.
    fn quant(&self, q: Quant, bs: &[(LocalId, Expr)], body: &Expr, env: &mut Env) -> R<Bdd> {
        let mut conds = Vec::new();
        let mut all = self.m.t();
        self.combos(bs, body, env, &self.m.t(), &mut |me, member, b| {
            if q == Quant::All {
                all = me.m.and(&all, &me.m.imp(member, &b));
            } else {
                conds.push(me.m.and(member, &b));
            }
        })?;
        let a = self.alg();
        Ok(match q {
            Quant::All => all,
            Quant::Some => a.some(&conds),
            Quant::No => self.m.not(&a.some(&conds)),
            Quant::One => a.exactly_one(&conds),
            Quant::Lone => a.at_most_one(&conds),
        })
    }

    /// Calls `f(member, body)` for every combination of binder values.
    fn combos(
        &self,
        bs: &[(LocalId, Expr)],
        body: &Expr,
        env: &mut Env,
        member: &Bdd,
        f: &mut dyn FnMut(&Self, &Bdd, Bdd),
    ) -> R<()> {
        let Some(((l, dom_e), rest)) = bs.split_first() else {
            let b = self.formula(body, env)?;
            f(self, member, b);
            return Ok(());
        };
        let dom = self.rel(dom_e, env)?;
        let d = match &dom_e.ty {
            Ty::Rel(c) => c[0],
            _ => return Err(CheckError::Internal("binder domain".into())),
        };
        let nbits = self.model.dom_bits(d);
        let old = env[*l].take();
        for (v, inside) in dom.iter().enumerate() {
            if self.m.is_false(inside) {
                continue;
            }
            env[*l] = Some(SVal::Bits(self.alg().consts(v as u64, nbits)));
            let mem = self.m.and(member, inside);
            self.combos(rest, body, env, &mem, f)?;
        }
        env[*l] = old;
        Ok(())
    }

    fn comprehension(&self, bs: &[(LocalId, Dom)], body: &Expr, env: &mut Env) -> R<Vec<Bdd>> {
        let sizes: Vec<u64> = bs.iter().map(|(_, d)| self.model.dom_size(*d)).collect();
        let total: u64 = sizes.iter().product();
        let mut out = Vec::with_capacity(total as usize);
        let saved: Vec<Option<SVal>> = bs.iter().map(|(l, _)| env[*l].take()).collect();
        for t in 0..total {
            let vals = split_tuple(t, &sizes);
            for ((l, d), v) in bs.iter().zip(&vals) {
                env[*l] = Some(SVal::Bits(self.alg().consts(*v, self.model.dom_bits(*d))));
            }
            out.push(self.formula(body, env)?);
        }
        for ((l, _), old) in bs.iter().zip(saved) {
            env[*l] = old;
        }
        Ok(out)
    }
}
