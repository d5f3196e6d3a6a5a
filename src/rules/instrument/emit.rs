//! Compiling handler statements into CIR edges inside one function body, and typing rule
//! expressions as C would (integer promotions, usual arithmetic conversions, explicit
//! casts).

use slamrs_abstraction::cir::{
    BinOp, Body, Edge, Expr, ExprKind, FileId, FuncId, Loc, Lval, NodeId, Program, Stmt, Ty,
    TypeKind, UnOp, Var, VarId, VarKind,
};

use super::super::ast::{Handler, Pos, RBinOp, RExpr, RExprKind, RStmt, RUnOp};
use super::super::RuleError;

/// What instrumentation has produced so far, across functions.
#[derive(Default)]
pub struct Output {
    /// Error edges created, by location, with their messages (no duplicates).
    pub aborts: Vec<(Loc, String)>,
    /// Error edges of the rule's `giveup` statements, by location, with their messages (no
    /// duplicates): reaching one is not a violation but the end of what the rule follows.
    pub bounds: Vec<(Loc, String)>,
    /// Candidate predicates and the function they were found in.
    pub preds: Vec<(FuncId, Expr)>,
}

impl Output {
    /// Records an abort (once per location).
    pub fn abort(&mut self, loc: Loc, message: &str) {
        if !self.aborts.iter().any(|(l, _)| *l == loc) {
            self.aborts.push((loc, message.to_string()));
        }
    }

    /// Records a `giveup` (once per location).
    pub fn bound(&mut self, loc: Loc, message: &str) {
        if !self.bounds.iter().any(|(l, _)| *l == loc) {
            self.bounds.push((loc, message.to_string()));
        }
    }
}

/// The rule being instrumented: its file (name and id in `Program::files`) and the CIR
/// globals of its state variables.
pub struct RuleCtx {
    pub file: String,
    pub file_id: FileId,
    pub state: Vec<VarId>,
}

impl RuleCtx {
    /// The CIR location of a rule position.
    pub fn loc(&self, pos: Pos) -> Loc {
        Loc {
            file: self.file_id,
            line: pos.line,
            col: pos.col,
        }
    }

    /// An error at a rule position.
    pub fn err(&self, pos: Pos, message: impl Into<String>) -> RuleError {
        RuleError::at(&self.file, pos, message)
    }
}

/// What `$1 … $n` and `$return` mean in the handlers being compiled.
pub struct Frame {
    /// The event function's name (for messages).
    pub fname: String,
    /// Number of parameters of the event function.
    pub arity: usize,
    /// The variable holding `$k` at index `k - 1` (`None` if the handlers never use it).
    pub args: Vec<Option<VarId>>,
    /// The variable holding `$return` in exit handlers (`None` in entry handlers).
    pub ret: Option<VarId>,
    /// The event function returns `void`.
    pub ret_void: bool,
}

/// Builds edges in `body`, the body of `func` (taken out of `prog` while it is built).
pub struct Emitter<'a> {
    pub prog: &'a mut Program,
    pub func: FuncId,
    pub body: &'a mut Body,
    pub rule: &'a RuleCtx,
    pub frame: &'a Frame,
    pub out: &'a mut Output,
    /// Variables created for `func` (to add to its locals).
    pub new_locals: Vec<VarId>,
}

/// A new variable.
pub fn new_var(prog: &mut Program, name: &str, ty: Ty, kind: VarKind, loc: Loc) -> VarId {
    prog.vars.push(Var {
        name: name.to_string(),
        ty,
        kind,
        loc,
        addr_taken: false,
    });
    VarId(prog.vars.len() as u32 - 1)
}

/// A read of variable `v`.
pub fn read_var(prog: &Program, v: VarId) -> Expr {
    Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(v))),
        ty: prog.var(v).ty,
    }
}

/// A new node of `body`.
pub fn new_node(body: &mut Body) -> NodeId {
    body.nodes.push(Default::default());
    NodeId(body.nodes.len() as u32 - 1)
}

/// Adds the edge `from --stmt--> to`.
pub fn add_edge(body: &mut Body, from: NodeId, stmt: Stmt, loc: Loc, to: NodeId) {
    body.nodes[from.0 as usize]
        .edges
        .push(Edge { stmt, loc, to });
}

