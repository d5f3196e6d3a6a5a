//! Predicate discovery from an infeasible path (in the manner of SLAM's Newton).
//!
//! Each condition of the minimal unsat core is split into atomic comparisons; each atom
//! becomes a predicate where it is tested and is carried backward along the path by
//! weakest preconditions: through assignments (`φ[e/x]`), out of a function's start into
//! its caller (formals replaced by the actuals), and into a callee whose result or effects
//! it depends on (the call's result becomes `\result`, then the returned expression). Every
//! distinct form met on the way becomes a predicate, scoped to the function whose variables
//! it mentions (global when it mentions static storage only), so the abstraction can follow
//! the fact from where it is established to where it is needed. Writes through a pointer
//! that can only point to one place count as writes of that place; caller values passed by
//! value are said through the formals (return predicates such as `\result == n + m`); and
//! each atom is also carried forward into the calls its function makes later on the path,
//! as a predicate over the callee's formals (the fact a callee needs from its caller).
//! Over a call that may write a global the atom relates to the caller's own variables,
//! the callee gets its frame condition `g == \old(g)` (`Walker::frame`).
//! [`carry_atoms`] places atoms found otherwise (the interpolants of
//! [`crate::interpolate`]) the same way, each carried back no further than a given step.

use crate::path::CirPath;
use rustc_hash::FxHashMap as HashMap;
use slamrs_abstraction::analysis::modref::ModRef;
use slamrs_abstraction::analysis::points_to::PointsTo;
use slamrs_abstraction::c2bp::{
    entry_value_var, entry_values_of, expr_vars, is_result_var, result_var, subst_var, subst_vars,
};
use slamrs_abstraction::cir::{
    BinOp, Callee, Expr, ExprKind, FuncId, Lval, Program, Stmt, UnOp, VarId,
};
use std::collections::BTreeSet;

/// A predicate found: its function (`None`: over static storage only) and expression.
pub type Found = (Option<FuncId>, Expr);

/// Finds predicates that explain why the conditions at `core` (step indices of `assume`s)
/// cannot all hold along `path`.
pub fn discover(
    prog: &mut Program,
    pt: &PointsTo,
    modref: &ModRef,
    path: &CirPath,
    core: &[usize],
) -> Vec<Found> {
    let frame_call = frame_calls(path);
    let mut out = Vec::new();
    for &k in core {
        let c = match path.stmt(prog, k).clone() {
            Stmt::Assume(c) => c,
            // an indirect call the path makes to its callee `g`: `fp == &g`
            Stmt::Call {
                callee: Callee::Indirect(fp),
                ..
            } => match path.steps[k].callee {
                Some(g) => {
                    let int = prog.types.int();
                    Expr {
                        kind: ExprKind::Binary(
                            BinOp::Eq,
                            Box::new(fp.clone()),
                            Box::new(Expr {
                                kind: ExprKind::Func(g),
                                ty: fp.ty,
                            }),
                        ),
                        ty: int,
                    }
                }
                None => continue,
            },
            _ => continue,
        };
        let mut atoms = Vec::new();
        split_atoms(&c, &mut atoms);
        for a in atoms {
            place(
                prog,
                pt,
                modref,
                path,
                &frame_call,
                &mut out,
                Placed {
                    step: k,
                    floor: 0,
                    atom: a,
                },
            );
        }
    }
    out
}

/// An atom true just before step `step` of a path (an expression of that step's
/// function), to be carried backward no further than step `floor`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub step: usize,
    pub floor: usize,
    pub atom: Expr,
}

/// The predicates that place `atoms` where they are needed: the atom itself, its weakest
/// preconditions back along the path down to its floor, its images in the callees (as for
/// the atoms of an unsat core in [`discover`]).
pub fn carry_atoms(
    prog: &mut Program,
    pt: &PointsTo,
    modref: &ModRef,
    path: &CirPath,
    atoms: &[Placed],
) -> Vec<Found> {
    let frame_call = frame_calls(path);
    let mut out = Vec::new();
    for p in atoms {
        place(prog, pt, modref, path, &frame_call, &mut out, p.clone());
    }
    out
}

/// Adds to `out` the atom of `at`, its weakest preconditions (down to `at.floor`) and its
/// images in callees.
fn place(
    prog: &mut Program,
    pt: &PointsTo,
    modref: &ModRef,
    path: &CirPath,
    frame_call: &[Option<usize>],
    out: &mut Vec<Found>,
    at: Placed,
) {
    let (k, a) = (at.step, at.atom);
    let a = normalize(a);
    if mentions_nothing(&a) {
        return;
    }
    let s = &path.steps[k];
    push(prog, out, s.func, a.clone());
    let mut w = Walker {
        prog: &mut *prog,
        pt,
        modref,
        path,
        frame_call,
        out,
        floor: at.floor,
        forks: Vec::new(),
        forks_made: 0,
    };
    w.carry(a.clone(), s.func, k, s.depth);
    w.images_in_callees(&a, s.func, k, s.depth);
    while let Some(f) = w.forks.pop() {
        w.carry(f.phi, f.func, f.step, f.depth);
    }
}

/// For each step, the call step that created its frame (`None` in the entry function).
fn frame_calls(path: &CirPath) -> Vec<Option<usize>> {
    let mut stack: Vec<usize> = Vec::new();
    let mut out = Vec::with_capacity(path.steps.len());
    for (i, s) in path.steps.iter().enumerate() {
        while stack.len() > s.depth as usize {
            stack.pop();
        }
        out.push(stack.last().copied());
        if s.callee.is_some() {
            stack.push(i);
        }
    }
    out
}

/// The atomic conditions of a boolean expression.
fn split_atoms(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Unary(UnOp::LogNot, a) => split_atoms(a, out),
        ExprKind::Cast(a) if is_boolean(a) => split_atoms(a, out),
        ExprKind::Binary(BinOp::BitAnd | BinOp::BitOr, a, b) if is_boolean(a) && is_boolean(b) => {
            split_atoms(a, out);
            split_atoms(b, out);
        }
        ExprKind::Binary(BinOp::Ne | BinOp::Eq, a, b)
            if is_boolean(a) && matches!(b.kind, ExprKind::Int(0)) =>
        {
            split_atoms(a, out)
        }
        _ => out.push(e.clone()),
    }
}

fn is_boolean(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Binary(op, ..) => op.is_comparison(),
        ExprKind::Unary(UnOp::LogNot, _) => true,
        ExprKind::Cast(a) => is_boolean(a),
        _ => false,
    }
}

/// `a != b` is the same predicate as `a == b` (up to negation).
/// The canonical form of a predicate: `!=` becomes `==` (a predicate and its negation
/// are one boolean variable), and a constant on the left of a comparison moves to the
/// right (`8496 == s` is `s == 8496`, `(unsigned int)23 == irq` is `irq == (unsigned
/// int)23`).
pub(crate) fn normalize(e: Expr) -> Expr {
    let ty = e.ty;
    match e.kind {
        ExprKind::Binary(op, a, b) if is_comparison(op) => {
            let op = if op == BinOp::Ne { BinOp::Eq } else { op };
            let constant = |x: &Expr| {
                let mut x = x;
                while let ExprKind::Cast(inner) = &x.kind {
                    x = inner;
                }
                matches!(x.kind, ExprKind::Int(_))
            };
            let (op, a, b) = if constant(&a) && !constant(&b) {
                (mirror(op), b, a)
            } else {
                (op, a, b)
            };
            Expr {
                kind: ExprKind::Binary(op, a, b),
                ty,
            }
        }
        kind => Expr { kind, ty },
    }
}

fn is_comparison(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
    )
}

/// `a op b` is `b mirror(op) a`.
fn mirror(op: BinOp) -> BinOp {
    match op {
        BinOp::Lt => BinOp::Gt,
        BinOp::Le => BinOp::Ge,
        BinOp::Gt => BinOp::Lt,
        BinOp::Ge => BinOp::Le,
        other => other,
    }
}

fn mentions_nothing(e: &Expr) -> bool {
    let mut vs = Vec::new();
    expr_vars(e, &mut vs);
    vs.is_empty()
}

