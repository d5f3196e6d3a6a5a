//! The outputs of functions without a body: which parameters of a declared function are
//! pointers to a modifiable integer (`int pci_read_config_dword(..., u32 *val)`,
//! `NTSTATUS f(..., PULONG ResultLength)`), read from the declaration's own text.
//!
//! An unknown function may write every object reachable from its pointer arguments
//! (docs/cir.md); the abstraction assumes so. The interpreter, the path formulas and
//! native replay pick one behaviour: [`havoc_outputs`] (run by the rule instrumentation,
//! after the observed functions have their wrappers) makes the one they all run write an
//! arbitrary value (an input of the program) through each output parameter that is not
//! null, as the call begins (its result is assigned after them, as in C), so that a path on which a driver tests the value a kernel
//! routine returned through a pointer is a path they can follow and refinement can
//! explain. A parameter is an output when nothing in the declaration says otherwise: a
//! `const` or `volatile` pointee, a `char` (strings, buffers), a pointer to pointer, a
//! struct, or `void` make it an input.

use lang_c::ast::{
    DeclarationSpecifier, Declarator, DeclaratorKind, DerivedDeclarator, TypeQualifier,
    TypeSpecifier,
};
use lang_c::span::Node;

use super::Lowerer;
use crate::cir::{BinOp, Callee, Edge, Expr, ExprKind, HavocKind, Lval, NodeId, Program, Stmt, Ty};

impl Lowerer<'_> {
    /// A parameter declared with `specifiers` and `declarator`, of type `ty`, is an output.
    pub(super) fn is_output_param(
        &self,
        specifiers: &[Node<DeclarationSpecifier>],
        declarator: Option<&Node<Declarator>>,
        ty: Ty,
    ) -> bool {
        if !self.modifiable_integer_pointer(ty) || qualified(specifiers) {
            return false;
        }
        let derived = declarator.map_or(&[][..], |d| d.node.derived.as_slice());
        let plain = declarator.is_none_or(|d| {
            matches!(
                d.node.kind.node,
                DeclaratorKind::Identifier(_) | DeclaratorKind::Abstract
            )
        });
        match derived {
            [one] => plain && matches!(one.node, DerivedDeclarator::Pointer(_)),
            [] => {
                typedef_name(specifiers).is_some_and(|n| !self.input_pointer_typedefs.contains(n))
            }
            _ => false,
        }
    }

    /// Remembers a typedef of a pointer whose pointee is qualified (`typedef const ULONG
    /// *PCULONG;`, or a typedef of one): parameters of that type are inputs.
    pub(super) fn note_pointer_typedef(
        &mut self,
        name: &str,
        specifiers: &[Node<DeclarationSpecifier>],
        declarator: &Node<Declarator>,
    ) {
        let input = match declarator.node.derived.as_slice() {
            [one] => matches!(one.node, DerivedDeclarator::Pointer(_)) && qualified(specifiers),
            [] => typedef_name(specifiers).is_some_and(|n| self.input_pointer_typedefs.contains(n)),
            _ => false,
        };
        if input {
            self.input_pointer_typedefs.insert(name.to_string());
        }
    }

    /// `ty` points to an integer other than a (signed) `char`.
    fn modifiable_integer_pointer(&self, ty: Ty) -> bool {
        let types = &self.prog.types;
        types
            .pointee(ty)
            .and_then(|p| types.as_int(p))
            .is_some_and(|k| !(k.bits == 8 && k.signed))
    }
}

/// The specifiers qualify the type `const` or `volatile`.
fn qualified(specifiers: &[Node<DeclarationSpecifier>]) -> bool {
    specifiers.iter().any(|s| {
        matches!(&s.node, DeclarationSpecifier::TypeQualifier(q)
            if matches!(q.node, TypeQualifier::Const | TypeQualifier::Volatile))
    })
}

/// The typedef name among the specifiers, if any.
fn typedef_name(specifiers: &[Node<DeclarationSpecifier>]) -> Option<&str> {
    specifiers.iter().find_map(|s| match &s.node {
        DeclarationSpecifier::TypeSpecifier(ts) => match &ts.node {
            TypeSpecifier::TypedefName(id) => Some(id.node.name.as_str()),
            _ => None,
        },
        _ => None,
    })
}

