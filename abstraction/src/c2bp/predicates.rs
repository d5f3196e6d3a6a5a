//! Predicates: pure C boolean expressions, scoped globally or to one function, and the
//! predicate file format (`SCOPE: C-expression` per line, `#` comments).

use super::pexpr;
use crate::cir::{print, Expr, ExprKind, FuncId, Lval, Program, Stmt, Ty, Var, VarId, VarKind};
use std::fmt;

/// Where a predicate lives in the boolean program.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Scope {
    /// Over variables with static storage only: a global boolean variable.
    Global,
    /// Mentions locals, formals or the return value of this function: a local (or formal,
    /// or returned) boolean variable of its procedure.
    Func(FuncId),
}

/// One predicate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Predicate {
    pub scope: Scope,
    /// An `int`-valued CIR expression (nonzero is true).
    pub expr: Expr,
    /// Its boolean-program variable name, `{…}` with the C text inside.
    pub name: String,
}

/// A set of predicates, without duplicates, and what refinement learnt about them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PredicateSet {
    pub preds: Vec<Predicate>,
    /// Cubes no state satisfies, learnt from states of spurious traces
    /// ([`super::learned`]); c2bp adds those it confirms to the `enforce` of their function.
    pub constraints: Vec<LearntCube>,
    /// Cubes that decided a condition or a predicate's new value on a step of a spurious
    /// trace where the abstraction did not ([`super::learned`]); c2bp tries them first in
    /// its cube search, whatever their length.
    pub seeds: Vec<LearntCube>,
}

/// A cube of predicates of one function (each with its value in the cube).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LearntCube {
    pub func: FuncId,
    /// Predicate expressions (as in [`Predicate::expr`]) and their values.
    pub lits: Vec<(Expr, bool)>,
}

/// A predicate file that does not parse or refers to what the program lacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PredError {
    pub line: usize,
    pub col: usize,
    pub message: String,
}

impl PredError {
    /// The error as a diagnostic about the predicate file `file`, whose text is `text`.
    pub fn report(&self, file: &str, text: &str) -> bebop::diag::Report {
        bebop::diag::Report::error(file, self.message.as_str())
            .at(self.line as u32, self.col as u32)
            .in_source(text)
    }
}

/// `LINE:COL: MESSAGE` (the file is the caller's: see [`PredError::report`]).
impl fmt::Display for PredError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

pub use crate::cir::RESULT_NAME;

/// The pseudo variable for `f`'s return value (created on first use). It is not among `f`'s
/// locals: only predicates mention it.
pub fn result_var(prog: &mut Program, f: FuncId) -> VarId {
    let found = prog
        .var_ids()
        .find(|&v| prog.var(v).name == RESULT_NAME && prog.var(v).kind == VarKind::Temp(f));
    if let Some(v) = found {
        return v;
    }
    let func = prog.func(f);
    let ret = prog
        .types
        .fn_sig(func.ty)
        .map(|s| s.ret)
        .unwrap_or_else(|| func.ty);
    pseudo_var(prog, f, RESULT_NAME.into(), ret)
}

/// A new pseudo variable of `f` (a `Temp` none of its statements assigns: only predicates
/// and claims mention it).
fn pseudo_var(prog: &mut Program, f: FuncId, name: String, ty: Ty) -> VarId {
    let loc = prog.func(f).loc;
    prog.vars.push(Var {
        name,
        ty,
        kind: VarKind::Temp(f),
        loc,
        addr_taken: false,
    });
    VarId(prog.vars.len() as u32 - 1)
}

/// True if `v` is a return-value pseudo variable.
pub fn is_result_var(prog: &Program, v: VarId) -> bool {
    prog.var(v).name == RESULT_NAME
}

/// The entry-value pseudo variable `\old(x)` of `f` (created on first use): the value the
/// static-storage scalar `x` had when the activation of `f` began. It is never assigned;
/// a caller passes its own value of `x` for it like an actual for a formal, so a predicate
/// over it and globals (`x == \old(x)`: `f` leaves `x` as it found it) is a formal and a
/// return predicate of `f` at once, which lets the caller keep facts relating its locals
/// to `x` across a call that may, but on the caller's path does not, change `x`.
pub fn entry_value_var(prog: &mut Program, f: FuncId, x: VarId) -> VarId {
    if let Some((&v, _)) = prog
        .entry_values
        .iter()
        .find(|&(&v, &of)| of == x && prog.var(v).frame_of() == Some(f))
    {
        return v;
    }
    let var = prog.var(x);
    debug_assert!(var.is_static_storage() && !var.addr_taken);
    let name = format!("\\old({})", var.name);
    let ty = var.ty;
    let v = pseudo_var(prog, f, name, ty);
    prog.entry_values.insert(v, x);
    v
}

