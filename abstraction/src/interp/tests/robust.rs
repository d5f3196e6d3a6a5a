//! Property test: random (often ill-typed) statements never make the interpreter panic.

use super::*;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Sh {
    Int(i128, usize),
    Read(Box<Lv>),
    AddrOf(Box<Lv>),
    Str,
    Func,
    Unary(u8, Box<Sh>),
    Binary(u8, Box<Sh>, Box<Sh>, usize),
    Cast(Box<Sh>, usize),
}

#[derive(Clone, Debug)]
enum Lv {
    Var(usize),
    Deref(Sh),
    Field(Box<Lv>, u32),
    Index(Box<Lv>, Sh),
}

fn shape() -> impl Strategy<Value = Sh> {
    let leaf = prop_oneof![
        (
            prop_oneof![
                Just(0i128),
                Just(1),
                Just(-1),
                Just(255),
                Just(1 << 40),
                any::<i128>()
            ],
            0..12usize
        )
            .prop_map(|(n, t)| Sh::Int(n, t)),
        (0..10usize).prop_map(|v| Sh::Read(Box::new(Lv::Var(v)))),
        (0..10usize).prop_map(|v| Sh::AddrOf(Box::new(Lv::Var(v)))),
        Just(Sh::Str),
        Just(Sh::Func),
    ];
    leaf.prop_recursive(4, 24, 3, |inner| {
        prop_oneof![
            (0..3u8, inner.clone()).prop_map(|(o, a)| Sh::Unary(o, Box::new(a))),
            (0..18u8, inner.clone(), inner.clone(), 0..12usize)
                .prop_map(|(o, a, b, t)| Sh::Binary(o, Box::new(a), Box::new(b), t)),
            (inner.clone(), 0..12usize).prop_map(|(a, t)| Sh::Cast(Box::new(a), t)),
            inner.clone().prop_map(|a| Sh::Read(Box::new(Lv::Deref(a)))),
            (0..10usize, 0..3u32)
                .prop_map(|(v, f)| Sh::Read(Box::new(Lv::Field(Box::new(Lv::Var(v)), f)))),
            (0..10usize, inner)
                .prop_map(|(v, i)| Sh::Read(Box::new(Lv::Index(Box::new(Lv::Var(v)), i)))),
        ]
    })
}

const OPS: [BinOp; 18] = [
    BinOp::Add,
    BinOp::Sub,
    BinOp::Mul,
    BinOp::Div,
    BinOp::Rem,
    BinOp::Shl,
    BinOp::Shr,
    BinOp::BitAnd,
    BinOp::BitOr,
    BinOp::BitXor,
    BinOp::Eq,
    BinOp::Ne,
    BinOp::Lt,
    BinOp::Le,
    BinOp::Gt,
    BinOp::Ge,
    BinOp::PtrAdd,
    BinOp::PtrDiff,
];

struct World {
    pb: Pb,
    tys: Vec<Ty>,
    vars: Vec<VarId>,
    s: StructId,
    strs: Expr,
    f: FuncId,
}

impl World {
    fn new() -> (World, FuncId) {
        let mut pb = Pb::new();
        let int = pb.int();
        let uint = pb.uint();
        let char = pb.char();
        let long = pb.long();
        let b = pb.p.types.bool();
        let pint = pb.ptr(int);
        let pc = pb.ptr(char);
        let arr = pb.array(int, 4);
        let (s, sty) = pb.record(
            "s",
            false,
            &[("a", int, None), ("p", pint, None), ("b", uint, Some(3))],
        );
        let (_, uty) = pb.record("u", true, &[("i", int, None), ("c", arr, None)]);
        let void = pb.void();
        let tys = vec![
            int,
            uint,
            char,
            long,
            b,
            pint,
            pc,
            arr,
            sty,
            uty,
            void,
            Ty(999),
        ];
        let main = pb.func("main", int, &[]);
        let g = pb.global("g", int);
        let mut vars = vec![g];
        for (i, t) in [int, uint, char, pint, pc, arr, sty, uty]
            .iter()
            .enumerate()
        {
            vars.push(pb.local(main, &format!("v{i}"), *t));
        }
        vars.push(VarId(777));
        let strs = pb.string("hello %d %s %x\n");
        let f = pb.func("f", int, &[("x", int)]);
        let x = pb.param(f, 0);
        let mut fb = Fb::new();
        fb.ret(Some(pb.v(x)));
        pb.set_body(f, fb);
        (
            World {
                pb,
                tys,
                vars,
                s,
                strs,
                f,
            },
            main,
        )
    }