/// Records a predicate of `func` (global when it mentions static storage only).
fn push(prog: &Program, out: &mut Vec<Found>, func: FuncId, e: Expr) {
    let mut vs = Vec::new();
    expr_vars(&e, &mut vs);
    if vs.is_empty() {
        return;
    }
    // every frame variable must belong to `func`
    if vs
        .iter()
        .any(|&v| prog.var(v).frame_of().is_some_and(|f| f != func))
    {
        return;
    }
    let e = tidy(prog, &e);
    if let ExprKind::Binary(BinOp::Eq | BinOp::Le | BinOp::Ge, a, b) = &e.kind {
        if a == b {
            return; // `x == x`
        }
    }
    let scope = if vs.iter().all(|&v| prog.var(v).is_static_storage()) {
        None
    } else {
        Some(func)
    };
    let e = normalize(crate::linear::simplify_atom(prog, e));
    if mentions_nothing(&e) {
        return; // a constant comparison after cancelling
    }
    if !out.iter().any(|(s, x)| *s == scope && *x == e) {
        out.push((scope, e));
    }
}

/// Longest chain of backward steps one atom is carried.
const MAX_CARRY: usize = 100_000;

/// Most writes through a pointer at which the carrying of one atom forks (see
/// [`Walker::fork_at_aliases`]).
const MAX_ALIAS_FORKS: usize = 32;

/// A formula true just before step `step` of `func` at `depth`, still to be carried back.
struct Fork {
    phi: Expr,
    func: FuncId,
    step: usize,
    depth: u32,
}

struct Walker<'a> {
    prog: &'a mut Program,
    pt: &'a PointsTo,
    modref: &'a ModRef,
    path: &'a CirPath,
    frame_call: &'a [Option<usize>],
    out: &'a mut Vec<Found>,
    /// The step carrying backward stops at.
    floor: usize,
    /// Formulas met at writes that may alias a read, carried back after the atom itself.
    forks: Vec<Fork>,
    forks_made: usize,
}

