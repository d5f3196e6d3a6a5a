//! Printing CIR readably: C-like expressions and statements, and a listing of each function's
//! control-flow automaton with source locations (and source lines when available).

use super::{
    BinOp, Body, Callee, Expr, ExprKind, FuncId, HavocKind, Lval, NodeId, Opaque, Program, Stmt,
    TypeKind, UnOp, VarKind,
};
use std::fmt::Write;

/// Binding strength of an expression form, C-style: higher binds tighter.
fn prec(e: &Expr) -> u8 {
    match &e.kind {
        ExprKind::Int(v) if *v < 0 => 14,
        ExprKind::Int(_) | ExprKind::Read(_) | ExprKind::Func(_) | ExprKind::Str(_) => 16,
        ExprKind::AddrOf(_) | ExprKind::Unary(..) | ExprKind::Cast(_) => 14,
        ExprKind::Binary(op, ..) => binop_prec(*op),
    }
}

fn binop_prec(op: BinOp) -> u8 {
    match op {
        BinOp::Mul | BinOp::Div | BinOp::Rem => 13,
        BinOp::Add | BinOp::Sub | BinOp::PtrAdd | BinOp::PtrDiff => 12,
        BinOp::Shl | BinOp::Shr => 11,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => 10,
        BinOp::Eq | BinOp::Ne => 9,
        BinOp::BitAnd => 8,
        BinOp::BitXor => 7,
        BinOp::BitOr => 6,
    }
}

/// C-like text of an expression.
pub fn expr(p: &Program, e: &Expr) -> String {
    let mut s = String::new();
    write_expr(p, e, &mut s);
    s
}

/// C-like text of an lvalue.
pub fn lval(p: &Program, lv: &Lval) -> String {
    let mut s = String::new();
    write_lval(p, lv, &mut s);
    s
}

fn write_sub(p: &Program, e: &Expr, min: u8, out: &mut String) {
    if prec(e) < min {
        out.push('(');
        write_expr(p, e, out);
        out.push(')');
    } else {
        write_expr(p, e, out);
    }
}

fn write_expr(p: &Program, e: &Expr, out: &mut String) {
    match &e.kind {
        ExprKind::Int(0) if p.types.is_pointer(e.ty) => out.push_str("NULL"),
        ExprKind::Int(v) => {
            let _ = write!(out, "{v}");
        }
        ExprKind::Read(lv) => write_lval(p, lv, out),
        ExprKind::AddrOf(lv) => {
            out.push('&');
            write_lval_sub(p, lv, out);
        }
        ExprKind::Func(f) => out.push_str(&p.func(*f).name),
        ExprKind::Str(s) => write_string(&p.strings[s.0 as usize], out),
        ExprKind::Unary(op, a) => {
            out.push_str(match op {
                UnOp::Neg => "-",
                UnOp::BitNot => "~",
                UnOp::LogNot => "!",
            });
            write_sub(p, a, 14, out);
        }
        ExprKind::Binary(op, a, b) => {
            let q = binop_prec(*op);
            write_sub(p, a, q, out);
            let _ = write!(out, " {} ", op.symbol());
            write_sub(p, b, q + 1, out);
        }
        ExprKind::Cast(a) => {
            let _ = write!(out, "({})", p.types.display(e.ty));
            write_sub(p, a, 14, out);
        }
    }
}

/// An lvalue used as the operand of `&`: parenthesize nothing, lvalues are postfix forms
/// except `*e`.
fn write_lval_sub(p: &Program, lv: &Lval, out: &mut String) {
    if matches!(lv, Lval::Deref(_)) {
        out.push('(');
        write_lval(p, lv, out);
        out.push(')');
    } else {
        write_lval(p, lv, out);
    }
}

fn write_lval(p: &Program, lv: &Lval, out: &mut String) {
    match lv {
        Lval::Var(v) => out.push_str(&p.var(*v).name),
        Lval::Deref(e) => {
            out.push('*');
            write_sub(p, e, 14, out);
        }
        Lval::Field(base, s, i) => {
            let name = p
                .types
                .struct_def(*s)
                .fields
                .as_ref()
                .and_then(|fs| fs.get(*i as usize))
                .map(|f| f.name.as_str())
                .unwrap_or("?");
            match &**base {
                Lval::Deref(e) => {
                    write_sub(p, e, 15, out);
                    let _ = write!(out, "->{name}");
                }
                b => {
                    write_lval(p, b, out);
                    let _ = write!(out, ".{name}");
                }
            }
        }
        Lval::Index(base, i) => {
            write_lval_sub(p, base, out);
            out.push('[');
            write_expr(p, i, out);
            out.push(']');
        }
    }
}

