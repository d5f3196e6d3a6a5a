//! Attaching a rule's handlers to the program's functions:
//! - a function with a body gets its handlers spliced in: entry handlers before its first
//!   node (after copying the arguments the handlers use), exit handlers before each
//!   `return` (after storing the returned value in `$return`);
//! - a function without a body gets a wrapper `slic_F` (same signature) that runs the entry
//!   handlers, calls it, runs the exit handlers and returns its result; every direct call
//!   and every address of the function elsewhere is redirected to the wrapper;
//! - `$entry` handlers are spliced into the entry function for its first activation only:
//!   if the program calls the entry function itself (or takes its address), those calls go
//!   to an uninstrumented copy.

use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeMap;

use slamrs_abstraction::cir::env::{classify, EnvFn};
use slamrs_abstraction::cir::{
    Body, Callee, Expr, ExprKind, FnSig, FuncId, Function, HavocKind, Lval, NodeId, Program, Stmt,
    Ty, TypeKind, VarId, VarKind,
};

use super::super::ast::{EventFunc, EventKind, Handler, Pos, RExprKind, Rule};
use super::super::RuleError;
use super::emit::{add_edge, new_node, new_var, read_var, Emitter, Frame, Output, RuleCtx};
use super::rewrite::{self, Redirect, Refers, Visitor};

/// The handlers attached to one function.
pub struct Hooks<'r> {
    pub entry: Vec<&'r Handler>,
    pub exit: Vec<&'r Handler>,
    /// The first event naming the function (locations of the glue code point here).
    pub pos: Pos,
}

impl<'r> Hooks<'r> {
    fn new(pos: Pos) -> Self {
        Hooks {
            entry: Vec::new(),
            exit: Vec::new(),
            pos,
        }
    }

    fn push(&mut self, kind: EventKind, h: &'r Handler) {
        let list = match kind {
            EventKind::Entry => &mut self.entry,
            EventKind::Exit => &mut self.exit,
        };
        if !list.iter().any(|x| std::ptr::eq(*x, h)) {
            list.push(h);
        }
    }

    /// Argument numbers the handlers use, and whether exit handlers use `$return`.
    fn uses(&self) -> (Vec<u32>, bool) {
        let mut args = Vec::new();
        let mut ret = false;
        for (h, exit) in self
            .entry
            .iter()
            .map(|h| (h, false))
            .chain(self.exit.iter().map(|h| (h, true)))
        {
            for s in &h.body {
                s.visit_exprs(&mut |e| match e.kind {
                    RExprKind::Arg(k) if !args.contains(&k) => args.push(k),
                    RExprKind::Return if exit => ret = true,
                    _ => {}
                });
            }
        }
        args.sort_unstable();
        (args, ret)
    }
}

/// The handlers of each function of the program the rule names (functions the program
/// does not know are skipped), and the `$entry` handlers.
pub fn plan<'r>(
    rule: &'r Rule,
    prog: &Program,
    ctx: &RuleCtx,
) -> Result<(BTreeMap<FuncId, Hooks<'r>>, Option<Hooks<'r>>), RuleError> {
    let mut named: BTreeMap<FuncId, Hooks<'r>> = BTreeMap::new();
    let mut entry: Option<Hooks<'r>> = None;
    for h in &rule.handlers {
        for ev in &h.events {
            match &ev.func {
                EventFunc::Entry => entry
                    .get_or_insert_with(|| Hooks::new(ev.pos))
                    .push(ev.kind, h),
                EventFunc::Named(name) => {
                    let Some(f) = prog.func_by_name(name) else {
                        continue;
                    };
                    if prog.func(f).body.is_none() {
                        let model = classify(name);
                        if !matches!(model, EnvFn::Known(_) | EnvFn::Unknown) {
                            return Err(ctx.err(
                                ev.pos,
                                format!(
                                    "cannot observe calls of `{name}`: slamrs models it as {} (docs/cir.md), so its calls are not calls in the program it checks",
                                    describe_model(&model)
                                ),
                            ));
                        }
                    }
                    named
                        .entry(f)
                        .or_insert_with(|| Hooks::new(ev.pos))
                        .push(ev.kind, h);
                }
            }
        }
    }
    Ok((named, entry))
}