impl Emitter<'_> {
    fn node(&mut self) -> NodeId {
        new_node(self.body)
    }

    fn edge(&mut self, from: NodeId, stmt: Stmt, pos: Pos, to: NodeId) {
        let loc = self.rule.loc(pos);
        add_edge(self.body, from, stmt, loc, to);
    }

    /// The bodies of `handlers` one after the other from `from`; the node where the last
    /// one ends (`None` when every path aborts).
    pub fn handlers(
        &mut self,
        from: NodeId,
        handlers: &[&Handler],
    ) -> Result<Option<NodeId>, RuleError> {
        let mut end = Some(from);
        for h in handlers {
            end = match end {
                Some(n) => self.stmts(n, &h.body)?,
                None => None,
            };
        }
        Ok(end)
    }

    /// Compiles `ss` starting at `from`; the node where control continues, or `None` if
    /// every path aborts.
    pub fn stmts(&mut self, from: NodeId, ss: &[RStmt]) -> Result<Option<NodeId>, RuleError> {
        let mut cur = from;
        for s in ss {
            match self.stmt(cur, s)? {
                Some(n) => cur = n,
                None => return Ok(None),
            }
        }
        Ok(Some(cur))
    }

    fn stmt(&mut self, from: NodeId, s: &RStmt) -> Result<Option<NodeId>, RuleError> {
        match s {
            RStmt::Block(b) => self.stmts(from, b),
            RStmt::Abort { message, pos } => {
                let halt = self.body.halt;
                self.edge(from, Stmt::Error, *pos, halt);
                self.out.abort(self.rule.loc(*pos), message);
                Ok(None)
            }
            RStmt::GiveUp { message, pos } => {
                // an error edge too (every engine looks for those), told apart by its
                // location: `Instrumented::bounds`
                let halt = self.body.halt;
                self.edge(from, Stmt::Error, *pos, halt);
                self.out.bound(self.rule.loc(*pos), message);
                Ok(None)
            }
            RStmt::Assign { var, value, pos } => {
                let mut cur = from;
                let v = self.value(&mut cur, value)?;
                let Some(&x) = self.rule.state.get(*var) else {
                    return Err(self
                        .rule
                        .err(*pos, "internal error: unknown state variable"));
                };
                let xt = self.prog.var(x).ty;
                let rhs = if self.prog.types.is_pointer(xt) {
                    if self.prog.types.is_pointer(v.ty) {
                        convert(self.prog, v, xt)
                    } else if is_zero_literal(value) {
                        Expr {
                            kind: ExprKind::Int(0),
                            ty: xt,
                        }
                    } else {
                        return Err(self.rule.err(
                            value.pos,
                            "a `ptr` state variable holds pointers (or 0), not integers",
                        ));
                    }
                } else {
                    if !self.prog.types.is_integer(v.ty) {
                        return Err(self.rule.err(
                            value.pos,
                            "only integers can be stored in `int` state variables (declare it `ptr` to keep a pointer)",
                        ));
                    }
                    let int = self.prog.types.int();
                    convert(self.prog, v, int)
                };
                let next = self.node();
                self.edge(
                    cur,
                    Stmt::Assign {
                        lhs: Lval::Var(x),
                        rhs,
                    },
                    *pos,
                    next,
                );
                Ok(Some(next))
            }
            RStmt::If {
                cond,
                then,
                els,
                pos,
            } => {
                let t = self.node();
                let f = self.node();
                self.cond(from, cond, t, f)?;
                let t_end = self.stmt(t, then)?;
                let f_end = match els {
                    Some(e) => self.stmt(f, e)?,
                    None => Some(f),
                };
                Ok(match (t_end, f_end) {
                    (Some(a), Some(b)) => {
                        self.edge(b, Stmt::Skip, *pos, a);
                        Some(a)
                    }
                    (a, b) => a.or(b),
                })
            }
        }
    }

    /// Branches from `from` to `t` if `e` holds, else to `f` (`&&`, `||`, `!` short-circuit).
    pub fn cond(&mut self, from: NodeId, e: &RExpr, t: NodeId, f: NodeId) -> Result<(), RuleError> {
        match &e.kind {
            RExprKind::Unary(RUnOp::Not, a) => self.cond(from, a, f, t),
            RExprKind::Binary(RBinOp::And, a, b) => {
                let mid = self.node();
                self.cond(from, a, mid, f)?;
                self.cond(mid, b, t, f)
            }
            RExprKind::Binary(RBinOp::Or, a, b) => {
                let mid = self.node();
                self.cond(from, a, t, mid)?;
                self.cond(mid, b, t, f)
            }
            _ => {
                let mut cur = from;
                let v = self.value(&mut cur, e)?;
                if !self.prog.types.is_scalar(v.ty) {
                    return Err(self
                        .rule
                        .err(e.pos, "a condition must be an integer or a pointer"));
                }
                let neg = negate(self.prog, &v);
                self.predicate(&v);
                self.edge(cur, Stmt::Assume(v), e.pos, t);
                self.edge(cur, Stmt::Assume(neg), e.pos, f);
                Ok(())
            }
        }
    }

    /// Records the atomic condition `v` (in a canonical form) as a candidate predicate.
    fn predicate(&mut self, v: &Expr) {
        let mut has_var = false;
        let mut probe = v.clone();
        super::rewrite::expr(&mut probe, &mut VarProbe(&mut has_var));
        if !has_var {
            return;
        }
        let p = match &v.kind {
            ExprKind::Binary(op, a, b) if op.is_comparison() => {
                let op = match op {
                    BinOp::Ne => BinOp::Eq,
                    BinOp::Gt => BinOp::Le,
                    BinOp::Ge => BinOp::Lt,
                    o => *o,
                };
                Expr {
                    kind: ExprKind::Binary(op, a.clone(), b.clone()),
                    ty: v.ty,
                }
            }
            _ => {
                let zero = Expr {
                    kind: ExprKind::Int(0),
                    ty: v.ty,
                };
                let int = self.prog.types.int();
                Expr {
                    kind: ExprKind::Binary(BinOp::Eq, Box::new(v.clone()), Box::new(zero)),
                    ty: int,
                }
            }
        };
        if !self
            .out
            .preds
            .iter()
            .any(|(f, e)| *f == self.func && *e == p)
        {
            self.out.preds.push((self.func, p));
        }
    }

    /// The CIR value of `e`; code for `&&`/`||` inside it is emitted from `*from` (which
    /// moves to where the value is available).
    pub fn value(&mut self, from: &mut NodeId, e: &RExpr) -> Result<Expr, RuleError> {
        match &e.kind {
            RExprKind::Int(v) => Ok(int_const(self.prog, *v)),
            RExprKind::State(i) => match self.rule.state.get(*i) {
                Some(&x) => Ok(read_var(self.prog, x)),
                None => Err(self
                    .rule
                    .err(e.pos, "internal error: unknown state variable")),
            },
            RExprKind::Arg(k) => {
                let k = *k as usize;
                if k == 0 || k > self.frame.arity {
                    return Err(self.rule.err(
                        e.pos,
                        format!(
                            "`${k}`: `{}` has {} parameter{}",
                            self.frame.fname,
                            self.frame.arity,
                            if self.frame.arity == 1 { "" } else { "s" }
                        ),
                    ));
                }
                match self.frame.args.get(k - 1).copied().flatten() {
                    Some(v) => self.scalar(read_var(self.prog, v), e.pos, &format!("`${k}`")),
                    None => Err(self.rule.err(e.pos, "internal error: argument not bound")),
                }
            }
            RExprKind::Return => {
                if self.frame.ret_void {
                    return Err(self.rule.err(
                        e.pos,
                        format!("`$return`: `{}` returns void", self.frame.fname),
                    ));
                }
                match self.frame.ret {
                    Some(v) => self.scalar(read_var(self.prog, v), e.pos, "`$return`"),
                    None => Err(self
                        .rule
                        .err(e.pos, "`$return` is only available in exit events")),
                }
            }
            RExprKind::Unary(op, a) => {
                let a = self.value(from, a)?;
                match op {
                    RUnOp::Not => {
                        let int = self.prog.types.int();
                        Ok(Expr {
                            kind: ExprKind::Unary(UnOp::LogNot, Box::new(a)),
                            ty: int,
                        })
                    }
                    RUnOp::Neg | RUnOp::BitNot => {
                        let a = self.integer(a, e.pos)?;
                        let a = promote(self.prog, a);
                        let cop = if *op == RUnOp::Neg {
                            UnOp::Neg
                        } else {
                            UnOp::BitNot
                        };
                        let ty = a.ty;
                        Ok(Expr {
                            kind: ExprKind::Unary(cop, Box::new(a)),
                            ty,
                        })
                    }
                }
            }
            RExprKind::Binary(RBinOp::And | RBinOp::Or, ..) => {
                // A short-circuit value: branch, and store 1 or 0 in a temporary.
                let int = self.prog.types.int();
                let name = format!("slic.tmp{}", self.new_locals.len());
                let loc = self.rule.loc(e.pos);
                let t = new_var(self.prog, &name, int, VarKind::Temp(self.func), loc);
                self.new_locals.push(t);
                let (yes, no, join) = (self.node(), self.node(), self.node());
                self.cond(*from, e, yes, no)?;
                for (n, v) in [(yes, 1), (no, 0)] {
                    let rhs = int_const(self.prog, v);
                    self.edge(
                        n,
                        Stmt::Assign {
                            lhs: Lval::Var(t),
                            rhs,
                        },
                        e.pos,
                        join,
                    );
                }
                *from = join;
                Ok(read_var(self.prog, t))
            }
            RExprKind::Binary(op, a, b) => {
                let (ra, rb) = (a, b);
                let a = self.value(from, a)?;
                let b = self.value(from, b)?;
                self.binary(*op, a, b, ra, rb, e.pos)
            }
        }
    }

    fn binary(
        &mut self,
        op: RBinOp,
        a: Expr,
        b: Expr,
        ra: &RExpr,
        rb: &RExpr,
        pos: Pos,
    ) -> Result<Expr, RuleError> {
        let int = self.prog.types.int();
        let cop = match op {
            RBinOp::Mul => BinOp::Mul,
            RBinOp::Div => BinOp::Div,
            RBinOp::Rem => BinOp::Rem,
            RBinOp::Add => BinOp::Add,
            RBinOp::Sub => BinOp::Sub,
            RBinOp::Shl => BinOp::Shl,
            RBinOp::Shr => BinOp::Shr,
            RBinOp::Lt => BinOp::Lt,
            RBinOp::Le => BinOp::Le,
            RBinOp::Gt => BinOp::Gt,
            RBinOp::Ge => BinOp::Ge,
            RBinOp::Eq => BinOp::Eq,
            RBinOp::Ne => BinOp::Ne,
            RBinOp::BitAnd => BinOp::BitAnd,
            RBinOp::BitXor => BinOp::BitXor,
            RBinOp::BitOr => BinOp::BitOr,
            RBinOp::And | RBinOp::Or => {
                return Err(self
                    .rule
                    .err(pos, "internal error: `&&`/`||` as an operand"))
            }
        };
        let ptr = |p: &Program, e: &Expr| p.types.is_pointer(e.ty);
        if cop.is_comparison() {
            let (a, b) = match (ptr(self.prog, &a), ptr(self.prog, &b)) {
                (true, true) if a.ty == b.ty => (a, b),
                (true, true) => {
                    // pointers to different types are compared as `void *`
                    let void = self.prog.types.void();
                    let vp = self.prog.types.pointer(void);
                    (convert(self.prog, a, vp), convert(self.prog, b, vp))
                }
                (true, false) if is_zero_literal(rb) => {
                    let z = Expr {
                        kind: ExprKind::Int(0),
                        ty: a.ty,
                    };
                    (a, z)
                }
                (false, true) if is_zero_literal(ra) => {
                    let z = Expr {
                        kind: ExprKind::Int(0),
                        ty: b.ty,
                    };
                    (z, b)
                }
                (false, false) => {
                    let a = self.integer(a, ra.pos)?;
                    let b = self.integer(b, rb.pos)?;
                    let (a, b) = (promote(self.prog, a), promote(self.prog, b));
                    let t = common(self.prog, a.ty, b.ty);
                    (convert(self.prog, a, t), convert(self.prog, b, t))
                }
                _ => {
                    return Err(self.rule.err(
                        pos,
                        "comparison of a pointer with an integer (only the constant 0 may be compared with a pointer)",
                    ))
                }
            };
            return Ok(Expr {
                kind: ExprKind::Binary(cop, Box::new(a), Box::new(b)),
                ty: int,
            });
        }
        if ptr(self.prog, &a) || ptr(self.prog, &b) {
            return Err(self.rule.err(
                pos,
                "arithmetic on pointers is not supported in rules (compare them instead)",
            ));
        }
        let a = self.integer(a, ra.pos)?;
        let b = self.integer(b, rb.pos)?;
        let (a, b) = (promote(self.prog, a), promote(self.prog, b));
        let (a, b) = if matches!(cop, BinOp::Shl | BinOp::Shr) {
            (a, b)
        } else {
            let t = common(self.prog, a.ty, b.ty);
            (convert(self.prog, a, t), convert(self.prog, b, t))
        };
        let ty = a.ty;
        Ok(Expr {
            kind: ExprKind::Binary(cop, Box::new(a), Box::new(b)),
            ty,
        })
    }

    /// `e` if it is an integer or a pointer; else an error naming `what`.
    fn scalar(&self, e: Expr, pos: Pos, what: &str) -> Result<Expr, RuleError> {
        if self.prog.types.is_integer(e.ty) || self.prog.types.is_pointer(e.ty) {
            Ok(e)
        } else {
            Err(self.rule.err(
                pos,
                format!(
                    "{what} has type `{}`: rule expressions work on integers and pointers",
                    self.prog.types.display(e.ty)
                ),
            ))
        }
    }

    fn integer(&self, e: Expr, pos: Pos) -> Result<Expr, RuleError> {
        if self.prog.types.is_integer(e.ty) {
            Ok(e)
        } else {
            Err(self.rule.err(
                pos,
                format!(
                    "an integer is needed here, not `{}`",
                    self.prog.types.display(e.ty)
                ),
            ))
        }
    }
}