impl Walker<'_> {
    /// Carries `phi`, true just before step `i` in `func` at `depth`, back to the path's start.
    fn carry(&mut self, mut phi: Expr, mut func: FuncId, mut i: usize, mut depth: u32) {
        let mut budget = MAX_CARRY;
        while i > self.floor && budget > 0 {
            budget -= 1;
            let j = i - 1;
            let s = self.path.steps[j].clone();
            if s.depth > depth {
                // j ends a call that returned: step back over it (or into it)
                let Some(c) = self.frame_call[j] else { return };
                match self.over_call(&phi, func, c, j, depth) {
                    Over::Skip => i = c,
                    Over::Into(phi_in, g) => {
                        // continue inside the callee from its return step
                        push(self.prog, self.out, g, phi_in.clone());
                        phi = phi_in;
                        func = g;
                        depth += 1;
                        i = j + 1;
                    }
                    Over::Stop => {
                        self.callee_write_facts(&phi, func, c, j, depth);
                        return;
                    }
                }
                continue;
            }
            if s.depth < depth {
                // j is the call that entered this frame: formals become the actuals
                let Stmt::Call { args, .. } = self.path.stmt(self.prog, j).clone() else {
                    return;
                };
                // the callee's formals become the actuals and its entry values the caller's
                // values of their variables at the call, all at once: in a recursive call
                // the actuals read the same variables, of the caller's activation
                // (`d == 7` in `descend(n - 1, d + 1)` is `d + 1 == 7` in the caller)
                let mut by: HashMap<VarId, Expr> = HashMap::default();
                let params = self.prog.func(func).params.clone();
                for (p, a) in params.iter().zip(args.iter()) {
                    by.insert(*p, a.clone());
                }
                for (old, x) in entry_values_of(self.prog, func) {
                    by.insert(old, self.prog.read_var(x));
                }
                // any other variable of the callee's frame has no meaning at the call
                let mut vs = Vec::new();
                expr_vars(&phi, &mut vs);
                if vs
                    .iter()
                    .any(|&v| self.prog.var(v).frame_of() == Some(func) && !by.contains_key(&v))
                {
                    return; // mentions the callee's locals
                }
                let mut next = subst_vars(&phi, &|v| by.get(&v).cloned());
                next = simplify(&next);
                if mentions_nothing(&crate::linear::simplify_atom(self.prog, next.clone())) {
                    return; // `x == x`: the callee's frame condition, met at its entry
                }
                func = s.func;
                depth = s.depth;
                push(self.prog, self.out, func, next.clone());
                phi = next;
                i = j;
                continue;
            }
            if let Stmt::Assign { lhs, rhs } = self.path.stmt(self.prog, j).clone() {
                self.fork_at_aliases(&phi, func, j, depth, &lhs, &rhs);
            }
            let Some(next) = self.through(&phi, func, j) else {
                return;
            };
            if next != phi {
                push(self.prog, self.out, func, next.clone());
                phi = next;
            }
            i = j;
        }
    }

    /// Carries `phi`, true at step `k` of `func`, forward into the functions `func` calls
    /// later on the path (until a variable of `phi` is assigned or the frame returns): each
    /// call whose actuals pass `phi`'s variables by value gets `phi` over its formals
    /// (`a >= 0` before `sum(a, b)` is `n >= 0` in `sum`), the fact a callee needs from its
    /// caller, which weakest preconditions from the callee's own conditions do not give.
    fn images_in_callees(&mut self, phi: &Expr, func: FuncId, k: usize, depth: u32) {
        let mut vs = Vec::new();
        expr_vars(phi, &mut vs);
        for j in k + 1..self.path.steps.len() {
            let s = &self.path.steps[j];
            if s.depth < depth {
                return;
            }
            if s.depth > depth {
                continue;
            }
            let stmt = self.path.stmt(self.prog, j).clone();
            match &stmt {
                Stmt::Call { lhs, args, .. } => {
                    if let Some(g) = s.callee {
                        let params = self.prog.func(g).params.clone();
                        if let Some(img) = self.via_actuals(phi, func, &params, args) {
                            if img != *phi || g != func {
                                push(self.prog, self.out, g, img);
                            }
                        }
                    }
                    if lhs.as_ref().is_some_and(|l| reads_lval(phi, l)) {
                        return;
                    }
                }
                Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. }
                    if reads_lval(phi, lhs) =>
                {
                    return;
                }
                _ => {}
            }
        }
    }

    /// `WP(step j, phi)` within one frame; `None` when the step makes `phi` arbitrary.
    fn through(&mut self, phi: &Expr, func: FuncId, j: usize) -> Option<Expr> {
        let stmt = self.path.stmt(self.prog, j).clone();
        match &stmt {
            Stmt::Assign { lhs, rhs } => {
                let phi = self.through_aliases(phi, func, lhs, rhs);
                Some(assign_wp(&phi, lhs, rhs))
            }
            Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                (!reads_lval(phi, lhs)).then(|| phi.clone())
            }
            Stmt::Call { lhs, .. } => match lhs {
                Some(l) if reads_lval(phi, l) => None,
                _ => Some(phi.clone()),
            },
            Stmt::Return(Some(e)) => {
                let r = result_var(self.prog, func);
                Some(subst_var(phi, r, e))
            }
            _ => Some(phi.clone()),
        }
    }

    /// `phi` with the reads of other lvalues that denote exactly the scalar `lhs` writes
    /// (`x` and `*p` when `p` can only point to `x`, see
    /// [`PointsTo::exact_location`]) replaced by `rhs`, so the weakest precondition sees
    /// the write through the alias as well.
    fn through_aliases(&self, phi: &Expr, func: FuncId, lhs: &Lval, rhs: &Expr) -> Expr {
        let ty = self.prog.lval_ty(lhs);
        if !self.prog.types.is_scalar(ty) {
            return phi.clone();
        }
        let Some(place) = self.place(func, lhs) else {
            return phi.clone();
        };
        let mut lvs = Vec::new();
        read_lvals(phi, &mut lvs);
        let mut out = phi.clone();
        for l in lvs {
            let lty = self.prog.lval_ty(&l);
            if l != *lhs && same_kind(self.prog, lty, ty) && self.place(func, &l) == Some(place) {
                out = replace_lval(&out, &l, &converted(rhs, lty));
            }
        }
        out
    }

    /// A write `lhs = rhs` through a pointer at step `j` that may (by the points-to
    /// analysis) hit a location `phi` reads under another name (`ext->Queued = irp` and
    /// `ctx->Queued == &irp0`): the weakest precondition is a case split on the two
    /// addresses, which the abstraction can only make with the addresses' equality as a
    /// predicate (`ctx == ext`). That equality and `phi` in the aliased case (`irp ==
    /// &irp0`) become predicates and are carried back from the write like the atom itself,
    /// so the abstraction can follow how the two pointers came to be equal (the context a
    /// DPC was initialized with, in the device extension); the unaliased case is the
    /// walker's own `phi`.
    fn fork_at_aliases(
        &mut self,
        phi: &Expr,
        func: FuncId,
        j: usize,
        depth: u32,
        lhs: &Lval,
        rhs: &Expr,
    ) {
        if named_root(lhs) || self.forks_made >= MAX_ALIAS_FORKS {
            return;
        }
        let ty = self.prog.lval_ty(lhs);
        if !self.prog.types.is_scalar(ty) {
            return;
        }
        let mut lvs = Vec::new();
        read_lvals(phi, &mut lvs);
        let mut seen = Vec::new();
        for l in lvs {
            let lty = self.prog.lval_ty(&l);
            if l == *lhs || seen.contains(&l) || !same_kind(self.prog, lty, ty) {
                continue;
            }
            seen.push(l.clone());
            let exact = self.place(func, &l);
            if exact.is_some() && exact == self.place(func, lhs) {
                continue; // the same place: `through_aliases` rewrites it
            }
            if !self.pt.may_alias(self.prog, func, &l, lhs) {
                continue;
            }
            let Some(cond) = same_address(self.prog, &l, lhs) else {
                continue;
            };
            if self.forks_made >= MAX_ALIAS_FORKS {
                return;
            }
            self.forks_made += 1;
            let mut facts = vec![cond.clone()];
            if let Some((p, q)) = alias_pointers(&l, lhs) {
                facts.extend(self.static_targets(func, &p));
                facts.extend(self.static_targets(func, &q));
            }
            tracing::debug!(
                target: "slamrs_refinement::discover",
                step = j,
                func = %self.prog.func(func).name,
                cond = %slamrs_abstraction::cir::print::expr(self.prog, &cond),
                "write may alias a read: forking"
            );
            let aliased = simplify(&assign_wp(
                &replace_lval(phi, &l, &converted(rhs, lty)),
                lhs,
                rhs,
            ));
            facts.push(aliased);
            for f in facts {
                let before = self.out.len();
                push(self.prog, self.out, func, f.clone());
                if self.out.len() > before {
                    self.forks.push(Fork {
                        phi: f,
                        func,
                        step: j,
                        depth,
                    });
                }
            }
        }
    }

    /// `phi` (of `func`, after the call at step `c` whose callee returns at step `ret`)
    /// reads memory the callee writes, and cannot be said inside the callee (it mentions
    /// the caller's locals). The callee's own writes through its formals that may hit
    /// that memory become facts of the callee, `lhs == rhs` over its formals and statics
    /// (`Dpc->DeferredContext == DeferredContext` in `KeInitializeDpc`): the abstraction
    /// returns such predicates to the caller (over the actuals), where they relate the
    /// memory `phi` reads to the caller's values.
    fn callee_write_facts(&mut self, phi: &Expr, func: FuncId, c: usize, ret: usize, depth: u32) {
        let Some(g) = self.path.steps[c].callee else {
            return;
        };
        if g == func {
            return;
        }
        let reads = self.read_cells(phi, func);
        let params = self.prog.func(g).params.clone();
        let over_formals = |prog: &Program, e: &Expr| {
            let mut vs = Vec::new();
            expr_vars(e, &mut vs);
            !vs.is_empty()
                && vs
                    .iter()
                    .all(|v| params.contains(v) || prog.var(*v).is_static_storage())
        };
        for k in c + 1..=ret {
            if self.path.steps[k].depth != depth + 1 {
                continue;
            }
            let Stmt::Assign { lhs, rhs } = self.path.stmt(self.prog, k).clone() else {
                continue;
            };
            if named_root(&lhs) || !self.prog.types.is_scalar(self.prog.lval_ty(&lhs)) {
                continue;
            }
            let cells = self.pt.lval_cells(self.prog, g, &lhs);
            if !cells.iter().any(|l| reads.contains(l)) {
                continue;
            }
            let lty = self.prog.lval_ty(&lhs);
            let read = Expr {
                kind: ExprKind::Read(Box::new(lhs.clone())),
                ty: lty,
            };
            if !over_formals(self.prog, &read) {
                continue;
            }
            if over_formals(self.prog, &rhs) {
                let fact = eq(self.prog, read.clone(), rhs.clone());
                tracing::debug!(
                    target: "slamrs_refinement::discover",
                    callee = %self.prog.func(g).name,
                    fact = %slamrs_abstraction::cir::print::expr(self.prog, &fact),
                    "a callee's write the caller's predicate depends on"
                );
                push(self.prog, self.out, g, fact);
            }
            // `phi` said of the location the callee writes (`iosb.Status == 259` is
            // `Irp->UserIosb->Status == 259` in `IoCallDriver`), carried back in the callee
            // from after the write; and in the caller, that the two are one location
            // (`irp->UserIosb == &iosb`), carried back from the call
            let mut lvs = Vec::new();
            read_lvals(phi, &mut lvs);
            lvs.dedup();
            for l in lvs {
                if self.forks_made >= MAX_ALIAS_FORKS {
                    return;
                }
                let l_ty = self.prog.lval_ty(&l);
                if !same_kind(self.prog, l_ty, lty) {
                    continue;
                }
                if !self
                    .pt
                    .lval_cells(self.prog, func, &l)
                    .iter()
                    .any(|x| cells.contains(x))
                {
                    continue;
                }
                let in_callee = replace_lval(phi, &l, &converted(&read, l_ty));
                if !over_formals(self.prog, &in_callee) {
                    continue;
                }
                let Some(lhs_caller) = self.in_caller(&lhs, &params, c) else {
                    continue;
                };
                let Some(cond) = same_address(self.prog, &l, &lhs_caller) else {
                    continue;
                };
                self.forks_made += 1;
                for (f, fun, step, d) in [(in_callee, g, k + 1, depth + 1), (cond, func, c, depth)]
                {
                    let before = self.out.len();
                    push(self.prog, self.out, fun, f.clone());
                    if self.out.len() > before {
                        self.forks.push(Fork {
                            phi: f,
                            func: fun,
                            step,
                            depth: d,
                        });
                    }
                }
            }
        }
    }

    /// `lv`, an lvalue of the callee entered at call step `c` over its formals `params`,
    /// said in the caller (formals replaced by the actuals).
    fn in_caller(&self, lv: &Lval, params: &[VarId], c: usize) -> Option<Lval> {
        let Stmt::Call { args, .. } = self.path.stmt(self.prog, c) else {
            return None;
        };
        let mut ok = true;
        let out = map_lval(lv, &mut |x| match &x.kind {
            ExprKind::Read(r) => match **r {
                Lval::Var(v) => match params.iter().position(|p| *p == v) {
                    Some(i) => args.get(i).cloned().or_else(|| {
                        ok = false;
                        None
                    }),
                    None if self.prog.var(v).is_static_storage() => None,
                    None => {
                        ok = false;
                        None
                    }
                },
                _ => None,
            },
            _ => None,
        });
        let out = simplify_lval(&out);
        ok.then_some(out)
    }

    /// `p == &x` for each static object `x` of `p`'s pointee type that `p` may point to the
    /// start of (at most two): which object a pointer holds is how the abstraction tells two
    /// pointers to the same static object apart from pointers to different ones (a device
    /// extension the OS model allocates statically or on the heap).
    fn static_targets(&mut self, func: FuncId, p: &Expr) -> Vec<Expr> {
        use slamrs_abstraction::analysis::points_to::AbsObj;
        let Some(pointee) = self.prog.types.pointee(p.ty) else {
            return Vec::new();
        };
        let targets = self.pt.expr_targets(self.prog, func, p);
        let mut out = Vec::new();
        for t in targets {
            let AbsObj::Var(x) = t.obj else { continue };
            let var = self.prog.var(x);
            if t.off != 0 || !var.is_static_storage() || var.ty != pointee {
                continue;
            }
            let addr = Expr {
                kind: ExprKind::AddrOf(Box::new(Lval::Var(x))),
                ty: p.ty,
            };
            out.push(eq(self.prog, p.clone(), addr));
            if out.len() == 2 {
                break;
            }
        }
        out
    }

    /// The exact place (variable, byte offset) an lvalue of `func` denotes: a variable and
    /// its fields by name, or an access the points-to analysis resolves to one place.
    fn place(&self, func: FuncId, lv: &Lval) -> Option<(VarId, u64)> {
        match lv {
            Lval::Var(v) => Some((*v, 0)),
            Lval::Field(b, s, i) if named_root(b) => {
                let (v, off) = self.place(func, b)?;
                let f = self
                    .prog
                    .types
                    .struct_def(*s)
                    .fields
                    .as_ref()?
                    .get(*i as usize)?;
                if f.bitfield.is_some() || self.prog.types.struct_def(*s).is_union {
                    return None;
                }
                Some((v, off + f.offset))
            }
            _ => self.pt.exact_location(self.prog, func, lv),
        }
    }

    /// How to carry `phi` (in `func` at `depth`) backward over the call at step `c`, whose
    /// callee's last step on the path is `ret`.
    fn over_call(&mut self, phi: &Expr, func: FuncId, c: usize, ret: usize, depth: u32) -> Over {
        let Stmt::Call { lhs, .. } = self.path.stmt(self.prog, c).clone() else {
            return Over::Stop;
        };
        let Some(g) = self.path.steps[c].callee else {
            return Over::Stop;
        };
        let uses_lhs = lhs.as_ref().is_some_and(|l| reads_lval(phi, l));
        let reads = self.read_cells(phi, func);
        let modified = self.modref.mod_of(g);
        let touched = reads.iter().any(|l| modified.contains(l));
        if !uses_lhs && !touched {
            return Over::Skip;
        }
        let mut phi_in = phi.clone();
        if let Some(l) = lhs.as_ref().filter(|_| uses_lhs) {
            let res = result_var(self.prog, g);
            phi_in = replace_lval(&phi_in, l, &self.prog.read_var(res));
        }
        let Stmt::Call { args, .. } = self.path.stmt(self.prog, c).clone() else {
            return Over::Stop;
        };
        let params = self.prog.func(g).params.clone();
        // in a recursive call the caller's and the callee's variables are the same ids:
        // only the caller's values passed by value are said through the formals
        let recursive = g == func;
        let mut inside = if recursive {
            phi_in.clone()
        } else {
            self.through_formals(&phi_in, &params, &args)
        };
        if !recursive && self.mentions_frame(&inside, func) {
            // memory of a caller variable the callee reaches through a pointer argument:
            // say it through the pointer (`d.f` as `(*p).f`, with `p == &d`)
            if let Some(alt) = self.via_pointer_args(&phi_in, func, &args) {
                let retry = self.through_formals(&alt, &params, &args);
                if !self.mentions_frame(&retry, func) {
                    push(self.prog, self.out, func, alt);
                    inside = retry;
                }
            }
        }
        if self.caller_vars(&inside, func).next().is_some() {
            // the caller's variables passed by value: the formals hold them (`r == a + b`
            // after `r = sum(a, b)` is `\result == n + m` in `sum`)
            match self.via_actuals(&inside, func, &params, &args) {
                Some(x) => inside = x,
                None => match self.via_local_copies(&inside, func, c, &params, &args) {
                    Some(x) => inside = x,
                    // mixes the caller's locals with globals the callee may change
                    None => return self.frame(phi, func, g, c, ret, depth),
                },
            }
        }
        if !recursive
            && inside != phi_in
            && self.caller_vars(&phi_in, func).next().is_none()
            && self.forks_made < MAX_ALIAS_FORKS
        {
            // said through the formals (`DriverObject->DeviceObject`), the fact no longer
            // names the static object the callee's own callees reach (through
            // `__slamrs_driver_object.DeviceObject`): carry the static form in as well
            self.forks_made += 1;
            self.forks.push(Fork {
                phi: phi_in.clone(),
                func: g,
                step: ret + 1,
                depth: depth + 1,
            });
        }
        Over::Into(inside, g)
    }

    /// `phi` relates the caller's own variables, which the callee `g` cannot see, to
    /// static-storage scalars `g` may change (`outer == saved` over a call that may set
    /// `saved`). What the caller needs from `g` is its frame condition: for each such `x`,
    /// `x == \old(x)` in `g` (the callee leaves `x` as it found it), carried backward
    /// through `g`'s steps on the path. If the path does not write any of them between the
    /// call at step `c` and `g`'s last step `ret`, `phi` holds before the call exactly when
    /// after it, and the caller's walk goes on; otherwise it stops there.
    fn frame(
        &mut self,
        phi: &Expr,
        func: FuncId,
        g: FuncId,
        c: usize,
        ret: usize,
        depth: u32,
    ) -> Over {
        use slamrs_abstraction::analysis::points_to::{AbsLoc, AbsObj};
        if g == func {
            return Over::Stop;
        }
        let modified = self.modref.mod_of(g);
        let mut xs = Vec::new();
        for cell in self.read_cells(phi, func) {
            if !modified.contains(&cell) {
                continue;
            }
            match cell {
                AbsLoc {
                    obj: AbsObj::Var(x),
                    off: 0,
                } if {
                    let var = self.prog.var(x);
                    var.is_static_storage() && !var.addr_taken && self.prog.types.is_scalar(var.ty)
                } =>
                {
                    xs.push(x)
                }
                _ => return Over::Stop, // memory the callee may write
            }
        }
        if xs.is_empty() {
            return Over::Stop;
        }
        xs.sort();
        xs.dedup();
        for &x in &xs {
            let old = entry_value_var(self.prog, g, x);
            let cond = Expr {
                kind: ExprKind::Binary(
                    BinOp::Eq,
                    Box::new(self.prog.read_var(x)),
                    Box::new(self.prog.read_var(old)),
                ),
                ty: self.prog.types.int(),
            };
            push(self.prog, self.out, g, cond.clone());
            self.carry(cond, g, ret + 1, depth + 1);
        }
        let written = (c + 1..=ret).any(|k| {
            let lhs = match self.path.stmt(self.prog, k) {
                Stmt::Assign { lhs, .. } | Stmt::Havoc { lhs, .. } | Stmt::Alloc { lhs, .. } => {
                    Some(lhs)
                }
                Stmt::Call { lhs, .. } => lhs.as_ref(),
                _ => None,
            };
            matches!(lhs, Some(Lval::Var(v)) if xs.contains(v))
        });
        if written {
            Over::Stop
        } else {
            Over::Skip
        }
    }

    /// The variables of `func`'s frame `e` mentions, other than return-value pseudo
    /// variables (after a call, `\result` is the callee's).
    fn caller_vars(&self, e: &Expr, func: FuncId) -> impl Iterator<Item = VarId> + '_ {
        let mut vs = Vec::new();
        expr_vars(e, &mut vs);
        vs.sort();
        vs.dedup();
        vs.into_iter().filter(move |&v| {
            self.prog.var(v).frame_of() == Some(func) && !is_result_var(self.prog, v)
        })
    }

    fn mentions_frame(&self, e: &Expr, func: FuncId) -> bool {
        let mut vs = Vec::new();
        expr_vars(e, &mut vs);
        vs.iter()
            .any(|&v| self.prog.var(v).frame_of() == Some(func))
    }

    /// `phi` with every caller variable said through the formal it was passed to by
    /// value, all at once: an actual `v` makes `v` the formal `q`, an actual `v + c` (or
    /// `v - c`) makes it `q - c` (`q + c`). Only scalars not in memory qualify (the callee
    /// cannot change them, so the formula holds in the callee wherever the formal keeps its
    /// entry value). `None` if some caller variable is not passed that way.
    fn via_actuals(
        &self,
        phi: &Expr,
        func: FuncId,
        params: &[VarId],
        args: &[Expr],
    ) -> Option<Expr> {
        let phi = &self.actual_addresses(phi, params, args);
        let mut by: HashMap<VarId, Expr> = HashMap::default();
        for v in self.caller_vars(phi, func).collect::<Vec<_>>() {
            let var = self.prog.var(v);
            if var.addr_taken || !self.prog.types.is_scalar(var.ty) {
                return None;
            }
            let e = params
                .iter()
                .zip(args)
                .find_map(|(&q, a)| formal_image(self.prog, v, q, a))?;
            by.insert(v, e);
        }
        Some(map_expr(phi, &mut |x| match &x.kind {
            ExprKind::Read(lv) => match &**lv {
                Lval::Var(v) => by.get(v).cloned(),
                _ => None,
            },
            _ => None,
        }))
    }

    /// `phi` said through the formals after replacing what the caller copied into a local
    /// earlier in its frame by that local: with `ext = DeviceObject->DeviceExtension`
    /// before `KeInsertQueueDpc(&ext->Dpc)`, the fact `slot == &((T *)DeviceObject->
    /// DeviceExtension)->Dpc` is `slot == &ext->Dpc`, which is `slot == Dpc` in the callee.
    /// The copies used become predicates of the caller (`ext == DeviceObject->
    /// DeviceExtension`), so the abstraction can carry the fact from one form to the other.
    /// `None` if the rewritten fact still names caller variables the callee cannot see.
    fn via_local_copies(
        &mut self,
        phi: &Expr,
        func: FuncId,
        c: usize,
        params: &[VarId],
        args: &[Expr],
    ) -> Option<Expr> {
        let mut copies: Vec<(VarId, Expr)> = Vec::new();
        let frame = self.frame_call[c];
        let depth = self.path.steps[c].depth;
        for k in (0..c).rev() {
            let st = &self.path.steps[k];
            if st.depth < depth {
                break;
            }
            if st.depth != depth || self.frame_call[k] != frame {
                continue;
            }
            let Stmt::Assign {
                lhs: Lval::Var(x),
                rhs,
            } = self.path.stmt(self.prog, k)
            else {
                continue;
            };
            let var = self.prog.var(*x);
            if var.addr_taken
                || var.frame_of() != Some(func)
                || !self.prog.types.is_pointer(var.ty)
                || copies.iter().any(|(y, _)| y == x)
                || matches!(strip_pointer_casts(self.prog, rhs).kind, ExprKind::Read(ref l) if matches!(**l, Lval::Var(_)))
            {
                continue;
            }
            copies.push((*x, rhs.clone()));
        }
        let mut used = Vec::new();
        let mut out = phi.clone();
        for (x, e) in &copies {
            let stripped = strip_pointer_casts(self.prog, e).clone();
            let x_read = self.prog.read_var(*x);
            let before = out.clone();
            out = map_expr(&out, &mut |t| {
                (self.prog.types.is_pointer(t.ty) && *strip_pointer_casts(self.prog, t) == stripped)
                    .then(|| converted(&x_read, t.ty))
            });
            if out != before {
                used.push((*x, e.clone()));
            }
        }
        if used.is_empty() {
            return None;
        }
        let inside = self.through_formals(&out, params, args);
        let inside = if self.caller_vars(&inside, func).next().is_some() {
            self.via_actuals(&inside, func, params, args)?
        } else {
            inside
        };
        for (x, e) in used {
            let x_read = self.prog.read_var(x);
            let bridge = eq(self.prog, x_read.clone(), converted(&e, x_read.ty));
            push(self.prog, self.out, func, bridge);
        }
        Some(inside)
    }

    /// `phi` with each address or memory value passed as an argument said through its
    /// formal: `&priv->rx` passed to `void *dev` as `(struct demo_queue *)dev`, and
    /// `priv->rx.irq` passed to `unsigned int irq` as `irq`. The address of a field path
    /// from a variable, or from a pointer variable not in memory, does not change while the
    /// callee runs, so the formal holds it wherever the callee leaves the formal alone; a
    /// value read there, wherever the callee also leaves that memory alone.
    fn actual_addresses(&self, phi: &Expr, params: &[VarId], args: &[Expr]) -> Expr {
        let mut out = phi.clone();
        for (&q, a) in params.iter().zip(args) {
            let q_read = self.prog.read_var(q);
            let pointers = self.prog.types.is_pointer(q_read.ty);
            let a = if pointers {
                strip_pointer_casts(self.prog, a)
            } else {
                strip_casts(a)
            };
            let passed = match &a.kind {
                ExprKind::AddrOf(lv) => pointers && self.fixed_address(lv),
                ExprKind::Read(lv) => {
                    !matches!(**lv, Lval::Var(_))
                        && self.fixed_address(lv)
                        && (a.ty == q_read.ty || pointers && self.prog.types.is_pointer(a.ty))
                }
                _ => false,
            };
            if !passed {
                continue;
            }
            out = map_expr(&out, &mut |x| {
                let same = if pointers {
                    self.prog.types.is_pointer(x.ty) && strip_pointer_casts(self.prog, x) == a
                } else {
                    strip_casts(x) == a
                };
                same.then(|| converted(&q_read, x.ty))
            });
        }
        out
    }

    /// True if the address of `lv` depends on no memory: fields of a variable, or of what
    /// a pointer variable not in memory points to.
    fn fixed_address(&self, lv: &Lval) -> bool {
        match lv {
            Lval::Var(_) => true,
            Lval::Field(b, ..) => self.fixed_address(b),
            Lval::Deref(p) => match &strip_pointer_casts(self.prog, p).kind {
                ExprKind::Read(l) => match &**l {
                    Lval::Var(v) => !self.prog.var(*v).addr_taken,
                    _ => false,
                },
                _ => false,
            },
            Lval::Index(..) => false,
        }
    }

    /// `phi` (over the caller's lvalues) in terms of the callee's formals: memory reached
    /// through an argument `&l` or `p` is reached through the formal instead.
    fn through_formals(&mut self, phi: &Expr, params: &[VarId], args: &[Expr]) -> Expr {
        let mut out = phi.clone();
        for (&q, a) in params.iter().zip(args) {
            let qty = self.prog.var(q).ty;
            let Some(pointee) = self.prog.types.pointee(qty) else {
                continue;
            };
            let q_read = Expr {
                kind: ExprKind::Read(Box::new(Lval::Var(q))),
                ty: qty,
            };
            match &strip_pointer_casts(self.prog, a).kind {
                ExprKind::AddrOf(l) => {
                    let lty = self.prog.lval_ty(l);
                    // `&Irp->CancelRoutine` passed as a `void **`: `*(PDRIVER_CANCEL *)Target`
                    let via_q = if lty == pointee {
                        Lval::Deref(Box::new(q_read.clone()))
                    } else if same_kind(self.prog, lty, pointee) {
                        let ty = self.prog.types.pointer(lty);
                        Lval::Deref(Box::new(converted(&q_read, ty)))
                    } else {
                        continue;
                    };
                    out = rebase(&out, l, &via_q);
                    // `&iosb` passed to `IoStatusBlock`: the formal
                    out = map_expr(&out, &mut |x| match &x.kind {
                        ExprKind::AddrOf(m) if **m == **l => Some(converted(&q_read, x.ty)),
                        _ => None,
                    });
                }
                _ if matches!(strip_casts(a).kind, ExprKind::Read(_)) => {
                    let via_a = Lval::Deref(Box::new(strip_casts(a).clone()));
                    out = rebase(&out, &via_a, &Lval::Deref(Box::new(q_read)));
                }
                _ => {}
            }
        }
        out
    }

    /// `phi` with reads of a caller variable `d` that a pointer argument `p` may point to
    /// rewritten as reads through `p`; adds the predicate `p == &d`.
    fn via_pointer_args(&mut self, phi: &Expr, func: FuncId, args: &[Expr]) -> Option<Expr> {
        let mut out = phi.clone();
        let mut changed = false;
        for a in args {
            let a = strip_casts(a);
            let ExprKind::Read(pl) = &a.kind else {
                continue;
            };
            let Some(pointee) = self.prog.types.pointee(a.ty) else {
                continue;
            };
            let mut vs = Vec::new();
            expr_vars(&out, &mut vs);
            for d in vs {
                let var = self.prog.var(d);
                if var.frame_of() != Some(func) || !var.addr_taken || var.ty != pointee {
                    continue;
                }
                let target = Lval::Var(d);
                if !self
                    .pt
                    .may_alias(self.prog, func, &Lval::Deref(Box::new(a.clone())), &target)
                {
                    continue;
                }
                let through = Lval::Deref(Box::new(a.clone()));
                let next = rebase(&out, &target, &through);
                if next != out {
                    let addr = Expr {
                        kind: ExprKind::AddrOf(Box::new(target)),
                        ty: a.ty,
                    };
                    let eq = Expr {
                        kind: ExprKind::Binary(BinOp::Eq, Box::new(a.clone()), Box::new(addr)),
                        ty: phi.ty,
                    };
                    let _ = pl;
                    push(self.prog, self.out, func, eq);
                    out = next;
                    changed = true;
                }
            }
        }
        changed.then_some(out)
    }

    fn read_cells(
        &self,
        phi: &Expr,
        func: FuncId,
    ) -> BTreeSet<slamrs_abstraction::analysis::points_to::AbsLoc> {
        let mut lvs = Vec::new();
        read_lvals(phi, &mut lvs);
        let mut out = BTreeSet::new();
        for lv in lvs {
            out.extend(self.pt.lval_cells(self.prog, func, &lv));
        }
        out
    }
}