fn describe_model(m: &EnvFn) -> &'static str {
    match m {
        EnvFn::Nondet => "an input",
        EnvFn::Assume => "an assumption",
        EnvFn::Error | EnvFn::AssertCall => "an error location",
        EnvFn::Halt { .. } => "the end of the program",
        EnvFn::Alloc { .. } => "an allocation",
        EnvFn::Known(_) | EnvFn::Unknown => "a call",
    }
}

/// A name for a new variable of `f` that none of its variables has.
fn local_name(prog: &Program, f: FuncId, base: &str) -> String {
    let func = prog.func(f);
    let taken = |n: &str| {
        func.params
            .iter()
            .chain(&func.locals)
            .any(|&v| prog.vars.get(v.0 as usize).is_some_and(|x| x.name == n))
    };
    let mut name = base.to_string();
    let mut k = 1;
    while taken(&name) {
        name = format!("{base}.{k}");
        k += 1;
    }
    name
}

/// A function name no function has, built from `base`.
pub fn func_name(prog: &Program, base: &str) -> String {
    let mut name = base.to_string();
    while prog.func_by_name(&name).is_some() {
        name.push('_');
    }
    name
}

fn sig_of(prog: &Program, f: FuncId, ctx: &RuleCtx, pos: Pos) -> Result<FnSig, RuleError> {
    prog.types.fn_sig(prog.func(f).ty).cloned().ok_or_else(|| {
        ctx.err(
            pos,
            format!(
                "internal error: `{}` has no function type",
                prog.func(f).name
            ),
        )
    })
}

fn is_void(prog: &Program, t: Ty) -> bool {
    matches!(prog.types.kind(t), TypeKind::Void)
}

