//! Program analyses on the CFG that the BDD engine uses (§3.3 of the paper):
//! transitive MOD/REF sets of globals per procedure, and live variables per
//! vertex.

use crate::cfg::{CExpr, Cfg, VKind, Var, VertexId};
use crate::state::Bits;

/// Globals each procedure (with everything it calls) may modify or read.
#[derive(Clone, Debug)]
pub struct ModRef {
    pub modified: Vec<Bits>,
    pub referenced: Vec<Bits>,
}

impl ModRef {
    /// The trivial answer: every procedure may read and modify every global.
    pub fn everything(cfg: &Cfg) -> ModRef {
        let mut all = Bits::zeros(cfg.globals.len());
        for g in 0..cfg.globals.len() as u32 {
            all.set(g, true);
        }
        ModRef {
            modified: vec![all.clone(); cfg.procs.len()],
            referenced: vec![all; cfg.procs.len()],
        }
    }

    /// MOD ∪ REF: the globals a procedure's summary must relate.
    pub fn used(&self, p: usize, g: u32) -> bool {
        self.modified[p].get(g) || self.referenced[p].get(g)
    }
}

/// Computes transitive MOD/REF sets by a fixpoint over the call graph.
pub fn mod_ref(cfg: &Cfg) -> ModRef {
    let n = cfg.procs.len();
    let ng = cfg.globals.len();
    let mut m = vec![Bits::zeros(ng); n];
    let mut r = vec![Bits::zeros(ng); n];
    let mut callees: Vec<Vec<usize>> = vec![Vec::new(); n];
    for vx in &cfg.vertices {
        let Some(p) = vx.proc else { continue };
        let p = p as usize;
        let mut read = |e: &CExpr| {
            e.for_each_var(&mut |v| {
                if let Var::Global(g) = v {
                    r[p].set(g, true)
                }
            })
        };
        match &vx.kind {
            VKind::Print(es) | VKind::Return(es) => es.iter().for_each(&mut read),
            VKind::Cond { cond, .. } => read(cond),
            VKind::Assign { lhs, rhs } => {
                rhs.iter().for_each(&mut read);
                for x in lhs {
                    if let Var::Global(g) = x {
                        m[p].set(*g, true);
                    }
                }
            }
            VKind::Call { callee, args, .. } => {
                args.iter().for_each(&mut read);
                callees[p].push(*callee as usize);
            }
            VKind::ReturnSite { lhs, .. } => {
                for x in lhs {
                    if let Var::Global(g) = x {
                        m[p].set(*g, true);
                    }
                }
            }
            VKind::Skip | VKind::Goto | VKind::Exit | VKind::Err => {}
        }
    }
    for (p, pr) in cfg.procs.iter().enumerate() {
        if let Some(e) = &pr.enforce {
            e.for_each_var(&mut |v| {
                if let Var::Global(g) = v {
                    r[p].set(g, true)
                }
            });
        }
    }
    let mut changed = true;
    while changed {
        changed = false;
        for p in 0..n {
            for &q in &callees[p] {
                for g in 0..ng as u32 {
                    if m[q].get(g) && !m[p].get(g) {
                        m[p].set(g, true);
                        changed = true;
                    }
                    if r[q].get(g) && !r[p].get(g) {
                        r[p].set(g, true);
                        changed = true;
                    }
                }
            }
        }
    }
    ModRef {
        modified: m,
        referenced: r,
    }
}

/// Variables live just before each vertex executes.
#[derive(Clone, Debug)]
pub struct Liveness {
    pub live: Vec<LiveSet>,
}

impl Liveness {
    /// The trivial answer: every variable in scope is live everywhere.
    pub fn everything(cfg: &Cfg) -> Liveness {
        let ones = |n: usize| {
            let mut b = Bits::zeros(n);
            for i in 0..n as u32 {
                b.set(i, true);
            }
            b
        };
        let live = cfg
            .vertices
            .iter()
            .map(|v| LiveSet {
                g: ones(cfg.globals.len()),
                l: ones(
                    v.proc
                        .map(|p| cfg.procs[p as usize].locals.len())
                        .unwrap_or(0),
                ),
                r: ones(cfg.max_returns as usize),
            })
            .collect();
        Liveness { live }
    }
}

/// A set of variables of one procedure's scope.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LiveSet {
    pub g: Bits,
    pub l: Bits,
    pub r: Bits,
}

