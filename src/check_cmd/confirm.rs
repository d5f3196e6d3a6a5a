//! What a counterexample the interpreter replayed still needs before it is reported.

use rustc_hash::FxHashSet as HashSet;
use slamrs_abstraction::cir::{
    Callee, Expr, ExprKind, HavocKind, Lval, Opaque, Program, Stmt, VarId,
};
use slamrs_abstraction::interp::Choice;
use slamrs_refinement::Counterexample;

use crate::reason::{Reason, ReasonKind};

/// Why a run the interpreter alone replayed is not a confirmed violation: it took a
/// variadic argument CIR leaves arbitrary although the caller determines it
/// ([`Opaque::VaArg`]), and the path may depend on it. Only the compiled program computes
/// those values, so without native replay such a violation may not exist. A run whose path
/// no opaque value can change ([`depends_on_opaque`]) stands. Inline-assembly outputs
/// ([`Opaque::Asm`]) are not held to this yet: the kernel headers' intrinsics (`__readcr8`
/// under `KeRaiseIrql`) store theirs through pointers, and the taint here, which spreads a
/// store through memory to all of memory, would give up on every driver that uses them.
pub(crate) fn opaque_dependence(prog: &Program, cex: &Counterexample) -> Option<Reason> {
    let (what, loc) = cex.choices.iter().find_map(|c| match c {
        Choice::Opaque {
            what: what @ Opaque::VaArg,
            loc,
            ..
        } => Some((*what, *loc)),
        _ => None,
    })?;
    depends_on_opaque(prog, cex).then(|| {
        Reason::new(
            ReasonKind::Unconfirmed,
            format!(
                "the counterexample's path depends on {what} at {}, which slamrs takes as arbitrary and only the compiled program computes; it is not replayed natively here",
                prog.loc_string(loc)
            ),
        )
    })
}

/// Whether another value of an opaque choice could change the run's path: a forward
/// taint over the run's statements from the opaque havocs, through assignments, calls and
/// returns; a store of a tainted value through memory taints all memory (and the variables
/// whose address is taken). The path depends on them when a branch condition, an indirect
/// callee or an address it writes or reads through is tainted. Conservative: `false` only
/// when no opaque value reaches any of those.
fn depends_on_opaque(prog: &Program, cex: &Counterexample) -> bool {
    let mut t = Taint {
        prog,
        vars: HashSet::default(),
        memory: false,
    };
    // per active call of a defined function: its result's target
    let mut calls: Vec<Option<Lval>> = Vec::new();
    for (k, step) in cex.steps.iter().enumerate() {
        let Some(body) = &prog.func(step.func).body else {
            continue;
        };
        let stmt = &body.node(step.node).edges[step.edge].stmt;
        let callee_frame = cex
            .steps
            .get(k + 1)
            .filter(|n| n.depth > step.depth)
            .map(|n| n.func);
        match stmt {
            Stmt::Havoc { lhs, why } => {
                if t.address_tainted(lhs) {
                    return true;
                }
                t.set(lhs, matches!(why, HavocKind::Opaque(_)));
            }
            Stmt::Assign { lhs, rhs } | Stmt::Alloc { lhs, size: rhs, .. } => {
                if t.address_tainted(lhs) {
                    return true;
                }
                let v = t.reads(rhs);
                t.set(lhs, v);
            }
            Stmt::Assume(c) => {
                if t.reads(c) {
                    return true;
                }
            }
            Stmt::Call { lhs, callee, args } => {
                if matches!(callee, Callee::Indirect(e) if t.reads(e)) {
                    return true;
                }
                if lhs.as_ref().is_some_and(|l| t.address_tainted(l)) {
                    return true;
                }
                let tainted: Vec<bool> = args.iter().map(|a| t.reads(a)).collect();
                match callee_frame {
                    Some(g) => {
                        for (p, &v) in prog.func(g).params.iter().zip(&tainted) {
                            t.set(&Lval::Var(*p), v);
                        }
                        calls.push(lhs.clone());
                    }
                    None => {
                        // a library function: its result from its arguments, and what it may
                        // write through them
                        let any = tainted.iter().any(|&v| v);
                        if any {
                            t.memory = true;
                        }
                        if let Some(l) = lhs {
                            t.set(l, any);
                        }
                    }
                }
            }
            Stmt::Return(e) => {
                let v = e.as_ref().is_some_and(|e| t.reads(e));
                if let Some(Some(l)) = calls.pop() {
                    t.set(&l, v);
                }
            }
            Stmt::Skip | Stmt::Error | Stmt::Halt { .. } => {}
        }
    }
    false
}

/// The values an opaque choice may have reached.
struct Taint<'p> {
    prog: &'p Program,
    vars: HashSet<VarId>,
    memory: bool,
}

impl Taint<'_> {
    fn in_memory(&self, v: VarId) -> bool {
        self.prog.var(v).addr_taken
    }

    /// `lhs` now holds a tainted value (`v`) or an untainted one.
    fn set(&mut self, lhs: &Lval, v: bool) {
        match lhs {
            Lval::Var(x) if !self.in_memory(*x) => {
                if v {
                    self.vars.insert(*x);
                } else {
                    self.vars.remove(x);
                }
            }
            _ => self.memory |= v,
        }
    }

    /// The expression reads a tainted value.
    fn reads(&self, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Read(lv) => self.lval_tainted(lv),
            ExprKind::AddrOf(lv) => self.address_tainted(lv),
            ExprKind::Unary(_, a) | ExprKind::Cast(a) => self.reads(a),
            ExprKind::Binary(_, a, b) => self.reads(a) || self.reads(b),
            ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => false,
        }
    }

    /// The value stored in `lv` may be tainted.
    fn lval_tainted(&self, lv: &Lval) -> bool {
        match lv {
            Lval::Var(x) if !self.in_memory(*x) => self.vars.contains(x),
            Lval::Var(_) => self.memory,
            _ => self.memory || self.address_tainted(lv),
        }
    }

    /// Where `lv` is depends on a tainted value.
    fn address_tainted(&self, lv: &Lval) -> bool {
        match lv {
            Lval::Var(_) => false,
            Lval::Deref(p) => self.reads(p),
            Lval::Field(b, ..) => self.address_tainted(b),
            Lval::Index(b, i) => self.address_tainted(b) || self.reads(i),
        }
    }
}
