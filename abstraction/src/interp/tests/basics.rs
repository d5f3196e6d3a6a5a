//! Arithmetic, casts, control flow, outcomes, inputs, bounds.

use super::*;

#[test]
fn int_overflow_wraps_in_machine_mode_only() {
    let p = main_returning(|pb, main, fb| {
        let int = pb.int();
        let x = pb.local(main, "x", int);
        let max = pb.c(2147483647);
        let one = pb.c(1);
        fb.push(assign(var(x), max));
        let sum = pb.bin(BinOp::Add, pb.v(x), one);
        fb.push(assign(var(x), sum));
        pb.v(x)
    });
    assert_eq!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        returned(-2147483648)
    );
    assert_eq!(
        run_mode(&p, IntMode::Math, &[]).outcome,
        returned(2147483648)
    );
}

#[test]
fn unsigned_subtraction_and_shifts() {
    let p = main_returning(|pb, main, fb| {
        let uint = pb.uint();
        let int = pb.int();
        let u = pb.local(main, "u", uint);
        let zero = pb.ct(0, uint);
        let one = pb.ct(1, uint);
        let minus = pb.bin(BinOp::Sub, zero, one);
        fb.push(assign(var(u), minus)); // u = 0u - 1u
        let four = pb.c(4);
        let shifted = pb.bin(BinOp::Shr, pb.v(u), four); // u >> 4
        pb.cast(shifted, int)
    });
    // 0xffffffff >> 4 == 0x0fffffff
    assert_eq!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        returned(0x0fff_ffff)
    );
    // Math mode: -1 >> 4 == -1 (floor division); the cast keeps the value.
    assert_eq!(run_mode(&p, IntMode::Math, &[]).outcome, returned(-1));
}

#[test]
fn casts_truncate_in_machine_mode_and_bool_normalises_in_both() {
    let p = main_returning(|pb, _main, _fb| {
        let uchar = pb.uchar();
        let int = pb.int();
        let b = pb.p.types.bool();
        let n = pb.c(300);
        let small = pb.cast(n, uchar); // (unsigned char)300
        let small = pb.cast(small, int);
        let five = pb.c(5);
        let bl = pb.cast(five, b); // (_Bool)5
        let bl = pb.cast(bl, int);
        let hundred = pb.c(1000);
        let scaled = pb.bin(BinOp::Mul, bl, hundred);
        pb.bin(BinOp::Add, small, scaled)
    });
    assert_eq!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        returned(44 + 1000)
    );
    assert_eq!(
        run_mode(&p, IntMode::Math, &[]).outcome,
        returned(300 + 1000)
    );
}

#[test]
fn pointer_to_integer_casts() {
    // (long)(int *)0 == 0; (long)&x is unsupported.
    let p = main_returning(|pb, _main, _fb| {
        let int = pb.int();
        let long = pb.long();
        let pi = pb.ptr(int);
        let null = pb.ct(0, pi);
        let c = pb.cast(null, long);
        pb.cast(c, int)
    });
    assert_eq!(run_mode(&p, IntMode::Machine, &[]).outcome, returned(0));
    let p = main_returning(|pb, main, _fb| {
        let int = pb.int();
        let long = pb.long();
        let x = pb.local(main, "x", int);
        let a = pb.addr(var(x));
        let c = pb.cast(a, long);
        pb.cast(c, int)
    });
    assert!(matches!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        Outcome::Unsupported { .. }
    ));
}

