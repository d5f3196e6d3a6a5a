//! Calls: direct, indirect, recursion, depth bound, `main`'s arguments, externals.

use super::*;

/// `int fact(int n) { if (n <= 1) return 1; int r = fact(n - 1); return n * r; }`
fn fact(pb: &mut Pb) -> FuncId {
    let int = pb.int();
    let f = pb.func("fact", int, &[("n", int)]);
    let n = pb.param(f, 0);
    let r = pb.local(f, "r", int);
    let mut fb = Fb::new();
    let one = pb.c(1);
    let le = pb.bin(BinOp::Le, pb.v(n), one.clone());
    let gt = pb.bin(BinOp::Gt, pb.v(n), one.clone());
    let (t, e) = fb.branch(le, gt);
    fb.at(t).ret(Some(one.clone()));
    fb.at(e);
    let nm1 = pb.bin(BinOp::Sub, pb.v(n), one);
    fb.push(call(Some(var(r)), f, vec![nm1]));
    let prod = pb.bin(BinOp::Mul, pb.v(n), pb.v(r));
    fb.ret(Some(prod));
    pb.set_body(f, fb);
    f
}

fn fact_main(arg: i128) -> Program {
    let mut pb = Pb::new();
    let f = fact(&mut pb);
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", int);
    let mut fb = Fb::new();
    let a = pb.c(arg);
    fb.push(call(Some(var(x)), f, vec![a]));
    fb.ret(Some(pb.v(x)));
    pb.set_body(main, fb);
    pb.p
}

#[test]
fn recursion_computes_factorial() {
    assert_eq!(
        run_mode(&fact_main(10), IntMode::Machine, &[]).outcome,
        returned(3628800)
    );
    // 13! overflows int: wraps in Machine mode, exact in Math mode.
    assert_eq!(
        run_mode(&fact_main(13), IntMode::Machine, &[]).outcome,
        returned(6227020800i128 - (1 << 32))
    );
    assert_eq!(
        run_mode(&fact_main(13), IntMode::Math, &[]).outcome,
        returned(6227020800)
    );
}

#[test]
fn recursion_deeper_than_max_depth_hits_the_bound() {
    // main plus fact(30) .. fact(1): 31 frames.
    let cfg = Config {
        max_depth: 31,
        ..Config::default()
    };
    assert_eq!(
        run_main(&fact_main(30), &cfg, &[]).outcome,
        returned((1..=30i128).product::<i128>())
    );
    assert_eq!(
        run_main(&fact_main(31), &cfg, &[]).outcome,
        Outcome::StepBound
    );
}

#[test]
fn record_path_includes_callee_edges() {
    let p = fact_main(2);
    let cfg = Config {
        record_path: true,
        ..Config::default()
    };
    let r = run_main(&p, &cfg, &[]);
    assert_eq!(r.outcome, returned(2));
    let fact = p.func_by_name("fact").unwrap();
    let main = p.func_by_name("main").unwrap();
    let funcs: Vec<u32> = r.path.iter().map(|s| s.func.0).collect();
    // main call; fact(2): else-assume, call; fact(1): then-assume, return; fact(2) return; main return.
    assert_eq!(
        funcs,
        vec![main.0, fact.0, fact.0, fact.0, fact.0, fact.0, main.0]
    );
    assert_eq!(r.steps, 7);
}

#[test]
fn function_pointers_call_their_target_and_null_is_undefined() {
    // int twice(int x) { return x * 2; }  int (*fp)(int) = twice; return fp(21);
    let build = |null: bool| {
        let mut pb = Pb::new();
        let int = pb.int();
        let twice = pb.func("twice", int, &[("x", int)]);
        let x = pb.param(twice, 0);
        let mut fb = Fb::new();
        let two = pb.c(2);
        let m = pb.bin(BinOp::Mul, pb.v(x), two);
        fb.ret(Some(m));
        pb.set_body(twice, fb);
        let fty = pb.p.functions[twice.0 as usize].ty;
        let fpty = pb.ptr(fty);
        let main = pb.func("main", int, &[]);
        let fp = pb.local(main, "fp", fpty);
        let r = pb.local(main, "r", int);
        let mut fb = Fb::new();
        let target = if null {
            pb.ct(0, fpty)
        } else {
            pb.func_ptr(twice)
        };
        fb.push(assign(var(fp), target));
        let arg = pb.c(21);
        fb.push(Stmt::Call {
            lhs: Some(var(r)),
            callee: Callee::Indirect(pb.v(fp)),
            args: vec![arg],
        });
        fb.ret(Some(pb.v(r)));
        pb.set_body(main, fb);
        pb.p
    };
    assert_eq!(
        run_mode(&build(false), IntMode::Math, &[]).outcome,
        returned(42)
    );
    assert!(matches!(
        run_mode(&build(true), IntMode::Math, &[]).outcome,
        Outcome::Undefined { .. }
    ));
}

