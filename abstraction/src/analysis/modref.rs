//! MOD/REF: the abstract locations a statement or a whole function (with everything it calls)
//! may write (MOD) or read (REF).
//!
//! Per statement, [`stmt_mod`] and [`stmt_ref`] give the direct effects, including those of
//! external functions per the environment model (an unknown external reads and writes every
//! escaped location; `memcpy` writes the destination objects and reads the source objects).
//! Per function, [`ModRef`] adds the summaries of every callee (and of the call-backs unknown
//! code may make), computed bottom-up over the call graph's SCCs to a fixpoint.
//!
//! Function summaries keep only what a caller can observe: locations of variables with
//! static storage, heap, strings, unknown memory, and variables some pointer may point to;
//! a function's own locals are dropped unless it is recursive (an inner activation may write
//! an outer one's locals through a pointer).

use crate::analysis::callgraph::CallGraph;
use crate::analysis::points_to::{AbsLoc, AbsObj, PointsTo};
use crate::cir::env::{classify, EnvFn, Known};
use crate::cir::{Callee, Expr, ExprKind, FuncId, Lval, Program, Stmt};
use std::collections::BTreeSet;

/// MOD/REF summaries of every function.
#[derive(Clone, Debug, Default)]
pub struct ModRef {
    mods: Vec<BTreeSet<AbsLoc>>,
    refs: Vec<BTreeSet<AbsLoc>>,
}

impl ModRef {
    /// Summaries for every function of `prog`.
    pub fn compute(prog: &Program, pt: &PointsTo, cg: &CallGraph) -> ModRef {
        let n = prog.functions.len();
        let pointed = pt.pointed_objects();
        let mut local_mod = vec![BTreeSet::new(); n];
        let mut local_ref = vec![BTreeSet::new(); n];
        for (fi, f) in prog.functions.iter().enumerate() {
            let Some(body) = &f.body else { continue };
            let func = FuncId(fi as u32);
            for (_, e) in body.edges() {
                local_mod[fi].extend(stmt_mod(prog, pt, func, &e.stmt));
                local_ref[fi].extend(stmt_ref(prog, pt, func, &e.stmt));
            }
        }
        let mut mr = ModRef {
            mods: vec![BTreeSet::new(); n],
            refs: vec![BTreeSet::new(); n],
        };
        for scc in cg.sccs() {
            loop {
                let mut changed = false;
                for &f in scc {
                    let fi = f.0 as usize;
                    if fi >= n {
                        continue;
                    }
                    let mut m = local_mod[fi].clone();
                    let mut r = local_ref[fi].clone();
                    for g in cg.callees(f) {
                        if let Some(gm) = mr.mods.get(g.0 as usize) {
                            m.extend(gm.iter().copied());
                        }
                        if let Some(gr) = mr.refs.get(g.0 as usize) {
                            r.extend(gr.iter().copied());
                        }
                    }
                    let recursive = cg.is_recursive(f);
                    let keep = |l: &AbsLoc| visible(prog, &pointed, f, recursive, l);
                    m.retain(keep);
                    r.retain(keep);
                    if m != mr.mods[fi] || r != mr.refs[fi] {
                        changed = true;
                        mr.mods[fi] = m;
                        mr.refs[fi] = r;
                    }
                }
                if !changed {
                    break;
                }
            }
        }
        mr
    }

    /// Locations a call of `f` may write, as its caller sees them.
    pub fn mod_of(&self, f: FuncId) -> &BTreeSet<AbsLoc> {
        static EMPTY: BTreeSet<AbsLoc> = BTreeSet::new();
        self.mods.get(f.0 as usize).unwrap_or(&EMPTY)
    }

    /// Locations a call of `f` may read, as its caller sees them.
    pub fn ref_of(&self, f: FuncId) -> &BTreeSet<AbsLoc> {
        static EMPTY: BTreeSet<AbsLoc> = BTreeSet::new();
        self.refs.get(f.0 as usize).unwrap_or(&EMPTY)
    }

    /// What `s` in `func` may write, including everything its callees may write.
    pub fn stmt_mod(
        &self,
        prog: &Program,
        pt: &PointsTo,
        func: FuncId,
        s: &Stmt,
    ) -> BTreeSet<AbsLoc> {
        let out = stmt_mod(prog, pt, func, s);
        self.with_callees(prog, pt, func, s, out, |g| self.mod_of(g))
    }

    /// What `s` in `func` may read, including everything its callees may read.
    pub fn stmt_ref(
        &self,
        prog: &Program,
        pt: &PointsTo,
        func: FuncId,
        s: &Stmt,
    ) -> BTreeSet<AbsLoc> {
        let out = stmt_ref(prog, pt, func, s);
        self.with_callees(prog, pt, func, s, out, |g| self.ref_of(g))
    }