    fn expr(&mut self, sh: &Sh) -> Expr {
        let int = self.tys[0];
        match sh {
            Sh::Int(n, t) => Expr {
                kind: ExprKind::Int(*n),
                ty: self.tys[*t],
            },
            Sh::Read(lv) => {
                let l = self.lval(lv);
                let ty = self.ty_of(&l);
                Expr {
                    kind: ExprKind::Read(Box::new(l)),
                    ty,
                }
            }
            Sh::AddrOf(lv) => {
                let l = self.lval(lv);
                let t = self.ty_of(&l);
                let ty = if (t.0 as usize) < self.pb.p.types.len() {
                    self.pb.ptr(t)
                } else {
                    t
                };
                Expr {
                    kind: ExprKind::AddrOf(Box::new(l)),
                    ty,
                }
            }
            Sh::Str => self.strs.clone(),
            Sh::Func => self.pb.func_ptr(self.f),
            Sh::Unary(o, a) => {
                let op = [UnOp::Neg, UnOp::BitNot, UnOp::LogNot][*o as usize];
                let a = self.expr(a);
                let ty = if op == UnOp::LogNot { int } else { a.ty };
                Expr {
                    kind: ExprKind::Unary(op, Box::new(a)),
                    ty,
                }
            }
            Sh::Binary(o, a, b, t) => {
                let a = self.expr(a);
                let b = self.expr(b);
                Expr {
                    kind: ExprKind::Binary(OPS[*o as usize], Box::new(a), Box::new(b)),
                    ty: self.tys[*t],
                }
            }
            Sh::Cast(a, t) => {
                let a = self.expr(a);
                Expr {
                    kind: ExprKind::Cast(Box::new(a)),
                    ty: self.tys[*t],
                }
            }
        }
    }

    fn lval(&mut self, lv: &Lv) -> Lval {
        match lv {
            Lv::Var(v) => Lval::Var(self.vars[*v % self.vars.len()]),
            Lv::Deref(e) => Lval::Deref(Box::new(self.expr(e))),
            Lv::Field(b, i) => Lval::Field(Box::new(self.lval(b)), self.s, *i),
            Lv::Index(b, e) => Lval::Index(Box::new(self.lval(b)), Box::new(self.expr(e))),
        }
    }

    /// A type for an lvalue that does not panic on ill-typed ones.
    fn ty_of(&self, lv: &Lval) -> Ty {
        let t = &self.pb.p.types;
        let valid = |x: Ty| (x.0 as usize) < t.len();
        match lv {
            Lval::Var(v) => self
                .pb
                .p
                .vars
                .get(v.0 as usize)
                .map(|v| v.ty)
                .unwrap_or(Ty(999)),
            Lval::Deref(e) if valid(e.ty) => t.pointee(e.ty).unwrap_or(Ty(999)),
            Lval::Field(_, s, i) => t
                .struct_def(*s)
                .fields
                .as_ref()
                .and_then(|f| f.get(*i as usize))
                .map(|f| f.ty)
                .unwrap_or(Ty(999)),
            Lval::Index(b, _) => {
                let bt = self.ty_of(b);
                if valid(bt) {
                    t.elem(bt).unwrap_or(Ty(999))
                } else {
                    bt
                }
            }
            _ => Ty(999),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]
    #[test]
    fn random_statements_never_panic(
        stmts in proptest::collection::vec((0..5u8, 0..10usize, shape()), 1..6),
        ret in shape(),
        seed in any::<u64>(),
    ) {
        let (mut w, main) = World::new();
        let int = w.tys[0];
        let void = w.tys[10];
        let char = w.tys[2];
        let pc = w.pb.ptr(char);
        let printf = w.pb.extern_fn("printf", int, &[pc], true);
        let memset = w.pb.extern_fn("memset", void, &[pc, int, int], false);
        let mut fb = Fb::new();
        for (kind, v, sh) in &stmts {
            let lhs = w.lval(&Lv::Var(*v));
            let e = w.expr(sh);
            let st = match kind {
                0 => Stmt::Assign { lhs, rhs: e },
                1 => Stmt::Assume(e),
                2 => Stmt::Havoc { lhs, why: HavocKind::Input("n".into()) },
                3 => Stmt::Call { lhs: Some(lhs), callee: Callee::Direct(printf), args: vec![w.strs.clone(), e.clone(), e] },
                _ => Stmt::Call { lhs: None, callee: Callee::Indirect(e.clone()), args: vec![e] },
            };
            fb.push(st);
        }
        let addr = w.expr(&Sh::AddrOf(Box::new(Lv::Var(6))));
        fb.push(Stmt::Call { lhs: None, callee: Callee::Direct(memset), args: vec![addr, Expr { kind: ExprKind::Int(1), ty: int }, w.expr(&ret)] });
        let r = w.expr(&ret);
        fb.ret(Some(r));
        w.pb.set_body(main, fb);
        for mode in [IntMode::Math, IntMode::Machine] {
            let cfg = Config { int_mode: mode, max_steps: 100, ..Config::default() };
            let mut o = RandomOracle::new(seed);
            let _ = run(&w.pb.p, &cfg, &mut o, &mut NoObserver);
            let _ = run_main(&w.pb.p, &cfg, &[1, -1, 1 << 70]);
        }
    }
}
