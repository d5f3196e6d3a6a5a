//! The type checker: resolves names and checks arities, domains and bit
//! widths, turning a [`ModelAst`] into a [`Model`]. Expressions are typed in
//! [`expr`], statements in [`stmt`]; this module owns the declarations and
//! the scopes.

mod expr;
mod stmt;

pub use stmt::visit;

use std::collections::HashMap;

use bebop::ast::Span;
use bebop::diag::Diagnostic;

use crate::model::*;
use crate::syntax::ast::{Ident, Item, ModelAst, ScalarAst, TypeAst};

pub(crate) type TResult<T> = Result<T, Diagnostic>;

/// Checks a parsed model.
pub fn check(ast: &ModelAst) -> TResult<Model> {
    let mut tc = Checker::default();
    tc.declare_bad();
    for item in &ast.items {
        tc.declare(item)?;
    }
    // Predicates first (in order: a predicate uses only earlier ones), then the rest.
    let (preds, rest): (Vec<&Item>, Vec<&Item>) = ast
        .items
        .iter()
        .partition(|i| matches!(i, Item::Pred { .. }));
    for item in preds.into_iter().chain(rest) {
        tc.define(item)?;
    }
    if !tc.model.procs.iter().any(|p| p.toplevel) && !tc.model.asserts.is_empty() {
        return Err(Diagnostic::new(
            "a model needs at least one `toplevel` procedure",
            Span::new(0, 0),
        ));
    }
    stmt::assign_snapshots(&mut tc.model);
    Ok(tc.model)
}

/// What a name in scope stands for.
#[derive(Clone, Debug)]
enum Global {
    Enum(usize),
    Value(usize, u64),
    Var(usize),
    Pred(usize),
    Proc(usize),
}

/// Where an expression occurs: which constructs are allowed there.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ctx {
    /// Primed variables (declarative statements).
    pub primes: bool,
    /// CTL operators and `loop` (assertions).
    pub ctl: bool,
}

/// Facts about a predicate's body, checked where it is used.
#[derive(Clone, Copy, Debug, Default)]
struct PredFlags {
    primes: bool,
    ctl: bool,
    defined: bool,
}

#[derive(Default)]
pub(crate) struct Checker {
    model: Model,
    globals: HashMap<String, Global>,
    pred_flags: Vec<PredFlags>,
    /// Bound names in scope, innermost last.
    scope: Vec<(String, LocalId, Ty)>,
    /// Set while checking a body: which features it used.
    used_primes: bool,
    used_ctl: bool,
}

fn err<T>(msg: impl Into<String>, span: Span) -> TResult<T> {
    Err(Diagnostic::new(msg, span))
}

impl Checker {
    fn declare_bad(&mut self) {
        self.model.vars.push(VarDef {
            name: "bad".into(),
            kind: VarKind::Scalar(Dom::Bool),
            span: Span::new(0, 0),
        });
        self.globals.insert("bad".into(), Global::Var(BAD));
    }

    fn bind_global(&mut self, id: &Ident, g: Global) -> TResult<()> {
        if id.name == "loop" || self.globals.contains_key(&id.name) {
            return err(format!("`{}` is declared twice", id.name), id.span);
        }
        self.globals.insert(id.name.clone(), g);
        Ok(())
    }

    /// First pass: names of enumerations, variables, predicates, procedures.
    fn declare(&mut self, item: &Item) -> TResult<()> {
        match item {
            Item::Enum { name, values } => self.declare_enum(name, values),
            Item::Var { ty, names } => {
                let kind = self.var_kind(ty)?;
                for n in names {
                    let id = self.model.vars.len();
                    self.bind_global(n, Global::Var(id))?;
                    self.model.vars.push(VarDef {
                        name: n.name.clone(),
                        kind: kind.clone(),
                        span: n.span,
                    });
                }
                Ok(())
            }
            Item::Pred { name, params, .. } => self.declare_pred(name, params),
            Item::Proc {
                name,
                params,
                toplevel,
                ..
            } => self.declare_proc(name, params, *toplevel),
            Item::Assert { .. } | Item::Init { .. } => Ok(()),
        }
    }

    fn declare_enum(&mut self, name: &Ident, values: &[Ident]) -> TResult<()> {
        let e = self.model.enums.len();
        self.bind_global(name, Global::Enum(e))?;
        for (i, v) in values.iter().enumerate() {
            self.bind_global(v, Global::Value(e, i as u64))?;
        }
        self.model.enums.push(EnumDef {
            name: name.name.clone(),
            values: values.iter().map(|v| v.name.clone()).collect(),
        });
        Ok(())
    }

    fn declare_pred(&mut self, name: &Ident, params: &[(TypeAst, Ident)]) -> TResult<()> {
        let p = self.model.preds.len();
        self.bind_global(name, Global::Pred(p))?;
        let mut ps = Vec::new();
        for (ty, n) in params {
            let t = self.var_kind(ty)?.ty();
            ps.push((self.new_local(&n.name), t));
        }
        self.model.preds.push(PredDef {
            name: name.name.clone(),
            params: ps,
            body: Expr {
                kind: ExprKind::True,
                ty: Ty::Formula,
                span: name.span,
            },
        });
        self.pred_flags.push(PredFlags::default());
        Ok(())
    }

