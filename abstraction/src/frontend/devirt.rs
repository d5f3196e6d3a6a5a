//! Calls through function pointers that may reach functions without a body.
//!
//! Lowering turns a direct call of an environment function (`reach_error`, `malloc`,
//! `exit`, `__VERIFIER_nondet_int`, ...) into the statement that models it; a call through a
//! pointer cannot be, so an error function or an allocator called through a pointer would
//! otherwise be an ordinary unknown call. Here each such call is split by its possible
//! targets (from the points-to analysis): `assume(fp == &g)` followed by what a direct call
//! of `g` is — the model's statement for an environment function, a direct call otherwise.
//! Calls whose targets all have bodies are left alone (the analyses resolve them).

use crate::analysis::points_to::PointsTo;
use crate::cir::env::{classify, EnvFn};
use crate::cir::{
    AllocId, AllocSite, BinOp, Callee, Edge, Expr, ExprKind, FuncId, HavocKind, Loc, Lval, Node,
    NodeId, Program, Stmt, Ty, Var, VarId, VarKind,
};

/// Splits the indirect calls of `prog` that may reach bodiless functions.
pub fn resolve_indirect_calls(prog: &mut Program) {
    let has_indirect = prog.functions.iter().any(|f| {
        f.body.as_ref().is_some_and(|b| {
            b.edges().any(|(_, e)| {
                matches!(
                    e.stmt,
                    Stmt::Call {
                        callee: Callee::Indirect(_),
                        ..
                    }
                )
            })
        })
    });
    if !has_indirect {
        return;
    }
    let pt = PointsTo::compute(prog);
    let funcs: Vec<FuncId> = prog.func_ids().collect();
    for f in funcs {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        let mut sites = Vec::new();
        for (n, node) in body.nodes.iter().enumerate() {
            for (k, e) in node.edges.iter().enumerate() {
                if let Stmt::Call {
                    callee: c @ Callee::Indirect(_),
                    ..
                } = &e.stmt
                {
                    let targets = pt.call_targets(prog, f, c);
                    if !targets.is_empty()
                        && targets.iter().any(|&g| prog.func(g).body.is_none())
                        && targets.iter().all(|&g| compatible(prog, &e.stmt, g))
                    {
                        sites.push((NodeId(n as u32), k, targets));
                    }
                }
            }
        }
        // later edges first, so that the indices of earlier ones stay valid
        for (n, k, targets) in sites.into_iter().rev() {
            split(prog, f, n, k, &targets);
        }
    }
}

/// A direct call of `g` with the call's arguments and result is well typed.
fn compatible(prog: &Program, stmt: &Stmt, g: FuncId) -> bool {
    let Stmt::Call { lhs, args, .. } = stmt else {
        return false;
    };
    let Some(sig) = prog.types.fn_sig(prog.func(g).ty) else {
        return false;
    };
    if prog.func(g).body.is_none()
        && !matches!(
            classify(&prog.func(g).name),
            EnvFn::Known(_) | EnvFn::Unknown
        )
    {
        // modelled by a statement of its own
        return true;
    }
    if sig.prototyped {
        let n_ok = if sig.variadic {
            args.len() >= sig.params.len()
        } else {
            args.len() == sig.params.len()
        };
        if !n_ok || args.iter().zip(&sig.params).any(|(a, p)| a.ty != *p) {
            return false;
        }
    }
    match lhs {
        Some(l) => prog.lval_ty(l) == sig.ret,
        None => true,
    }
}

fn new_temp(prog: &mut Program, f: FuncId, ty: Ty, loc: Loc) -> VarId {
    let v = VarId(prog.vars.len() as u32);
    let n = prog.functions[f.0 as usize].locals.len();
    prog.vars.push(Var {
        name: format!("tmp.fp{n}"),
        ty,
        kind: VarKind::Temp(f),
        loc,
        addr_taken: false,
    });
    prog.functions[f.0 as usize].locals.push(v);
    v
}

/// Replaces edge `k` of node `n` of `f` by one branch per target.
fn split(prog: &mut Program, f: FuncId, n: NodeId, k: usize, targets: &[FuncId]) {
    let body = prog.functions[f.0 as usize]
        .body
        .as_ref()
        .expect("has a body");
    let edge = body.nodes[n.0 as usize].edges[k].clone();
    let halt = body.halt;
    let Stmt::Call {
        lhs,
        callee: Callee::Indirect(fp),
        args,
    } = edge.stmt.clone()
    else {
        return;
    };
    let int = prog.types.int();
    let mut branches: Vec<Edge> = Vec::new();
    let mut new_nodes: Vec<Node> = Vec::new();
    let first_new = body.nodes.len() as u32;
    for &g in targets {
        let gty = prog.types.pointer(prog.func(g).ty);
        let mut addr = Expr {
            kind: ExprKind::Func(g),
            ty: gty,
        };
        if gty != fp.ty {
            addr = Expr {
                kind: ExprKind::Cast(Box::new(addr)),
                ty: fp.ty,
            };
        }
        let cond = Expr {
            kind: ExprKind::Binary(BinOp::Eq, Box::new(fp.clone()), Box::new(addr)),
            ty: int,
        };
        let at = NodeId(first_new + new_nodes.len() as u32);
        branches.push(Edge {
            stmt: Stmt::Assume(cond),
            loc: edge.loc,
            to: at,
        });
        let mut out = Vec::new();
        let mut extra = Vec::new();
        target_edges(
            prog, f, g, &lhs, &args, edge.loc, edge.to, halt, at, &mut out, &mut extra,
        );
        new_nodes.push(Node {
            edges: out,
            labels: Vec::new(),
        });
        for e in extra {
            // nodes `target_edges` needed beyond the first (an `assert` call's failure)
            new_nodes.push(e);
        }
    }
    let body = prog.functions[f.0 as usize]
        .body
        .as_mut()
        .expect("has a body");
    let node = &mut body.nodes[n.0 as usize];
    node.edges.splice(k..=k, branches);
    body.nodes.extend(new_nodes);
}