#[test]
fn main_gets_argc_and_argv() {
    // int main(int argc, char **argv) { return argc * 1000 + argv[0][1] + (argv[1] == 0) * 100; }
    let mut pb = Pb::new();
    let int = pb.int();
    let char = pb.char();
    let pc = pb.ptr(char);
    let ppc = pb.ptr(pc);
    let main = pb.func("main", int, &[("argc", int), ("argv", ppc)]);
    let argc = pb.param(main, 0);
    let argv = pb.param(main, 1);
    let mut fb = Fb::new();
    let k = pb.c(1000);
    let a = pb.bin(BinOp::Mul, pb.v(argc), k);
    let one = pb.c(1);
    let argv0 = pb.rd(deref(pb.v(argv)));
    let ch = pb.bin(BinOp::PtrAdd, argv0, one.clone());
    let ch = pb.rd(deref(ch));
    let ch = pb.cast(ch, int);
    let argv1 = pb.bin(BinOp::PtrAdd, pb.v(argv), one);
    let argv1 = pb.rd(deref(argv1));
    let null = pb.ct(0, pc);
    let isnull = pb.bin(BinOp::Eq, argv1, null);
    let hundred = pb.c(100);
    let b = pb.bin(BinOp::Mul, isnull, hundred);
    let s = pb.bin(BinOp::Add, a, ch);
    let s = pb.bin(BinOp::Add, s, b);
    fb.ret(Some(s));
    pb.set_body(main, fb);
    assert_eq!(
        run_mode(&pb.p, IntMode::Machine, &[]).outcome,
        returned(1000 + i128::from(b'r') + 100)
    );
}

#[test]
fn unknown_functions_return_inputs_and_error_functions_end_the_run() {
    // int v = get_value(); if (v == 42) reach_error(); return v;
    let mut pb = Pb::new();
    let int = pb.int();
    let void = pb.void();
    let get = pb.extern_fn("get_value", int, &[], false);
    let reach = pb.extern_fn("reach_error", void, &[], false);
    let main = pb.func("main", int, &[]);
    let v = pb.local(main, "v", int);
    let mut fb = Fb::new();
    fb.push(call(Some(var(v)), get, vec![]));
    let k = pb.c(42);
    let eq = pb.bin(BinOp::Eq, pb.v(v), k.clone());
    let ne = pb.bin(BinOp::Ne, pb.v(v), k);
    let (t, f) = fb.branch(eq, ne);
    fb.at(t).push(call(None, reach, vec![]));
    fb.ret(Some(pb.c(0)));
    fb.at(f).ret(Some(pb.v(v)));
    pb.set_body(main, fb);
    let r = run_main(&pb.p, &Config::default(), &[42]);
    assert!(matches!(r.outcome, Outcome::Error { func, loc } if func == main && loc.line == 4));
    assert_eq!(r.inputs, vec![42]);
    assert_eq!(
        run_main(&pb.p, &Config::default(), &[7]).outcome,
        returned(7)
    );
}

#[test]
fn exit_and_abort_calls_halt() {
    let mut pb = Pb::new();
    let int = pb.int();
    let void = pb.void();
    let exit = pb.extern_fn("exit", void, &[int], false);
    let abort = pb.extern_fn("abort", void, &[], false);
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", int);
    let mut fb = Fb::new();
    fb.push(Stmt::Havoc {
        lhs: var(x),
        why: HavocKind::Input("x".into()),
    });
    let zero = pb.c(0);
    let eq = pb.bin(BinOp::Eq, pb.v(x), zero.clone());
    let ne = pb.bin(BinOp::Ne, pb.v(x), zero);
    let (t, f) = fb.branch(eq, ne);
    fb.at(t).push(call(None, abort, vec![]));
    fb.ret(Some(pb.c(0)));
    fb.at(f).push(call(None, exit, vec![pb.v(x)]));
    fb.ret(Some(pb.c(0)));
    pb.set_body(main, fb);
    assert_eq!(
        run_main(&pb.p, &Config::default(), &[0]).outcome,
        Outcome::Exit { code: None }
    );
    assert_eq!(
        run_main(&pb.p, &Config::default(), &[3]).outcome,
        Outcome::Exit { code: Some(3) }
    );
}