fn write_string(bytes: &[u8], out: &mut String) {
    out.push('"');
    for &b in bytes {
        match b {
            b'"' => out.push_str("\\\""),
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                let _ = write!(out, "\\{b:03o}");
            }
        }
    }
    out.push('"');
}

/// C-like text of a statement (without location).
pub fn stmt(p: &Program, s: &Stmt) -> String {
    match s {
        Stmt::Skip => "skip".into(),
        Stmt::Assign { lhs, rhs } => format!("{} = {}", lval(p, lhs), expr(p, rhs)),
        Stmt::Assume(c) => format!("assume({})", expr(p, c)),
        Stmt::Havoc { lhs, why } => {
            let why = match why {
                HavocKind::Input(f) => format!("input {f}"),
                HavocKind::Uninit => "uninitialized".into(),
                HavocKind::Opaque(Opaque::Asm) => "inline asm".into(),
                HavocKind::Opaque(Opaque::VaArg) => "va_arg".into(),
            };
            format!("{} = nondet  /* {why} */", lval(p, lhs))
        }
        Stmt::Alloc { lhs, site, size } => {
            let a = &p.allocs[site.0 as usize];
            let null = if a.may_fail { ", may be NULL" } else { "" };
            let zero = if a.zeroed { ", zeroed" } else { "" };
            format!(
                "{} = alloc#{}({})  /* {}{zero}{null} */",
                lval(p, lhs),
                site.0,
                expr(p, size),
                a.allocator
            )
        }
        Stmt::Call { lhs, callee, args } => {
            let mut s = String::new();
            if let Some(l) = lhs {
                let _ = write!(s, "{} = ", lval(p, l));
            }
            match callee {
                Callee::Direct(f) => s.push_str(&p.func(*f).name),
                Callee::Indirect(e) => {
                    s.push_str("(*");
                    write_sub(p, e, 14, &mut s);
                    s.push(')');
                }
            }
            let a: Vec<String> = args.iter().map(|e| expr(p, e)).collect();
            let _ = write!(s, "({})", a.join(", "));
            s
        }
        Stmt::Return(None) => "return".into(),
        Stmt::Return(Some(e)) => format!("return {}", expr(p, e)),
        Stmt::Error => "error".into(),
        Stmt::Halt { code: None } => "halt  /* abort */".into(),
        Stmt::Halt { code: Some(c) } => format!("halt {}  /* exit */", expr(p, c)),
    }
}

/// Where a listing can find source lines: `(file name, line) -> text`.
pub type SourceLines<'a> = &'a dyn Fn(&str, u32) -> Option<String>;

/// The whole program: types, globals with their initializers, and every function.
pub fn program(p: &Program, src: SourceLines) -> String {
    let mut out = String::new();
    for s in &p.types.structs {
        let Some(fields) = &s.fields else { continue };
        let kw = if s.is_union { "union" } else { "struct" };
        let _ = writeln!(
            out,
            "{kw} {} {{  // size {}, align {}",
            s.name, s.size, s.align
        );
        for f in fields {
            let bits = f
                .bitfield
                .map(|(o, w)| format!(" : {w}  // bits {o}..{}", o + w))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "  {};{bits}  // offset {}",
                p.types.declare(f.ty, &f.name),
                f.offset
            );
        }
        let _ = writeln!(out, "}};");
    }
    let globals: Vec<_> = p
        .var_ids()
        .filter(|v| p.var(*v).is_static_storage())
        .collect();
    if !globals.is_empty() {
        out.push('\n');
    }
    for v in globals {
        let var = p.var(v);
        let storage = match var.kind {
            VarKind::Global { is_static: true } => "static ",
            VarKind::StaticLocal(_) => "static ",
            _ => "",
        };
        let _ = writeln!(
            out,
            "{storage}{};  // {}",
            p.types.declare(var.ty, &var.name),
            p.loc_string(var.loc)
        );
    }
    if !p.inits.is_empty() {
        out.push_str("\ninitializers:\n");
        for i in &p.inits {
            let _ = writeln!(
                out,
                "  {} = {}  // {}",
                lval(p, &i.lhs),
                expr(p, &i.rhs),
                p.loc_string(i.loc)
            );
        }
    }
    let mut from_headers = 0;
    for f in p.func_ids() {
        let func = p.func(f);
        if func.body.is_some() && p.in_system_header(func.loc) {
            from_headers += 1;
        } else if func.body.is_some() {
            out.push('\n');
            out.push_str(&function(p, f, src));
        }
    }
    if from_headers > 0 {
        let _ = writeln!(
            out,
            "\n({from_headers} functions defined in system headers not shown; print one with --function)"
        );
    }
    // external functions the program uses (calls, or takes the address of); a header
    // declares many more
    let called: rustc_hash::FxHashSet<FuncId> = p
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flat_map(|b| b.direct_callees())
        .collect();
    let (used, unused): (Vec<_>, Vec<_>) = p
        .func_ids()
        .filter(|&f| p.func(f).body.is_none())
        .partition(|&f| called.contains(&f) || p.func(f).addr_taken);
    if !used.is_empty() {
        let names: Vec<&str> = used.iter().map(|&f| p.func(f).name.as_str()).collect();
        let _ = writeln!(out, "\nexternal functions: {}", names.join(", "));
    }
    if !unused.is_empty() {
        let _ = writeln!(
            out,
            "({} more external functions declared, never used)",
            unused.len()
        );
    }
    for w in &p.warnings {
        let _ = writeln!(out, "warning: {}: {}", p.loc_string(w.loc), w.message);
    }
    out
}