    /// `direct` plus the summary of every function a call statement `s` may enter.
    fn with_callees<'s>(
        &'s self,
        prog: &Program,
        pt: &PointsTo,
        func: FuncId,
        s: &Stmt,
        mut direct: BTreeSet<AbsLoc>,
        summary: impl Fn(FuncId) -> &'s BTreeSet<AbsLoc>,
    ) -> BTreeSet<AbsLoc> {
        if let Stmt::Call { callee, args, .. } = s {
            for g in entered(prog, pt, func, callee, args.len()) {
                direct.extend(summary(g).iter().copied());
            }
        }
        direct
    }
}

/// Can a caller of `f` observe location `l`?
fn visible(
    prog: &Program,
    pointed: &BTreeSet<AbsObj>,
    f: FuncId,
    recursive: bool,
    l: &AbsLoc,
) -> bool {
    let AbsObj::Var(v) = l.obj else {
        return true;
    };
    let Some(var) = prog.vars.get(v.0 as usize) else {
        return true;
    };
    match var.frame_of() {
        None => true,
        Some(owner) if owner == f => recursive && (var.addr_taken || pointed.contains(&l.obj)),
        Some(_) => var.addr_taken || pointed.contains(&l.obj),
    }
}

/// Functions a call may enter: its targets with a body, and call-backs of unknown code.
fn entered(
    prog: &Program,
    pt: &PointsTo,
    func: FuncId,
    callee: &Callee,
    nargs: usize,
) -> Vec<FuncId> {
    let (targets, unknown) = call_info(prog, pt, func, callee, nargs);
    // unknown code that calls nothing back: only quiet kernel routines
    let calls_back = unknown
        && (matches!(callee, Callee::Indirect(_))
            || targets.iter().any(|g| {
                prog.functions.get(g.0 as usize).is_some_and(|f| {
                    f.body.is_none()
                        && classify(&f.name) == EnvFn::Unknown
                        && !prog.quiet_externals.contains(g)
                        && !prog.unknown_is_pure(*g)
                })
            }));
    let mut out: Vec<FuncId> = targets
        .into_iter()
        .filter(|g| {
            prog.functions
                .get(g.0 as usize)
                .is_some_and(|x| x.body.is_some())
        })
        .collect();
    if calls_back {
        out.extend(pt.escaped_funcs(prog));
    }
    out
}

/// A call's targets and whether it may run unknown external code.
fn call_info(
    prog: &Program,
    pt: &PointsTo,
    func: FuncId,
    callee: &Callee,
    nargs: usize,
) -> (Vec<FuncId>, bool) {
    let mut unknown = false;
    let targets = match callee {
        Callee::Direct(f) => vec![*f],
        Callee::Indirect(e) => {
            let pts = pt.expr_targets(prog, func, e);
            unknown = pts.iter().any(|l| l.obj == AbsObj::Unknown);
            let mut fs: BTreeSet<FuncId> = pts
                .iter()
                .filter_map(|l| match l.obj {
                    AbsObj::Func(f) => Some(f),
                    _ => None,
                })
                .collect();
            if fs.is_empty() || unknown {
                fs.extend(pt.fallback_targets(prog, Some(nargs)));
            }
            fs.into_iter().collect()
        }
    };
    for g in &targets {
        if let Some(f) = prog.functions.get(g.0 as usize) {
            if f.body.is_none() && classify(&f.name) == EnvFn::Unknown && !prog.unknown_is_pure(*g)
            {
                unknown = true;
            }
        }
    }
    (targets, unknown)
}

/// Every location of the objects `e` may point to.
fn pointee_objects(prog: &Program, pt: &PointsTo, func: FuncId, e: &Expr) -> BTreeSet<AbsLoc> {
    let objs: BTreeSet<AbsObj> = pt
        .expr_targets(prog, func, e)
        .iter()
        .map(|l| l.obj)
        .collect();
    objs.into_iter()
        .flat_map(|o| pt.object_locs(prog, o))
        .collect()
}

/// Locations `s` may write directly (callee bodies excluded; external functions included).
pub fn stmt_mod(prog: &Program, pt: &PointsTo, func: FuncId, s: &Stmt) -> BTreeSet<AbsLoc> {
    match s {
        Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
            pt.lval_cells(prog, func, lhs)
        }
        Stmt::Call { lhs, callee, args } => {
            let mut out = lhs
                .as_ref()
                .map(|l| pt.lval_cells(prog, func, l))
                .unwrap_or_default();
            let (targets, unknown) = call_info(prog, pt, func, callee, args.len());
            if unknown {
                out.extend(pt.escaped_locs().iter().copied());
            }
            for g in targets {
                let Some(f) = prog.functions.get(g.0 as usize) else {
                    continue;
                };
                if f.body.is_some() {
                    continue;
                }
                if let EnvFn::Known(Known::Memcpy | Known::Memset | Known::Strcpy) =
                    classify(&f.name)
                {
                    if let Some(d) = args.first() {
                        out.extend(pointee_objects(prog, pt, func, d));
                    }
                }
            }
            out
        }
        Stmt::Skip | Stmt::Assume(_) | Stmt::Return(_) | Stmt::Error | Stmt::Halt { .. } => {
            BTreeSet::new()
        }
    }
}

