use super::*;
use crate::analysis::test_util::B;
use crate::cir::Init;
use crate::interp::{ObjRef, Pointer};

fn vl(v: VarId) -> AbsLoc {
    AbsLoc::start(AbsObj::Var(v))
}

fn at(v: VarId, off: u64) -> AbsLoc {
    AbsLoc {
        obj: AbsObj::Var(v),
        off,
    }
}

fn set<const N: usize>(xs: [AbsLoc; N]) -> BTreeSet<AbsLoc> {
    xs.into_iter().collect()
}

#[test]
fn address_of_copies_and_pointer_to_pointer() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let ipp = b.ptr(ip);
    let f = b.func("main", int, &[]);
    let x = b.local(f, "x", int);
    let y = b.local(f, "y", int);
    let p = b.local(f, "p", ip);
    let q = b.local(f, "q", ip);
    let r = b.local(f, "r", ip);
    let pp = b.local(f, "pp", ipp);
    let ax = b.addr(b.v(x));
    let ay = b.addr(b.v(y));
    let ap = b.addr(b.v(p));
    let body = vec![
        b.assign(b.v(p), ax),
        b.assign(b.v(q), b.rdv(p)),
        b.assign(b.v(pp), ap),
        b.assign(b.deref(b.rdv(pp)), ay),
        b.assign(b.v(r), b.rd(b.deref(b.rdv(pp)))),
    ];
    b.body(f, body);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.pts_of_loc(&vl(p)), &set([vl(x), vl(y)]));
    assert_eq!(pt.pts_of_loc(&vl(q)), &set([vl(x), vl(y)]));
    assert_eq!(pt.pts_of_loc(&vl(r)), &set([vl(x), vl(y)]));
    assert_eq!(pt.pts_of_loc(&vl(pp)), &set([vl(p)]));
    assert!(pt.pts_of_loc(&vl(x)).is_empty());
    let star_pp = b.deref(b.rdv(pp));
    assert_eq!(pt.lval_locs(&b.p, f, &star_pp), set([vl(p)]));
    assert!(pt.may_alias(&b.p, f, &star_pp, &b.v(p)));
    assert!(!pt.may_alias(&b.p, f, &star_pp, &b.v(q)));
    let star_q = b.deref(b.rdv(q));
    assert!(pt.may_alias(&b.p, f, &star_q, &b.v(y)));
    assert!(!pt.unknown_active());
}

#[test]
fn fields_are_distinct_and_array_elements_collapse() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let arr = b.arr(ip, 4);
    let (s, st) = b.strukt("S", false, &[("a", ip), ("b", ip), ("arr", arr)]);
    let f = b.func("main", int, &[]);
    let x = b.local(f, "x", int);
    let y = b.local(f, "y", int);
    let z = b.local(f, "z", int);
    let sv = b.local(f, "s", st);
    let t = b.local(f, "t", ip);
    let u = b.local(f, "u", ip);
    let (ax, ay, az) = (b.addr(b.v(x)), b.addr(b.v(y)), b.addr(b.v(z)));
    let two = b.num(2);
    let zero = b.num(0);
    let body = vec![
        b.assign(b.field(b.v(sv), s, 0), ax),
        b.assign(b.field(b.v(sv), s, 1), ay),
        b.assign(b.index(b.field(b.v(sv), s, 2), two), az),
        b.assign(b.v(t), b.rd(b.field(b.v(sv), s, 0))),
        b.assign(b.v(u), b.rd(b.index(b.field(b.v(sv), s, 2), zero))),
    ];
    b.body(f, body);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.pts_of_loc(&at(sv, 0)), &set([vl(x)]));
    assert_eq!(pt.pts_of_loc(&at(sv, 8)), &set([vl(y)]));
    assert_eq!(pt.pts_of_loc(&at(sv, 16)), &set([vl(z)]));
    assert_eq!(pt.pts_of_loc(&vl(t)), &set([vl(x)]));
    assert_eq!(pt.pts_of_loc(&vl(u)), &set([vl(z)]));
    assert!(!pt.may_alias(&b.p, f, &b.field(b.v(sv), s, 0), &b.field(b.v(sv), s, 1)));
    assert!(pt.may_alias(&b.p, f, &b.v(sv), &b.field(b.v(sv), s, 1)));
    // A concrete pointer to s.arr[3] is the abstract location of s.arr[0].
    let conc = Pointer {
        obj: ObjRef {
            kind: ObjKind::Var(sv),
            instance: 7,
        },
        offset: 16 + 3 * 8,
    };
    assert_eq!(pt.abstract_pointer(&b.p, &conc), at(sv, 16));
}

