//! Statements to transition relations (§5.2): assignments with the `bad`
//! outcome for non-singleton values and violated multiplicities, declarative
//! statements with no frame, `if`, `foreach` (unrolled over its domain, with
//! a snapshot of the set when the body may change it), `while` by the loop
//! fixpoint of §5.4, and calls through procedure summaries.

use std::collections::HashMap;

use bebop::bdd::Bdd;

use super::algebra::SVal;
use super::eval::{Env, Eval};
use super::layout::Copy;
use super::trans::{Trans, Tx};
use super::CheckError;
use crate::model::*;

type R<T> = Result<T, CheckError>;

/// Summaries of procedure instances: (procedure, instance index) -> relation.
pub type Summaries = HashMap<(usize, u64), Trans>;

/// Compiles the statements of one procedure.
pub struct Compiler<'a> {
    pub ev: Eval<'a>,
    pub tx: Tx<'a>,
    pub sums: &'a Summaries,
    pub proc: usize,
}

/// Number of instances of a procedure and the sizes of its parameters.
pub fn instance_sizes(m: &Model, p: usize) -> (u64, Vec<u64>) {
    let sizes: Vec<u64> = m.procs[p]
        .params
        .iter()
        .map(|(_, d)| m.dom_size(*d))
        .collect();
    (sizes.iter().product(), sizes)
}