enum Over {
    /// The call cannot change `phi`.
    Skip,
    /// Continue inside the callee with this formula.
    Into(Expr, FuncId),
    /// `phi` cannot be carried further.
    Stop,
}

/// The caller variable `v` in terms of formal `q` when the actual `a` passed to `q` is
/// `v`, `v + c` or `v - c` (of `v`'s type), or a pointer `v` passed to a pointer formal of
/// another type (`priv` as the `void *dev` of `request_irq`: `(struct priv *)dev`; a
/// pointer conversion keeps the address).
fn formal_image(prog: &Program, v: VarId, q: VarId, a: &Expr) -> Option<Expr> {
    let ty = prog.var(v).ty;
    let qty = prog.var(q).ty;
    if qty != ty {
        let pointers = prog.types.is_pointer(ty) && prog.types.is_pointer(qty);
        let a = strip_pointer_casts(prog, a);
        if !pointers || !matches!(&a.kind, ExprKind::Read(l) if **l == Lval::Var(v)) {
            return None;
        }
        return Some(converted(&prog.read_var(q), ty));
    }
    let q_read = Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(q))),
        ty,
    };
    let is_v = |e: &Expr| matches!(&strip_casts(e).kind, ExprKind::Read(l) if **l == Lval::Var(v));
    let a = strip_casts(a);
    if is_v(a) {
        return Some(q_read);
    }
    let ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), x, c) = &a.kind else {
        return None;
    };
    if !matches!(c.kind, ExprKind::Int(_)) || !is_v(x) {
        return None;
    }
    let inverse = if *op == BinOp::Add {
        BinOp::Sub
    } else {
        BinOp::Add
    };
    Some(Expr {
        kind: ExprKind::Binary(inverse, Box::new(q_read), c.clone()),
        ty,
    })
}