/// Sets a flag when an expression reads a variable.
struct VarProbe<'a>(&'a mut bool);

impl super::rewrite::Visitor for VarProbe<'_> {
    fn var(&mut self, _v: &mut VarId) {
        *self.0 = true;
    }
}

fn is_zero_literal(e: &RExpr) -> bool {
    matches!(e.kind, RExprKind::Int(0))
}

/// An integer constant: `int` if it fits, else a 64-bit `long long`.
pub fn int_const(prog: &mut Program, v: i128) -> Expr {
    let ty = if i32::try_from(v).is_ok() {
        prog.types.int()
    } else {
        prog.types.int_kind(64, true)
    };
    Expr {
        kind: ExprKind::Int(v),
        ty,
    }
}

/// The integer promotions: types narrower than `int` (and `_Bool`) become `int`.
fn promote(prog: &mut Program, e: Expr) -> Expr {
    match prog.types.as_int(e.ty) {
        Some(k) if k.is_bool || k.bits < 32 => {
            let int = prog.types.int();
            convert(prog, e, int)
        }
        _ => e,
    }
}

/// The usual arithmetic conversions of two promoted integer types.
fn common(prog: &mut Program, a: Ty, b: Ty) -> Ty {
    let (Some(ka), Some(kb)) = (prog.types.as_int(a), prog.types.as_int(b)) else {
        return a;
    };
    if a == b {
        return a;
    }
    if ka.signed == kb.signed {
        return if ka.bits >= kb.bits { a } else { b };
    }
    let ((u, ku), (s, ks)) = if ka.signed {
        ((b, kb), (a, ka))
    } else {
        ((a, ka), (b, kb))
    };
    if ku.bits >= ks.bits {
        u
    } else {
        s
    }
}