#[test]
fn structs_are_passed_and_returned_by_value() {
    // struct pair { int a; int b; };
    // struct pair swap(struct pair p) { struct pair r; r.a = p.b; r.b = p.a; p.a = 0; return r; }
    // main: struct pair x, y; x.a = 1; x.b = 2; y = swap(x); return y.a * 10 + y.b + x.a * 100;
    let mut pb = Pb::new();
    let int = pb.int();
    let (s, sty) = pb.record("pair", false, &[("a", int, None), ("b", int, None)]);
    let swap = pb.func("swap", sty, &[("p", sty)]);
    let p = pb.param(swap, 0);
    let r = pb.local(swap, "r", sty);
    let mut fb = Fb::new();
    fb.push(assign(field(var(r), s, 0), pb.rd(field(var(p), s, 1))));
    fb.push(assign(field(var(r), s, 1), pb.rd(field(var(p), s, 0))));
    fb.push(assign(field(var(p), s, 0), pb.c(0)));
    fb.ret(Some(pb.v(r)));
    pb.set_body(swap, fb);
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", sty);
    let y = pb.local(main, "y", sty);
    let mut fb = Fb::new();
    fb.push(assign(field(var(x), s, 0), pb.c(1)));
    fb.push(assign(field(var(x), s, 1), pb.c(2)));
    fb.push(call(Some(var(y)), swap, vec![pb.v(x)]));
    let ten = pb.c(10);
    let hundred = pb.c(100);
    let a = pb.bin(BinOp::Mul, pb.rd(field(var(y), s, 0)), ten);
    let c = pb.bin(BinOp::Mul, pb.rd(field(var(x), s, 0)), hundred);
    let sum = pb.bin(BinOp::Add, a, pb.rd(field(var(y), s, 1)));
    let sum = pb.bin(BinOp::Add, sum, c);
    fb.ret(Some(sum));
    pb.set_body(main, fb);
    assert_eq!(
        run_mode(&pb.p, IntMode::Machine, &[]).outcome,
        returned(21 + 100)
    );
}

#[test]
fn falling_off_the_end_of_main_returns_zero() {
    let mut pb = Pb::new();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.push(Stmt::Skip);
    fb.edge(fb.cur, Stmt::Skip, NodeId(1));
    pb.set_body(main, fb);
    assert_eq!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        returned(0)
    );
    // Another entry function returning nothing gives no value.
    let cfg = Config {
        entry: "other".into(),
        ..Config::default()
    };
    pb.p.functions[main.0 as usize].name = "other".into();
    pb.p.func_index.clear();
    assert_eq!(
        run_main(&pb.p, &cfg, &[]).outcome,
        Outcome::Return { value: None }
    );
}

#[test]
fn loop_accumulates_into_a_havocked_array() {
    // int a[100]; (havoc a) for (i = 0; i < 1000; i++) a[i % 100] = a[i % 100] + i; return a[7];
    let mut pb = Pb::new();
    let int = pb.int();
    let arr = pb.array(int, 100);
    let main = pb.func("main", int, &[]);
    let a = pb.local(main, "a", arr);
    let i = pb.local(main, "i", int);
    let mut fb = Fb::new();
    fb.push(Stmt::Havoc {
        lhs: var(a),
        why: HavocKind::Uninit,
    });
    fb.push(assign(var(i), pb.c(0)));
    let head = fb.cur;
    let n = pb.c(1000);
    let lt = pb.bin(BinOp::Lt, pb.v(i), n.clone());
    let ge = pb.bin(BinOp::Ge, pb.v(i), n);
    let (body, done) = fb.branch(lt, ge);
    fb.at(body);
    let h = pb.c(100);
    let idx = pb.bin(BinOp::Rem, pb.v(i), h);
    let rd = pb.rd(index(var(a), idx.clone()));
    let sum = pb.bin(BinOp::Add, rd, pb.v(i));
    fb.push(assign(index(var(a), idx), sum));
    let one = pb.c(1);
    let inc = pb.bin(BinOp::Add, pb.v(i), one);
    let c = fb.cur;
    fb.edge(c, assign(var(i), inc), head);
    let seven = pb.c(7);
    fb.at(done).ret(Some(pb.rd(index(var(a), seven))));
    pb.set_body(main, fb);
    let r = run_mode(&pb.p, IntMode::Machine, &[]);
    // a[7] starts uninitialized (0 from SeqOracle) and gets 7 + 107 + ... + 907.
    assert_eq!(r.outcome, returned(10 * 7 + 100 * 45));
    assert_eq!(r.steps, 2 + 1000 * 3 + 2);
}