/// A pointer kept in an integer as wide as a pointer (`uintptr_t`, Windows' `ULONG_PTR`, as
/// `IoSetCancelRoutine` does) stays a pointer through stores, loads, comparisons and the
/// cast back; arithmetic on it and narrowing it are unsupported.
#[test]
fn pointers_round_trip_through_pointer_wide_integers() {
    let load = |src: &str| {
        crate::frontend::load_text("t.c", src.into(), &crate::frontend::LoadOptions::default())
            .expect("loads")
    };
    let p = load(
        "int x = 5; unsigned long slot; void f(void) {}\n\
         int main(void) {\n\
           unsigned long a = (unsigned long)&x;\n\
           void (*g)(void);\n\
           slot = (unsigned long)f;\n\
           if (a == 0 || a != (unsigned long)&x) return 1;\n\
           g = (void (*)(void))slot; g();\n\
           return *(int *)a + (g == f ? 10 : 20); }",
    );
    assert_eq!(run_mode(&p, IntMode::Machine, &[]).outcome, returned(15));
    for body in ["return (int)(a + 1);", "return (int)a;"] {
        let p = load(&format!(
            "int x; int main(void) {{ unsigned long a = (unsigned long)&x; {body} }}"
        ));
        assert!(
            matches!(
                run_mode(&p, IntMode::Machine, &[]).outcome,
                Outcome::Unsupported { .. }
            ),
            "{body}"
        );
    }
}

/// No object lies in the top page of the address space, where the kernel's error pointers
/// are (`IS_ERR`): an object's address compares below those values and an error value
/// stays an integer; other comparisons of an address with an integer stay undefined.
#[test]
fn object_addresses_are_below_the_error_pointers() {
    let load = |src: &str| {
        crate::frontend::load_text("t.c", src.into(), &crate::frontend::LoadOptions::default())
            .expect("loads")
    };
    let p = load(
        "int x;\n\
         static int is_err(const void *p) { return (unsigned long)p >= (unsigned long)-4095; }\n\
         int main(void) {\n\
           void *e = (void *)(long)-12;\n\
           return is_err(&x) * 10 + is_err(e); }",
    );
    assert_eq!(run_mode(&p, IntMode::Machine, &[]).outcome, returned(1));
    let p = load("int x; int main(void) { return (unsigned long)&x < 100000ul; }");
    assert!(matches!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        Outcome::Undefined { .. }
    ));
}

#[test]
fn division_by_zero_is_undefined() {
    let p = main_returning(|pb, _main, _fb| {
        let a = pb.c(7);
        let b = pb.c(0);
        pb.bin(BinOp::Div, a, b)
    });
    let r = run_mode(&p, IntMode::Math, &[]);
    assert!(
        matches!(&r.outcome, Outcome::Undefined { reason, loc } if reason.contains("division") && loc.line == 1)
    );
}

#[test]
fn oversized_shift_is_undefined_in_machine_mode() {
    let p = main_returning(|pb, _main, _fb| {
        let a = pb.c(1);
        let b = pb.c(32);
        pb.bin(BinOp::Shl, a, b)
    });
    assert!(matches!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        Outcome::Undefined { .. }
    ));
    assert_eq!(run_mode(&p, IntMode::Math, &[]).outcome, returned(1 << 32));
}

/// `x = nondet(); if (x > 10) error; else if (x == 3) exit(7); else return x;`
fn branching_program() -> Program {
    let mut pb = Pb::new();
    let int = pb.int();
    let nondet = pb.extern_fn("__VERIFIER_nondet_int", int, &[], false);
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", int);
    let mut fb = Fb::new();
    fb.push(call(Some(var(x)), nondet, vec![]));
    let ten = pb.c(10);
    let gt = pb.bin(BinOp::Gt, pb.v(x), ten.clone());
    let le = pb.bin(BinOp::Le, pb.v(x), ten);
    let (t, f) = fb.branch(gt, le);
    fb.at(t).error();
    fb.at(f);
    let three = pb.c(3);
    let eq = pb.bin(BinOp::Eq, pb.v(x), three.clone());
    let ne = pb.bin(BinOp::Ne, pb.v(x), three);
    let (t, f) = fb.branch(eq, ne);
    let seven = pb.c(7);
    fb.at(t);
    fb.edge(t, Stmt::Halt { code: Some(seven) }, NodeId(2));
    fb.at(f).ret(Some(pb.v(x)));
    pb.set_body(main, fb);
    pb.p
}

