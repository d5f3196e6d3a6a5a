//! Memory: structs, unions, arrays, pointers, bit-fields, allocation, lifetimes.

use super::*;

#[test]
fn struct_copy_carries_integers_and_pointers() {
    // struct s { int a; int *p; } s, t; int g = 5;
    // s.a = 1; s.p = &g; t = s; return t.a + *t.p;
    let mut pb = Pb::new();
    let int = pb.int();
    let pint = pb.ptr(int);
    let (s, sty) = pb.record("s", false, &[("a", int, None), ("p", pint, None)]);
    let g = pb.global("g", int);
    let main = pb.func("main", int, &[]);
    let sv = pb.local(main, "s", sty);
    let tv = pb.local(main, "t", sty);
    let five = pb.c(5);
    pb.p.inits.push(Init {
        lhs: var(g),
        rhs: five,
        loc: Loc::default(),
    });
    let mut fb = Fb::new();
    let one = pb.c(1);
    fb.push(assign(field(var(sv), s, 0), one));
    let ag = pb.addr(var(g));
    fb.push(assign(field(var(sv), s, 1), ag));
    fb.push(assign(var(tv), pb.v(sv)));
    let tp = pb.rd(field(var(tv), s, 1));
    let sum = pb.bin(BinOp::Add, pb.rd(field(var(tv), s, 0)), pb.rd(deref(tp)));
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    assert_eq!(run_mode(&pb.p, IntMode::Math, &[]).outcome, returned(6));
}

#[test]
fn union_bytes_assemble_little_endian_in_machine_mode() {
    // union { int i; unsigned char c[4]; } u; u.i = 0x01020304; u.c[1] = 0xff;
    // return u.c[0] * 0x1000000 + u.i;
    let mut pb = Pb::new();
    let int = pb.int();
    let uchar = pb.uchar();
    let arr = pb.array(uchar, 4);
    let (s, uty) = pb.record("u", true, &[("i", int, None), ("c", arr, None)]);
    let main = pb.func("main", int, &[]);
    let u = pb.local(main, "u", uty);
    let mut fb = Fb::new();
    let n = pb.c(0x0102_0304);
    fb.push(assign(field(var(u), s, 0), n));
    let one = pb.c(1);
    let ff = pb.ct(0xff, uchar);
    fb.push(assign(index(field(var(u), s, 1), one), ff));
    let zero = pb.c(0);
    let c0 = pb.rd(index(field(var(u), s, 1), zero));
    let c0 = pb.cast(c0, int);
    let scale = pb.c(0x100_0000);
    let hi = pb.bin(BinOp::Mul, c0, scale);
    let sum = pb.bin(BinOp::Add, hi, pb.rd(field(var(u), s, 0)));
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    assert_eq!(
        run_mode(&pb.p, IntMode::Machine, &[]).outcome,
        returned(0x0502_ff04)
    );
}

#[test]
fn pointer_arithmetic_walks_an_array() {
    // int a[5]; int *p = &a[0]; for (i = 0; i < 5; i++) *(p + i) = i * i;
    // return a[4] + (&a[3] - p) * 100;
    let mut pb = Pb::new();
    let int = pb.int();
    let pint = pb.ptr(int);
    let a5 = pb.array(int, 5);
    let main = pb.func("main", int, &[]);
    let a = pb.local(main, "a", a5);
    let p = pb.local(main, "p", pint);
    let i = pb.local(main, "i", int);
    let mut fb = Fb::new();
    let d = pb.decay(var(a));
    fb.push(assign(var(p), d));
    let zero = pb.c(0);
    fb.push(assign(var(i), zero));
    let head = fb.cur;
    let five = pb.c(5);
    let lt = pb.bin(BinOp::Lt, pb.v(i), five.clone());
    let ge = pb.bin(BinOp::Ge, pb.v(i), five);
    let (body, done) = fb.branch(lt, ge);
    fb.at(body);
    let pi = pb.bin(BinOp::PtrAdd, pb.v(p), pb.v(i));
    let sq = pb.bin(BinOp::Mul, pb.v(i), pb.v(i));
    fb.push(assign(deref(pi), sq));
    let one = pb.c(1);
    let inc = pb.bin(BinOp::Add, pb.v(i), one);
    let after = fb.cur;
    fb.edge(after, assign(var(i), inc), head);
    fb.at(done);
    let four = pb.c(4);
    let three = pb.c(3);
    let a3 = pb.addr(index(var(a), three));
    let diff = pb.bin(BinOp::PtrDiff, a3, pb.v(p));
    let diff = pb.cast(diff, int);
    let hundred = pb.c(100);
    let scaled = pb.bin(BinOp::Mul, diff, hundred);
    let sum = pb.bin(BinOp::Add, pb.rd(index(var(a), four)), scaled);
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    assert_eq!(
        run_mode(&pb.p, IntMode::Machine, &[]).outcome,
        returned(16 + 300)
    );
}