/// `e` converted to `to`: an explicit cast, or a constant of type `to` when it fits.
pub fn convert(prog: &mut Program, e: Expr, to: Ty) -> Expr {
    if e.ty == to {
        return e;
    }
    if let ExprKind::Int(v) = e.kind {
        let fits = match prog.types.kind(to) {
            TypeKind::Int(k) if !k.is_bool => {
                let bits = k.bits.clamp(1, 127) as u32;
                if k.signed {
                    let m = 1i128 << (bits - 1);
                    (-m..m).contains(&v)
                } else {
                    v >= 0 && v < (1i128 << bits)
                }
            }
            _ => false,
        };
        if fits {
            return Expr {
                kind: ExprKind::Int(v),
                ty: to,
            };
        }
    }
    Expr {
        kind: ExprKind::Cast(Box::new(e)),
        ty: to,
    }
}

/// The negation of a condition: the opposite comparison, or `!e`.
pub fn negate(prog: &mut Program, e: &Expr) -> Expr {
    if let ExprKind::Binary(op, a, b) = &e.kind {
        let flip = match op {
            BinOp::Eq => Some(BinOp::Ne),
            BinOp::Ne => Some(BinOp::Eq),
            BinOp::Lt => Some(BinOp::Ge),
            BinOp::Ge => Some(BinOp::Lt),
            BinOp::Le => Some(BinOp::Gt),
            BinOp::Gt => Some(BinOp::Le),
            _ => None,
        };
        if let Some(op) = flip {
            return Expr {
                kind: ExprKind::Binary(op, a.clone(), b.clone()),
                ty: e.ty,
            };
        }
    }
    let int = prog.types.int();
    Expr {
        kind: ExprKind::Unary(UnOp::LogNot, Box::new(e.clone())),
        ty: int,
    }
}
