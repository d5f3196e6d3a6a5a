//! A compact builder for hand-written CIR test programs (tests only).

use crate::cir::{
    AllocId, AllocSite, BinOp, Body, Callee, Edge, Expr, ExprKind, FnSig, FuncId, Function, Loc,
    Lval, Node, NodeId, Program, Stmt, StrId, StructId, Ty, Var, VarId, VarKind,
};

/// Builds a [`Program`] piece by piece.
pub struct B {
    pub p: Program,
}

impl B {
    pub fn new() -> Self {
        B {
            p: Program::default(),
        }
    }

    // ---- types ----

    pub fn int(&mut self) -> Ty {
        self.p.types.int()
    }

    pub fn long(&mut self) -> Ty {
        self.p.types.long()
    }

    pub fn char(&mut self) -> Ty {
        self.p.types.char()
    }

    pub fn ptr(&mut self, t: Ty) -> Ty {
        self.p.types.pointer(t)
    }

    pub fn arr(&mut self, t: Ty, n: u64) -> Ty {
        self.p.types.array(t, Some(n))
    }

    /// A struct (or union) with the given members.
    pub fn strukt(&mut self, name: &str, union: bool, fields: &[(&str, Ty)]) -> (StructId, Ty) {
        let (s, t) = self.p.types.declare_struct(name.into(), union);
        self.p.types.complete_struct(
            s,
            fields
                .iter()
                .map(|(n, t)| (n.to_string(), *t, None))
                .collect(),
        );
        (s, t)
    }

    pub fn fn_ty(&mut self, ret: Ty, params: &[Ty]) -> Ty {
        self.p.types.function(FnSig {
            ret,
            params: params.to_vec(),
            variadic: false,
            prototyped: true,
        })
    }

    // ---- variables and functions ----

    fn var(&mut self, name: &str, ty: Ty, kind: VarKind) -> VarId {
        let id = VarId(self.p.vars.len() as u32);
        self.p.vars.push(Var {
            name: name.into(),
            ty,
            kind,
            loc: Loc::default(),
            addr_taken: false,
        });
        id
    }

    pub fn global(&mut self, name: &str, ty: Ty) -> VarId {
        self.var(name, ty, VarKind::Global { is_static: false })
    }

    pub fn static_global(&mut self, name: &str, ty: Ty) -> VarId {
        self.var(name, ty, VarKind::Global { is_static: true })
    }

    /// A function with parameters (no body yet).
    pub fn func(&mut self, name: &str, ret: Ty, params: &[(&str, Ty)]) -> FuncId {
        let f = FuncId(self.p.functions.len() as u32);
        let ptys: Vec<Ty> = params.iter().map(|(_, t)| *t).collect();
        let ty = self.fn_ty(ret, &ptys);
        let pvars = params
            .iter()
            .map(|(n, t)| self.var(n, *t, VarKind::Param(f)))
            .collect();
        self.p.functions.push(Function {
            name: name.into(),
            ty,
            params: pvars,
            locals: Vec::new(),
            body: None,
            loc: Loc::default(),
            is_static: false,
            addr_taken: false,
            declared_as: Vec::new(),
            out_params: Vec::new(),
        });
        self.p.func_index.insert(name.into(), f);
        f
    }

    pub fn param(&self, f: FuncId, i: usize) -> VarId {
        self.p.func(f).params[i]
    }

    pub fn local(&mut self, f: FuncId, name: &str, ty: Ty) -> VarId {
        let v = self.var(name, ty, VarKind::Local(f));
        self.p.functions[f.0 as usize].locals.push(v);
        v
    }

    /// Mark a variable address-taken.
    pub fn taken(&mut self, v: VarId) {
        self.p.vars[v.0 as usize].addr_taken = true;
    }

    /// A straight-line body: entry is node 0, statement `i` goes from node `i` to `i + 1`.
    pub fn body(&mut self, f: FuncId, stmts: Vec<Stmt>) {
        let n = stmts.len() as u32;
        let edges = stmts
            .into_iter()
            .enumerate()
            .map(|(i, s)| (i as u32, s, i as u32 + 1))
            .collect();
        self.cfg(f, n + 2, 0, n, edges);
    }