#[test]
fn outcomes_error_exit_return_and_out_of_inputs() {
    let p = branching_program();
    let main = p.func_by_name("main").unwrap();
    let r = run_main(&p, &Config::default(), &[11]);
    assert!(matches!(r.outcome, Outcome::Error { func, loc } if func == main && loc.line == 4));
    assert_eq!(r.inputs, vec![11]);
    assert_eq!(
        run_main(&p, &Config::default(), &[3]).outcome,
        Outcome::Exit { code: Some(7) }
    );
    assert_eq!(
        run_main(&p, &Config::default(), &[-5]).outcome,
        returned(-5)
    );
    let r = run_main(&p, &Config::default(), &[]);
    assert!(matches!(r.outcome, Outcome::OutOfInputs { loc } if loc.line == 1));
}

#[test]
fn inputs_are_converted_to_the_input_type() {
    let p = branching_program();
    // 2^32 + 2 wraps to 2 as an int.
    let r = run_main(&p, &Config::default(), &[(1i128 << 32) + 2]);
    assert_eq!(r.outcome, returned(2));
    assert_eq!(r.inputs, vec![(1i128 << 32) + 2]);
}

#[test]
fn record_path_lists_every_edge() {
    let p = branching_program();
    let cfg = Config {
        record_path: true,
        ..Config::default()
    };
    let r = run_main(&p, &cfg, &[5]);
    assert_eq!(r.outcome, returned(5));
    let main = p.func_by_name("main").unwrap();
    let edges: Vec<(u32, usize)> = r.path.iter().map(|s| (s.node.0, s.edge)).collect();
    // call at node 0; x > 10 fails so the second assume (index 1) at node 3; x != 3 at
    // node 5 (index 1); return at node 7.
    assert_eq!(edges, vec![(0, 0), (3, 1), (5, 1), (7, 0)]);
    assert!(r.path.iter().all(|s| s.func == main));
    assert_eq!(r.steps, 4);
}

#[test]
fn blocked_assume_and_verifier_assume() {
    let mut pb = Pb::new();
    let int = pb.int();
    let void = pb.void();
    let assume = pb.extern_fn("__VERIFIER_assume", void, &[int], false);
    let main = pb.func("main", int, &[]);
    let x = pb.local(main, "x", int);
    let mut fb = Fb::new();
    fb.push(Stmt::Havoc {
        lhs: var(x),
        why: HavocKind::Input("n".into()),
    });
    let zero = pb.c(0);
    let pos = pb.bin(BinOp::Gt, pb.v(x), zero);
    fb.push(call(None, assume, vec![pos]));
    let hundred = pb.c(100);
    let lt = pb.bin(BinOp::Lt, pb.v(x), hundred);
    fb.push(Stmt::Assume(lt));
    fb.ret(Some(pb.v(x)));
    pb.set_body(main, fb);
    let p = pb.p;
    assert_eq!(
        run_main(&p, &Config::default(), &[50]).outcome,
        returned(50)
    );
    assert!(
        matches!(run_main(&p, &Config::default(), &[-1]).outcome, Outcome::AssumeFailed { loc } if loc.line == 2)
    );
    assert!(
        matches!(run_main(&p, &Config::default(), &[100]).outcome, Outcome::AssumeFailed { loc } if loc.line == 3)
    );
}

#[test]
fn step_bound_stops_an_infinite_loop() {
    let mut pb = Pb::new();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.edge(NodeId(0), Stmt::Skip, NodeId(0));
    pb.set_body(main, fb);
    let cfg = Config {
        max_steps: 1000,
        ..Config::default()
    };
    let r = run_main(&pb.p, &cfg, &[]);
    assert_eq!(r.outcome, Outcome::StepBound);
    assert_eq!(r.steps, 1000);
}

