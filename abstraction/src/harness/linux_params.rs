//! Module parameters are inputs: whoever loads the module may give each `module_param`
//! any value its type allows (`insmod m.ko irq=5`), so the harness sets them before
//! `module-init` runs. Without this a module whose parameter defaults to "off"
//! (`static int irq = -1;`, init failing unless the user names a line) was checked only
//! with init failing, and every rule held vacuously.
//!
//! The parameters are found in what `module_param` expands to, not in its spelling: a
//! static `struct kernel_param` whose initializer points its `arg` at the variable
//! (`module_param`, `module_param_named`, `module_param_unsafe`, `module_param_cb`), or at
//! a `struct kparam_array` whose `elem` is the array and `num` the count
//! (`module_param_array[_named]`). Integer and `bool` variables and arrays of them get
//! arbitrary values (an array: a count from 0 to its length, when the module asks for
//! one, and arbitrary elements below it); a pointer (`charp`) or string
//! (`module_param_string`) parameter keeps its default (not modelled).

use crate::cir::{Expr, ExprKind, Lval, Program, StructId, TypeKind, VarId};

/// One module parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Param {
    /// An integer or `bool` variable.
    Scalar { var: String },
    /// An array of them, with its length and the variable the kernel stores the count of
    /// given values in, if any.
    Array {
        var: String,
        len: u64,
        num: Option<String>,
    },
}

/// The module parameters of `prog`, in the order of their variables' declarations.
pub fn params(prog: &Program) -> Vec<Param> {
    let mut out: Vec<(VarId, Param)> = Vec::new();
    for (v, p) in scalar_params(prog).into_iter().chain(array_params(prog)) {
        if !out.iter().any(|(w, _)| *w == v) {
            out.push((v, p));
        }
    }
    out.sort_by_key(|(v, _)| *v);
    out.into_iter().map(|(_, p)| p).collect()
}

/// Statements of the harness's `main` that give every parameter an arbitrary value.
pub fn havoc(params: &[Param]) -> String {
    let mut s = String::new();
    for p in params {
        match p {
            Param::Scalar { var } => {
                s.push_str(&format!(
                    "    {var} = __VERIFIER_nondet_ulonglong(); /* module parameter */\n"
                ));
            }
            Param::Array { var, len, num } => {
                let count = match num {
                    Some(n) => {
                        s.push_str(&format!(
                            "    {n} = __VERIFIER_nondet_uint() % {}; /* module parameter {var}: how many given */\n",
                            len + 1
                        ));
                        n.clone()
                    }
                    None => len.to_string(),
                };
                s.push_str(&format!(
                    "    for (int __slamrs_i = 0; __slamrs_i < {count} && __slamrs_i < {len}; __slamrs_i++) {var}[__slamrs_i] = __VERIFIER_nondet_ulonglong(); /* module parameter */\n"
                ));
            }
        }
    }
    if !s.is_empty() {
        s.insert_str(
            0,
            "    extern unsigned long long __VERIFIER_nondet_ulonglong(void);\n    extern unsigned int __VERIFIER_nondet_uint(void);\n",
        );
    }
    s
}

/// Variables that a `struct kernel_param`'s `arg` points to, integer or `bool`.
fn scalar_params(prog: &Program) -> Vec<(VarId, Param)> {
    let mut out = Vec::new();
    for init in &prog.inits {
        if !field_of_struct(prog, &init.lhs, "kernel_param", "arg") {
            continue;
        }
        let Some(v) = address_of_var(&init.rhs) else {
            continue;
        };
        let var = prog.var(v);
        if var.is_static_storage() && is_scalar_int(prog, var.ty) {
            out.push((
                v,
                Param::Scalar {
                    var: var.name.clone(),
                },
            ));
        }
    }
    out
}

/// Arrays a `struct kparam_array`'s `elem` points to, with its `num`.
fn array_params(prog: &Program) -> Vec<(VarId, Param)> {
    let mut out = Vec::new();
    for init in &prog.inits {
        if !field_of_struct(prog, &init.lhs, "kparam_array", "elem") {
            continue;
        }
        let Some(v) = address_of_var(&init.rhs) else {
            continue;
        };
        let var = prog.var(v);
        let TypeKind::Array(elem, Some(len)) = *prog.types.kind(var.ty) else {
            continue;
        };
        if !var.is_static_storage() || !is_scalar_int(prog, elem) {
            continue;
        }
        let num = prog
            .inits
            .iter()
            .filter(|i| {
                same_root(&i.lhs, &init.lhs) && field_of_struct(prog, &i.lhs, "kparam_array", "num")
            })
            .find_map(|i| address_of_var(&i.rhs))
            .filter(|&n| is_scalar_int(prog, prog.var(n).ty))
            .map(|n| prog.var(n).name.clone());
        out.push((
            v,
            Param::Array {
                var: var.name.clone(),
                len,
                num,
            },
        ));
    }
    out
}

/// Whether `l` is the member `field` of a `struct tag` variable (possibly inside
/// anonymous unions or structs of it).
fn field_of_struct(prog: &Program, l: &Lval, tag: &str, field: &str) -> bool {
    let Lval::Field(base, sid, k) = l else {
        return false;
    };
    if field_name(prog, *sid, *k) != Some(field) {
        return false;
    }
    let mut cur: &Lval = base;
    while let Lval::Field(b, sid, k) = cur {
        if !field_name(prog, *sid, *k).is_some_and(|n| n.starts_with("<anon")) {
            return false;
        }
        cur = b;
    }
    let Lval::Var(v) = cur else {
        return false;
    };
    matches!(prog.types.kind(prog.var(*v).ty), TypeKind::Struct(s) if prog.types.struct_def(*s).name == tag)
}

fn field_name(prog: &Program, sid: StructId, k: u32) -> Option<&str> {
    prog.types
        .struct_def(sid)
        .fields
        .as_ref()?
        .get(k as usize)
        .map(|f| f.name.as_str())
}

/// Whether two lvalues are rooted at the same variable.
fn same_root(a: &Lval, b: &Lval) -> bool {
    a.base_var().is_some() && a.base_var() == b.base_var()
}

/// `&v`, `&v[0]` or `v` decayed, under casts.
fn address_of_var(e: &Expr) -> Option<VarId> {
    match &e.kind {
        ExprKind::Cast(inner) => address_of_var(inner),
        ExprKind::AddrOf(l) => match &**l {
            Lval::Var(v) => Some(*v),
            Lval::Index(b, i) if matches!(i.kind, ExprKind::Int(0)) => match **b {
                Lval::Var(v) => Some(v),
                _ => None,
            },
            _ => None,
        },
        _ => None,
    }
}

fn is_scalar_int(prog: &Program, t: crate::cir::Ty) -> bool {
    matches!(prog.types.kind(t), TypeKind::Int(_))
}