/// What two accesses are under the field path they share (`p->f.g` and `q->f.g`: `*p`
/// and `*q`).
fn under_common_fields<'a>(a: &'a Lval, b: &'a Lval) -> (&'a Lval, &'a Lval) {
    match (a, b) {
        (Lval::Field(x, s, i), Lval::Field(y, t, k)) if s == t && i == k => {
            under_common_fields(x, y)
        }
        _ => (a, b),
    }
}

/// The pointers two accesses of the same field path go through (`p->f`, `q->f`: `p`, `q`).
fn alias_pointers(a: &Lval, b: &Lval) -> Option<(Expr, Expr)> {
    match under_common_fields(a, b) {
        (Lval::Deref(p), Lval::Deref(q)) => Some(((**p).clone(), (**q).clone())),
        _ => None,
    }
}

/// `&a == &b` as a predicate, said through the pointers the two accesses go through
/// (`p->f` and `q->f`: `p == q`); `None` for accesses of other shapes.
fn same_address(prog: &mut Program, a: &Lval, b: &Lval) -> Option<Expr> {
    match under_common_fields(a, b) {
        (Lval::Deref(p), Lval::Deref(q)) => {
            let q = if q.ty == p.ty {
                (**q).clone()
            } else {
                Expr {
                    kind: ExprKind::Cast(q.clone()),
                    ty: p.ty,
                }
            };
            Some(eq(prog, (**p).clone(), q))
        }
        (Lval::Deref(p), other) | (other, Lval::Deref(p))
            if matches!(other, Lval::Var(_) | Lval::Field(..)) =>
        {
            if prog.types.pointee(p.ty) != Some(prog.lval_ty(other)) {
                return None;
            }
            let addr = Expr {
                kind: ExprKind::AddrOf(Box::new(other.clone())),
                ty: p.ty,
            };
            Some(eq(prog, (**p).clone(), addr))
        }
        _ => None,
    }
}

