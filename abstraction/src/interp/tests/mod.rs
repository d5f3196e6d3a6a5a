//! Unit tests of the interpreter on small hand-built programs.
//!
//! [`Pb`] builds a [`Program`]; [`Fb`] builds one function body with a cursor: `push`
//! appends an edge from the cursor to a fresh node and moves the cursor there.

mod basics;
mod calls;
mod library;
mod memory;
mod observe;
mod robust;

use super::*;
use crate::cir::*;

/// Program builder.
pub(super) struct Pb {
    pub p: Program,
}

impl Pb {
    pub fn new() -> Self {
        Pb {
            p: Program {
                files: vec!["t.c".into()],
                ..Program::default()
            },
        }
    }

    pub fn int(&mut self) -> Ty {
        self.p.types.int()
    }
    pub fn uint(&mut self) -> Ty {
        self.p.types.int_kind(32, false)
    }
    pub fn char(&mut self) -> Ty {
        self.p.types.char()
    }
    pub fn uchar(&mut self) -> Ty {
        self.p.types.int_kind(8, false)
    }
    pub fn long(&mut self) -> Ty {
        self.p.types.long()
    }
    pub fn void(&mut self) -> Ty {
        self.p.types.void()
    }
    pub fn ptr(&mut self, t: Ty) -> Ty {
        self.p.types.pointer(t)
    }
    pub fn array(&mut self, t: Ty, n: u64) -> Ty {
        self.p.types.array(t, Some(n))
    }

    /// A struct (or union) with the given members `(name, type, bit-field width)`.
    pub fn record(
        &mut self,
        name: &str,
        union: bool,
        members: &[(&str, Ty, Option<u16>)],
    ) -> (StructId, Ty) {
        let (s, t) = self.p.types.declare_struct(name.into(), union);
        let ms = members
            .iter()
            .map(|(n, t, w)| (n.to_string(), *t, *w))
            .collect();
        self.p.types.complete_struct(s, ms);
        (s, t)
    }

    fn add_var(&mut self, name: &str, ty: Ty, kind: VarKind) -> VarId {
        let id = VarId(self.p.vars.len() as u32);
        self.p.vars.push(Var {
            name: name.into(),
            ty,
            kind,
            loc: Loc::default(),
            addr_taken: true,
        });
        id
    }

    pub fn global(&mut self, name: &str, ty: Ty) -> VarId {
        self.add_var(name, ty, VarKind::Global { is_static: false })
    }

    fn add_func(&mut self, name: &str, ret: Ty, params: &[(&str, Ty)], variadic: bool) -> FuncId {
        let id = FuncId(self.p.functions.len() as u32);
        let ty = self.p.types.function(FnSig {
            ret,
            params: params.iter().map(|(_, t)| *t).collect(),
            variadic,
            prototyped: true,
        });
        let params = params
            .iter()
            .map(|(n, t)| self.add_var(n, *t, VarKind::Param(id)))
            .collect();
        self.p.functions.push(Function {
            name: name.into(),
            ty,
            params,
            locals: vec![],
            body: None,
            loc: Loc::default(),
            is_static: false,
            addr_taken: true,
            declared_as: Vec::new(),
            out_params: Vec::new(),
        });
        self.p.func_index.insert(name.into(), id);
        id
    }

    /// A function to be given a body with [`Pb::set_body`].
    pub fn func(&mut self, name: &str, ret: Ty, params: &[(&str, Ty)]) -> FuncId {
        self.add_func(name, ret, params, false)
    }

    /// A function without a body.
    pub fn extern_fn(&mut self, name: &str, ret: Ty, params: &[Ty], variadic: bool) -> FuncId {
        let ps: Vec<(&str, Ty)> = params.iter().map(|t| ("a", *t)).collect();
        self.add_func(name, ret, &ps, variadic)
    }

    pub fn local(&mut self, f: FuncId, name: &str, ty: Ty) -> VarId {
        let v = self.add_var(name, ty, VarKind::Local(f));
        self.p.functions[f.0 as usize].locals.push(v);
        v
    }

    pub fn param(&self, f: FuncId, i: usize) -> VarId {
        self.p.functions[f.0 as usize].params[i]
    }

    pub fn set_body(&mut self, f: FuncId, b: Fb) {
        self.p.functions[f.0 as usize].body = Some(Body {
            nodes: b.nodes,
            entry: NodeId(0),
            exit: NodeId(1),
            halt: NodeId(2),
        });
    }

    pub fn string(&mut self, s: &str) -> Expr {
        let id = StrId(self.p.strings.len() as u32);
        self.p.strings.push(s.as_bytes().to_vec());
        let c = self.char();
        let ty = self.ptr(c);
        Expr {
            kind: ExprKind::Str(id),
            ty,
        }
    }

    pub fn alloc_site(&mut self, f: FuncId, may_fail: bool, zeroed: bool) -> AllocId {
        let id = AllocId(self.p.allocs.len() as u32);
        self.p.allocs.push(AllocSite {
            func: f,
            loc: Loc::default(),
            allocator: "malloc".into(),
            may_fail,
            zeroed,
        });
        id
    }

    // ----- expressions -----

    /// Integer constant of type `int`.
    pub fn c(&mut self, n: i128) -> Expr {
        let ty = self.int();
        Expr {
            kind: ExprKind::Int(n),
            ty,
        }
    }

    pub fn ct(&mut self, n: i128, ty: Ty) -> Expr {
        Expr {
            kind: ExprKind::Int(n),
            ty,
        }
    }