impl LiveSet {
    pub fn contains(&self, v: Var) -> bool {
        match v {
            Var::Global(i) => self.g.get(i),
            Var::Local(i) => self.l.get(i),
            Var::Ret(i) => self.r.get(i),
        }
    }
    fn insert(&mut self, v: Var) {
        match v {
            Var::Global(i) => self.g.set(i, true),
            Var::Local(i) => self.l.set(i, true),
            Var::Ret(i) => self.r.set(i, true),
        }
    }
    fn remove(&mut self, v: Var) {
        match v {
            Var::Global(i) => self.g.set(i, false),
            Var::Local(i) => self.l.set(i, false),
            Var::Ret(i) => self.r.set(i, false),
        }
    }
    fn union_with(&mut self, o: &LiveSet) {
        self.g.or_assign(&o.g);
        self.l.or_assign(&o.l);
        self.r.or_assign(&o.r);
    }
}

/// Computes live variables by backward dataflow within each procedure.
///
/// Conservative at procedure boundaries: every global is live at an exit;
/// a call reads the actuals and every global its callee may read or modify;
/// a procedure's `enforce` variables are live at all its vertices.
pub fn liveness(cfg: &Cfg, mr: &ModRef) -> Liveness {
    let nv = cfg.vertices.len();
    let ng = cfg.globals.len();
    let nr = cfg.max_returns as usize;
    let empty = |p: Option<u32>| LiveSet {
        g: Bits::zeros(ng),
        l: Bits::zeros(p.map(|p| cfg.procs[p as usize].locals.len()).unwrap_or(0)),
        r: Bits::zeros(nr),
    };
    let mut live: Vec<LiveSet> = cfg.vertices.iter().map(|v| empty(v.proc)).collect();
    let mut preds: Vec<Vec<VertexId>> = vec![Vec::new(); nv];
    for v in 0..nv as u32 {
        for w in cfg.intra_succ(v) {
            preds[w as usize].push(v);
        }
    }
    let mut work: Vec<VertexId> = (0..nv as u32).rev().collect();
    let mut queued = vec![true; nv];
    while let Some(v) = work.pop() {
        queued[v as usize] = false;
        let vx = cfg.vertex(v);
        let Some(p) = vx.proc else { continue };
        let mut out = empty(Some(p));
        for w in cfg.intra_succ(v) {
            if cfg.vertex(w).proc == Some(p) {
                out.union_with(&live[w as usize]);
            }
        }
        let use_expr = |s: &mut LiveSet, e: &CExpr| e.for_each_var(&mut |x| s.insert(x));
        match &vx.kind {
            VKind::Exit => {
                for g in 0..ng as u32 {
                    out.insert(Var::Global(g));
                }
                for i in 0..cfg.procs[p as usize].returns {
                    out.insert(Var::Ret(i));
                }
            }
            VKind::Skip | VKind::Goto | VKind::Err => {}
            VKind::Print(es) => es.iter().for_each(|e| use_expr(&mut out, e)),
            VKind::Return(es) => {
                for i in 0..es.len() as u32 {
                    out.remove(Var::Ret(i));
                }
                es.iter().for_each(|e| use_expr(&mut out, e));
            }
            VKind::Assign { lhs, rhs } => {
                lhs.iter().for_each(|x| out.remove(*x));
                rhs.iter().for_each(|e| use_expr(&mut out, e));
            }
            VKind::Cond { cond, .. } => use_expr(&mut out, cond),
            VKind::Call { callee, args, .. } => {
                for i in 0..nr as u32 {
                    out.remove(Var::Ret(i));
                }
                args.iter().for_each(|e| use_expr(&mut out, e));
                for g in 0..ng as u32 {
                    if mr.used(*callee as usize, g) {
                        out.insert(Var::Global(g));
                    }
                }
            }
            VKind::ReturnSite { lhs, .. } => {
                lhs.iter().for_each(|x| out.remove(*x));
                for i in 0..nr as u32 {
                    out.remove(Var::Ret(i));
                }
                for i in 0..lhs.len() as u32 {
                    out.insert(Var::Ret(i));
                }
            }
        }
        if let Some(e) = &cfg.procs[p as usize].enforce {
            use_expr(&mut out, e);
        }
        if out != live[v as usize] {
            live[v as usize] = out;
            for &u in &preds[v as usize] {
                if !queued[u as usize] {
                    queued[u as usize] = true;
                    work.push(u);
                }
            }
        }
    }
    Liveness { live }
}
