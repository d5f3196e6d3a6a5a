//! The call graph: direct calls, indirect calls resolved by points-to, and the call-backs
//! unknown external code may make into escaped functions. Strongly connected components in
//! bottom-up order (callees before callers) support summaries over recursion.

use crate::analysis::points_to::{AbsObj, CallSite, PointsTo};
use crate::cir::{Callee, FuncId, NodeId, Program, Stmt};
use std::collections::{BTreeMap, BTreeSet};

/// What one call site may call.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CallEdge {
    /// Functions called directly or through the pointer (with or without a body), sorted.
    pub targets: Vec<FuncId>,
    /// The call may run unknown external code.
    pub unknown: bool,
    /// Functions unknown external code may call back during this call (sorted).
    pub callbacks: Vec<FuncId>,
}

impl CallEdge {
    /// Every function the call may enter: targets and call-backs.
    pub fn all(&self) -> impl Iterator<Item = FuncId> + '_ {
        self.targets.iter().chain(&self.callbacks).copied()
    }
}

/// The call graph of a program.
#[derive(Clone, Debug, Default)]
pub struct CallGraph {
    sites: BTreeMap<CallSite, CallEdge>,
    callees: Vec<BTreeSet<FuncId>>,
    callers: Vec<BTreeSet<FuncId>>,
    /// Strongly connected components, callees' components before callers'.
    sccs: Vec<Vec<FuncId>>,
    scc_of: Vec<usize>,
    recursive: Vec<bool>,
}

impl CallGraph {
    /// Build the call graph from the call sites of every function body.
    pub fn build(prog: &Program, pt: &PointsTo) -> CallGraph {
        let n = prog.functions.len();
        let mut g = CallGraph {
            callees: vec![BTreeSet::new(); n],
            callers: vec![BTreeSet::new(); n],
            ..CallGraph::default()
        };
        let callbacks = pt.escaped_funcs(prog);
        for (fi, f) in prog.functions.iter().enumerate() {
            let Some(body) = &f.body else { continue };
            let func = FuncId(fi as u32);
            for (ni, node) in body.nodes.iter().enumerate() {
                for (ei, edge) in node.edges.iter().enumerate() {
                    let Stmt::Call { callee, .. } = &edge.stmt else {
                        continue;
                    };
                    let site = CallSite {
                        func,
                        node: NodeId(ni as u32),
                        edge: ei,
                    };
                    let (targets, unknown, calls_back) = match pt.site_targets(&site) {
                        Some(t) => (t.funcs.clone(), t.unknown, t.calls_back),
                        None => {
                            let unknown = match callee {
                                Callee::Indirect(e) => pt
                                    .expr_targets(prog, func, e)
                                    .iter()
                                    .any(|l| l.obj == AbsObj::Unknown),
                                Callee::Direct(_) => false,
                            };
                            (pt.call_targets(prog, func, callee), unknown, unknown)
                        }
                    };
                    let edge = CallEdge {
                        targets: targets.into_iter().filter(|t| (t.0 as usize) < n).collect(),
                        unknown,
                        callbacks: if unknown && calls_back {
                            callbacks.clone()
                        } else {
                            Vec::new()
                        },
                    };
                    for t in edge.all() {
                        g.callees[fi].insert(t);
                        g.callers[t.0 as usize].insert(func);
                    }
                    g.sites.insert(site, edge);
                }
            }
        }
        g.compute_sccs();
        g
    }

    /// The targets of a call site.
    pub fn site(&self, site: &CallSite) -> Option<&CallEdge> {
        self.sites.get(site)
    }

    /// Every call site, in order.
    pub fn sites(&self) -> impl Iterator<Item = (&CallSite, &CallEdge)> {
        self.sites.iter()
    }

    /// The call sites in `f`.
    pub fn sites_in(&self, f: FuncId) -> impl Iterator<Item = (&CallSite, &CallEdge)> {
        let lo = CallSite {
            func: f,
            node: NodeId(0),
            edge: 0,
        };
        self.sites.range(lo..).take_while(move |(s, _)| s.func == f)
    }

    /// Functions `f` may call (including externals and call-backs).
    pub fn callees(&self, f: FuncId) -> &BTreeSet<FuncId> {
        static EMPTY: BTreeSet<FuncId> = BTreeSet::new();
        self.callees.get(f.0 as usize).unwrap_or(&EMPTY)
    }

    /// Functions that may call `f`.
    pub fn callers(&self, f: FuncId) -> &BTreeSet<FuncId> {
        static EMPTY: BTreeSet<FuncId> = BTreeSet::new();
        self.callers.get(f.0 as usize).unwrap_or(&EMPTY)
    }

    /// Strongly connected components in bottom-up order: every component comes after the
    /// components of all functions it calls (outside itself).
    pub fn sccs(&self) -> &[Vec<FuncId>] {
        &self.sccs
    }

    /// Index in [`CallGraph::sccs`] of `f`'s component.
    pub fn scc_of(&self, f: FuncId) -> Option<usize> {
        self.scc_of.get(f.0 as usize).copied()
    }