/// True if a value written as `a` is read back unchanged as `b`: the same type, or two
/// pointer types (`InterlockedExchangePointer` writes `Irp->CancelRoutine` as a `void *`).
fn same_kind(
    prog: &Program,
    a: slamrs_abstraction::cir::Ty,
    b: slamrs_abstraction::cir::Ty,
) -> bool {
    a == b || prog.types.is_pointer(a) && prog.types.is_pointer(b)
}

/// `e` as a value of type `ty` (a pointer conversion where the types differ).
fn converted(e: &Expr, ty: slamrs_abstraction::cir::Ty) -> Expr {
    if e.ty == ty {
        e.clone()
    } else {
        Expr {
            kind: ExprKind::Cast(Box::new(e.clone())),
            ty,
        }
    }
}

/// `a == b`.
fn eq(prog: &mut Program, a: Expr, b: Expr) -> Expr {
    Expr {
        kind: ExprKind::Binary(BinOp::Eq, Box::new(a), Box::new(b)),
        ty: prog.types.int(),
    }
}

/// True if `lv` is a variable or a chain of fields of one.
fn named_root(lv: &Lval) -> bool {
    match lv {
        Lval::Var(_) => true,
        Lval::Field(b, ..) => named_root(b),
        _ => false,
    }
}

/// `WP(lhs = rhs, phi)`: reads of `lhs` (or of parts of it, for aggregates) become `rhs`.
fn assign_wp(phi: &Expr, lhs: &Lval, rhs: &Expr) -> Expr {
    match &rhs.kind {
        ExprKind::Read(src) => rebase(phi, lhs, src),
        _ => replace_lval(phi, lhs, rhs),
    }
}

/// Reads of `lhs` become `by`.
fn replace_lval(e: &Expr, target: &Lval, by: &Expr) -> Expr {
    map_expr(e, &mut |x| match &x.kind {
        ExprKind::Read(lv) if **lv == *target => Some(by.clone()),
        _ => None,
    })
}

/// Reads of `dst` or of parts of it (`dst.f`, `dst[i]`) become reads of `src` (parts).
fn rebase(e: &Expr, dst: &Lval, src: &Lval) -> Expr {
    map_expr(e, &mut |x| match &x.kind {
        ExprKind::Read(lv) => rebase_lval(lv, dst, src).map(|nl| Expr {
            kind: ExprKind::Read(Box::new(nl)),
            ty: x.ty,
        }),
        _ => None,
    })
}

fn rebase_lval(lv: &Lval, dst: &Lval, src: &Lval) -> Option<Lval> {
    if lv == dst {
        return Some(src.clone());
    }
    match lv {
        Lval::Field(b, s, i) => {
            rebase_lval(b, dst, src).map(|nb| Lval::Field(Box::new(nb), *s, *i))
        }
        Lval::Index(b, ix) => {
            rebase_lval(b, dst, src).map(|nb| Lval::Index(Box::new(nb), ix.clone()))
        }
        _ => None,
    }
}

