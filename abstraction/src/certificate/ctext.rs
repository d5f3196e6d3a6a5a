//! CIR expressions as the text of claims: C, with ACSL's `\result` and `\old(x)` where a
//! contract allows them, in the syntax the predicate-file parser reads back.
//!
//! A predicate is printed only when every variable it reads can be named where the claim
//! is made ([`Naming`]); a temporary of lowering, a shadowed local (`x.1`), a string or a
//! function hidden by a variable, or a cast to a pointer type has no text, and the extraction then leaves the
//! predicate out of the claim (quantifies it: the claim gets weaker, never wrong).

use std::fmt::Write;

use crate::c2bp::{entry_value_of, is_result_var};
use crate::cir::{BinOp, Expr, ExprKind, FuncId, Lval, Program, UnOp, VarId, VarKind};

/// Which values a claim of function `func` speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Naming {
    /// The state at a point of the function: its locals, formals and the globals, and
    /// `\old(x)` (ACSL: the value `x` had when the function was entered).
    Here,
    /// The state at a return, in a postcondition: globals and memory as left behind,
    /// `\result`, `\old(x)`, and the formals the function never assigns (which keep their
    /// entry values, the values a postcondition's formals denote).
    Returned,
    /// The state at entry, in a postcondition: `\old(x)` for a global scalar `x`,
    /// `\old(*p)` for a cell read through the formals and globals, and the unassigned
    /// formals.
    Entry,
}

/// The text of `e`, a predicate of function `func`, named as `naming` allows.
pub fn text(
    prog: &Program,
    func: FuncId,
    assigned_params: &[VarId],
    naming: Naming,
    e: &Expr,
) -> Option<String> {
    let p = Printer {
        prog,
        func,
        assigned_params,
        naming,
    };
    let mut out = String::new();
    p.expr(e, &mut out)?;
    Some(out)
}

struct Printer<'a> {
    prog: &'a Program,
    func: FuncId,
    assigned_params: &'a [VarId],
    naming: Naming,
}

/// The C name of an integer type (`long` is spelt by its width, which the data model
/// fixes: `int` or `long long`).
fn int_type_name(k: crate::cir::IntKind) -> Option<&'static str> {
    Some(match (k.is_bool, k.bits, k.signed) {
        (true, _, _) => "_Bool",
        (_, 8, true) => "signed char",
        (_, 8, false) => "unsigned char",
        (_, 16, true) => "short",
        (_, 16, false) => "unsigned short",
        (_, 32, true) => "int",
        (_, 32, false) => "unsigned int",
        (_, 64, true) => "long long",
        (_, 64, false) => "unsigned long long",
        _ => return None,
    })
}

/// A C identifier (with `$`, as GCC allows: a rule's parameters are `$1`, ...).
fn is_c_ident(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_' || c == '$')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
}