#[test]
fn heap_sites_are_typed_by_their_first_access() {
    let mut b = B::new();
    let int = b.int();
    let (n, nt) = b.p.types.declare_struct("node".into(), false);
    let np = b.ptr(nt);
    b.p.types
        .complete_struct(n, vec![("v".into(), int, None), ("next".into(), np, None)]);
    let f = b.func("main", int, &[]);
    let a0 = b.alloc_site(f);
    let a1 = b.alloc_site(f);
    let p = b.local(f, "p", np);
    let q = b.local(f, "q", np);
    let r = b.local(f, "r", np);
    let al0 = b.alloc(b.v(p), a0);
    let al1 = b.alloc(b.v(q), a1);
    let body = vec![
        al0,
        al1,
        b.assign(b.field(b.deref(b.rdv(p)), n, 1), b.rdv(q)),
        b.assign(b.v(r), b.rd(b.field(b.deref(b.rdv(p)), n, 1))),
    ];
    b.body(f, body);
    let pt = PointsTo::compute(&b.p);
    let h0 = AbsLoc::start(AbsObj::Alloc(a0));
    let h1 = AbsLoc::start(AbsObj::Alloc(a1));
    assert_eq!(pt.layout(&b.p, AbsObj::Alloc(a0)), Layout::Typed(nt));
    assert_eq!(pt.layout(&b.p, AbsObj::Alloc(a1)), Layout::Untyped);
    let next0 = AbsLoc {
        obj: AbsObj::Alloc(a0),
        off: 8,
    };
    assert_eq!(pt.pts_of_loc(&next0), &set([h1]));
    assert!(pt.pts_of_loc(&h0).is_empty());
    assert_eq!(pt.pts_of_loc(&vl(r)), &set([h1]));
    assert_eq!(pt.pts_of_loc(&vl(p)), &set([h0]));
}

#[test]
fn indirect_calls_resolve_and_fall_back() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let f = b.func("f", ip, &[("a", ip)]);
    let g = b.func("g", ip, &[("c", ip)]);
    let h = b.func("h", ip, &[("d", ip), ("e", ip)]);
    let main = b.func("main", int, &[]);
    let fa = b.param(f, 0);
    let gc = b.param(g, 0);
    b.body(f, vec![b.ret(Some(b.rdv(fa)))]);
    b.body(g, vec![b.ret(Some(b.rdv(gc)))]);
    let hd = b.param(h, 0);
    b.body(h, vec![b.ret(Some(b.rdv(hd)))]);
    let fty = b.p.func(f).ty;
    let fpt = b.ptr(fty);
    let x = b.local(main, "x", int);
    let y = b.local(main, "y", int);
    let fp = b.local(main, "fp", fpt);
    let fp2 = b.local(main, "fp2", fpt);
    let r = b.local(main, "r", ip);
    let r2 = b.local(main, "r2", ip);
    let (ef, eh) = (b.fnaddr(f), b.fnaddr(h));
    let (ax, ay) = (b.addr(b.v(x)), b.addr(b.v(y)));
    let body = vec![
        b.assign(b.v(fp), ef),
        b.icall(Some(b.v(r)), b.rdv(fp), vec![ax]),
        // fp2 is never assigned a function: every address-taken one of arity 1.
        b.icall(Some(b.v(r2)), b.rdv(fp2), vec![ay]),
        // h's address is taken but it has arity 2.
        b.assign(b.v(fp2), b.null(fpt)),
        b.icall(None, b.cast(eh, fpt), vec![]),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    let site = |edge_node: u32| CallSite {
        func: main,
        node: NodeId(edge_node),
        edge: 0,
    };
    assert_eq!(pt.site_targets(&site(1)).unwrap().funcs, vec![f]);
    assert_eq!(pt.site_targets(&site(2)).unwrap().funcs, vec![f]);
    assert_eq!(pt.site_targets(&site(4)).unwrap().funcs, vec![h]);
    assert_eq!(pt.pts_of_loc(&vl(fa)), &set([vl(x), vl(y)]));
    assert!(pt.pts_of_loc(&vl(gc)).is_empty());
    assert_eq!(pt.pts_of_loc(&vl(r)), &set([vl(x), vl(y)]));
    assert_eq!(
        pt.call_targets(&b.p, main, &Callee::Indirect(b.rdv(fp2))),
        vec![f]
    );
    assert_eq!(
        pt.pts_of_loc(&vl(fp)),
        &set([AbsLoc::start(AbsObj::Func(f))])
    );
}