/// Splices `hooks` into the body of `f`.
pub fn splice(
    prog: &mut Program,
    f: FuncId,
    hooks: &Hooks,
    ctx: &RuleCtx,
    out: &mut Output,
) -> Result<(), RuleError> {
    let sig = sig_of(prog, f, ctx, hooks.pos)?;
    let fname = prog.func(f).name.clone();
    let params = prog.func(f).params.clone();
    let arity = params.len();
    let ret_void = is_void(prog, sig.ret);
    let (used_args, uses_ret) = hooks.uses();
    let loc = ctx.loc(hooks.pos);
    let mut args: Vec<Option<VarId>> = vec![None; arity];
    let mut copies: Vec<(VarId, VarId)> = Vec::new();
    for &k in &used_args {
        let k = k as usize;
        if k == 0 || k > arity {
            continue;
        }
        let p = params[k - 1];
        let name = local_name(prog, f, &format!("${k}"));
        let ty = prog.var(p).ty;
        let v = new_var(prog, &name, ty, VarKind::Local(f), loc);
        prog.functions[f.0 as usize].locals.push(v);
        args[k - 1] = Some(v);
        copies.push((v, p));
    }
    let ret_var = if uses_ret && !ret_void && !hooks.exit.is_empty() {
        let name = local_name(prog, f, "$return");
        let v = new_var(prog, &name, sig.ret, VarKind::Local(f), loc);
        prog.functions[f.0 as usize].locals.push(v);
        Some(v)
    } else {
        None
    };
    let Some(mut body) = prog.functions[f.0 as usize].body.take() else {
        return Err(ctx.err(hooks.pos, format!("internal error: `{fname}` has no body")));
    };
    let result = splice_body(
        prog,
        f,
        &mut body,
        hooks,
        ctx,
        out,
        Frame {
            fname,
            arity,
            args,
            ret: None,
            ret_void,
        },
        &copies,
        ret_var,
    );
    prog.functions[f.0 as usize].body = Some(body);
    let new_locals = result?;
    prog.functions[f.0 as usize].locals.extend(new_locals);
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn splice_body(
    prog: &mut Program,
    f: FuncId,
    body: &mut Body,
    hooks: &Hooks,
    ctx: &RuleCtx,
    out: &mut Output,
    mut frame: Frame,
    copies: &[(VarId, VarId)],
    ret_var: Option<VarId>,
) -> Result<Vec<VarId>, RuleError> {
    let loc = ctx.loc(hooks.pos);
    let mut new_locals = Vec::new();
    // Exit handlers first: they find the program's own return edges.
    if !hooks.exit.is_empty() {
        frame.ret = ret_var;
        let returns: Vec<(usize, usize)> = body
            .nodes
            .iter()
            .enumerate()
            .flat_map(|(n, node)| {
                node.edges
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| matches!(e.stmt, Stmt::Return(_)))
                    .map(move |(i, _)| (n, i))
            })
            .collect();
        for (n, i) in returns {
            let mid = new_node(body);
            let edge = &mut body.nodes[n].edges[i];
            let ret_loc = edge.loc;
            let Stmt::Return(value) = std::mem::replace(&mut edge.stmt, Stmt::Skip) else {
                continue;
            };
            edge.to = mid;
            let final_value = match (ret_var, value) {
                (Some(rv), Some(e)) => {
                    edge.stmt = Stmt::Assign {
                        lhs: Lval::Var(rv),
                        rhs: e,
                    };
                    Some(read_var(prog, rv))
                }
                (Some(rv), None) => {
                    edge.stmt = Stmt::Havoc {
                        lhs: Lval::Var(rv),
                        why: HavocKind::Uninit,
                    };
                    None
                }
                (None, v) => v,
            };
            let mut em = Emitter {
                prog,
                func: f,
                body,
                rule: ctx,
                frame: &frame,
                out,
                new_locals: std::mem::take(&mut new_locals),
            };
            let end = em.handlers(mid, &hooks.exit)?;
            new_locals = em.new_locals;
            if let Some(end) = end {
                let exit = body.exit;
                add_edge(body, end, Stmt::Return(final_value), ret_loc, exit);
            }
        }
    }
    if !hooks.entry.is_empty() || !copies.is_empty() {
        frame.ret = None;
        let start = new_node(body);
        let mut cur = start;
        for &(v, p) in copies {
            let next = new_node(body);
            let rhs = read_var(prog, p);
            add_edge(
                body,
                cur,
                Stmt::Assign {
                    lhs: Lval::Var(v),
                    rhs,
                },
                loc,
                next,
            );
            cur = next;
        }
        let mut em = Emitter {
            prog,
            func: f,
            body,
            rule: ctx,
            frame: &frame,
            out,
            new_locals: std::mem::take(&mut new_locals),
        };
        let end = em.handlers(cur, &hooks.entry)?;
        new_locals = em.new_locals;
        if let Some(end) = end {
            let old = body.entry;
            add_edge(body, end, Stmt::Skip, loc, old);
        }
        body.entry = start;
    }
    Ok(new_locals)
}