/// Locations `s` may read directly (callee bodies excluded; external functions included).
pub fn stmt_ref(prog: &Program, pt: &PointsTo, func: FuncId, s: &Stmt) -> BTreeSet<AbsLoc> {
    let mut out = BTreeSet::new();
    let mut r = Reads {
        prog,
        pt,
        func,
        out: &mut out,
    };
    match s {
        Stmt::Skip | Stmt::Error | Stmt::Return(None) | Stmt::Halt { code: None } => {}
        Stmt::Assign { lhs, rhs } => {
            r.lval_addr(lhs);
            r.expr(rhs);
        }
        Stmt::Assume(e) | Stmt::Return(Some(e)) | Stmt::Halt { code: Some(e) } => r.expr(e),
        Stmt::Havoc { lhs, .. } => r.lval_addr(lhs),
        Stmt::Alloc { lhs, size, .. } => {
            r.lval_addr(lhs);
            r.expr(size);
        }
        Stmt::Call { lhs, callee, args } => {
            if let Some(l) = lhs {
                r.lval_addr(l);
            }
            if let Callee::Indirect(e) = callee {
                r.expr(e);
            }
            for a in args {
                r.expr(a);
            }
            let (targets, unknown) = call_info(prog, pt, func, callee, args.len());
            if unknown {
                r.out.extend(pt.escaped_locs().iter().copied());
            }
            for g in targets {
                let Some(f) = prog.functions.get(g.0 as usize) else {
                    continue;
                };
                if f.body.is_some() {
                    continue;
                }
                let read_args: &[usize] = match classify(&f.name) {
                    EnvFn::Known(Known::Memcpy | Known::Strcpy) => &[1],
                    EnvFn::Known(Known::Strlen) => &[0],
                    EnvFn::Known(Known::Strcmp) => &[0, 1],
                    EnvFn::Known(Known::Output) => &[0, 1, 2, 3, 4, 5, 6, 7],
                    _ => &[],
                };
                for &i in read_args {
                    if let Some(a) = args.get(i) {
                        r.out.extend(pointee_objects(prog, pt, func, a));
                    }
                }
                if matches!(classify(&f.name), EnvFn::Known(Known::Output)) {
                    for a in args.iter().skip(8) {
                        r.out.extend(pointee_objects(prog, pt, func, a));
                    }
                }
            }
        }
    }
    out
}

/// Collects the locations read by expressions.
struct Reads<'a> {
    prog: &'a Program,
    pt: &'a PointsTo,
    func: FuncId,
    out: &'a mut BTreeSet<AbsLoc>,
}