#[test]
fn unknown_externs_escape_arguments_and_globals() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let ext = b.func("ext", ip, &[("a", ip)]);
    let main = b.func("main", int, &[]);
    let g = b.global("g", ip);
    let sg = b.static_global("sg", ip);
    let x = b.local(main, "x", int);
    let y = b.local(main, "y", int);
    let z = b.local(main, "z", int);
    let w = b.local(main, "w", int);
    let p = b.local(main, "p", ip);
    let r = b.local(main, "r", ip);
    let (ax, ay, az, aw) = (
        b.addr(b.v(x)),
        b.addr(b.v(y)),
        b.addr(b.v(z)),
        b.addr(b.v(w)),
    );
    let body = vec![
        b.assign(b.v(g), ay),
        b.assign(b.v(sg), az),
        b.assign(b.v(p), aw),
        b.call(Some(b.v(r)), ext, vec![ax]),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    assert!(pt.unknown_active());
    let unk = AbsLoc::start(AbsObj::Unknown);
    let escaped = set([unk, vl(g), vl(x), vl(y)]);
    assert_eq!(pt.escaped_locs(), &escaped);
    // The result points anywhere reachable; escaped cells hold anything escaped.
    assert_eq!(pt.pts_of_loc(&vl(r)), &escaped);
    assert_eq!(pt.pts_of_loc(&vl(x)), &escaped);
    assert_eq!(pt.pts_of_loc(&vl(g)), &escaped);
    // Not reachable by the library: the static global and what only it points to.
    assert_eq!(pt.pts_of_loc(&vl(sg)), &set([vl(z)]));
    assert!(!pt.is_escaped(AbsObj::Var(z)));
    assert_eq!(pt.pts_of_loc(&vl(p)), &set([vl(w)]));
    let site = pt
        .site_targets(&CallSite {
            func: main,
            node: NodeId(3),
            edge: 0,
        })
        .unwrap();
    assert!(site.unknown);
    assert_eq!(site.funcs, vec![ext]);
}

#[test]
fn escaped_functions_are_called_back_with_escaped_pointers() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let cb = b.func("cb", int, &[("q", ip)]);
    let cq = b.param(cb, 0);
    let zero = b.num(0);
    b.body(cb, vec![b.ret(Some(zero))]);
    let cbt = b.p.func(cb).ty;
    let cbp = b.ptr(cbt);
    let reg = b.func("register_cb", int, &[("f", cbp)]);
    let main = b.func("main", int, &[]);
    let e = b.fnaddr(cb);
    b.body(main, vec![b.call(None, reg, vec![e])]);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.escaped_funcs(&b.p), vec![cb]);
    assert!(pt
        .pts_of_loc(&vl(cq))
        .contains(&AbsLoc::start(AbsObj::Unknown)));
}