/// The signature of the wrapper of `f`: `f`'s own, or for a function declared without a
/// prototype, the argument types its direct calls pass (they must agree).
fn wrapper_sig(
    prog: &Program,
    f: FuncId,
    hooks: &Hooks,
    ctx: &RuleCtx,
) -> Result<FnSig, RuleError> {
    let sig = sig_of(prog, f, ctx, hooks.pos)?;
    let name = &prog.func(f).name;
    if sig.variadic {
        return Err(ctx.err(
            hooks.pos,
            format!(
                "events on `{name}` are not supported: it takes a variable number of arguments"
            ),
        ));
    }
    if sig.prototyped {
        return Ok(sig);
    }
    let mut seen: Option<(Vec<Ty>, String)> = None;
    for g in prog.func_ids() {
        let Some(body) = &prog.func(g).body else {
            continue;
        };
        for (_, e) in body.edges() {
            if let Stmt::Call {
                callee: Callee::Direct(c),
                args,
                ..
            } = &e.stmt
            {
                if *c != f {
                    continue;
                }
                let tys: Vec<Ty> = args.iter().map(|a| a.ty).collect();
                match &seen {
                    None => seen = Some((tys, prog.loc_string(e.loc))),
                    Some((t, at)) if *t != tys => {
                        return Err(ctx.err(
                            hooks.pos,
                            format!(
                                "cannot observe `{name}`: it has no prototype and its calls at {at} and {} pass different arguments",
                                prog.loc_string(e.loc)
                            ),
                        ))
                    }
                    Some(_) => {}
                }
            }
        }
    }
    Ok(FnSig {
        ret: sig.ret,
        params: seen.map(|s| s.0).unwrap_or(sig.params),
        variadic: false,
        prototyped: true,
    })
}

/// Creates the wrapper of the external function `f`. Returns it and the expression that
/// replaces `f`'s address (of the same type as `f`'s address).
pub fn wrap(
    prog: &mut Program,
    f: FuncId,
    hooks: &Hooks,
    ctx: &RuleCtx,
    out: &mut Output,
) -> Result<(FuncId, Expr), RuleError> {
    let wsig = wrapper_sig(prog, f, hooks, ctx)?;
    let fname = prog.func(f).name.clone();
    let fty = prog.func(f).ty;
    let wty = prog.types.function(wsig.clone());
    let loc = ctx.loc(hooks.pos);
    let w = FuncId(prog.functions.len() as u32);
    let name = func_name(prog, &format!("slic_{fname}"));
    let params: Vec<VarId> = wsig
        .params
        .iter()
        .enumerate()
        .map(|(i, &t)| new_var(prog, &format!("${}", i + 1), t, VarKind::Param(w), loc))
        .collect();
    let ret_void = is_void(prog, wsig.ret);
    let ret_var = (!ret_void).then(|| new_var(prog, "$return", wsig.ret, VarKind::Local(w), loc));
    let mut body = Body {
        nodes: vec![Default::default(), Default::default(), Default::default()],
        entry: NodeId(0),
        exit: NodeId(1),
        halt: NodeId(2),
    };
    prog.func_index.insert(name.clone(), w);
    prog.functions.push(Function {
        name,
        ty: wty,
        params: params.clone(),
        locals: ret_var.into_iter().collect(),
        body: None,
        loc,
        is_static: true,
        addr_taken: prog.func(f).addr_taken,
        declared_as: Vec::new(),
        out_params: Vec::new(),
    });
    let mut frame = Frame {
        fname,
        arity: params.len(),
        args: params.iter().map(|&p| Some(p)).collect(),
        ret: None,
        ret_void,
    };
    let mut em = Emitter {
        prog,
        func: w,
        body: &mut body,
        rule: ctx,
        frame: &frame,
        out,
        new_locals: Vec::new(),
    };
    let end = em.handlers(NodeId(0), &hooks.entry)?;
    let mut new_locals = em.new_locals;
    if let Some(at) = end {
        let after = new_node(&mut body);
        let args = params.iter().map(|&p| read_var(prog, p)).collect();
        add_edge(
            &mut body,
            at,
            Stmt::Call {
                lhs: ret_var.map(Lval::Var),
                callee: Callee::Direct(f),
                args,
            },
            loc,
            after,
        );
        frame.ret = ret_var;
        let mut em = Emitter {
            prog,
            func: w,
            body: &mut body,
            rule: ctx,
            frame: &frame,
            out,
            new_locals,
        };
        let end = em.handlers(after, &hooks.exit)?;
        new_locals = em.new_locals;
        if let Some(at) = end {
            let value = ret_var.map(|v| read_var(prog, v));
            add_edge(&mut body, at, Stmt::Return(value), loc, NodeId(1));
        }
    }
    let func = &mut prog.functions[w.0 as usize];
    func.body = Some(body);
    func.locals.extend(new_locals);
    let wptr = prog.types.pointer(wty);
    let fptr = prog.types.pointer(fty);
    let mut addr = Expr {
        kind: ExprKind::Func(w),
        ty: wptr,
    };
    if wptr != fptr {
        addr = Expr {
            kind: ExprKind::Cast(Box::new(addr)),
            ty: fptr,
        };
    }
    Ok((w, addr))
}

