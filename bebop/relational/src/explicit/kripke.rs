//! The explicit Kripke structure (successor lists, the loop state last,
//! stuttering deadlocks) and CTL on it by fixpoints over all states.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::value::{CtlSets, Env, Ev, State, Val};
use super::Explicit;
use crate::model::*;

type Memo = RefCell<HashMap<(usize, Env), Rc<Vec<bool>>>>;

/// Successors of every state; index `states.len()` is the loop state.
pub struct Kripke<'x, 'm> {
    pub x: &'x Explicit<'m>,
    pub succ: Vec<Vec<usize>>,
    loop_state: State,
    memo: Memo,
}

struct At<'k, 'x, 'm> {
    k: &'k Kripke<'x, 'm>,
    idx: usize,
}

impl CtlSets for At<'_, '_, '_> {
    fn ctl(&self, e: &Expr, env: &Env) -> bool {
        self.k.ctl_set(e, env)[self.idx]
    }

    fn is_loop(&self) -> bool {
        self.idx == self.k.x.states.len()
    }
}

impl<'x, 'm> Kripke<'x, 'm> {
    pub fn new(x: &'x Explicit<'m>) -> Self {
        let n = x.states.len();
        let mut succ = Vec::with_capacity(n + 1);
        for i in 0..n {
            let mut out: Vec<usize> = Vec::new();
            for ((p, _), table) in &x.sums {
                if !x.model.procs[*p].toplevel {
                    continue;
                }
                out.extend(table[i].posts.iter().copied());
                if table[i].loops {
                    out.push(n);
                }
            }
            out.sort_unstable();
            out.dedup();
            if out.is_empty() {
                out.push(i);
            }
            succ.push(out);
        }
        succ.push(vec![n]);
        let loop_state = x
            .model
            .vars
            .iter()
            .map(|v| match v.kind {
                VarKind::Scalar(_) => Val::S(0),
                VarKind::Rel { .. } => Val::R(Default::default()),
            })
            .collect();
        Kripke {
            x,
            succ,
            loop_state,
            memo: RefCell::new(HashMap::new()),
        }
    }

    fn state(&self, i: usize) -> &State {
        self.x.states.get(i).unwrap_or(&self.loop_state)
    }

    /// Truth of a state formula at every state.
    pub fn sat(&self, f: &Expr, env: &Env) -> Vec<bool> {
        (0..self.succ.len())
            .map(|i| {
                let at = At { k: self, idx: i };
                let ev = Ev {
                    model: self.x.model,
                    pre: self.state(i),
                    post: None,
                    ctl: Some(&at),
                };
                ev.formula(f, &mut env.clone())
            })
            .collect()
    }

    fn ex(&self, f: &[bool]) -> Vec<bool> {
        self.succ.iter().map(|s| s.iter().any(|j| f[*j])).collect()
    }

    fn eu(&self, f: &[bool], g: &[bool]) -> Vec<bool> {
        let mut z = g.to_vec();
        loop {
            let pre = self.ex(&z);
            let next: Vec<bool> = (0..z.len()).map(|i| z[i] || (f[i] && pre[i])).collect();
            if next == z {
                return z;
            }
            z = next;
        }
    }

    fn eg(&self, f: &[bool]) -> Vec<bool> {
        let mut z = f.to_vec();
        loop {
            let pre = self.ex(&z);
            let next: Vec<bool> = (0..z.len()).map(|i| z[i] && pre[i]).collect();
            if next == z {
                return z;
            }
            z = next;
        }
    }

    /// The states where a CTL node holds, memoised per node and binding.
    fn ctl_set(&self, e: &Expr, env: &Env) -> Rc<Vec<bool>> {
        let key = (e as *const Expr as usize, env.clone());
        if let Some(r) = self.memo.borrow().get(&key) {
            return r.clone();
        }
        let ExprKind::Ctl(op, a, b) = &e.kind else {
            return Rc::new(self.sat(e, env));
        };
        let fa = self.sat(a, env);
        let fb = b.as_ref().map(|b| self.sat(b, env));
        let not = |v: &[bool]| v.iter().map(|x| !x).collect::<Vec<bool>>();
        let all = vec![true; fa.len()];
        let r = match op {
            CtlOp::EX => self.ex(&fa),
            CtlOp::EF => self.eu(&all, &fa),
            CtlOp::EG => self.eg(&fa),
            CtlOp::EU => self.eu(&fa, fb.as_deref().unwrap_or(&all)),
            CtlOp::AX => not(&self.ex(&not(&fa))),
            CtlOp::AF => not(&self.eg(&not(&fa))),
            CtlOp::AG => not(&self.eu(&all, &not(&fa))),
            CtlOp::AU => {
                let g = fb.unwrap_or(all.clone());
                let (nf, ng) = (not(&fa), not(&g));
                let both: Vec<bool> = nf.iter().zip(&ng).map(|(x, y)| *x && *y).collect();
                let e1 = self.eu(&ng, &both);
                let e2 = self.eg(&ng);
                e1.iter().zip(&e2).map(|(x, y)| !(*x || *y)).collect()
            }
        };
        let r = Rc::new(r);
        self.memo.borrow_mut().insert(key, r.clone());
        r
    }

    /// The initial states: valid states satisfying `init`.
    pub fn initial(&self) -> Vec<bool> {
        let n = self.x.states.len();
        (0..=n)
            .map(|i| {
                i < n
                    && self.x.model.init.as_ref().is_none_or(|f| {
                        let ev = Ev {
                            model: self.x.model,
                            pre: self.state(i),
                            post: None,
                            ctl: None,
                        };
                        ev.formula(f, &mut vec![None; self.x.model.locals])
                    })
            })
            .collect()
    }

    /// Per assertion: whether it holds in every initial state.
    pub fn verdicts(&self) -> Vec<bool> {
        let init = self.initial();
        let env: Env = vec![None; self.x.model.locals];
        self.x
            .model
            .asserts
            .iter()
            .map(|a| {
                let s = self.sat(&a.formula, &env);
                init.iter().zip(&s).all(|(i, h)| !i || *h)
            })
            .collect()
    }
}