/// Rebuilds `e` top-down; `f` may replace a subexpression (not descended into then).
fn map_expr(e: &Expr, f: &mut impl FnMut(&Expr) -> Option<Expr>) -> Expr {
    if let Some(r) = f(e) {
        return r;
    }
    let kind = match &e.kind {
        ExprKind::Read(lv) => ExprKind::Read(Box::new(map_lval(lv, f))),
        ExprKind::AddrOf(lv) => ExprKind::AddrOf(Box::new(map_lval(lv, f))),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(map_expr(a, f))),
        ExprKind::Binary(op, a, b) => {
            ExprKind::Binary(*op, Box::new(map_expr(a, f)), Box::new(map_expr(b, f)))
        }
        ExprKind::Cast(a) => ExprKind::Cast(Box::new(map_expr(a, f))),
        other => other.clone(),
    };
    Expr { kind, ty: e.ty }
}

fn map_lval(lv: &Lval, f: &mut impl FnMut(&Expr) -> Option<Expr>) -> Lval {
    match lv {
        Lval::Var(v) => Lval::Var(*v),
        Lval::Deref(e) => Lval::Deref(Box::new(map_expr(e, f))),
        Lval::Field(b, s, i) => Lval::Field(Box::new(map_lval(b, f)), *s, *i),
        Lval::Index(b, i) => Lval::Index(Box::new(map_lval(b, f)), Box::new(map_expr(i, f))),
    }
}

/// `e` without conversions between pointer types.
fn strip_pointer_casts<'e>(prog: &Program, mut e: &'e Expr) -> &'e Expr {
    while let ExprKind::Cast(inner) = &e.kind {
        if !(prog.types.is_pointer(e.ty) && prog.types.is_pointer(inner.ty)) {
            break;
        }
        e = inner;
    }
    e
}

/// `e` without pointer casts.
fn strip_casts(e: &Expr) -> &Expr {
    match &e.kind {
        ExprKind::Cast(inner) if inner.ty == e.ty => strip_casts(inner),
        _ => e,
    }
}

/// `e` with `*&l` as `l` and chains of pointer conversions as one (`(T *)(void *)p` is
/// `p` when `p` is a `T *`): pointer conversions do not change the address, and one form
/// per fact keeps the predicate set small.
fn tidy(prog: &Program, e: &Expr) -> Expr {
    fn go(prog: &Program, e: &Expr) -> Expr {
        map_expr(e, &mut |x| match &x.kind {
            ExprKind::Cast(_) if prog.types.is_pointer(x.ty) => {
                let mut inner = x;
                while let ExprKind::Cast(i) = &inner.kind {
                    if !prog.types.is_pointer(i.ty) {
                        break;
                    }
                    inner = i;
                }
                if std::ptr::eq(inner, x) {
                    return None;
                }
                let inner = go(prog, inner);
                Some(if inner.ty == x.ty {
                    inner
                } else {
                    Expr {
                        kind: ExprKind::Cast(Box::new(inner)),
                        ty: x.ty,
                    }
                })
            }
            _ => None,
        })
    }
    simplify(&go(prog, &simplify(e)))
}

/// `*&l` is `l`.
fn simplify(e: &Expr) -> Expr {
    map_expr(e, &mut |x| match &x.kind {
        ExprKind::Read(lv) => {
            let s = simplify_lval(lv);
            (s != **lv).then(|| Expr {
                kind: ExprKind::Read(Box::new(s)),
                ty: x.ty,
            })
        }
        _ => None,
    })
}

fn simplify_lval(lv: &Lval) -> Lval {
    match lv {
        Lval::Deref(e) => match &e.kind {
            ExprKind::AddrOf(inner) => simplify_lval(inner),
            _ => Lval::Deref(Box::new(simplify(e))),
        },
        Lval::Field(b, s, i) => Lval::Field(Box::new(simplify_lval(b)), *s, *i),
        Lval::Index(b, i) => Lval::Index(Box::new(simplify_lval(b)), Box::new(simplify(i))),
        Lval::Var(v) => Lval::Var(*v),
    }
}

