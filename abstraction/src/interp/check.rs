//! Structural checks run before interpretation, so that the `Types` and `Body` accessors the
//! interpreter uses cannot index out of range or recurse forever.

use crate::cir::{Program, Ty, TypeKind};

/// Check the type table (every referenced type and struct exists; array elements precede
/// their array), variables' types, and function bodies (node ids in range).
pub(crate) fn validate(prog: &Program) -> Result<(), String> {
    let types = &prog.types;
    let n = types.len();
    let ok = |t: Ty| (t.0 as usize) < n;
    for i in 0..n {
        let t = Ty(i as u32);
        // A type can only be interned after the types it is made of: this rules out cycles.
        let before = |u: &Ty| u.0 < t.0;
        let good = match types.kind(t) {
            TypeKind::Void | TypeKind::Int(_) | TypeKind::Float(_) => true,
            TypeKind::Pointer(p) => before(p),
            TypeKind::Array(e, _) => before(e),
            TypeKind::Struct(s) => (s.0 as usize) < types.structs.len(),
            TypeKind::Function(sig) => before(&sig.ret) && sig.params.iter().all(before),
        };
        if !good {
            return Err(format!("malformed type #{i}"));
        }
    }
    for (i, s) in types.structs.iter().enumerate() {
        if let Some(fs) = &s.fields {
            if fs.iter().any(|f| !ok(f.ty)) {
                return Err(format!("malformed struct #{i}"));
            }
        }
    }
    if let Some(v) = prog.vars.iter().find(|v| !ok(v.ty)) {
        return Err(format!("variable `{}` has a malformed type", v.name));
    }
    for f in &prog.functions {
        let nv = prog.vars.len();
        if !ok(f.ty) || f.params.iter().chain(&f.locals).any(|v| v.0 as usize >= nv) {
            return Err(format!("function `{}` is malformed", f.name));
        }
        if let Some(b) = &f.body {
            let nn = b.nodes.len();
            let in_range = |x: crate::cir::NodeId| (x.0 as usize) < nn;
            if !in_range(b.entry)
                || !in_range(b.exit)
                || !in_range(b.halt)
                || b.nodes
                    .iter()
                    .flat_map(|n| &n.edges)
                    .any(|e| !in_range(e.to))
            {
                return Err(format!(
                    "the body of `{}` has an edge to a missing node",
                    f.name
                ));
            }
        }
    }
    Ok(())
}

/// An 8-bit integer type of the program (`char`, `signed char` or `unsigned char`).
pub(crate) fn byte_type(prog: &Program) -> Option<Ty> {
    (0..prog.types.len() as u32)
        .map(Ty)
        .find(|t| matches!(prog.types.kind(*t), TypeKind::Int(k) if k.bits == 8 && !k.is_bool))
}