/// The entry-value pseudo variable `\old(lv)` of `f` for a memory lvalue (created on first
/// use, named `\old(text)`): the value the cell `lv` denotes in the entry state (its
/// pointers read then too) had then. Only claims of correctness witnesses make them; the
/// certificate checker gives them their values, c2bp would see unknown constants.
pub fn entry_memory_var(prog: &mut Program, f: FuncId, lv: &Lval, ty: Ty, text: &str) -> VarId {
    if let Some((&v, _)) = prog
        .entry_memory
        .iter()
        .find(|&(&v, of)| of == lv && prog.var(v).frame_of() == Some(f))
    {
        return v;
    }
    let v = pseudo_var(prog, f, format!("\\old({text})"), ty);
    prog.entry_memory.insert(v, lv.clone());
    v
}

/// The variable whose entry value `v` is, if `v` is an entry-value pseudo variable.
pub fn entry_value_of(prog: &Program, v: VarId) -> Option<VarId> {
    prog.entry_values.get(&v).copied()
}

/// The entry-value pseudo variables of `f`, each with its variable, in a fixed order.
pub fn entry_values_of(prog: &Program, f: FuncId) -> Vec<(VarId, VarId)> {
    let mut out: Vec<(VarId, VarId)> = prog
        .entry_values
        .iter()
        .filter(|&(&v, _)| prog.var(v).frame_of() == Some(f))
        .map(|(&v, &x)| (v, x))
        .collect();
    out.sort();
    out
}

impl PredicateSet {
    /// Each predicate's index by its boolean-program name.
    pub fn index_by_name(&self) -> rustc_hash::FxHashMap<&str, usize> {
        self.preds
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.as_str(), i))
            .collect()
    }

    /// Adds `expr` (scoped to `func`, or global if `None`), unless it is already there.
    /// A predicate over static-storage variables only becomes global. Returns true if added.
    pub fn add(&mut self, prog: &Program, func: Option<FuncId>, expr: Expr) -> bool {
        let scope = match func {
            Some(f) if mentions_frame_vars(prog, &expr) => Scope::Func(f),
            _ => Scope::Global,
        };
        if self
            .preds
            .iter()
            .any(|p| p.scope == scope && p.expr == expr)
        {
            return false;
        }
        let text = print::expr(prog, &expr);
        let mut name = format!("{{{text}}}");
        if let Scope::Func(f) = scope {
            if self.preds.iter().any(|p| p.name == name) {
                name = format!("{{{text} in {}}}", prog.func(f).name);
            }
        }
        while self.preds.iter().any(|p| p.name == name) {
            name.insert(name.len() - 1, '\'');
        }
        self.preds.push(Predicate { scope, expr, name });
        true
    }

    /// Indices of the global predicates.
    pub fn globals(&self) -> Vec<usize> {
        (0..self.preds.len())
            .filter(|&i| self.preds[i].scope == Scope::Global)
            .collect()
    }

    /// Indices of the predicates of `f`.
    pub fn of_func(&self, f: FuncId) -> Vec<usize> {
        (0..self.preds.len())
            .filter(|&i| self.preds[i].scope == Scope::Func(f))
            .collect()
    }

    pub fn len(&self) -> usize {
        self.preds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.preds.is_empty()
    }

    /// The predicates in file format, one per line.
    pub fn to_file(&self, prog: &Program) -> String {
        let mut s = String::new();
        for p in &self.preds {
            let scope = match p.scope {
                Scope::Global => "global".to_string(),
                Scope::Func(f) => prog.func(f).name.clone(),
            };
            s.push_str(&format!("{scope}: {}\n", print::expr(prog, &p.expr)));
        }
        s
    }
}