    /// A body from explicit edges; the halt node is the last node.
    pub fn cfg(
        &mut self,
        f: FuncId,
        nodes: u32,
        entry: u32,
        exit: u32,
        edges: Vec<(u32, Stmt, u32)>,
    ) {
        let mut ns = vec![Node::default(); nodes as usize];
        for (from, stmt, to) in edges {
            ns[from as usize].edges.push(Edge {
                stmt,
                loc: Loc::default(),
                to: NodeId(to),
            });
        }
        self.p.functions[f.0 as usize].body = Some(Body {
            nodes: ns,
            entry: NodeId(entry),
            exit: NodeId(exit),
            halt: NodeId(nodes - 1),
        });
    }

    pub fn alloc_site(&mut self, f: FuncId) -> AllocId {
        let a = AllocId(self.p.allocs.len() as u32);
        self.p.allocs.push(AllocSite {
            func: f,
            loc: Loc::default(),
            allocator: "malloc".into(),
            may_fail: true,
            zeroed: false,
        });
        a
    }

    pub fn string(&mut self, s: &str) -> StrId {
        self.p.strings.push(s.as_bytes().to_vec());
        StrId(self.p.strings.len() as u32 - 1)
    }

    // ---- expressions and lvalues ----

    pub fn v(&self, v: VarId) -> Lval {
        Lval::Var(v)
    }

    pub fn rd(&self, lv: Lval) -> Expr {
        let ty = crate::analysis::points_to::lval_ty(&self.p, &lv).expect("typed lvalue");
        Expr {
            kind: ExprKind::Read(Box::new(lv)),
            ty,
        }
    }

    pub fn rdv(&self, v: VarId) -> Expr {
        self.rd(Lval::Var(v))
    }

    pub fn addr(&mut self, lv: Lval) -> Expr {
        let t = crate::analysis::points_to::lval_ty(&self.p, &lv).expect("typed lvalue");
        let ty = self.ptr(t);
        if let Lval::Var(v) = lv {
            self.taken(v);
        }
        Expr {
            kind: ExprKind::AddrOf(Box::new(lv)),
            ty,
        }
    }

    pub fn num(&mut self, n: i128) -> Expr {
        let ty = self.int();
        Expr {
            kind: ExprKind::Int(n),
            ty,
        }
    }

    pub fn null(&self, ty: Ty) -> Expr {
        Expr {
            kind: ExprKind::Int(0),
            ty,
        }
    }

    pub fn deref(&self, e: Expr) -> Lval {
        Lval::Deref(Box::new(e))
    }

    pub fn field(&self, lv: Lval, s: StructId, i: u32) -> Lval {
        Lval::Field(Box::new(lv), s, i)
    }

    pub fn index(&self, lv: Lval, e: Expr) -> Lval {
        Lval::Index(Box::new(lv), Box::new(e))
    }

    pub fn fnaddr(&mut self, f: FuncId) -> Expr {
        self.p.functions[f.0 as usize].addr_taken = true;
        let ty = self.p.func(f).ty;
        let ty = self.ptr(ty);
        Expr {
            kind: ExprKind::Func(f),
            ty,
        }
    }

    pub fn str_e(&mut self, s: StrId) -> Expr {
        let c = self.char();
        let ty = self.ptr(c);
        Expr {
            kind: ExprKind::Str(s),
            ty,
        }
    }

    pub fn cast(&self, e: Expr, ty: Ty) -> Expr {
        Expr {
            kind: ExprKind::Cast(Box::new(e)),
            ty,
        }
    }

    /// `p + i` on a pointer.
    pub fn padd(&mut self, p: Expr, i: i128) -> Expr {
        let ty = p.ty;
        let i = self.num(i);
        Expr {
            kind: ExprKind::Binary(BinOp::PtrAdd, Box::new(p), Box::new(i)),
            ty,
        }
    }

    // ---- statements ----

    pub fn assign(&self, lhs: Lval, rhs: Expr) -> Stmt {
        Stmt::Assign { lhs, rhs }
    }

    pub fn call(&self, lhs: Option<Lval>, f: FuncId, args: Vec<Expr>) -> Stmt {
        Stmt::Call {
            lhs,
            callee: Callee::Direct(f),
            args,
        }
    }

    pub fn icall(&self, lhs: Option<Lval>, e: Expr, args: Vec<Expr>) -> Stmt {
        Stmt::Call {
            lhs,
            callee: Callee::Indirect(e),
            args,
        }
    }

    pub fn ret(&self, e: Option<Expr>) -> Stmt {
        Stmt::Return(e)
    }

    pub fn alloc(&mut self, lhs: Lval, site: AllocId) -> Stmt {
        let size = self.num(16);
        Stmt::Alloc { lhs, site, size }
    }
}