/// Before each call of a function that writes its outputs ([`Program::writes_outputs`]): for each output argument in
/// order, `if (arg != 0) *arg = input` (an input named after the function), so that the
/// call's result is assigned after them, as in C. Returns how many calls changed.
pub fn havoc_outputs(prog: &mut Program) -> usize {
    if prog.outputs_explicit {
        return 0;
    }
    prog.outputs_explicit = true;
    let mut changed = 0;
    let int = prog.types.int();
    for f in 0..prog.functions.len() {
        let Some(mut body) = prog.functions[f].body.take() else {
            continue;
        };
        for n in 0..body.nodes.len() {
            for i in 0..body.nodes[n].edges.len() {
                let edge = &body.nodes[n].edges[i];
                let writes = outputs_written(prog, &edge.stmt);
                if writes.is_empty() {
                    continue;
                }
                let name = call_name(prog, &edge.stmt);
                let loc = edge.loc;
                // the call moves to a node of its own, after the writes
                let call = new_node(&mut body);
                let moved = body.nodes[n].edges[i].clone();
                body.nodes[call.0 as usize].edges.push(moved);
                let mut at = (n, Some(i));
                for (k, arg) in writes.iter().enumerate() {
                    let after = if k + 1 == writes.len() {
                        call
                    } else {
                        new_node(&mut body)
                    };
                    let write = new_node(&mut body);
                    let null = Expr {
                        kind: ExprKind::Int(0),
                        ty: arg.ty,
                    };
                    let test = |op| Expr {
                        kind: ExprKind::Binary(op, Box::new(arg.clone()), Box::new(null.clone())),
                        ty: int,
                    };
                    let nonnull = Edge {
                        stmt: Stmt::Assume(test(BinOp::Ne)),
                        loc,
                        to: write,
                    };
                    let edges = &mut body.nodes[at.0].edges;
                    match at.1 {
                        Some(i) => edges[i] = nonnull,
                        None => edges.push(nonnull),
                    }
                    edges.push(Edge {
                        stmt: Stmt::Assume(test(BinOp::Eq)),
                        loc,
                        to: after,
                    });
                    body.nodes[write.0 as usize].edges.push(Edge {
                        stmt: Stmt::Havoc {
                            lhs: Lval::Deref(Box::new(arg.clone())),
                            why: HavocKind::Input(name.clone()),
                        },
                        loc,
                        to: after,
                    });
                    at = (after.0 as usize, None);
                }
                changed += 1;
            }
        }
        prog.functions[f].body = Some(body);
    }
    changed
}

/// The output arguments a call writes (each converted to its parameter's type); none
/// for any other statement.
fn outputs_written(prog: &Program, stmt: &Stmt) -> Vec<Expr> {
    let Stmt::Call {
        callee: Callee::Direct(g),
        args,
        ..
    } = stmt
    else {
        return Vec::new();
    };
    if !prog.writes_outputs(*g) {
        return Vec::new();
    }
    let Some(sig) = prog.types.fn_sig(prog.func(*g).ty) else {
        return Vec::new();
    };
    prog.func(*g)
        .out_params
        .iter()
        .filter_map(|&k| {
            let (arg, &pty) = (args.get(k)?, sig.params.get(k)?);
            Some(if arg.ty == pty {
                arg.clone()
            } else {
                Expr {
                    kind: ExprKind::Cast(Box::new(arg.clone())),
                    ty: pty,
                }
            })
        })
        .collect()
}

fn call_name(prog: &Program, stmt: &Stmt) -> String {
    match stmt {
        Stmt::Call {
            callee: Callee::Direct(g),
            ..
        } => prog.func(*g).name.clone(),
        _ => String::new(),
    }
}

fn new_node(body: &mut crate::cir::Body) -> NodeId {
    body.nodes.push(Default::default());
    NodeId(body.nodes.len() as u32 - 1)
}