/// A driver's kernel routines that take no callbacks (`quiet_externals`) run unknown code
/// that enters no function of the program: a function whose address escaped through
/// them is not called with escaped pointers (the harness calls it), while one unknown
/// routine that is not quiet makes every escaped function a callback again.
#[test]
fn quiet_externals_call_no_escaped_function_back() {
    let build = |quiet: bool| {
        let mut b = B::new();
        let int = b.int();
        let ip = b.ptr(int);
        let cb = b.func("cb", int, &[("q", ip)]);
        let cq = b.param(cb, 0);
        let zero = b.num(0);
        b.body(cb, vec![b.ret(Some(zero))]);
        let cbt = b.p.func(cb).ty;
        let cbp = b.ptr(cbt);
        let reg = b.func("kernel_register", int, &[("f", cbp)]);
        if quiet {
            b.p.quiet_externals.insert(reg);
        }
        let main = b.func("main", int, &[]);
        let x = b.local(main, "x", int);
        b.taken(x);
        let e = b.fnaddr(cb);
        let ax = b.addr(b.v(x));
        b.body(
            main,
            vec![b.call(None, reg, vec![e]), b.call(None, cb, vec![ax])],
        );
        let pt = PointsTo::compute(&b.p);
        (pt.pts_of_loc(&vl(cq)).clone(), vl(x))
    };
    let (quiet_q, x) = build(true);
    assert_eq!(quiet_q, set([x]));
    let (loud_q, x) = build(false);
    assert!(loud_q.contains(&x));
    assert!(loud_q.contains(&AbsLoc::start(AbsObj::Unknown)));
}

#[test]
fn aggregate_copies_calls_and_returns_move_every_pointer_field() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let (s, st) = b.strukt("S", false, &[("a", ip), ("n", int), ("b", ip)]);
    let id = b.func("id", st, &[("v", st)]);
    let vparam = b.param(id, 0);
    b.body(id, vec![b.ret(Some(b.rdv(vparam)))]);
    let memcpy = b.func("memcpy", ip, &[("d", ip), ("s", ip), ("n", int)]);
    let main = b.func("main", int, &[]);
    let x = b.local(main, "x", int);
    let y = b.local(main, "y", int);
    let s1 = b.local(main, "s1", st);
    let s2 = b.local(main, "s2", st);
    let s3 = b.local(main, "s3", st);
    let s4 = b.local(main, "s4", st);
    let (ax, ay) = (b.addr(b.v(x)), b.addr(b.v(y)));
    let (a4, a1) = (b.addr(b.v(s4)), b.addr(b.v(s1)));
    let n = b.num(24);
    let body = vec![
        b.assign(b.field(b.v(s1), s, 0), ax),
        b.assign(b.field(b.v(s1), s, 2), ay),
        b.assign(b.v(s2), b.rdv(s1)),
        b.call(Some(b.v(s3)), id, vec![b.rdv(s1)]),
        b.call(None, memcpy, vec![b.cast(a4, ip), b.cast(a1, ip), n]),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    for v in [s2, s3, s4, vparam] {
        assert_eq!(pt.pts_of_loc(&at(v, 0)), &set([vl(x)]), "{v:?}");
        assert_eq!(pt.pts_of_loc(&at(v, 16)), &set([vl(y)]), "{v:?}");
        assert!(pt.pts_of_loc(&at(v, 8)).is_empty());
    }
    assert!(!pt.unknown_active());
}

#[test]
fn unions_are_one_cell_and_casts_through_integers_keep_targets() {
    let mut b = B::new();
    let int = b.int();
    let long = b.long();
    let ip = b.ptr(int);
    let (u, ut) = b.strukt("U", true, &[("p", ip), ("l", long)]);
    let main = b.func("main", int, &[]);
    let x = b.local(main, "x", int);
    let uv = b.local(main, "u", ut);
    let l = b.local(main, "l", long);
    let q = b.local(main, "q", ip);
    let ax = b.addr(b.v(x));
    let body = vec![
        b.assign(b.field(b.v(uv), u, 0), ax.clone()),
        b.assign(b.v(l), b.cast(ax, long)),
        b.assign(b.v(q), b.cast(b.rdv(l), ip)),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.pts_of_loc(&at(uv, 0)), &set([vl(x)]));
    assert!(pt.may_alias(&b.p, main, &b.field(b.v(uv), u, 0), &b.field(b.v(uv), u, 1)));
    assert_eq!(pt.pts_of_loc(&vl(q)), &set([vl(x)]));
}