#[test]
fn uninitialized_reads_ask_the_oracle_once() {
    // int x; int y = x; return x - y;  — both reads see the same value.
    let p = main_returning(|pb, main, fb| {
        let int = pb.int();
        let x = pb.local(main, "x", int);
        let y = pb.local(main, "y", int);
        fb.push(assign(var(y), pb.v(x)));
        pb.bin(BinOp::Sub, pb.v(x), pb.v(y))
    });
    for seed in 0..20 {
        let mut o = RandomOracle::new(seed);
        let r = run(&p, &Config::default(), &mut o, &mut NoObserver);
        assert_eq!(r.outcome, returned(0));
        assert!(r.inputs.is_empty());
    }
}

#[test]
fn random_oracle_values_lie_in_the_type_range() {
    let mut pb = Pb::new();
    let uchar = pb.uchar();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let c = pb.local(main, "c", uchar);
    let mut fb = Fb::new();
    fb.push(Stmt::Havoc {
        lhs: var(c),
        why: HavocKind::Input("c".into()),
    });
    let r = pb.cast(pb.v(c), int);
    fb.ret(Some(r));
    pb.set_body(main, fb);
    let mut seen = rustc_hash::FxHashSet::default();
    for seed in 0..200 {
        let mut o = RandomOracle::new(seed);
        let r = run(&pb.p, &Config::default(), &mut o, &mut NoObserver);
        let Outcome::Return { value: Some(v) } = r.outcome else {
            panic!("{:?}", r.outcome)
        };
        assert!((0..=255).contains(&v));
        assert_eq!(r.inputs.len(), 1);
        seen.insert(v);
    }
    assert!(seen.contains(&0) && seen.contains(&255) && seen.len() > 10);
}

#[test]
fn malformed_programs_give_unsupported_not_panics() {
    // An edge to a node that does not exist.
    let mut pb = Pb::new();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.edge(NodeId(0), Stmt::Skip, NodeId(99));
    pb.set_body(main, fb);
    assert!(matches!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
    // A read of a variable that does not exist; a read of another function's local.
    let mut pb = Pb::new();
    let int = pb.int();
    let other = pb.func("other", int, &[]);
    let theirs = pb.local(other, "t", int);
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.ret(Some(Expr {
        kind: ExprKind::Read(Box::new(Lval::Var(VarId(77)))),
        ty: int,
    }));
    pb.set_body(main, fb);
    assert!(matches!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
    let mut fb = Fb::new();
    fb.ret(Some(pb.v(theirs)));
    pb.set_body(main, fb);
    assert!(matches!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
    // No entry function; an entry without a body; a bad type id.
    assert!(matches!(
        run_main(&Program::default(), &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
    let mut pb = Pb::new();
    let int = pb.int();
    pb.func("main", int, &[]);
    assert!(matches!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
    let mut pb = Pb::new();
    let int = pb.int();
    let main = pb.func("main", int, &[]);
    let mut fb = Fb::new();
    fb.ret(Some(Expr {
        kind: ExprKind::Int(1),
        ty: Ty(999),
    }));
    pb.set_body(main, fb);
    assert!(matches!(
        run_main(&pb.p, &Config::default(), &[]).outcome,
        Outcome::Unsupported { .. }
    ));
}

/// `return 1 + (1 + (1 + ...))` nested `depth` times.
fn nested_sum(depth: usize) -> Program {
    main_returning(|pb, _main, _fb| {
        let mut e = pb.c(0);
        for _ in 0..depth {
            let one = pb.c(1);
            e = pb.bin(BinOp::Add, one, e);
        }
        e
    })
}

#[test]
fn deep_expressions_fit_a_small_stack_or_are_refused() {
    let p = nested_sum(990);
    let deep = nested_sum(1500);
    std::thread::Builder::new()
        .stack_size(1 << 20)
        .spawn(move || {
            assert_eq!(run_mode(&p, IntMode::Math, &[]).outcome, returned(990));
            let r = run_mode(&deep, IntMode::Math, &[]);
            assert!(matches!(&r.outcome, Outcome::Unsupported { reason, .. } if reason.contains("nested")));
        })
        .unwrap()
        .join()
        .unwrap();
}