#[test]
fn out_of_bounds_and_null_dereferences_are_undefined() {
    let p = main_returning(|pb, main, _fb| {
        let int = pb.int();
        let a3 = pb.array(int, 3);
        let a = pb.local(main, "a", a3);
        let three = pb.c(3);
        pb.rd(index(var(a), three))
    });
    let r = run_mode(&p, IntMode::Machine, &[]);
    assert!(
        matches!(&r.outcome, Outcome::Undefined { reason, .. } if reason.contains("out-of-bounds"))
    );
    let p = main_returning(|pb, _main, _fb| {
        let int = pb.int();
        let pint = pb.ptr(int);
        let null = pb.ct(0, pint);
        pb.rd(deref(null))
    });
    let r = run_mode(&p, IntMode::Machine, &[]);
    assert!(matches!(&r.outcome, Outcome::Undefined { reason, .. } if reason.contains("null")));
}

#[test]
fn bit_fields_truncate_and_keep_their_neighbours() {
    // struct b { unsigned a:3; int b:5; unsigned c:8; } x;
    // x.a = 9; x.b = -3; x.c = 200; return x.a * 10000 + x.b * 1000 + x.c;  == 10000 - 3000 + 200
    let mut pb = Pb::new();
    let int = pb.int();
    let uint = pb.uint();
    let (s, sty) = pb.record(
        "b",
        false,
        &[
            ("a", uint, Some(3)),
            ("b", int, Some(5)),
            ("c", uint, Some(8)),
        ],
    );
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", sty);
    let mut fb = Fb::new();
    let nine = pb.ct(9, uint);
    fb.push(assign(field(var(x), s, 0), nine));
    let m3 = pb.c(-3);
    fb.push(assign(field(var(x), s, 1), m3));
    let c200 = pb.ct(200, uint);
    fb.push(assign(field(var(x), s, 2), c200));
    let a = pb.rd(field(var(x), s, 0));
    let a = pb.cast(a, int);
    let k1 = pb.c(10000);
    let a = pb.bin(BinOp::Mul, a, k1);
    let b = pb.rd(field(var(x), s, 1));
    let k2 = pb.c(1000);
    let b = pb.bin(BinOp::Mul, b, k2);
    let c = pb.rd(field(var(x), s, 2));
    let c = pb.cast(c, int);
    let ab = pb.bin(BinOp::Add, a, b);
    let sum = pb.bin(BinOp::Add, ab, c);
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    for mode in [IntMode::Machine, IntMode::Math] {
        assert_eq!(
            run_mode(&pb.p, mode, &[]).outcome,
            returned(10000 - 3000 + 200)
        );
    }
}

#[test]
fn pointer_to_a_dead_local_is_dangling() {
    // int *f() { int l = 1; return &l; }  int main() { int *p = f(); return *p; }
    let mut pb = Pb::new();
    let int = pb.int();
    let pint = pb.ptr(int);
    let f = pb.func("f", pint, &[]);
    let l = pb.local(f, "l", int);
    let mut fb = Fb::new();
    let one = pb.c(1);
    fb.push(assign(var(l), one));
    let al = pb.addr(var(l));
    fb.ret(Some(al));
    pb.set_body(f, fb);
    let main = pb.func("main", int, &[]);
    let p = pb.local(main, "p", pint);
    let mut fb = Fb::new();
    fb.push(call(Some(var(p)), f, vec![]));
    fb.ret(Some(pb.rd(deref(pb.v(p)))));
    pb.set_body(main, fb);
    let r = run_mode(&pb.p, IntMode::Math, &[]);
    assert!(
        matches!(&r.outcome, Outcome::Undefined { reason, .. } if reason.contains("dangling")),
        "{:?}",
        r.outcome
    );
}

#[test]
fn writing_a_string_literal_is_undefined() {
    let p = main_returning(|pb, main, fb| {
        let char = pb.char();
        let pc = pb.ptr(char);
        let s = pb.local(main, "s", pc);
        let lit = pb.string("hi");
        fb.push(assign(var(s), lit));
        let x = pb.ct(120, char);
        fb.push(assign(deref(pb.v(s)), x));
        pb.c(0)
    });
    let r = run_mode(&p, IntMode::Math, &[]);
    assert!(
        matches!(&r.outcome, Outcome::Undefined { reason, .. } if reason.contains("string literal"))
    );
}