/// One function: signature, variables, and its CFG listed node by node in reverse postorder.
/// Each edge shows `stmt → target`, its location, and the source line when it changes.
pub fn function(p: &Program, f: FuncId, src: SourceLines) -> String {
    let func = p.func(f);
    let mut out = String::new();
    let params: Vec<String> = func
        .params
        .iter()
        .map(|v| p.types.declare(p.var(*v).ty, &p.var(*v).name))
        .collect();
    let (ret, prototyped, variadic) = match p.types.kind(func.ty) {
        TypeKind::Function(sig) => (p.types.display(sig.ret), sig.prototyped, sig.variadic),
        _ => ("?".into(), true, false),
    };
    let mut params = params;
    if variadic {
        params.push("...".into());
    } else if params.is_empty() && prototyped {
        params.push("void".into());
    }
    let _ = writeln!(
        out,
        "{ret} {}({})  // {}",
        func.name,
        params.join(", "),
        p.loc_string(func.loc)
    );
    if !func.locals.is_empty() {
        let locals: Vec<String> = func
            .locals
            .iter()
            .map(|v| p.types.declare(p.var(*v).ty, &p.var(*v).name))
            .collect();
        let _ = writeln!(out, "  locals: {}", locals.join("; "));
    }
    let Some(body) = &func.body else {
        return out;
    };
    let _ = writeln!(
        out,
        "  entry n{}, exit n{}, halt n{}",
        body.entry.0, body.exit.0, body.halt.0
    );
    let mut last_line = None;
    for n in reverse_postorder(body) {
        let node = body.node(n);
        for l in &node.labels {
            let _ = writeln!(out, "  {l}:");
        }
        for (i, e) in node.edges.iter().enumerate() {
            let head = if i == 0 {
                format!("n{}:", n.0)
            } else {
                String::new()
            };
            let text = format!("{} → n{}", stmt(p, &e.stmt), e.to.0);
            let key = (e.loc.file, e.loc.line);
            let source = if last_line != Some(key) && e.loc.line > 0 {
                last_line = Some(key);
                src(p.file_name(e.loc), e.loc.line)
                    .map(|t| format!("  | {}", t.trim()))
                    .unwrap_or_default()
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {head:>6} {text:<48} // {}:{}{source}",
                e.loc.line, e.loc.col
            );
        }
    }
    out
}

/// Nodes reachable from the entry in reverse postorder, then the unreachable ones.
pub fn reverse_postorder(body: &Body) -> Vec<NodeId> {
    let n = body.nodes.len();
    let mut seen = vec![false; n];
    let mut post = Vec::with_capacity(n);
    let mut stack: Vec<(NodeId, usize)> = Vec::new();
    if (body.entry.0 as usize) < n {
        seen[body.entry.0 as usize] = true;
        stack.push((body.entry, 0));
    }
    while let Some((node, i)) = stack.last_mut() {
        let edges = &body.nodes[node.0 as usize].edges;
        if *i < edges.len() {
            let to = edges[*i].to;
            *i += 1;
            if (to.0 as usize) < n && !seen[to.0 as usize] {
                seen[to.0 as usize] = true;
                stack.push((to, 0));
            }
        } else {
            post.push(*node);
            stack.pop();
        }
    }
    post.reverse();
    post.extend((0..n as u32).map(NodeId).filter(|k| !seen[k.0 as usize]));
    post
}