impl<'a> Compiler<'a> {
    fn m(&self) -> &'a bebop::bdd::BddManager {
        self.ev.m
    }

    pub fn block(&self, body: &[Stmt], env: &mut Env) -> R<Trans> {
        let mut acc = self.tx.skip();
        for s in body {
            let tr = self.stmt(s, env)?;
            acc = self.tx.seq(&acc, &tr);
            self.m().check()?;
        }
        Ok(acc)
    }

    fn stmt(&self, s: &Stmt, env: &mut Env) -> R<Trans> {
        match &s.kind {
            StmtKind::Assign { target, value } => self.assign(target, value, env),
            StmtKind::Declare { formula, frees_bad } => self.declare(formula, *frees_bad, env),
            StmtKind::If(c, a, b) => {
                let c = self.ev.formula(c, env)?;
                let ta = self.block(a, env)?;
                let tb = self.block(b, env)?;
                Ok(self.tx.ite(&c, &ta, &tb))
            }
            StmtKind::Foreach {
                local,
                dom,
                set,
                body,
                snapshot,
            } => self.foreach(*local, *dom, set, body, *snapshot, env),
            StmtKind::While(c, body) => self.while_loop(c, body, env),
            StmtKind::Call { proc, args } => self.call(*proc, args, env),
        }
    }

    fn bad_bit(&self) -> u32 {
        self.ev.lay.var_map[BAD][0]
    }

    fn next(&self, bit: u32) -> Bdd {
        self.m().var(self.ev.lay.bdd_var(bit, Copy::Next))
    }

    fn cur(&self, bit: u32) -> Bdd {
        self.m().var(self.ev.lay.bdd_var(bit, Copy::Cur))
    }

    /// Writes `post[i]` into state bit `bits[i]`, or, where `err` holds,
    /// leaves them and sets `bad` (the paper's translation of `a := expr`).
    pub fn write(&self, bits: &[u32], post: &[Bdd], err: &Bdd) -> Trans {
        let m = self.m();
        let mut w = Vec::new();
        let mut eqs = m.t();
        for (b, p) in bits.iter().zip(post).rev() {
            if *p != self.cur(*b) {
                w.push(*b);
                eqs = m.and(&m.iff(&self.next(*b), p), &eqs);
            }
        }
        w.sort_unstable();
        if m.is_false(err) {
            return Trans {
                t: eqs,
                w,
                l: m.f(),
            };
        }
        let bad = self.bad_bit();
        let keep_bad = m.iff(&self.next(bad), &self.cur(bad));
        let ok = m.and(&eqs, &keep_bad);
        let failed = m.and(&self.tx.frame(&w), &self.next(bad));
        let t = m.ite(err, &failed, &ok);
        let w = super::trans::union(&w, &[bad]);
        Trans { t, w, l: m.f() }
    }

    /// The multiplicity constraint of a relation variable on a value.
    pub fn mult_ok(&self, var: usize, v: &[Bdd]) -> Bdd {
        let model = self.ev.model;
        let VarKind::Rel {
            cols,
            mult: Some(mult),
        } = &model.vars[var].kind
        else {
            return self.m().t();
        };
        let last = model.dom_size(*cols.last().unwrap_or(&Dom::Bool)) as usize;
        let a = self.ev.alg();
        let rows: Vec<Bdd> = v
            .chunks(last.max(1))
            .map(|row| match mult {
                Mult::Lone => a.at_most_one(row),
                Mult::One => a.exactly_one(row),
                Mult::Some => a.some(row),
            })
            .collect();
        self.m().and_all(&rows)
    }

    /// Whether a variable's copy holds a value of its type (enumeration
    /// codes in range, multiplicities).
    pub fn valid(&self, var: usize, copy: Copy) -> Bdd {
        let model = self.ev.model;
        let bits = self.ev.var_bits(var, copy);
        match &model.vars[var].kind {
            VarKind::Scalar(d @ Dom::Enum(_)) => {
                let n = model.dom_size(*d);
                let lim = self.ev.alg().consts(n, bits.len() as u32 + 1);
                let mut wide = bits.clone();
                wide.push(self.m().f());
                self.ev.alg().lt_bits(&wide, &lim, true, false)
            }
            VarKind::Scalar(_) => self.m().t(),
            VarKind::Rel { .. } => self.mult_ok(var, &bits),
        }
    }

    fn assign(&self, target: &LValue, value: &Expr, env: &mut Env) -> R<Trans> {
        let lay = self.ev.lay;
        let m = self.m();
        match target {
            LValue::Var(var) => {
                let bits: Vec<u32> = lay.bits_of(*var).collect();
                let kind = &self.ev.model.vars[*var].kind;
                match (kind, self.ev.eval(value, env)?) {
                    (VarKind::Scalar(_), SVal::Bits(b)) => Ok(self.write(&bits, &b, &m.f())),
                    (VarKind::Scalar(_), SVal::F(b)) => Ok(self.write(&bits, &[b], &m.f())),
                    (VarKind::Scalar(_), SVal::Rel(set)) => {
                        let (code, one) = self.ev.alg().demote(&set, bits.len() as u32);
                        Ok(self.write(&bits, &code, &m.not(&one)))
                    }
                    (VarKind::Rel { .. }, SVal::Rel(v)) => {
                        let err = m.not(&self.mult_ok(*var, &v));
                        Ok(self.write(&bits, &v, &err))
                    }
                    _ => Err(CheckError::Internal("assignment types".into())),
                }
            }
            LValue::Row { var, key } => self.assign_row(*var, key, value, env),
        }
    }

    fn assign_row(&self, var: usize, key: &Expr, value: &Expr, env: &mut Env) -> R<Trans> {
        let m = self.m();
        let keys = self.ev.rel(key, env)?;
        let row = self.ev.rel(value, env)?;
        let bits: Vec<u32> = self.ev.lay.bits_of(var).collect();
        let cur = self.ev.var_bits(var, Copy::Cur);
        let width = row.len();
        let post: Vec<Bdd> = cur
            .iter()
            .enumerate()
            .map(|(i, c)| m.ite(&keys[i / width], &row[i % width], c))
            .collect();
        let ok = m.and(&self.ev.alg().exactly_one(&keys), &self.mult_ok(var, &post));
        Ok(self.write(&bits, &post, &m.not(&ok)))
    }

    /// A declarative statement: every global may change (but `bad`, unless
    /// the formula mentions `bad'`), to any values of their types that
    /// satisfy the formula.
    fn declare(&self, f: &Expr, frees_bad: bool, env: &mut Env) -> R<Trans> {
        let m = self.m();
        let mut t = self.ev.formula(f, env)?;
        let mut w = Vec::new();
        for var in 0..self.ev.model.vars.len() {
            if var == BAD && !frees_bad {
                continue;
            }
            t = m.and(&t, &self.valid(var, Copy::Next));
            w.extend(self.ev.lay.bits_of(var));
        }
        w.sort_unstable();
        Ok(Trans { t, w, l: m.f() })
    }

    fn foreach(
        &self,
        local: LocalId,
        dom: Dom,
        set: &Expr,
        body: &[Stmt],
        snapshot: Option<usize>,
        env: &mut Env,
    ) -> R<Trans> {
        let m = self.m();
        let model = self.ev.model;
        let size = model.dom_size(dom);
        let members = self.ev.rel(set, env)?;
        let (mut acc, conds) = match snapshot {
            Some(slot) => {
                let off = self.ev.lay.slot_off[self.proc][slot];
                let bits: Vec<u32> = (off..off + size as u32).collect();
                let conds = bits.iter().map(|b| self.cur(*b)).collect();
                (self.write(&bits, &members, &m.f()), conds)
            }
            None => (self.tx.skip(), members),
        };
        let old = env[local].take();
        for (v, c) in conds.iter().enumerate() {
            if m.is_false(c) {
                continue;
            }
            env[local] = Some(SVal::Bits(
                self.ev.alg().consts(v as u64, model.dom_bits(dom)),
            ));
            let b = self.block(body, env)?;
            let step = self.tx.ite(c, &b, &self.tx.skip());
            acc = self.tx.seq(&acc, &step);
        }
        env[local] = old;
        Ok(acc)
    }

    /// `while (c) body` as the least fixpoint of `X = if c { body; X }`,
    /// starting from "every state may loop" (§5.3, §5.4).
    fn while_loop(&self, c: &Expr, body: &[Stmt], env: &mut Env) -> R<Trans> {
        let m = self.m();
        let c = self.ev.formula(c, env)?;
        let b = self.block(body, env)?;
        let mut x = Trans {
            t: m.f(),
            w: Vec::new(),
            l: m.t(),
        };
        loop {
            let next = self.tx.ite(&c, &self.tx.seq(&b, &x), &self.tx.skip());
            m.check()?;
            if self.tx.same(&next, &x) {
                return Ok(next);
            }
            x = next;
        }
    }

    fn call(&self, p: usize, args: &[Expr], env: &mut Env) -> R<Trans> {
        let m = self.m();
        let model = self.ev.model;
        let (count, sizes) = instance_sizes(model, p);
        let vals: Vec<Vec<Bdd>> = args
            .iter()
            .map(|a| self.ev.bits(a, env))
            .collect::<R<_>>()?;
        let a = self.ev.alg();
        let mut acc = Trans {
            t: m.f(),
            w: Vec::new(),
            l: m.f(),
        };
        for inst in 0..count {
            let tuple = split_tuple(inst, &sizes);
            let conds: Vec<Bdd> = vals
                .iter()
                .zip(&tuple)
                .map(|(b, v)| a.eq_const(b, *v))
                .collect();
            let cond = m.and_all(&conds);
            if m.is_false(&cond) {
                continue;
            }
            let sum = self
                .sums
                .get(&(p, inst))
                .ok_or_else(|| CheckError::Internal("missing summary".into()))?;
            if m.is_true(&cond) {
                return Ok(sum.clone());
            }
            acc = self.tx.ite(&cond, sum, &acc);
        }
        Ok(acc)
    }
}