    fn declare_proc(
        &mut self,
        name: &Ident,
        params: &[(TypeAst, Ident)],
        toplevel: bool,
    ) -> TResult<()> {
        let p = self.model.procs.len();
        self.bind_global(name, Global::Proc(p))?;
        let mut ps = Vec::new();
        for (ty, n) in params {
            match self.var_kind(ty)? {
                VarKind::Scalar(d) => ps.push((self.new_local(&n.name), d)),
                _ => return err("procedure parameters are scalars", ty.span()),
            }
        }
        self.model.procs.push(ProcDef {
            name: name.name.clone(),
            params: ps,
            toplevel,
            body: Vec::new(),
            slots: Vec::new(),
            span: name.span,
        });
        Ok(())
    }

    /// Second pass: bodies, assertions and the initial condition.
    fn define(&mut self, item: &Item) -> TResult<()> {
        match item {
            Item::Pred { name, body, .. } => self.define_pred(name, body),
            Item::Proc { name, body, .. } => self.define_proc(name, body),
            Item::Assert { formula, span } => {
                let f = self.formula_in(
                    formula,
                    Ctx {
                        primes: false,
                        ctl: true,
                    },
                )?;
                self.model.asserts.push(Assertion {
                    formula: f,
                    span: *span,
                });
                Ok(())
            }
            Item::Init { formula } => {
                if self.model.init.is_some() {
                    return err("a model has at most one `init`", formula.span);
                }
                let f = self.formula_in(formula, Ctx::default())?;
                self.model.init = Some(f);
                Ok(())
            }
            Item::Enum { .. } | Item::Var { .. } => Ok(()),
        }
    }

    fn define_pred(&mut self, name: &Ident, body: &crate::syntax::ast::Ast) -> TResult<()> {
        let Some(Global::Pred(p)) = self.globals.get(&name.name).cloned() else {
            return err("internal: predicate not declared", name.span);
        };
        let params = self.model.preds[p].params.clone();
        for (id, ty) in &params {
            let n = self.model.local_names[*id].clone();
            self.scope.push((n, *id, ty.clone()));
        }
        self.used_primes = false;
        self.used_ctl = false;
        let f = self.formula_in(
            body,
            Ctx {
                primes: true,
                ctl: true,
            },
        );
        self.scope.clear();
        self.model.preds[p].body = f?;
        self.pred_flags[p] = PredFlags {
            primes: self.used_primes,
            ctl: self.used_ctl,
            defined: true,
        };
        Ok(())
    }

    fn define_proc(&mut self, name: &Ident, body: &[crate::syntax::ast::StmtAst]) -> TResult<()> {
        let Some(Global::Proc(p)) = self.globals.get(&name.name).cloned() else {
            return err("internal: procedure not declared", name.span);
        };
        for (id, d) in self.model.procs[p].params.clone() {
            let n = self.model.local_names[id].clone();
            self.scope.push((n, id, Ty::Scalar(d)));
        }
        let stmts = self.stmts(body);
        self.scope.clear();
        self.model.procs[p].body = stmts?;
        Ok(())
    }

    fn formula_in(&mut self, a: &crate::syntax::ast::Ast, ctx: Ctx) -> TResult<Expr> {
        let e = self.expr(a, ctx, None)?;
        self.to_formula(e)
    }

    pub(crate) fn new_local(&mut self, name: &str) -> LocalId {
        let id = self.model.locals;
        self.model.locals += 1;
        self.model.local_names.push(name.to_string());
        id
    }

    fn scalar_dom(&self, s: &ScalarAst) -> TResult<Dom> {
        match s {
            ScalarAst::Bool => Ok(Dom::Bool),
            ScalarAst::Int { width, signed } => Ok(Dom::Int {
                width: *width,
                signed: *signed,
            }),
            ScalarAst::Named(id) => match self.globals.get(&id.name) {
                Some(Global::Enum(e)) => Ok(Dom::Enum(*e)),
                _ => err(format!("`{}` is not a type", id.name), id.span),
            },
        }
    }

    fn var_kind(&self, ty: &TypeAst) -> TResult<VarKind> {
        let kind = match ty {
            TypeAst::Scalar(s, _) => VarKind::Scalar(self.scalar_dom(s)?),
            TypeAst::Set(s, _) => VarKind::Rel {
                cols: vec![self.scalar_dom(s)?],
                mult: None,
            },
            TypeAst::Rel { cols, mult, .. } => VarKind::Rel {
                cols: cols
                    .iter()
                    .map(|c| self.scalar_dom(c))
                    .collect::<TResult<_>>()?,
                mult: *mult,
            },
        };
        if let VarKind::Rel { cols, .. } = &kind {
            if self.model.tuples(cols) > 1 << 16 {
                return err("a relation has at most 65536 possible tuples", ty.span());
            }
        }
        Ok(kind)
    }
}