/// The edges out of `at` that do what a direct call of `g` does, continuing at `to`.
#[allow(clippy::too_many_arguments)]
fn target_edges(
    prog: &mut Program,
    f: FuncId,
    g: FuncId,
    lhs: &Option<Lval>,
    args: &[Expr],
    loc: Loc,
    to: NodeId,
    halt: NodeId,
    at: NodeId,
    out: &mut Vec<Edge>,
    extra: &mut Vec<Node>,
) {
    let int = prog.types.int();
    let func = prog.func(g);
    let name = func.name.clone();
    let has_body = func.body.is_some();
    let ret = prog.types.fn_sig(func.ty).map(|s| s.ret);
    let edge = |stmt, to| Edge { stmt, loc, to };
    let nonzero = |e: &Expr| Expr {
        kind: ExprKind::Binary(
            BinOp::Ne,
            Box::new(e.clone()),
            Box::new(Expr {
                kind: ExprKind::Int(0),
                ty: e.ty,
            }),
        ),
        ty: int,
    };
    let env = if has_body {
        None
    } else {
        Some(classify(&name))
    };
    match env {
        Some(EnvFn::Error) => out.push(edge(Stmt::Error, halt)),
        Some(EnvFn::AssertCall) => match args.first() {
            Some(c) => {
                let fail = NodeId(at.0 + 1);
                let zero = Expr {
                    kind: ExprKind::Binary(
                        BinOp::Eq,
                        Box::new(c.clone()),
                        Box::new(Expr {
                            kind: ExprKind::Int(0),
                            ty: c.ty,
                        }),
                    ),
                    ty: int,
                };
                out.push(edge(Stmt::Assume(nonzero(c)), to));
                out.push(edge(Stmt::Assume(zero), fail));
                extra.push(Node {
                    edges: vec![edge(Stmt::Error, halt)],
                    labels: Vec::new(),
                });
            }
            None => out.push(edge(Stmt::Error, halt)),
        },
        Some(EnvFn::Halt { code_arg }) => {
            let code = code_arg.and_then(|i| args.get(i)).map(|c| {
                if c.ty == int {
                    c.clone()
                } else {
                    Expr {
                        kind: ExprKind::Cast(Box::new(c.clone())),
                        ty: int,
                    }
                }
            });
            out.push(edge(Stmt::Halt { code }, halt));
        }
        Some(EnvFn::Assume) => match args.first() {
            Some(c) => out.push(edge(Stmt::Assume(nonzero(c)), to)),
            None => out.push(edge(Stmt::Skip, to)),
        },
        Some(EnvFn::Nondet) => {
            let lv = match (lhs, ret) {
                (Some(l), _) => Some(l.clone()),
                (None, Some(t)) if prog.types.is_scalar(t) => {
                    Some(Lval::Var(new_temp(prog, f, t, loc)))
                }
                _ => None,
            };
            out.push(match lv {
                Some(lhs) => edge(
                    Stmt::Havoc {
                        lhs,
                        why: HavocKind::Input(name),
                    },
                    to,
                ),
                None => edge(Stmt::Skip, to),
            });
        }
        Some(EnvFn::Alloc {
            size_args,
            may_fail,
            zeroed,
        }) => {
            let st = prog.types.size_t();
            let mut size: Option<Expr> = None;
            for i in size_args {
                let Some(a) = args.get(i) else { continue };
                let a = if a.ty == st {
                    a.clone()
                } else {
                    Expr {
                        kind: ExprKind::Cast(Box::new(a.clone())),
                        ty: st,
                    }
                };
                size = Some(match size {
                    None => a,
                    Some(s) => Expr {
                        kind: ExprKind::Binary(BinOp::Mul, Box::new(s), Box::new(a)),
                        ty: st,
                    },
                });
            }
            let size = size.unwrap_or(Expr {
                kind: ExprKind::Int(0),
                ty: st,
            });
            let site = AllocId(prog.allocs.len() as u32);
            prog.allocs.push(AllocSite {
                func: f,
                loc,
                allocator: name,
                may_fail,
                zeroed,
            });
            let lv = match lhs {
                Some(l) if prog.types.is_pointer(prog.lval_ty(l)) => l.clone(),
                _ => {
                    let void = prog.types.void();
                    let vp = prog.types.pointer(void);
                    let t = ret.filter(|&t| prog.types.is_pointer(t)).unwrap_or(vp);
                    Lval::Var(new_temp(prog, f, t, loc))
                }
            };
            out.push(edge(
                Stmt::Alloc {
                    lhs: lv,
                    site,
                    size,
                },
                to,
            ));
        }
        _ => out.push(edge(
            Stmt::Call {
                lhs: lhs.clone(),
                callee: Callee::Direct(g),
                args: args.to_vec(),
            },
            to,
        )),
    }
}