#[test]
fn pointer_arithmetic_spreads_and_incompatible_views_collapse() {
    let mut b = B::new();
    let int = b.int();
    let ch = b.char();
    let ip = b.ptr(int);
    let cp = b.ptr(ch);
    let (s, st) = b.strukt("P", false, &[("x", int), ("y", int)]);
    let arr = b.arr(ip, 2);
    let (_t, tt) = b.strukt("T", false, &[("a", arr), ("p", ip)]);
    let main = b.func("main", int, &[]);
    let sv = b.local(main, "s", st);
    let tv = b.local(main, "t", tt);
    let z = b.local(main, "z", int);
    let p = b.local(main, "p", ip);
    let q = b.local(main, "q", ip);
    let c = b.local(main, "c", cp);
    let ax = b.addr(b.field(b.v(sv), s, 0));
    let next = b.padd(b.rdv(p), 1);
    let at_ = b.addr(b.v(tv));
    let az = b.addr(b.v(z));
    let t_p = b.field(b.v(tv), _t, 1);
    let body = vec![
        b.assign(b.v(p), ax),
        b.assign(b.v(q), next),
        b.assign(t_p.clone(), az),
        b.assign(b.v(c), b.cast(at_, cp)),
        // A byte read of a struct with an array: T can no longer be field-sensitive.
        b.assign(b.v(z), b.cast(b.rd(b.deref(b.rdv(c))), int)),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    // `p + 1` from `&s.x`: a constant offset moves the pointer exactly, to `s.y`
    assert_eq!(pt.pts_of_loc(&vl(q)), &set([at(sv, 4)]));
    assert_eq!(pt.layout(&b.p, AbsObj::Var(sv)), Layout::Typed(st));
    assert_eq!(pt.layout(&b.p, AbsObj::Var(tv)), Layout::Collapsed);
    assert_eq!(pt.pts_of_loc(&vl(tv)), &set([vl(z)]));
    assert_eq!(pt.lval_locs(&b.p, main, &t_p), set([vl(tv)]));
}

#[test]
fn initializers_strings_and_concrete_pointers() {
    let mut b = B::new();
    let int = b.int();
    let ch = b.char();
    let ip = b.ptr(int);
    let cp = b.ptr(ch);
    let x = b.global("x", int);
    let g = b.global("g", ip);
    let sp = b.global("sp", cp);
    let a0 = b.alloc_site(FuncId(0));
    let main = b.func("main", int, &[]);
    let hs = b.local(main, "h", ip);
    let st = b.string("hi");
    let ax = b.addr(b.v(x));
    let se = b.str_e(st);
    b.p.inits.push(Init {
        lhs: Lval::Var(g),
        rhs: ax,
        loc: Default::default(),
    });
    b.p.inits.push(Init {
        lhs: Lval::Var(sp),
        rhs: se,
        loc: Default::default(),
    });
    let al = b.alloc(b.v(hs), a0);
    b.body(main, vec![al]);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.pts_of_loc(&vl(g)), &set([vl(x)]));
    assert_eq!(
        pt.pts_of_loc(&vl(sp)),
        &set([AbsLoc::start(AbsObj::Str(st))])
    );
    let conc = Pointer {
        obj: ObjRef {
            kind: ObjKind::Str(st),
            instance: 0,
        },
        offset: 1,
    };
    assert_eq!(
        pt.abstract_pointer(&b.p, &conc),
        AbsLoc::start(AbsObj::Str(st))
    );
    let heap = Pointer {
        obj: ObjRef {
            kind: ObjKind::Alloc(a0),
            instance: 3,
        },
        offset: 0,
    };
    assert_eq!(
        pt.abstract_pointer(&b.p, &heap),
        AbsLoc::start(AbsObj::Alloc(a0))
    );
}