/// `int *p = malloc(8) (site may fail: fail_ok); if (!p) return -1; p[1] = 4; return p[0] + p[1];`
fn alloc_program(may_fail: bool, zeroed: bool) -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    let pint = pb.ptr(int);
    let long = pb.long();
    let main = pb.func("main", int, &[]);
    let site = pb.alloc_site(main, may_fail, zeroed);
    let p = pb.local(main, "p", pint);
    let mut fb = Fb::new();
    let eight = pb.ct(8, long);
    fb.push(Stmt::Alloc {
        lhs: var(p),
        site,
        size: eight,
    });
    let null = pb.ct(0, pint);
    let isnull = pb.bin(BinOp::Eq, pb.v(p), null.clone());
    let notnull = pb.bin(BinOp::Ne, pb.v(p), null);
    let (t, f) = fb.branch(isnull, notnull);
    let m1 = pb.c(-1);
    fb.at(t).ret(Some(m1));
    fb.at(f);
    let one = pb.c(1);
    let p1 = pb.bin(BinOp::PtrAdd, pb.v(p), one);
    let four = pb.c(4);
    fb.push(assign(deref(p1.clone()), four));
    let sum = pb.bin(BinOp::Add, pb.rd(deref(pb.v(p))), pb.rd(deref(p1)));
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    pb.p
}

#[test]
fn allocation_zeroed_uninitialized_and_failing() {
    // calloc-like: p[0] == 0.
    assert_eq!(
        run_main(&alloc_program(true, true), &Config::default(), &[]).outcome,
        returned(4)
    );
    // malloc-like: p[0] is uninitialized; SeqOracle gives 0 without consuming an input.
    let r = run_main(&alloc_program(true, false), &Config::default(), &[]);
    assert_eq!(r.outcome, returned(4));
    // A random oracle with failure probability 1 makes the allocation fail...
    let mut o = RandomOracle::new(1).with_alloc_fail_probability(1.0);
    let r = run(
        &alloc_program(true, true),
        &Config::default(),
        &mut o,
        &mut NoObserver,
    );
    assert_eq!(r.outcome, returned(-1));
    // ...but never one that cannot fail.
    let mut o = RandomOracle::new(1).with_alloc_fail_probability(1.0);
    let r = run(
        &alloc_program(false, true),
        &Config::default(),
        &mut o,
        &mut NoObserver,
    );
    assert_eq!(r.outcome, returned(4));
}

#[test]
fn havoc_of_an_aggregate_makes_it_fresh() {
    // struct { int a; int b; } s; s.a = 1; havoc s; return s.a;  (SeqOracle: uninit reads are 0)
    let p = main_returning(|pb, main, fb| {
        let int = pb.int();
        let (s, sty) = pb.record("s", false, &[("a", int, None), ("b", int, None)]);
        let sv = pb.local(main, "s", sty);
        let one = pb.c(1);
        fb.push(assign(field(var(sv), s, 0), one));
        fb.push(Stmt::Havoc {
            lhs: var(sv),
            why: HavocKind::Opaque(crate::cir::Opaque::Asm),
        });
        pb.rd(field(var(sv), s, 0))
    });
    let r = run_mode(&p, IntMode::Math, &[]);
    assert_eq!(r.outcome, returned(0));
    assert!(r.inputs.is_empty());
}

#[derive(Default)]
struct Recorder {
    stores: Vec<(Pointer, Value)>,
    calls: Vec<(FuncId, FuncId)>,
}

impl Observer for Recorder {
    fn on_store(&mut self, addr: Pointer, _ty: Ty, value: Value) {
        self.stores.push((addr, value));
    }
    fn on_call(&mut self, caller: FuncId, callee: FuncId) {
        self.calls.push((caller, callee));
    }
}