/// Every lvalue `e` reads.
fn read_lvals(e: &Expr, out: &mut Vec<Lval>) {
    match &e.kind {
        ExprKind::Read(lv) => {
            out.push((**lv).clone());
            lval_subexprs(lv, out);
        }
        ExprKind::AddrOf(lv) => lval_subexprs(lv, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => read_lvals(a, out),
        ExprKind::Binary(_, a, b) => {
            read_lvals(a, out);
            read_lvals(b, out);
        }
        _ => {}
    }
}

fn lval_subexprs(lv: &Lval, out: &mut Vec<Lval>) {
    match lv {
        Lval::Var(_) => {}
        Lval::Deref(e) => read_lvals(e, out),
        Lval::Field(b, ..) => lval_subexprs(b, out),
        Lval::Index(b, i) => {
            lval_subexprs(b, out);
            read_lvals(i, out);
        }
    }
}

/// True if `e` reads `lv` or a part of it, or (for a variable) mentions it at all.
fn reads_lval(e: &Expr, lv: &Lval) -> bool {
    if let Lval::Var(v) = lv {
        let mut vs: Vec<VarId> = Vec::new();
        expr_vars(e, &mut vs);
        return vs.contains(v);
    }
    let mut lvs = Vec::new();
    read_lvals(e, &mut lvs);
    lvs.iter()
        .any(|r| r == lv || rebase_lval(r, lv, lv).is_some())
}

#[cfg(test)]
mod tests {
    use super::{discover, normalize};
    use crate::path::{walk, CirPath};
    use slamrs_abstraction::analysis::Analyses;
    use slamrs_abstraction::c2bp::parse_predicates;
    use slamrs_abstraction::cir::{print, Stmt};
    use slamrs_abstraction::cir::{Expr, ExprKind, FuncId, Program};

    /// The test of `main` that fails on `path`: its last assume before the error (`None`
    /// if the path does not end at an error).
    fn failing_test(prog: &Program, path: &CirPath, main: FuncId) -> Option<usize> {
        let last = path.steps.len().checked_sub(1)?;
        if !matches!(path.stmt(prog, last), Stmt::Error) {
            return None;
        }
        (0..last)
            .rev()
            .find(|&k| path.steps[k].func == main && matches!(path.stmt(prog, k), Stmt::Assume(_)))
    }

    /// The predicates discovery finds for `f` from the test at step `k`, printed.
    fn discovered_in(prog: &Program, path: &CirPath, k: usize, f: FuncId) -> Vec<String> {
        let mut prog = prog.clone();
        let analyses = Analyses::compute(&prog);
        let found = discover(&mut prog, &analyses.pt, &analyses.modref, path, &[k]);
        found
            .iter()
            .filter(|(g, _)| *g == Some(f))
            .map(|(_, e)| print::expr(&prog, e))
            .collect()
    }

    /// The first of `choices` on which `main`'s walk ends at an error, and its failing test.
    fn error_path(prog: &Program, main: FuncId, choices: &[&[usize]]) -> (CirPath, usize) {
        choices
            .iter()
            .map(|c| walk(prog, main, c))
            .find_map(|p| failing_test(prog, &p, main).map(|k| (p, k)))
            .expect("a path to the error")
    }
    use slamrs_abstraction::frontend::{load_text, LoadOptions};

    /// A write through `q` that may hit the cell a later test reads through `p`: the
    /// weakest precondition splits on the two addresses, so discovery adds their equality
    /// and which static object each pointer holds, besides the read's own fact.
    #[test]
    fn a_write_that_may_alias_a_read_forks_on_the_addresses() {
        let src = r#"
            extern int __VERIFIER_nondet_int(void);
            extern void reach_error(void);
            struct cell { int v; };
            struct cell a, b;
            int main(void) {
                struct cell *p = &a;
                struct cell *q = &b;
                if (__VERIFIER_nondet_int())
                    q = &a;
                p->v = 0;
                q->v = 1;
                if (p->v == 1)
                    reach_error();
                return 0;
            }"#;
        let mut prog = load_text("alias.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        // q stays &b, so the write misses a and the test `p->v == 1` fails: infeasible
        let path = walk(&prog, main, &[0, 0]);
        let core: Vec<usize> = (0..path.steps.len())
            .filter(|&k| {
                matches!(path.stmt(&prog, k), Stmt::Assume(c)
                    if print::expr(&prog, c).contains("v == 1"))
            })
            .collect();
        assert_eq!(core.len(), 1, "one test of p->v on the path");
        let analyses = Analyses::compute(&prog);
        let found = discover(&mut prog, &analyses.pt, &analyses.modref, &path, &core);
        let shown: Vec<String> = found.iter().map(|(_, e)| print::expr(&prog, e)).collect();
        for want in ["p == q", "q == &a"] {
            assert!(
                shown.iter().any(|s| s == want),
                "`{want}` is discovered: {shown:?}"
            );
        }
    }

    /// A caller's fact about an address and a value it passed (`&p->rx`, `p->rx.irq`) to
    /// a callee that stores them in globals is said, inside the callee, through the
    /// formals (`dev == slot_dev`, `irq == slot_no`): the callee's assignment establishes
    /// it. Without that, the caller can only ask the callee to leave the globals alone
    /// (`slot_dev == \old(slot_dev)`), which the assignment breaks.
    #[test]
    fn passed_addresses_and_values_are_said_through_the_formals() {
        let src = r#"
            extern void reach_error(void);
            struct queue { int lock; unsigned int irq; };
            struct priv { struct queue rx; struct queue tx; };
            static struct priv the_priv;
            void *slot_dev;
            unsigned int slot_no;
            void request(unsigned int irq, void *dev) { slot_no = irq; slot_dev = dev; }
            int main(void) {
                struct priv *p = &the_priv;
                p->rx.irq = 40;
                request(p->rx.irq, &p->rx);
                if (slot_no != p->rx.irq)
                    reach_error();
                if (slot_dev != (void *)&p->rx)
                    reach_error();
                return 0;
            }"#;
        let prog = load_text("formals.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let request = prog.func_by_name("request").expect("request");
        let mut checked = Vec::new();
        for choices in [[0usize, 0], [0, 1], [1, 0], [1, 1]] {
            let path = walk(&prog, main, &choices);
            let Some(k) = failing_test(&prog, &path, main) else {
                continue;
            };
            let Stmt::Assume(c) = path.stmt(&prog, k) else {
                unreachable!()
            };
            let want = if print::expr(&prog, c).contains("slot_no") {
                ["irq == slot_no", "slot_no == irq"]
            } else {
                ["dev == slot_dev", "slot_dev == dev"]
            };
            let in_request = discovered_in(&prog, &path, k, request);
            assert!(
                in_request.iter().any(|s| want.contains(&s.as_str())),
                "`{}` is a predicate of request: {in_request:?}",
                want[0]
            );
            checked.push(want[0]);
        }
        checked.sort();
        checked.dedup();
        assert_eq!(checked, ["dev == slot_dev", "irq == slot_no"]);
    }

    /// A fact the caller states through memory it copied into a local (`o->ext`, copied
    /// into `e`) reaches a callee given an address under that local (`&e->d`): the fact
    /// is said through the callee's formal (`slot == d`), and the copy becomes a predicate
    /// of the caller (`e == o->ext`). Without the copy the callee only gets its frame
    /// condition, which its assignment to `slot` breaks.
    #[test]
    fn a_local_copy_lets_a_fact_reach_the_callee_through_its_formal() {
        let src = r#"
            extern void reach_error(void);
            struct dpc { void *ctx; };
            struct ext { int lock; struct dpc d; };
            struct dev { void *ext; };
            static struct ext the_ext;
            static struct dev the_dev;
            struct dpc *slot;
            void queue(struct dpc *d) { slot = d; }
            void dispatch(struct dev *o) {
                struct ext *e = o->ext;
                queue(&e->d);
            }
            int main(void) {
                the_dev.ext = &the_ext;
                dispatch(&the_dev);
                if (slot != &((struct ext *)the_dev.ext)->d)
                    reach_error();
                return 0;
            }"#;
        let prog = load_text("copies.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let queue = prog.func_by_name("queue").expect("queue");
        let dispatch = prog.func_by_name("dispatch").expect("dispatch");
        let (path, k) = error_path(&prog, main, &[&[0], &[1]]);
        let in_queue = discovered_in(&prog, &path, k, queue);
        assert!(
            in_queue
                .iter()
                .any(|s| s == "slot == d" || s == "d == slot"),
            "`slot == d` is a predicate of queue: {in_queue:?}"
        );
        let in_dispatch = discovered_in(&prog, &path, k, dispatch);
        assert!(
            in_dispatch
                .iter()
                .any(|s| s.starts_with("e == ") && s.contains("o->ext")),
            "the copy `e == o->ext` is a predicate of dispatch: {in_dispatch:?}"
        );
    }

    /// A fact over the caller's own memory (`k.ctx == w`, `w` a local the callee cannot
    /// see) that a callee writes through its formal cannot be said inside it; the callee's
    /// write becomes its fact instead (`d->ctx == g`), which c2bp returns to the caller.
    #[test]
    fn a_callee_write_the_caller_depends_on_becomes_its_fact() {
        let src = r#"
            extern void reach_error(void);
            extern void *__VERIFIER_nondet_pointer(void);
            struct dpc { void *ctx; };
            void *g;
            void init(struct dpc *d) { d->ctx = g; }
            int main(void) {
                struct dpc k;
                void *w = __VERIFIER_nondet_pointer();
                g = w;
                init(&k);
                if (k.ctx != w)
                    reach_error();
                return 0;
            }"#;
        let prog = load_text("writes.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let init = prog.func_by_name("init").expect("init");
        let (path, k) = error_path(&prog, main, &[&[0], &[1]]);
        let in_init = discovered_in(&prog, &path, k, init);
        assert!(
            in_init
                .iter()
                .any(|s| s == "d->ctx == g" || s == "g == d->ctx"),
            "`d->ctx == g` is a predicate of init: {in_init:?}"
        );
    }

    /// Memory of the caller that a callee reaches through a pointer argument (`d.x`, with
    /// `&d` passed to `p`) is said through the formal inside the callee (`p->x == 5`).
    #[test]
    fn caller_memory_is_said_through_a_pointer_formal() {
        let src = r#"
            extern void reach_error(void);
            struct s { int x; int y; };
            void set(struct s *p) { p->x = 5; }
            int main(void) {
                struct s d;
                d.x = 0;
                set(&d);
                if (d.x != 5)
                    reach_error();
                return 0;
            }"#;
        let prog = load_text("through.c", src.into(), &LoadOptions::default()).expect("loads");
        let main = prog.func_by_name("main").expect("main");
        let set = prog.func_by_name("set").expect("set");
        let (path, k) = error_path(&prog, main, &[&[0], &[1]]);
        let in_set = discovered_in(&prog, &path, k, set);
        assert!(
            in_set.iter().any(|s| s == "p->x == 5"),
            "`p->x == 5` is a predicate of set: {in_set:?}"
        );
    }

    #[test]
    fn predicates_are_canonical() {
        let src = "int main() { int s = 0; int t = 1; unsigned int u = 2; return s + t + u; }";
        let mut prog = load_text("t.c", src.into(), &LoadOptions::default()).expect("loads");
        let text = "main: 8496 == s\nmain: s != t\nmain: 3 < s\nmain: s >= 2\nmain: 1 == 2\n\
                    main: 23 < u\n";
        let preds = parse_predicates(&mut prog, text).expect("parses");
        let mut exprs: Vec<Expr> = preds.preds.iter().map(|p| p.expr.clone()).collect();
        // `(unsigned int)23 < u`: a constant under a conversion is a constant too
        if let Some(ExprKind::Binary(_, a, b)) = exprs.last_mut().map(|e| &mut e.kind) {
            let ty = b.ty;
            let k = std::mem::replace(&mut **a, (**b).clone());
            **a = Expr {
                kind: ExprKind::Cast(Box::new(k)),
                ty,
            };
        }
        let canon: Vec<String> = exprs
            .into_iter()
            .map(|e| print::expr(&prog, &normalize(e)))
            .collect();
        assert_eq!(
            canon,
            [
                "s == 8496",
                "s == t",
                "s > 3",
                "s >= 2",
                "1 == 2",
                "u > (unsigned int)23"
            ]
        );
    }
}