#[test]
fn many_functions_and_an_unknown_extern_solve_quickly() {
    // 400 functions, each storing a heap node into a global list and calling the next one
    // and an unknown extern: the solver must stay polynomial and reach a fixpoint.
    let mut b = B::new();
    let int = b.int();
    let (n, nt) = b.p.types.declare_struct("node".into(), false);
    let np = b.ptr(nt);
    b.p.types
        .complete_struct(n, vec![("v".into(), int, None), ("next".into(), np, None)]);
    let head = b.static_global("head", np);
    let ext = b.func("log_node", int, &[("p", np)]);
    let count = 400;
    let funcs: Vec<FuncId> = (0..count)
        .map(|i| b.func(&format!("f{i}"), int, &[("arg", np)]))
        .collect();
    for i in 0..count {
        let f = funcs[i];
        let site = b.alloc_site(f);
        let p = b.local(f, "p", np);
        let arg = b.param(f, 0);
        let al = b.alloc(b.v(p), site);
        let mut body = vec![
            al,
            b.assign(b.field(b.deref(b.rdv(p)), n, 1), b.rdv(head)),
            b.assign(b.v(head), b.rdv(p)),
            b.assign(b.field(b.deref(b.rdv(p)), n, 1), b.rdv(arg)),
        ];
        if i % 50 == 0 {
            body.push(b.call(None, ext, vec![b.rdv(p)]));
        }
        if i + 1 < count {
            body.push(b.call(None, funcs[i + 1], vec![b.rdv(p)]));
        }
        b.body(f, body);
    }
    let start = std::time::Instant::now();
    let pt = PointsTo::compute(&b.p);
    assert!(start.elapsed().as_secs() < 20, "took {:?}", start.elapsed());
    // Every node is reachable from `head`, and the extern escapes every 50th node and
    // everything reachable from it.
    assert_eq!(pt.pts_of_loc(&vl(head)).len(), count);
    assert!(pt.is_escaped(AbsObj::Alloc(AllocId(0))));
    assert!(!pt.is_escaped(AbsObj::Var(head)));
    assert!(pt.rounds() < 50, "{} rounds", pt.rounds());
}

#[test]
fn memcpy_into_fresh_heap_adopts_the_source_layout() {
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let void = b.p.types.void();
    let vp = b.ptr(void);
    let (s, st) = b.strukt("S", false, &[("a", ip), ("b", ip)]);
    let sp = b.ptr(st);
    let memcpy = b.func("memcpy", vp, &[("d", vp), ("s", vp), ("n", int)]);
    let main = b.func("main", int, &[]);
    let site = b.alloc_site(main);
    let x = b.local(main, "x", int);
    let sv = b.local(main, "s", st);
    let h = b.local(main, "h", vp);
    let q = b.local(main, "q", ip);
    let ax = b.addr(b.v(x));
    let asv = b.addr(b.v(sv));
    let n16 = b.num(16);
    let al = b.alloc(b.v(h), site);
    let hs = b.cast(b.rdv(h), sp);
    let body = vec![
        b.assign(b.field(b.v(sv), s, 1), ax),
        al,
        b.call(None, memcpy, vec![b.rdv(h), b.cast(asv, vp), n16]),
        b.assign(b.v(q), b.rd(b.field(b.deref(hs), s, 1))),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    let heap = AbsObj::Alloc(site);
    assert_eq!(pt.layout(&b.p, heap), Layout::Typed(st));
    assert!(pt.pts_of_loc(&AbsLoc::start(heap)).is_empty());
    assert_eq!(pt.pts_of_loc(&AbsLoc { obj: heap, off: 8 }), &set([vl(x)]));
    assert_eq!(pt.pts_of_loc(&vl(q)), &set([vl(x)]));
    assert!(!pt.unknown_active());
}

#[test]
fn flexible_array_members_index_past_their_end() {
    // struct F { int *p; int *data[0]; }: data[i] overlaps whatever follows, and under the
    // array-of-F normalization, `p` of the next element.
    let mut b = B::new();
    let int = b.int();
    let ip = b.ptr(int);
    let fam = b.p.types.array(ip, Some(0));
    let (f_, ft) = b.strukt("F", false, &[("p", ip), ("data", fam)]);
    let fp = b.ptr(ft);
    let main = b.func("main", int, &[]);
    let site = b.alloc_site(main);
    let x = b.local(main, "x", int);
    let h = b.local(main, "h", fp);
    let q = b.local(main, "q", ip);
    let ax = b.addr(b.v(x));
    let three = b.num(3);
    let al = b.alloc(b.v(h), site);
    let data3 = b.index(b.field(b.deref(b.rdv(h)), f_, 1), three);
    let body = vec![
        al,
        b.assign(data3, ax),
        b.assign(b.v(q), b.rd(b.field(b.deref(b.rdv(h)), f_, 0))),
    ];
    b.body(main, body);
    let pt = PointsTo::compute(&b.p);
    assert_eq!(pt.layout(&b.p, AbsObj::Alloc(site)), Layout::Typed(ft));
    assert_eq!(pt.pts_of_loc(&vl(q)), &set([vl(x)]));
}