#[test]
fn observer_sees_stores_of_inits_params_returns_and_copies() {
    // int g = 3; int *id(int *q) { return q; }  main: int *p; p = id(&g); return *p;
    let mut pb = Pb::new();
    let int = pb.int();
    let pint = pb.ptr(int);
    let g = pb.global("g", int);
    let three = pb.c(3);
    pb.p.inits.push(Init {
        lhs: var(g),
        rhs: three,
        loc: Loc::default(),
    });
    let id = pb.func("id", pint, &[("q", pint)]);
    let q = pb.param(id, 0);
    let mut fb = Fb::new();
    fb.ret(Some(pb.v(q)));
    pb.set_body(id, fb);
    let main = pb.func("main", int, &[]);
    let p = pb.local(main, "p", pint);
    let mut fb = Fb::new();
    let ag = pb.addr(var(g));
    fb.push(call(Some(var(p)), id, vec![ag]));
    fb.ret(Some(pb.rd(deref(pb.v(p)))));
    pb.set_body(main, fb);
    let mut rec = Recorder::default();
    let r = run(
        &pb.p,
        &Config::default(),
        &mut SeqOracle::new(vec![]),
        &mut rec,
    );
    assert_eq!(r.outcome, returned(3));
    let g_obj = ObjRef {
        kind: ObjKind::Var(g),
        instance: 0,
    };
    let gp = Value::Ptr(Pointer {
        obj: g_obj,
        offset: 0,
    });
    assert_eq!(rec.stores.len(), 3);
    assert_eq!(
        rec.stores[0],
        (
            Pointer {
                obj: g_obj,
                offset: 0
            },
            Value::Int(3)
        )
    );
    assert!(
        matches!(rec.stores[1], (Pointer { obj: ObjRef { kind: ObjKind::Var(v), .. }, .. }, val) if v == q && val == gp)
    );
    assert!(
        matches!(rec.stores[2], (Pointer { obj: ObjRef { kind: ObjKind::Var(v), .. }, .. }, val) if v == p && val == gp)
    );
    assert_eq!(rec.calls, vec![(main, id)]);
}

#[test]
fn pointer_comparisons_and_negation() {
    // int a, b; return (&a == &b) + (&a != &b) * 10 + !(&a) * 100 + !(int *)0 * 1000;
    let p = main_returning(|pb, main, _fb| {
        let int = pb.int();
        let pint = pb.ptr(int);
        let a = pb.local(main, "a", int);
        let b = pb.local(main, "b", int);
        let pa = pb.addr(var(a));
        let pb_ = pb.addr(var(b));
        let eq = pb.bin(BinOp::Eq, pa.clone(), pb_.clone());
        let ne = pb.bin(BinOp::Ne, pa.clone(), pb_);
        let ten = pb.c(10);
        let ne = pb.bin(BinOp::Mul, ne, ten);
        let nota = pb.un(UnOp::LogNot, pa);
        let hundred = pb.c(100);
        let nota = pb.bin(BinOp::Mul, nota, hundred);
        let null = pb.ct(0, pint);
        let notnull = pb.un(UnOp::LogNot, null);
        let thousand = pb.c(1000);
        let notnull = pb.bin(BinOp::Mul, notnull, thousand);
        let s = pb.bin(BinOp::Add, eq, ne);
        let s = pb.bin(BinOp::Add, s, nota);
        pb.bin(BinOp::Add, s, notnull)
    });
    assert_eq!(run_mode(&p, IntMode::Machine, &[]).outcome, returned(1010));
    // &a < &b compares different objects: undefined.
    let p = main_returning(|pb, main, _fb| {
        let int = pb.int();
        let a = pb.local(main, "a", int);
        let b = pb.local(main, "b", int);
        let pa = pb.addr(var(a));
        let pb_ = pb.addr(var(b));
        pb.bin(BinOp::Lt, pa, pb_)
    });
    assert!(matches!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        Outcome::Undefined { .. }
    ));
}

/// With objects apart, an access past the end of an object extends it (and is listed), a
/// cast of an integer to a pointer points into memory of the environment that holds
/// that address, also a little before it; without, the same accesses are undefined
/// behaviour or cannot be followed.
#[test]
fn objects_apart_extend_objects_and_place_absolute_addresses() {
    let p = crate::frontend::load_text(
        "t.c",
        "struct m { int count; int waiters; };\n\
         char dummy;\n\
         int main(void) {\n\
           struct m *p = (struct m *)&dummy;\n\
           p->count = 3; p->waiters = 4;\n\
           int *reg = (int *)0x1000;\n\
           reg[1] = 7; reg[-1] = 2;\n\
           int *same = (int *)0x1004;\n\
           return p->count * 100 + p->waiters * 10 + *same + reg[-1]; }"
            .into(),
        &crate::frontend::LoadOptions::default(),
    )
    .expect("loads");
    let apart = Config {
        int_mode: IntMode::Machine,
        objects_apart: true,
        ..Config::default()
    };
    let run = run_main(&p, &apart, &[]);
    assert_eq!(run.outcome, returned(349));
    let lines: Vec<u32> = run.grown.iter().map(|(l, _)| l.line).collect();
    assert_eq!(lines, vec![5, 5, 6, 8], "{:?}", run.grown);
    assert!(run.grown[0].1.starts_with(crate::interp::OUT_OF_BOUNDS));
    let strict = run_mode(&p, IntMode::Machine, &[]);
    assert!(
        matches!(&strict.outcome, Outcome::Undefined { reason, .. } if reason.starts_with(crate::interp::OUT_OF_BOUNDS)),
        "{:?}",
        strict.outcome
    );
    assert!(strict.grown.is_empty());
}