    /// True if `f` may (directly or mutually) call itself.
    pub fn is_recursive(&self, f: FuncId) -> bool {
        self.recursive.get(f.0 as usize).copied().unwrap_or(false)
    }

    /// All functions, callees before callers (members of a cycle in some order).
    pub fn bottom_up(&self) -> Vec<FuncId> {
        self.sccs.iter().flatten().copied().collect()
    }

    /// Functions reachable from `root` through calls (including `root`).
    pub fn reachable_from(&self, root: FuncId) -> BTreeSet<FuncId> {
        let mut seen = BTreeSet::new();
        let mut work = vec![root];
        while let Some(f) = work.pop() {
            if (f.0 as usize) < self.callees.len() && seen.insert(f) {
                work.extend(self.callees(f).iter().copied());
            }
        }
        seen
    }

    /// The components ([`crate::analysis::scc`]), callees' before callers'.
    fn compute_sccs(&mut self) {
        let n = self.callees.len();
        let succ: Vec<Vec<usize>> = self
            .callees
            .iter()
            .map(|s| s.iter().map(|f| f.0 as usize).collect())
            .collect();
        self.scc_of = vec![0; n];
        for comp in crate::analysis::scc::sccs(&succ) {
            let id = self.sccs.len();
            for &v in &comp {
                self.scc_of[v] = id;
            }
            self.sccs
                .push(comp.into_iter().map(|v| FuncId(v as u32)).collect());
        }
        self.recursive = (0..n)
            .map(|i| {
                self.sccs[self.scc_of[i]].len() > 1 || self.callees[i].contains(&FuncId(i as u32))
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_util::B;

    #[test]
    fn direct_indirect_and_recursive_calls() {
        let mut b = B::new();
        let int = b.int();
        let even = b.func("even", int, &[("n", int)]);
        let odd = b.func("odd", int, &[("n", int)]);
        let leaf = b.func("leaf", int, &[("n", int)]);
        let self_rec = b.func("self_rec", int, &[]);
        let main = b.func("main", int, &[]);
        let (en, on) = (b.param(even, 0), b.param(odd, 0));
        b.body(even, vec![b.call(None, odd, vec![b.rdv(en)])]);
        b.body(odd, vec![b.call(None, even, vec![b.rdv(on)])]);
        let one = b.num(1);
        b.body(leaf, vec![b.ret(Some(one))]);
        b.body(self_rec, vec![b.call(None, self_rec, vec![])]);
        let lt = b.p.func(leaf).ty;
        let lpt = b.ptr(lt);
        let fp = b.local(main, "fp", lpt);
        let el = b.fnaddr(leaf);
        let (z1, z2) = (b.num(0), b.num(0));
        b.body(
            main,
            vec![
                b.assign(b.v(fp), el),
                b.icall(None, b.rdv(fp), vec![z1]),
                b.call(None, even, vec![z2]),
            ],
        );
        let pt = PointsTo::compute(&b.p);
        let cg = CallGraph::build(&b.p, &pt);
        let s1 = CallSite {
            func: main,
            node: NodeId(1),
            edge: 0,
        };
        assert_eq!(cg.site(&s1).unwrap().targets, vec![leaf]);
        assert_eq!(cg.callees(main), &BTreeSet::from([even, leaf]));
        assert_eq!(cg.callers(even), &BTreeSet::from([odd, main]));
        assert!(cg.is_recursive(even) && cg.is_recursive(odd) && cg.is_recursive(self_rec));
        assert!(!cg.is_recursive(leaf) && !cg.is_recursive(main));
        assert_eq!(cg.scc_of(even), cg.scc_of(odd));
        let order = cg.bottom_up();
        let pos = |f: FuncId| order.iter().position(|g| *g == f).unwrap();
        assert!(pos(leaf) < pos(main) && pos(even) < pos(main) && pos(odd) < pos(main));
        assert_eq!(cg.sites_in(main).count(), 2);
        assert_eq!(
            cg.reachable_from(main),
            BTreeSet::from([main, even, odd, leaf])
        );
    }

    #[test]
    fn unknown_calls_may_call_back_escaped_functions() {
        let mut b = B::new();
        let int = b.int();
        let cb = b.func("cb", int, &[]);
        let zero = b.num(0);
        b.body(cb, vec![b.ret(Some(zero))]);
        let cbt = b.p.func(cb).ty;
        let cbp = b.ptr(cbt);
        let reg = b.func("atexit_like", int, &[("f", cbp)]);
        let main = b.func("main", int, &[]);
        let e = b.fnaddr(cb);
        b.body(main, vec![b.call(None, reg, vec![e])]);
        let pt = PointsTo::compute(&b.p);
        let cg = CallGraph::build(&b.p, &pt);
        let site = CallSite {
            func: main,
            node: NodeId(0),
            edge: 0,
        };
        let edge = cg.site(&site).unwrap();
        assert!(edge.unknown);
        assert_eq!(edge.targets, vec![reg]);
        assert_eq!(edge.callbacks, vec![cb]);
        assert_eq!(cg.callees(main), &BTreeSet::from([cb, reg]));
    }
}
