//! The program's own error locations under each spec: kept (assertions), narrowed to the
//! calls of the error functions (SV-COMP unreach-call), or turned into the end of the path
//! (rules, whose aborts are the only errors).

use slamrs_abstraction::cir::env::{classify, EnvFn};
use slamrs_abstraction::cir::{Body, Callee, Edge, NodeId, Program, Stmt};

use super::super::RuleError;
use super::emit::Output;

/// Turns every `Error` edge into `Halt { code: None }` (the path ends, no violation).
pub fn halt_errors(prog: &mut Program) {
    for body in prog.functions.iter_mut().filter_map(|f| f.body.as_mut()) {
        body.halt_errors();
    }
}

/// True if some edge of the program is an `Error` edge.
fn has_errors(prog: &Program) -> bool {
    prog.functions.iter().any(|f| {
        f.body
            .as_ref()
            .is_some_and(|b| b.edges().any(|(_, e)| e.stmt == Stmt::Error))
    })
}

/// Every direct call of a function named in `names` becomes an `Error` edge (recorded in
/// `out`); every such function with a body gets a body that is one `Error` edge, so that
/// calls through pointers are errors too.
pub fn error_calls(prog: &mut Program, names: &[String], out: &mut Output) {
    let targets: Vec<_> = prog
        .func_ids()
        .filter(|&f| names.contains(&prog.func(f).name))
        .collect();
    if targets.is_empty() {
        return;
    }
    let mut found = Vec::new();
    for func in &mut prog.functions {
        let Some(body) = func.body.as_mut() else {
            continue;
        };
        let halt = body.halt;
        for node in &mut body.nodes {
            for e in &mut node.edges {
                if let Stmt::Call {
                    callee: Callee::Direct(g),
                    ..
                } = &e.stmt
                {
                    if targets.contains(g) {
                        found.push((e.loc, *g));
                        e.stmt = Stmt::Error;
                        e.to = halt;
                    }
                }
            }
        }
    }
    for (loc, g) in found {
        out.abort(loc, &format!("`{}` is called", prog.func(g).name));
    }
    error_bodies_of(prog, &targets, out);
}

/// Every function named in `names` that has a body gets a body that is one `Error` edge
/// (its calls stay calls: the error is reached inside it, so a counterexample names it).
pub fn error_bodies(prog: &mut Program, names: &[&str], out: &mut Output) {
    let targets: Vec<_> = prog
        .func_ids()
        .filter(|&f| names.contains(&prog.func(f).name.as_str()))
        .collect();
    error_bodies_of(prog, &targets, out);
}

fn error_bodies_of(
    prog: &mut Program,
    targets: &[slamrs_abstraction::cir::FuncId],
    out: &mut Output,
) {
    for &g in targets {
        let func = &mut prog.functions[g.0 as usize];
        if func.body.is_some() {
            let loc = func.loc;
            func.body = Some(Body {
                nodes: vec![
                    node_with(vec![Edge {
                        stmt: Stmt::Error,
                        loc,
                        to: NodeId(2),
                    }]),
                    node_with(Vec::new()),
                    node_with(Vec::new()),
                ],
                entry: NodeId(0),
                exit: NodeId(1),
                halt: NodeId(2),
            });
            let msg = format!("`{}` is called", func.name);
            out.abort(loc, &msg);
        }
    }
}

fn node_with(edges: Vec<Edge>) -> slamrs_abstraction::cir::Node {
    slamrs_abstraction::cir::Node {
        edges,
        labels: Vec::new(),
    }
}

/// For an unreach-call property with error functions `names`: decides what the `Error`
/// edges lowering made mean. Calls of an error function without a body were lowered to
/// `Error` edges, and so were failing `assert`s; only the former are violations. When the
/// program may contain both, they cannot be told apart and this is an error.
pub fn narrow_to_property(
    prog: &mut Program,
    names: &[String],
    out: &mut Output,
) -> Result<(), RuleError> {
    let lowered_as_error = |f: &slamrs_abstraction::cir::Function| {
        f.body.is_none() && matches!(classify(&f.name), EnvFn::Error | EnvFn::AssertCall)
    };
    let ours: Vec<_> = prog
        .functions
        .iter()
        .filter(|f| lowered_as_error(f) && names.contains(&f.name))
        .collect();
    let others: Vec<_> = prog
        .functions
        .iter()
        .filter(|f| lowered_as_error(f) && !names.contains(&f.name))
        .collect();
    if ours.is_empty() || !has_errors(prog) {
        halt_errors(prog);
        return Ok(());
    }
    if let Some(other) = others.first() {
        return Err(RuleError {
            file: prog.file_name(other.loc).to_string(),
            line: other.loc.line,
            col: other.loc.col,
            message: format!(
                "unsupported: the program has error locations from both `{}` (the property's error function, declared without a body) and `{}`; slamrs cannot tell them apart, so it cannot check the unreach-call property alone (check the assertions without --property)",
                ours[0].name, other.name
            ),
        });
    }
    // Every error location is a call of one of the property's error functions.
    let message = if ours.len() == 1 {
        format!("`{}` is called", ours[0].name)
    } else {
        "an error function is called".to_string()
    };
    let locs: Vec<_> = prog
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flat_map(|b| {
            b.edges()
                .filter(|(_, e)| e.stmt == Stmt::Error)
                .map(|(_, e)| e.loc)
        })
        .collect();
    for loc in locs {
        out.abort(loc, &message);
    }
    Ok(())
}

/// For the program's own assertions: the `Error` edges lowering made, with a message.
pub fn record_assertions(prog: &Program, out: &mut Output) {
    for f in &prog.functions {
        let Some(b) = &f.body else { continue };
        for (_, e) in b.edges() {
            if e.stmt == Stmt::Error {
                out.abort(
                    e.loc,
                    "an error location is reached (failed assertion or error call)",
                );
            }
        }
    }
}