/// True if the expression reads a variable of some function's frame (or a return value).
fn mentions_frame_vars(prog: &Program, e: &Expr) -> bool {
    let mut vars = Vec::new();
    expr_vars(e, &mut vars);
    vars.iter().any(|&v| prog.var(v).frame_of().is_some())
}

/// Every variable an expression mentions (read or address taken).
pub fn expr_vars(e: &Expr, out: &mut Vec<VarId>) {
    use crate::cir::Lval;
    fn lv(l: &Lval, out: &mut Vec<VarId>) {
        match l {
            Lval::Var(v) => out.push(*v),
            Lval::Deref(e) => expr_vars(e, out),
            Lval::Field(b, ..) => lv(b, out),
            Lval::Index(b, i) => {
                lv(b, out);
                expr_vars(i, out);
            }
        }
    }
    match &e.kind {
        ExprKind::Read(l) | ExprKind::AddrOf(l) => lv(l, out),
        ExprKind::Unary(_, a) | ExprKind::Cast(a) => expr_vars(a, out),
        ExprKind::Binary(_, a, b) => {
            expr_vars(a, out);
            expr_vars(b, out);
        }
        ExprKind::Int(_) | ExprKind::Func(_) | ExprKind::Str(_) => {}
    }
}

/// Parses a predicate file. Each non-blank line is `SCOPE: C-expression`, SCOPE being
/// `global` or the name of a function with a body; `#` starts a comment. Expressions may use
/// variables in scope, constants, `NULL`, `\result` (the function's return value), the
/// operators of C except assignments, casts, calls and `?:`.
pub fn parse_predicates(prog: &mut Program, text: &str) -> Result<PredicateSet, PredError> {
    let mut set = PredicateSet::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let Some(colon) = content.find(':') else {
            return Err(PredError {
                line,
                col: 1,
                message: "expected `SCOPE: expression` (SCOPE is `global` or a function name)"
                    .into(),
            });
        };
        let scope_name = content[..colon].trim();
        let scope = if scope_name == "global" {
            None
        } else {
            match prog.func_by_name(scope_name) {
                Some(f) if prog.func(f).body.is_some() => Some(f),
                Some(_) => {
                    return Err(PredError {
                        line,
                        col: 1,
                        message: format!("function `{scope_name}` has no body in the program"),
                    })
                }
                None => {
                    return Err(PredError {
                        line,
                        col: 1,
                        message: format!(
                            "unknown scope `{scope_name}`: expected `global` or a function of the program"
                        ),
                    })
                }
            }
        };
        let expr_text = &content[colon + 1..];
        let col0 = colon + 2;
        let expr = pexpr::parse(prog, scope, expr_text).map_err(|(col, message)| PredError {
            line,
            col: col0 + col,
            message,
        })?;
        if scope.is_none() && mentions_frame_vars(prog, &expr) {
            return Err(PredError {
                line,
                col: col0,
                message: "a global predicate may only mention global variables".into(),
            });
        }
        set.add(prog, scope, expr);
    }
    Ok(set)
}

/// Predicates taken from the program's own conditions: every atomic comparison of every
/// `assume` edge (one of each complementary pair), scoped where its variables live.
pub fn predicates_from_conditions(prog: &Program) -> PredicateSet {
    let mut set = PredicateSet::default();
    for f in prog.func_ids() {
        let Some(body) = &prog.func(f).body else {
            continue;
        };
        for (_, edge) in body.edges() {
            if let Stmt::Assume(c) = &edge.stmt {
                let mut atoms = Vec::new();
                condition_atoms(c, &mut atoms);
                for a in atoms {
                    if !set.preds.iter().any(|p| is_negation(&p.expr, &a)) {
                        set.add(prog, Some(f), a);
                    }
                }
            }
        }
    }
    set
}

fn condition_atoms(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Unary(crate::cir::UnOp::LogNot, a) => condition_atoms(a, out),
        ExprKind::Binary(op, ..) if op.is_comparison() => out.push(e.clone()),
        ExprKind::Int(_) => {}
        _ => out.push(e.clone()),
    }
}