    /// Read of an lvalue.
    pub fn rd(&self, lv: Lval) -> Expr {
        let ty = self.p.lval_ty(&lv);
        Expr {
            kind: ExprKind::Read(Box::new(lv)),
            ty,
        }
    }

    /// Read of a variable.
    pub fn v(&self, v: VarId) -> Expr {
        self.rd(Lval::Var(v))
    }

    pub fn addr(&mut self, lv: Lval) -> Expr {
        let t = self.p.lval_ty(&lv);
        let ty = self.ptr(t);
        Expr {
            kind: ExprKind::AddrOf(Box::new(lv)),
            ty,
        }
    }

    /// `&a[0]` for an array lvalue (array-to-pointer decay).
    pub fn decay(&mut self, lv: Lval) -> Expr {
        let z = self.c(0);
        self.addr(Lval::Index(Box::new(lv), Box::new(z)))
    }

    pub fn func_ptr(&mut self, f: FuncId) -> Expr {
        let t = self.p.functions[f.0 as usize].ty;
        let ty = self.ptr(t);
        Expr {
            kind: ExprKind::Func(f),
            ty,
        }
    }

    /// Binary operation; the result type is `int` for comparisons, `long` for `PtrDiff`,
    /// the left operand's type otherwise.
    pub fn bin(&mut self, op: BinOp, a: Expr, b: Expr) -> Expr {
        let ty = if op.is_comparison() {
            self.int()
        } else if op == BinOp::PtrDiff {
            self.long()
        } else {
            a.ty
        };
        Expr {
            kind: ExprKind::Binary(op, Box::new(a), Box::new(b)),
            ty,
        }
    }

    pub fn un(&mut self, op: UnOp, a: Expr) -> Expr {
        let ty = if op == UnOp::LogNot { self.int() } else { a.ty };
        Expr {
            kind: ExprKind::Unary(op, Box::new(a)),
            ty,
        }
    }

    pub fn cast(&self, a: Expr, ty: Ty) -> Expr {
        Expr {
            kind: ExprKind::Cast(Box::new(a)),
            ty,
        }
    }
}

pub fn var(v: VarId) -> Lval {
    Lval::Var(v)
}
pub fn deref(e: Expr) -> Lval {
    Lval::Deref(Box::new(e))
}
pub fn field(lv: Lval, s: StructId, i: u32) -> Lval {
    Lval::Field(Box::new(lv), s, i)
}
pub fn index(lv: Lval, e: Expr) -> Lval {
    Lval::Index(Box::new(lv), Box::new(e))
}
pub fn assign(lhs: Lval, rhs: Expr) -> Stmt {
    Stmt::Assign { lhs, rhs }
}
pub fn call(lhs: Option<Lval>, f: FuncId, args: Vec<Expr>) -> Stmt {
    Stmt::Call {
        lhs,
        callee: Callee::Direct(f),
        args,
    }
}

/// Function body builder (node 0 entry, 1 exit, 2 halt).
pub(super) struct Fb {
    pub nodes: Vec<Node>,
    pub cur: NodeId,
    line: u32,
}

impl Fb {
    pub fn new() -> Self {
        Fb {
            nodes: vec![Node::default(), Node::default(), Node::default()],
            cur: NodeId(0),
            line: 0,
        }
    }

    pub fn node(&mut self) -> NodeId {
        self.nodes.push(Node::default());
        NodeId(self.nodes.len() as u32 - 1)
    }

    /// An edge `from -> to`; its location's line is the number of edges added so far + 1.
    pub fn edge(&mut self, from: NodeId, stmt: Stmt, to: NodeId) {
        self.line += 1;
        let loc = Loc {
            file: FileId(0),
            line: self.line,
            col: 1,
        };
        self.nodes[from.0 as usize]
            .edges
            .push(Edge { stmt, loc, to });
    }

    pub fn push(&mut self, stmt: Stmt) -> &mut Self {
        let n = self.node();
        self.edge(self.cur, stmt, n);
        self.cur = n;
        self
    }

    pub fn at(&mut self, n: NodeId) -> &mut Self {
        self.cur = n;
        self
    }

    pub fn ret(&mut self, e: Option<Expr>) {
        self.edge(self.cur, Stmt::Return(e), NodeId(1));
    }

    pub fn error(&mut self) {
        self.edge(self.cur, Stmt::Error, NodeId(2));
    }

    /// `if (cond)`: two assume edges from the cursor; returns (then, else) nodes.
    pub fn branch(&mut self, cond: Expr, not_cond: Expr) -> (NodeId, NodeId) {
        let t = self.node();
        let f = self.node();
        self.edge(self.cur, Stmt::Assume(cond), t);
        self.edge(self.cur, Stmt::Assume(not_cond), f);
        (t, f)
    }
}

/// Run with defaults in the given mode.
pub(super) fn run_mode(p: &Program, mode: IntMode, inputs: &[i128]) -> Run {
    let cfg = Config {
        int_mode: mode,
        ..Config::default()
    };
    run_main(p, &cfg, inputs)
}

/// The outcome `return v` from the entry function.
pub(super) fn returned(v: i128) -> Outcome {
    Outcome::Return { value: Some(v) }
}

/// A program `int main() { <stmts>; return <ret>; }` built by `f`.
pub(super) fn main_returning(f: impl FnOnce(&mut Pb, FuncId, &mut Fb) -> Expr) -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    let r = f(&mut pb, main, &mut fb);
    fb.ret(Some(r));
    pb.set_body(main, fb);
    pb.p
}