impl Printer<'_> {
    /// The name `v` has in the claim, if it has one.
    fn var(&self, v: VarId) -> Option<String> {
        let prog = self.prog;
        let var = prog.var(v);
        if is_result_var(prog, v) {
            return (self.naming == Naming::Returned && var.kind == VarKind::Temp(self.func))
                .then(|| "\\result".to_string());
        }
        if let Some(x) = entry_value_of(prog, v) {
            return (matches!(self.naming, Naming::Returned | Naming::Here)
                && var.kind == VarKind::Temp(self.func))
            .then(|| format!("\\old({})", prog.var(x).name));
        }
        if !is_c_ident(&var.name) || !self.resolves_to(&var.name, v) {
            return None;
        }
        let param = var.kind == VarKind::Param(self.func);
        match (self.naming, var.kind) {
            (Naming::Here, VarKind::Temp(_)) => None,
            (Naming::Here, _) => Some(var.name.clone()),
            (_, VarKind::Param(_)) if param && !self.assigned_params.contains(&v) => {
                Some(var.name.clone())
            }
            (Naming::Returned, VarKind::Global { .. } | VarKind::StaticLocal(_)) => {
                Some(var.name.clone())
            }
            (Naming::Entry, VarKind::Global { .. } | VarKind::StaticLocal(_))
                if !var.addr_taken && prog.types.is_scalar(var.ty) =>
            {
                Some(format!("\\old({})", var.name))
            }
            _ => None,
        }
    }

    /// Whether a variable named `name` is in the function's scope.
    fn shadowed(&self, name: &str) -> bool {
        let prog = self.prog;
        let func = prog.func(self.func);
        func.params
            .iter()
            .chain(func.locals.iter())
            .any(|&w| prog.var(w).name == name)
            || prog.var_ids().any(|w| {
                prog.var(w).name == name
                    && matches!(
                        prog.var(w).kind,
                        VarKind::Global { .. } | VarKind::StaticLocal(_)
                    )
            })
    }

    /// Whether `name` in the function's scope is `v` (a local may hide a global).
    fn resolves_to(&self, name: &str, v: VarId) -> bool {
        let prog = self.prog;
        let func = prog.func(self.func);
        let local = func
            .params
            .iter()
            .chain(func.locals.iter())
            .copied()
            .find(|&w| prog.var(w).name == name)
            .or_else(|| {
                prog.var_ids().find(|&w| {
                    prog.var(w).name == name && prog.var(w).kind == VarKind::StaticLocal(self.func)
                })
            });
        match local {
            Some(w) => w == v,
            None => matches!(prog.var(v).kind, VarKind::Global { .. }),
        }
    }

    fn expr(&self, e: &Expr, out: &mut String) -> Option<()> {
        match &e.kind {
            ExprKind::Int(n) if *n < 0 => {
                let _ = write!(out, "({n})");
            }
            ExprKind::Int(n) => {
                let _ = write!(out, "{n}");
            }
            ExprKind::Read(lv) => self.lval(lv, out)?,
            ExprKind::AddrOf(lv) => {
                if self.naming == Naming::Entry {
                    return None;
                }
                out.push_str("&(");
                self.lval(lv, out)?;
                out.push(')');
            }
            ExprKind::Func(g) => {
                // a function's address is its name, unless a variable hides it
                let name = &self.prog.func(*g).name;
                if !is_c_ident(name)
                    || self.prog.func_by_name(name) != Some(*g)
                    || self.shadowed(name)
                {
                    return None;
                }
                out.push_str(name);
            }
            ExprKind::Str(_) => return None,
            ExprKind::Unary(op, a) => {
                out.push_str(match op {
                    UnOp::Neg => "-",
                    UnOp::BitNot => "~",
                    UnOp::LogNot => "!",
                });
                out.push('(');
                self.expr(a, out)?;
                out.push(')');
            }
            ExprKind::Binary(op, a, b) => {
                let sym = match op {
                    BinOp::PtrAdd => "+",
                    BinOp::PtrDiff => "-",
                    o => o.symbol(),
                };
                out.push('(');
                self.expr(a, out)?;
                let _ = write!(out, " {sym} ");
                self.expr(b, out)?;
                out.push(')');
            }
            ExprKind::Cast(a) => {
                // a cast that keeps every value needs no text; an integer one that may not
                // is written out
                let types = &self.prog.types;
                let widening = match (types.as_int(a.ty), types.as_int(e.ty)) {
                    (Some(from), Some(to)) => {
                        (from.signed == to.signed && from.bits <= to.bits)
                            || (!from.signed && to.signed && from.bits < to.bits)
                    }
                    _ => types.is_pointer(a.ty) && types.is_pointer(e.ty),
                };
                if widening {
                    self.expr(a, out)?;
                } else {
                    let _ = write!(out, "(({})(", int_type_name(types.as_int(e.ty)?)?);
                    self.expr(a, out)?;
                    out.push_str("))");
                }
            }
        }
        Some(())
    }

    fn lval(&self, lv: &Lval, out: &mut String) -> Option<()> {
        let cell = match lv {
            Lval::Var(v) => {
                let var = self.prog.var(*v);
                var.is_static_storage() && var.addr_taken
            }
            _ => true,
        };
        if self.naming == Naming::Entry && cell {
            // a cell's value at entry: read then, through the values then
            let then = Printer {
                naming: Naming::Returned,
                ..*self
            };
            out.push_str("\\old(");
            then.lval(lv, out)?;
            out.push(')');
            return Some(());
        }
        match lv {
            Lval::Var(v) => out.push_str(&self.var(*v)?),
            Lval::Deref(p) => {
                out.push_str("*(");
                self.expr(p, out)?;
                out.push(')');
            }
            Lval::Field(base, s, i) => {
                let name = &self.prog.field(*s, *i).name;
                if !is_c_ident(name) {
                    return None;
                }
                match &**base {
                    Lval::Deref(p) => {
                        out.push('(');
                        self.expr(p, out)?;
                        out.push_str(")->");
                    }
                    other => {
                        self.lval(other, out)?;
                        out.push('.');
                    }
                }
                out.push_str(name);
            }
            Lval::Index(base, i) => {
                self.lval(base, out)?;
                out.push('[');
                self.expr(i, out)?;
                out.push(']');
            }
        }
        Some(())
    }
}
