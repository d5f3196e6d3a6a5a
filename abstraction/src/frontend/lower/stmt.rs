//! Statements into CFG: blocks (scopes), `if`, loops, `switch` (fall-through, `default`,
//! cases anywhere inside its body, GNU case ranges), `goto` and labels, `break`/`continue`,
//! `return`, inline assembly (outputs havocked) and `_Static_assert`.

use super::builder::SwitchCtx;
use super::seh::Exit;
use super::types::is_void;
use super::{fold, LResult, Lowerer};
use crate::cir::{BinOp, HavocKind, Lval, NodeId, Stmt};
use crate::frontend::ErrorKind;
use lang_c::ast::{
    AsmStatement, BlockItem, Expression, ForInitializer, Label, LabeledStatement, Statement,
    SwitchStatement,
};
use lang_c::span::{Node, Span};

/// The warning given for inline assembly.
pub(super) const ASM_WARNING: &str = "inline assembly ignored; outputs havocked";

impl Lowerer<'_> {
    /// One item of a block.
    pub(super) fn block_item(&mut self, item: &Node<BlockItem>) -> LResult<()> {
        match &item.node {
            BlockItem::Declaration(d) => self.declaration(d),
            BlockItem::StaticAssert(sa) => self.static_assert(sa),
            BlockItem::Statement(s) => self.stmt(s),
        }
    }

    /// Lower a statement at the current point.
    pub(super) fn stmt(&mut self, s: &Node<Statement>) -> LResult<()> {
        let span = s.span;
        match &s.node {
            Statement::Labeled(ls) => self.labeled(ls),
            Statement::Compound(items) => {
                self.scopes.push();
                let r = items.iter().try_for_each(|i| self.block_item(i));
                self.scopes.pop();
                r
            }
            Statement::Expression(Some(e)) => self.discard(e),
            Statement::Expression(None) => Ok(()),
            Statement::If(i) => {
                if self.seh_try(i, span)? {
                    return Ok(());
                }
                let t = self.fcx.new_node();
                let join = self.fcx.new_node();
                let f = match &i.node.else_statement {
                    Some(_) => self.fcx.new_node(),
                    None => join,
                };
                self.cond(&i.node.condition, Some(t), Some(f))?;
                self.fcx.cur = t;
                self.stmt(&i.node.then_statement)?;
                self.emit_to(Stmt::Skip, span, join)?;
                if let Some(e) = &i.node.else_statement {
                    self.fcx.cur = f;
                    self.stmt(e)?;
                    self.emit_to(Stmt::Skip, span, join)?;
                }
                self.fcx.cur = join;
                Ok(())
            }
            Statement::Switch(sw) => self.switch(sw, span),
            Statement::While(w) => {
                let head = self.fcx.new_node();
                self.goto_node(head, span)?;
                let body = self.fcx.new_node();
                let exit = self.fcx.new_node();
                self.cond(&w.node.expression, Some(body), Some(exit))?;
                self.fcx.cur = body;
                self.loop_body(&w.node.statement, exit, head)?;
                self.emit_to(Stmt::Skip, span, head)?;
                self.fcx.cur = exit;
                Ok(())
            }
            Statement::DoWhile(d) => {
                let body = self.fcx.new_node();
                self.goto_node(body, span)?;
                let cont = self.fcx.new_node();
                let exit = self.fcx.new_node();
                self.loop_body(&d.node.statement, exit, cont)?;
                self.goto_node(cont, span)?;
                self.cond(&d.node.expression, Some(body), Some(exit))?;
                self.fcx.cur = exit;
                Ok(())
            }
            Statement::For(f) => {
                self.scopes.push();
                let r = self.for_loop(f, span);
                self.scopes.pop();
                r
            }
            Statement::Goto(l) => {
                let n = self.label_node(&l.node.name);
                self.fcx.gotos.push((l.node.name.clone(), l.span));
                self.jump(n, span)
            }
            Statement::Continue => match self.fcx.continues.last() {
                Some(&c) => {
                    self.seh_leave(Exit::Continue)?;
                    self.jump(c, span)
                }
                None => Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "continue statement not within a loop",
                )),
            },
            Statement::Break => match self.fcx.breaks.last() {
                Some(&b) => {
                    self.seh_leave(Exit::Break)?;
                    self.jump(b, span)
                }
                None => Err(self.err(
                    span,
                    ErrorKind::Invalid,
                    "break statement not within a loop or switch",
                )),
            },
            Statement::Return(e) => self.return_stmt(e.as_deref(), span),
            Statement::Asm(a) => self.asm(a, span),
        }
    }

    /// A loop body with its `break` and `continue` targets.
    fn loop_body(&mut self, s: &Node<Statement>, brk: NodeId, cont: NodeId) -> LResult<()> {
        self.fcx.breaks.push(brk);
        self.fcx.continues.push(cont);
        let r = self.stmt(s);
        self.fcx.breaks.pop();
        self.fcx.continues.pop();
        r
    }

    fn for_loop(&mut self, f: &Node<lang_c::ast::ForStatement>, span: Span) -> LResult<()> {
        match &f.node.initializer.node {
            ForInitializer::Empty => {}
            ForInitializer::Expression(e) => self.discard(e)?,
            ForInitializer::Declaration(d) => self.declaration(d)?,
            ForInitializer::StaticAssert(sa) => self.static_assert(sa)?,
        }
        let head = self.fcx.new_node();
        self.goto_node(head, span)?;
        let body = self.fcx.new_node();
        let exit = self.fcx.new_node();
        let cont = self.fcx.new_node();
        match &f.node.condition {
            Some(c) => self.cond(c, Some(body), Some(exit))?,
            None => self.emit_to(Stmt::Skip, span, body)?,
        }
        self.fcx.cur = body;
        self.loop_body(&f.node.statement, exit, cont)?;
        self.goto_node(cont, span)?;
        if let Some(step) = &f.node.step {
            self.discard(step)?;
        }
        self.emit_to(Stmt::Skip, span, head)?;
        self.fcx.cur = exit;
        Ok(())
    }

    /// The node of a `goto` label (created at its first mention).
    fn label_node(&mut self, name: &str) -> NodeId {
        if let Some(&n) = self.fcx.labels.get(name) {
            return n;
        }
        let n = self.fcx.new_node();
        self.fcx.labels.insert(name.to_string(), n);
        n
    }

    fn labeled(&mut self, ls: &Node<LabeledStatement>) -> LResult<()> {
        self.label_here(ls)?;
        self.stmt(&ls.node.statement)
    }

    /// Makes the current point the target of `ls`'s label (not its statement).
    pub(super) fn label_here(&mut self, ls: &Node<LabeledStatement>) -> LResult<()> {
        let span = ls.span;
        match &ls.node.label.node {
            Label::Identifier(id) => {
                let name = &id.node.name;
                if !self.fcx.defined_labels.insert(name.clone()) {
                    return Err(self.err(
                        id.span,
                        ErrorKind::Invalid,
                        format!("duplicate label `{name}`"),
                    ));
                }
                let n = self.label_node(name);
                self.fcx.nodes[n.0 as usize].labels.push(name.clone());
                self.goto_node(n, span)?;
            }
            Label::Case(e) => {
                let v = self.const_int(e, "case label")?;
                self.add_case(v, v, span)?;
            }
            Label::CaseRange(r) => {
                let lo = self.const_int(&r.node.low, "case range start")?;
                let hi = self.const_int(&r.node.high, "case range end")?;
                if hi < lo {
                    self.warn(span, "empty case range");
                }
                self.add_case(lo, hi, span)?;
            }
            Label::Default => {
                let Some(sw) = self.fcx.switches.last() else {
                    return Err(self.err(
                        span,
                        ErrorKind::Invalid,
                        "`default` label not within a switch statement",
                    ));
                };
                if sw.default.is_some() {
                    return Err(self.err(
                        span,
                        ErrorKind::Invalid,
                        "multiple default labels in one switch",
                    ));
                }
                let n = self.fcx.new_node();
                self.goto_node(n, span)?;
                if let Some(sw) = self.fcx.switches.last_mut() {
                    sw.default = Some(n);
                }
            }
        }
        Ok(())
    }

    /// A `case lo ... hi:` label of the innermost switch at the current point.
    fn add_case(&mut self, lo: i128, hi: i128, span: Span) -> LResult<()> {
        let Some(sw) = self.fcx.switches.last() else {
            return Err(self.err(
                span,
                ErrorKind::Invalid,
                "case label not within a switch statement",
            ));
        };
        let k = self.prog.types.as_int(sw.ctrl_ty);
        let (lo, hi) = match k {
            Some(k) => (fold::wrap(lo, k), fold::wrap(hi, k)),
            None => (lo, hi),
        };
        if sw.cases.iter().any(|&(a, b, _)| lo <= b && a <= hi) {
            return Err(self.err(span, ErrorKind::Invalid, "duplicate case value"));
        }
        let n = self.fcx.new_node();
        self.goto_node(n, span)?;
        if let Some(sw) = self.fcx.switches.last_mut() {
            sw.cases.push((lo, hi, n));
        }
        Ok(())
    }

    fn switch(&mut self, sw: &Node<SwitchStatement>, span: Span) -> LResult<()> {
        let v = self.rvalue(&sw.node.expression)?;
        if !self.prog.types.is_integer(v.ty) {
            return Err(self.err(
                sw.node.expression.span,
                ErrorKind::Invalid,
                "switch quantity is not an integer",
            ));
        }
        let v = self.promote(v);
        let dispatch = self.fcx.cur;
        let exit = self.fcx.new_node();
        self.fcx.switches.push(SwitchCtx {
            ctrl_ty: v.ty,
            cases: Vec::new(),
            default: None,
        });
        self.fcx.breaks.push(exit);
        self.fcx.cur = self.fcx.new_node();
        let r = self.stmt(&sw.node.statement);
        self.fcx.breaks.pop();
        let ctx = self.fcx.switches.pop();
        r?;
        self.emit_to(Stmt::Skip, span, exit)?;
        let Some(ctx) = ctx else { return Ok(()) };
        self.fcx.cur = dispatch;
        let fallback = ctx.default.unwrap_or(exit);
        if let Some(k) = fold::as_const(&v) {
            let target = ctx
                .cases
                .iter()
                .find(|&&(lo, hi, _)| lo <= k && k <= hi)
                .map_or(fallback, |c| c.2);
            self.emit_to(Stmt::Skip, span, target)?;
            self.fcx.cur = exit;
            return Ok(());
        }
        let int = self.prog.types.int();
        let ty = v.ty;
        let cmp = |l: &Self, op: BinOp, c: i128| {
            fold::binary(&l.prog.types, op, v.clone(), fold::int(c, ty), int)
        };
        for &(lo, hi, n) in &ctx.cases {
            let next = self.fcx.new_node();
            if lo == hi {
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Eq, lo)), span, n)?;
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Ne, lo)), span, next)?;
            } else {
                let mid = self.fcx.new_node();
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Ge, lo)), span, mid)?;
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Lt, lo)), span, next)?;
                self.fcx.cur = mid;
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Le, hi)), span, n)?;
                self.emit_to(Stmt::Assume(cmp(self, BinOp::Gt, hi)), span, next)?;
            }
            self.fcx.cur = next;
        }
        self.emit_to(Stmt::Skip, span, fallback)?;
        self.fcx.cur = exit;
        Ok(())
    }

    fn return_stmt(&mut self, e: Option<&Node<Expression>>, span: Span) -> LResult<()> {
        let ret = self.fcx.ret_ty;
        let void = is_void(&self.prog.types, ret);
        let stmt = match e {
            Some(e) if void => {
                self.discard(e)?;
                Stmt::Return(None)
            }
            Some(Node {
                node: Expression::Conditional(c),
                ..
            }) if self.prog.types.is_scalar(ret) && !self.seh_has_finally() => {
                return self.conditional_return(c, ret, span);
            }
            Some(e) => {
                let v = self.rvalue(e)?;
                Stmt::Return(Some(self.convert(v, ret, span)?))
            }
            None if void => Stmt::Return(None),
            None => {
                let t = self.havoc_temp(ret, HavocKind::Uninit, span)?;
                Stmt::Return(Some(super::expr::read(Lval::Var(t), ret)))
            }
        };
        let stmt = self.through_finally_blocks(stmt, span)?;
        self.ret(stmt, span)
    }

    /// A `return` leaving `__finally`-protected bodies: the value is kept in a temporary,
    /// then the `__finally` blocks run.
    fn through_finally_blocks(&mut self, stmt: Stmt, span: Span) -> LResult<Stmt> {
        if !self.seh_has_finally() {
            return Ok(stmt);
        }
        let stmt = match stmt {
            Stmt::Return(Some(v)) => {
                let ty = v.ty;
                let t = self.new_temp(ty, span)?;
                self.emit(
                    Stmt::Assign {
                        lhs: Lval::Var(t),
                        rhs: v,
                    },
                    span,
                )?;
                Stmt::Return(Some(super::expr::read(Lval::Var(t), ty)))
            }
            other => other,
        };
        self.seh_leave(Exit::Return)?;
        Ok(stmt)
    }

    fn asm(&mut self, a: &Node<AsmStatement>, span: Span) -> LResult<()> {
        if let AsmStatement::GnuExtended(x) = &a.node {
            for i in &x.inputs {
                self.discard(&i.node.variable_name)?;
            }
            let template: String = x.template.node.concat();
            let memory = x
                .clobbers
                .iter()
                .any(|c| c.node.concat().trim_matches('"') == "memory");
            if memory && !template.trim_matches('"').trim().is_empty() {
                // it may write memory: what an unknown function may write
                self.asm_memory_call(span)?;
            }
            for o in &x.outputs {
                let (lv, _) = self.lvalue(&o.node.variable_name)?;
                self.emit(
                    Stmt::Havoc {
                        lhs: lv,
                        why: HavocKind::Opaque(crate::cir::Opaque::Asm),
                    },
                    o.span,
                )?;
            }
        }
        self.warn(span, ASM_WARNING);
        Ok(())
    }

    /// A call of `__slamrs_asm_memory`, an unknown function without arguments: assembly
    /// with a "memory" clobber may write any memory an unknown function may write.
    fn asm_memory_call(&mut self, span: Span) -> LResult<()> {
        const NAME: &str = "__slamrs_asm_memory";
        let f = match self.prog.func_by_name(NAME) {
            Some(f) => f,
            None => {
                let void = self.prog.types.void();
                let ty = self.prog.types.function(crate::cir::FnSig {
                    ret: void,
                    params: Vec::new(),
                    variadic: false,
                    prototyped: true,
                });
                self.add_function(NAME, ty, true, span)
            }
        };
        self.emit(
            Stmt::Call {
                lhs: None,
                callee: crate::cir::Callee::Direct(f),
                args: Vec::new(),
            },
            span,
        )
    }
}
