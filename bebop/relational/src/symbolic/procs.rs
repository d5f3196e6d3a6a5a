//! Procedure summaries by fixpoint (§5.3). A procedure is summarised once
//! per instance (one valuation of its scalar parameters), as a relation over
//! the globals plus the set of pre-states from which it may not return.
//! Procedures are processed by strongly connected components of the call
//! graph, callees first; within a recursive component every summary starts
//! at the paper's bottom — "every state goes to the loop state" — and the
//! bodies are recompiled until no summary changes. That iteration is
//! monotone in the paper's order (post-states grow, loop pre-states shrink)
//! and ends because the lattice is finite.

use super::eval::Env;
use super::stmt::{instance_sizes, Compiler, Summaries};
use super::trans::Trans;
use super::{CheckError, Engine};
use crate::model::*;

type R<T> = Result<T, CheckError>;

/// Most instances a procedure may have (product of its parameters' domains).
pub const MAX_INSTANCES: u64 = 4096;

/// The procedures each procedure calls.
fn callees(m: &Model) -> Vec<Vec<usize>> {
    fn walk(s: &[Stmt], out: &mut Vec<usize>) {
        for st in s {
            match &st.kind {
                StmtKind::Call { proc, .. } => out.push(*proc),
                StmtKind::If(_, a, b) => {
                    walk(a, out);
                    walk(b, out);
                }
                StmtKind::Foreach { body, .. } | StmtKind::While(_, body) => walk(body, out),
                _ => {}
            }
        }
    }
    m.procs
        .iter()
        .map(|p| {
            let mut v = Vec::new();
            walk(&p.body, &mut v);
            v.sort_unstable();
            v.dedup();
            v
        })
        .collect()
}

/// Strongly connected components, callees before callers (Tarjan).
fn sccs(edges: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct T<'e> {
        edges: &'e [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        stack: Vec<usize>,
        on: Vec<bool>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    impl T<'_> {
        fn visit(&mut self, v: usize) {
            self.index[v] = Some(self.next);
            self.low[v] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on[v] = true;
            for &w in &self.edges[v] {
                match self.index[w] {
                    None => {
                        self.visit(w);
                        self.low[v] = self.low[v].min(self.low[w]);
                    }
                    Some(i) if self.on[w] => self.low[v] = self.low[v].min(i),
                    _ => {}
                }
            }
            if Some(self.low[v]) == self.index[v] {
                let mut comp = Vec::new();
                while let Some(w) = self.stack.pop() {
                    self.on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                self.out.push(comp);
            }
        }
    }
    let n = edges.len();
    let mut t = T {
        edges,
        index: vec![None; n],
        low: vec![0; n],
        stack: Vec::new(),
        on: vec![false; n],
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            t.visit(v);
        }
    }
    t.out
}

impl Engine {
    /// Summaries of every procedure instance.
    pub(crate) fn summarize(&self) -> R<Summaries> {
        let model = &self.model;
        for p in 0..model.procs.len() {
            if instance_sizes(model, p).0 > MAX_INSTANCES {
                return Err(CheckError::TooLarge(format!(
                    "procedure `{}` has more than {MAX_INSTANCES} parameter valuations",
                    model.procs[p].name
                )));
            }
        }
        let edges = callees(model);
        let mut sums = Summaries::new();
        for comp in sccs(&edges) {
            let recursive = comp.len() > 1 || edges[comp[0]].contains(&comp[0]);
            self.summarize_scc(&comp, recursive, &mut sums)?;
        }
        Ok(sums)
    }

    fn summarize_scc(&self, comp: &[usize], recursive: bool, sums: &mut Summaries) -> R<()> {
        let m = &self.m;
        if recursive {
            for &p in comp {
                for inst in 0..instance_sizes(&self.model, p).0 {
                    let bottom = Trans {
                        t: m.f(),
                        w: Vec::new(),
                        l: m.t(),
                    };
                    sums.insert((p, inst), bottom);
                }
            }
        }
        loop {
            let mut changed = false;
            for &p in comp {
                for inst in 0..instance_sizes(&self.model, p).0 {
                    let s = self.summarize_instance(p, inst, sums)?;
                    let same = sums
                        .get(&(p, inst))
                        .is_some_and(|old| self.tx().same(old, &s));
                    if !same {
                        sums.insert((p, inst), s);
                        changed = true;
                    }
                }
            }
            self.note_peak();
            if !recursive || !changed {
                return Ok(());
            }
        }
    }

    fn summarize_instance(&self, p: usize, inst: u64, sums: &Summaries) -> R<Trans> {
        let model = &self.model;
        let (_, sizes) = instance_sizes(model, p);
        let tuple = split_tuple(inst, &sizes);
        let mut env: Env = vec![None; model.locals];
        let ev = self.eval(None);
        for ((l, d), v) in model.procs[p].params.iter().zip(&tuple) {
            env[*l] = Some(super::algebra::SVal::Bits(
                ev.alg().consts(*v, model.dom_bits(*d)),
            ));
        }
        let c = Compiler {
            ev,
            tx: self.tx(),
            sums,
            proc: p,
        };
        let body = c.block(&model.procs[p].body, &mut env)?;
        let pool: Vec<u32> = (self.lay.pool.0..self.lay.pool.1).collect();
        Ok(self.tx().hide(&body, &pool))
    }
}