impl Reads<'_> {
    fn expr(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
            ExprKind::Read(lv) => {
                self.out
                    .extend(self.pt.lval_cells(self.prog, self.func, lv));
                self.lval_addr(lv);
            }
            ExprKind::AddrOf(lv) => self.lval_addr(lv),
            ExprKind::Unary(_, x) | ExprKind::Cast(x) => self.expr(x),
            ExprKind::Binary(_, a, b) => {
                self.expr(a);
                self.expr(b);
            }
        }
    }

    /// What computing the address of `lv` reads (pointers dereferenced, indices).
    fn lval_addr(&mut self, lv: &Lval) {
        match lv {
            Lval::Var(_) => {}
            Lval::Deref(e) => self.expr(e),
            Lval::Field(b, _, _) => self.lval_addr(b),
            Lval::Index(b, i) => {
                self.lval_addr(b);
                self.expr(i);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::test_util::B;
    use crate::cir::VarId;

    fn vl(v: VarId) -> AbsLoc {
        AbsLoc::start(AbsObj::Var(v))
    }

    #[test]
    fn mutual_recursion_and_writes_through_pointers() {
        // int g1, g2, g3;
        // void ping(int *p) { *p = 1; g1 = 0; pong(p); }
        // void pong(int *q) { g2 = g3; ping(q); }
        // void main() { int loc; int dead; dead = 0; ping(&loc); }
        let mut b = B::new();
        let int = b.int();
        let ip = b.ptr(int);
        let void = b.p.types.void();
        let g1 = b.global("g1", int);
        let g2 = b.global("g2", int);
        let g3 = b.global("g3", int);
        let ping = b.func("ping", void, &[("p", ip)]);
        let pong = b.func("pong", void, &[("q", ip)]);
        let main = b.func("main", void, &[]);
        let (p, q) = (b.param(ping, 0), b.param(pong, 0));
        let lo = b.local(main, "loc", int);
        let dead = b.local(main, "dead", int);
        let (one, zero, z2) = (b.num(1), b.num(0), b.num(0));
        b.body(
            ping,
            vec![
                b.assign(b.deref(b.rdv(p)), one),
                b.assign(b.v(g1), zero),
                b.call(None, pong, vec![b.rdv(p)]),
            ],
        );
        b.body(
            pong,
            vec![
                b.assign(b.v(g2), b.rdv(g3)),
                b.call(None, ping, vec![b.rdv(q)]),
            ],
        );
        let al = b.addr(b.v(lo));
        b.body(
            main,
            vec![b.assign(b.v(dead), z2), b.call(None, ping, vec![al])],
        );
        let pt = PointsTo::compute(&b.p);
        let cg = CallGraph::build(&b.p, &pt);
        let mr = ModRef::compute(&b.p, &pt, &cg);
        let both_mod = BTreeSet::from([vl(g1), vl(g2), vl(lo)]);
        assert_eq!(mr.mod_of(ping), &both_mod);
        assert_eq!(mr.mod_of(pong), &both_mod);
        // Reads: g3, and the parameters (own locals of a recursive function whose address is
        // not taken: dropped).
        assert_eq!(mr.ref_of(ping), &BTreeSet::from([vl(g3)]));
        assert_eq!(mr.ref_of(pong), &BTreeSet::from([vl(g3)]));
        // main's own local `loc` is written through a pointer but dies with main.
        assert_eq!(mr.mod_of(main), &BTreeSet::from([vl(g1), vl(g2)]));
        let al2 = b.addr(b.v(lo));
        let call = b.call(None, ping, vec![al2]);
        assert_eq!(mr.stmt_mod(&b.p, &pt, main, &call), both_mod);
        let write_dead = b.assign(b.v(dead), b.rdv(g3));
        assert_eq!(
            stmt_mod(&b.p, &pt, main, &write_dead),
            BTreeSet::from([vl(dead)])
        );
        assert_eq!(
            stmt_ref(&b.p, &pt, main, &write_dead),
            BTreeSet::from([vl(g3)])
        );
        let star = b.assign(b.deref(b.rdv(p)), b.rdv(g3));
        assert_eq!(
            stmt_ref(&b.p, &pt, ping, &star),
            BTreeSet::from([vl(p), vl(g3)])
        );
        assert_eq!(stmt_mod(&b.p, &pt, ping, &star), BTreeSet::from([vl(lo)]));
    }

    #[test]
    fn externals_follow_the_environment_model() {
        let mut b = B::new();
        let int = b.int();
        let ip = b.ptr(int);
        let void = b.p.types.void();
        let g = b.global("g", int);
        // a global the program never names: part of the unknown memory, not an object of
        // its own
        let unnamed = b.global("unnamed", int);
        let sg = b.static_global("sg", int);
        let ext = b.func("ext", void, &[]);
        let memset = b.func("memset", ip, &[("d", ip), ("c", int), ("n", int)]);
        let user = b.func("user", void, &[]);
        let main = b.func("main", void, &[]);
        let x = b.local(main, "x", int);
        b.body(user, vec![b.call(None, ext, vec![])]);
        let ax = b.addr(b.v(x));
        let (z, n) = (b.num(0), b.num(4));
        let (one, two) = (b.num(1), b.num(2));
        b.body(
            main,
            vec![
                b.call(None, memset, vec![ax, z, n]),
                b.assign(b.v(sg), one),
                b.assign(b.v(g), two),
                b.call(None, user, vec![]),
            ],
        );
        let pt = PointsTo::compute(&b.p);
        let cg = CallGraph::build(&b.p, &pt);
        let mr = ModRef::compute(&b.p, &pt, &cg);
        let unk = AbsLoc::start(AbsObj::Unknown);
        assert_eq!(mr.mod_of(user), &BTreeSet::from([unk, vl(g)]));
        assert_eq!(mr.ref_of(user), &BTreeSet::from([unk, vl(g)]));
        assert_eq!(mr.mod_of(main), &BTreeSet::from([unk, vl(g), vl(sg)]));
        assert!(!pt.is_escaped(AbsObj::Var(unnamed)));
        let (ax2, z2, n2) = (b.addr(b.v(x)), b.num(0), b.num(4));
        let ms = b.call(None, memset, vec![ax2, z2, n2]);
        assert_eq!(stmt_mod(&b.p, &pt, main, &ms), BTreeSet::from([vl(x)]));
    }
}