/// Redirects calls and addresses per `map` in every function except `skip`, and in the
/// static initializers.
pub fn redirect(prog: &mut Program, map: &HashMap<FuncId, (FuncId, Expr)>, skip: &[FuncId]) {
    let funcs: Vec<FuncId> = prog.func_ids().filter(|f| !skip.contains(f)).collect();
    rewrite::program(prog, Some(&funcs), true, &mut Redirect { map });
}

/// Makes every call of (and reference to) each function `from` go to `to` instead, except
/// in the functions `to` themselves.
pub fn redirect_calls(prog: &mut Program, pairs: &[(FuncId, FuncId)]) {
    let map: HashMap<FuncId, (FuncId, Expr)> = pairs
        .iter()
        .map(|&(from, to)| (from, (to, address_of(prog, to))))
        .collect();
    let skip: Vec<FuncId> = pairs.iter().map(|p| p.1).collect();
    redirect(prog, &map, &skip);
}

/// The expression `&f` (the address a redirection puts where `f`'s was).
pub fn address_of(prog: &mut Program, f: FuncId) -> Expr {
    let ty = prog.func(f).ty;
    Expr {
        kind: slamrs_abstraction::cir::ExprKind::Func(f),
        ty: prog.types.pointer(ty),
    }
}

/// True if some function calls `f` directly or some code or initializer takes its address.
pub fn referenced(prog: &mut Program, f: FuncId) -> bool {
    let mut r = Refers {
        target: f,
        found: false,
    };
    rewrite::program(prog, None, true, &mut r);
    r.found
}

/// Renames variables.
struct VarMap<'a>(&'a HashMap<VarId, VarId>);

impl Visitor for VarMap<'_> {
    fn var(&mut self, v: &mut VarId) {
        if let Some(n) = self.0.get(v) {
            *v = *n;
        }
    }
}

/// A copy of the function `f` (with its own parameters and locals), named after it.
pub fn clone_function(prog: &mut Program, f: FuncId) -> FuncId {
    let g = FuncId(prog.functions.len() as u32);
    let src = prog.func(f).clone();
    let mut map = HashMap::default();
    let mut remap = |prog: &mut Program, vs: &[VarId]| -> Vec<VarId> {
        vs.iter()
            .map(|&v| {
                let mut var = prog.var(v).clone();
                var.kind = match var.kind {
                    VarKind::Param(_) => VarKind::Param(g),
                    VarKind::Local(_) => VarKind::Local(g),
                    VarKind::Temp(_) => VarKind::Temp(g),
                    k => k,
                };
                prog.vars.push(var);
                let n = VarId(prog.vars.len() as u32 - 1);
                map.insert(v, n);
                n
            })
            .collect()
    };
    let params = remap(prog, &src.params);
    let locals = remap(prog, &src.locals);
    let mut body = src.body.clone();
    if let Some(b) = body.as_mut() {
        for node in &mut b.nodes {
            for e in &mut node.edges {
                rewrite::stmt(&mut e.stmt, &mut VarMap(&map));
            }
        }
    }
    let name = func_name(prog, &format!("slic_{}_rec", src.name));
    prog.func_index.insert(name.clone(), g);
    prog.functions.push(Function {
        name,
        params,
        locals,
        body,
        is_static: true,
        ..src
    });
    g
}