/// True if `a` and `b` are complementary comparisons of the same operands.
fn is_negation(a: &Expr, b: &Expr) -> bool {
    use crate::cir::BinOp::*;
    match (&a.kind, &b.kind) {
        (ExprKind::Binary(x, a1, a2), ExprKind::Binary(y, b1, b2)) if a1 == b1 && a2 == b2 => {
            matches!(
                (x, y),
                (Eq, Ne) | (Ne, Eq) | (Lt, Ge) | (Ge, Lt) | (Le, Gt) | (Gt, Le)
            )
        }
        _ => false,
    }
}

/// `e` with every read of `v` replaced by `by`.
pub fn subst_var(e: &Expr, v: VarId, by: &Expr) -> Expr {
    subst_vars(e, &|w| (w == v).then(|| by.clone()))
}

/// `e` with every read of a variable `w` for which `by(w)` is `Some` replaced by it, all at
/// once (a replacement is not itself rewritten: `f(d, n)` maps `n` to `d` and `d` to `n`).
pub fn subst_vars(e: &Expr, by: &dyn Fn(VarId) -> Option<Expr>) -> Expr {
    use crate::cir::Lval;
    fn lv(l: &Lval, by: &dyn Fn(VarId) -> Option<Expr>) -> Lval {
        match l {
            Lval::Var(_) => l.clone(),
            Lval::Deref(e) => Lval::Deref(Box::new(subst_vars(e, by))),
            Lval::Field(b, s, i) => Lval::Field(Box::new(lv(b, by)), *s, *i),
            Lval::Index(b, i) => Lval::Index(Box::new(lv(b, by)), Box::new(subst_vars(i, by))),
        }
    }
    let kind = match &e.kind {
        ExprKind::Read(l) => match **l {
            Lval::Var(w) => match by(w) {
                Some(x) => return x,
                None => e.kind.clone(),
            },
            _ => ExprKind::Read(Box::new(lv(l, by))),
        },
        ExprKind::AddrOf(l) => ExprKind::AddrOf(Box::new(lv(l, by))),
        ExprKind::Unary(op, a) => ExprKind::Unary(*op, Box::new(subst_vars(a, by))),
        ExprKind::Cast(a) => ExprKind::Cast(Box::new(subst_vars(a, by))),
        ExprKind::Binary(op, a, b) => ExprKind::Binary(
            *op,
            Box::new(subst_vars(a, by)),
            Box::new(subst_vars(b, by)),
        ),
        k => k.clone(),
    };
    Expr { kind, ty: e.ty }
}

impl PredicateSet {
    /// Adds, for lowering's temporaries, the predicates they need to carry the given ones:
    /// for `x = e` where `e` reads a temporary, `φ[e/x]` for each predicate `φ` over `x`;
    /// for `return e`, `φ[e/\result]`. Without them a value that passes through a
    /// temporary (`return f(x);`, `x = f(y) + 1;`) would lose what the predicates know.
    /// Returns the number of predicates added.
    pub fn close_over_temps(&mut self, prog: &Program) -> usize {
        let before = self.preds.len();
        for f in prog.func_ids() {
            let Some(body) = &prog.func(f).body else {
                continue;
            };
            let result = prog
                .var_ids()
                .find(|&v| is_result_var(prog, v) && prog.var(v).frame_of() == Some(f));
            for (_, edge) in body.edges() {
                let (x, e) = match &edge.stmt {
                    Stmt::Assign {
                        lhs: crate::cir::Lval::Var(x),
                        rhs,
                    } => (*x, rhs),
                    Stmt::Return(Some(e)) => match result {
                        Some(r) => (r, e),
                        None => continue,
                    },
                    _ => continue,
                };
                let mut vars = Vec::new();
                expr_vars(e, &mut vars);
                let reads_temp = vars.iter().any(|&v| {
                    matches!(prog.var(v).kind, VarKind::Temp(_)) && !is_result_var(prog, v)
                });
                if !reads_temp {
                    continue;
                }
                let visible: Vec<Expr> = self
                    .preds
                    .iter()
                    .filter(|p| p.scope == Scope::Global || p.scope == Scope::Func(f))
                    .filter(|p| {
                        let mut vs = Vec::new();
                        expr_vars(&p.expr, &mut vs);
                        vs.contains(&x)
                    })
                    .map(|p| p.expr.clone())
                    .collect();
                for phi in visible {
                    self.add(prog, Some(f), subst_var(&phi, x, e));
                }
            }
        }
        self.preds.len() - before
    }
}
