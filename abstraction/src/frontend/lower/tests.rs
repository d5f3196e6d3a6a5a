//! Tests of the lowering on small C programs.

mod dump;

use crate::cir::{
    BinOp, Callee, Expr, ExprKind, HavocKind, Lval, Program, Stmt, TypeKind, VarKind,
};
use crate::frontend::{load_text, ErrorKind, FrontendError, LoadOptions};
pub(super) use dump::dump;

fn lower(src: &str) -> Program {
    match load_text("t.c", src.to_string(), &LoadOptions::default()) {
        Ok(p) => p,
        Err(e) => panic!("lowering failed: {e}"),
    }
}

fn lower_err(src: &str) -> FrontendError {
    match load_text("t.c", src.to_string(), &LoadOptions::default()) {
        Ok(p) => panic!("expected an error, got:\n{}", dump(&p)),
        Err(e) => e,
    }
}

/// All statements of a function's body.
fn stmts<'p>(p: &'p Program, f: &str) -> Vec<&'p Stmt> {
    let f = p.func_by_name(f).expect("function");
    p.func(f)
        .body
        .as_ref()
        .expect("body")
        .edges()
        .map(|(_, e)| &e.stmt)
        .collect()
}

fn count(p: &Program, f: &str, pred: impl Fn(&Stmt) -> bool) -> usize {
    stmts(p, f).into_iter().filter(|s| pred(s)).count()
}

#[test]
fn scratch_dump() {
    let src = std::fs::read_to_string("/tmp/scratch.c").unwrap_or_default();
    if src.is_empty() {
        return;
    }
    let p = match load_text("t.c", src, &LoadOptions::default()) {
        Ok(p) => p,
        Err(e) => {
            println!("ERROR {e:?}");
            return;
        }
    };
    println!("{}", dump(&p));
}

fn var<'p>(p: &'p Program, name: &str) -> &'p crate::cir::Var {
    p.vars
        .iter()
        .find(|v| v.name == name)
        .unwrap_or_else(|| panic!("no variable {name}"))
}

fn text(p: &Program, f: &str) -> Vec<String> {
    stmts(p, f).into_iter().map(|s| dump::stmt(p, s)).collect()
}

/// Synthetic names without their numbers: `<anon 3>` becomes `<anon>`.
fn norm(s: &str) -> String {
    let mut out = String::new();
    let mut skip = false;
    for c in s.chars() {
        if c == '<' {
            skip = false;
        }
        if skip && (c.is_ascii_digit() || c == ' ') {
            continue;
        }
        if c == '>' {
            skip = false;
        }
        out.push(c);
        if out.ends_with("<anon") || out.ends_with("<pad") {
            skip = true;
        }
    }
    out
}

fn has(p: &Program, f: &str, needle: &str) -> bool {
    text(p, f).iter().any(|s| norm(s) == needle)
}

// ---- types -------------------------------------------------------------------------------

#[test]
fn long_follows_the_data_model() {
    let src = "long x; long long y; unsigned long z; int main(void) { return sizeof(long) + sizeof(void*); }";
    let p = lower(src);
    assert_eq!(p.types.size_of(var(&p, "x").ty), Some(8));
    assert!(has(&p, "main", "return 16"));
    let opts = LoadOptions {
        data_model: crate::cir::DataModel::Ilp32,
        ..LoadOptions::default()
    };
    let p32 = load_text("t.c", src.to_string(), &opts).unwrap();
    assert_eq!(p32.types.size_of(var(&p32, "x").ty), Some(4));
    assert_eq!(p32.types.size_of(var(&p32, "y").ty), Some(8));
    assert_eq!(p32.types.size_of(var(&p32, "z").ty), Some(4));
    assert!(has(&p32, "main", "return 8"));
}

#[test]
fn basic_types_and_typedefs() {
    let p = lower(
        "typedef unsigned char u8; typedef u8 *bytes; _Bool b; char c; signed char sc; short s;
         bytes q; int main(void) { return 0; }",
    );
    let t = &p.types;
    let b = t.as_int(var(&p, "b").ty).unwrap();
    assert!(b.is_bool);
    let c = t.as_int(var(&p, "c").ty).unwrap();
    assert_eq!((c.bits, c.signed), (8, true));
    assert_eq!(var(&p, "sc").ty, var(&p, "c").ty);
    assert_eq!(t.size_of(var(&p, "s").ty), Some(2));
    let pointee = t.pointee(var(&p, "q").ty).unwrap();
    let k = t.as_int(pointee).unwrap();
    assert_eq!((k.bits, k.signed), (8, false));
}

#[test]
fn structs_unions_bitfields_and_anonymous_members() {
    let p = lower(
        "struct list; struct list { int v; struct list *next; };
         struct flags { unsigned a : 3, b : 30; int : 0; char c; };
         struct outer { int tag; union { int i; char ch[8]; }; struct { int x, y; }; };
         union u { char c; double d; };
         struct list l; struct flags f; struct outer o; union u uu;
         int main(void) { o.y = o.i + o.ch[1]; return f.b + l.next->v; }",
    );
    let t = &p.types;
    assert_eq!(t.size_of(var(&p, "l").ty), Some(16));
    assert_eq!(t.size_of(var(&p, "f").ty), Some(12));
    let fs = t.fields(var(&p, "f").ty).unwrap();
    assert_eq!(fs[0].bitfield, Some((0, 3)));
    assert_eq!((fs[1].offset, fs[1].bitfield), (4, Some((0, 30))));
    assert_eq!(fs[2].offset, 8);
    assert_eq!(t.size_of(var(&p, "o").ty), Some(20));
    assert_eq!(t.size_of(var(&p, "uu").ty), Some(8));
    assert!(has(
        &p,
        "main",
        "o.<anon>.y = (o.<anon>.i + (int)o.<anon>.ch[1])"
    ));
    assert!(has(&p, "main", "return ((int)f.b + *l.next.v)"));
}

#[test]
fn enums_are_int_constants_with_gcc_underlying_types() {
    let p = lower(
        "enum e { A, B = 5, C, D = -1 }; enum f { X, Y }; enum e ve; enum f vf;
         int a[C]; int main(void) { return C + D; }",
    );
    let t = &p.types;
    assert_eq!(t.size_of(var(&p, "a").ty), Some(24));
    assert!(t.as_int(var(&p, "ve").ty).unwrap().signed);
    assert!(!t.as_int(var(&p, "vf").ty).unwrap().signed);
    assert!(has(&p, "main", "return 5"));
}

#[test]
fn arrays_take_their_size_from_the_initializer() {
    let p = lower(
        "int a[] = {1, 2, 3}; char s[] = \"abc\"; int m[][2] = {{1, 2}, {3}};
         int d[] = {[7] = 1}; int main(void) { int l[] = {4, 5}; return sizeof a + sizeof l; }",
    );
    let t = &p.types;
    assert_eq!(t.size_of(var(&p, "a").ty), Some(12));
    assert_eq!(t.size_of(var(&p, "s").ty), Some(4));
    assert_eq!(t.size_of(var(&p, "m").ty), Some(16));
    assert_eq!(t.size_of(var(&p, "d").ty), Some(32));
    assert_eq!(t.size_of(var(&p, "l").ty), Some(8));
    assert!(has(&p, "main", "return 20"));
}

#[test]
fn function_pointer_declarators() {
    let p = lower(
        "int (*signal(int sig, void (*h)(int)))(int);
         int (*table[3])(int, int); int (*(*pf)(void))[4]; int (*(*pk)())[4];
         int main(void) { return sizeof table; }",
    );
    let t = &p.types;
    let tab = var(&p, "table").ty;
    let TypeKind::Array(e, Some(3)) = t.kind(tab).clone() else {
        panic!("table: {}", t.display(tab))
    };
    assert_eq!(t.fn_sig(e).unwrap().params.len(), 2);
    assert_eq!(t.display(var(&p, "pf").ty), "int (*(*)(void))[4]");
    assert_eq!(t.display(var(&p, "pk").ty), "int (*(*)())[4]");
    let s = p.func(p.func_by_name("signal").unwrap()).ty;
    let sig = t.fn_sig(s).unwrap();
    assert_eq!(sig.params.len(), 2);
    assert!(
        t.fn_sig(sig.ret).is_some(),
        "signal returns a function pointer"
    );
}

// ---- expressions ---------------------------------------------------------------------------

#[test]
fn conversions_are_explicit() {
    let p = lower(
        "unsigned u; int i; char c; long l; unsigned short us; _Bool b;
         int main(void) {
           i = u + i; l = i * c; b = i; i = i << l; us = us + 1;
           if (u < i) return 1; return c == 'a'; }",
    );
    assert!(has(&p, "main", "i = (int)(u + (unsigned int)i)"));
    assert!(has(&p, "main", "l = (long long)(i * (int)c)"));
    assert!(has(&p, "main", "b = (_Bool)i"));
    assert!(has(&p, "main", "i = (i << l)"));
    assert!(has(&p, "main", "us = (unsigned short)((int)us + 1)"));
    assert!(has(&p, "main", "assume((u < (unsigned int)i))"));
    assert!(has(&p, "main", "assume((u >= (unsigned int)i))"));
    assert!(has(&p, "main", "return ((int)c == 97)"));
    // Every Binary has operands of one type (shifts and pointer arithmetic excepted).
    for s in stmts(&p, "main") {
        if let Stmt::Assign { rhs, .. } = s {
            check_binary_types(&p, rhs);
        }
    }
}

fn check_binary_types(p: &Program, e: &Expr) {
    match &e.kind {
        ExprKind::Binary(op, a, b) => {
            if !matches!(op, BinOp::Shl | BinOp::Shr | BinOp::PtrAdd) {
                assert_eq!(a.ty, b.ty, "operands of {}", dump::expr(p, e));
            }
            if op.is_comparison() {
                assert_eq!(e.ty, p.types.clone().int());
            }
            check_binary_types(p, a);
            check_binary_types(p, b);
        }
        ExprKind::Cast(x) | ExprKind::Unary(_, x) => check_binary_types(p, x),
        _ => {}
    }
}

#[test]
fn constants_fold_with_c_semantics() {
    let p = lower(
        "int main(void) { unsigned char c = 300; int x = -1u > 0; long long y = 1LL << 40;
           int z = 0x7fffffff + 0u; char q = '\\377'; return sizeof(int[3]) + (3 ? 4 : 5); }",
    );
    assert!(has(&p, "main", "c = 44"));
    assert!(has(&p, "main", "x = 1"));
    assert!(has(&p, "main", "y = 1099511627776"));
    assert!(has(&p, "main", "z = 2147483647"));
    assert!(has(&p, "main", "q = -1"));
    assert!(text(&p, "main").iter().any(|s| s.starts_with("return")));
}

#[test]
fn calls_are_hoisted_left_to_right() {
    let p = lower(
        "int f(int); int g(void); int x;
         int main(void) { int r = f(1) + g() * f(2); r = x + g(); return r; }",
    );
    let t = text(&p, "main");
    let calls: Vec<&String> = t
        .iter()
        .filter(|s| s.contains("f(") || s.contains("g("))
        .collect();
    assert_eq!(calls[0], "tmp.0 = f(1)");
    assert_eq!(calls[1], "tmp.1 = g()");
    assert_eq!(calls[2], "tmp.2 = f(2)");
    // `x` is read before g() runs: it is saved first.
    let i = t.iter().position(|s| s == "tmp.3 = x").expect("x saved");
    assert_eq!(t[i + 1], "tmp.4 = g()");
    assert!(has(&p, "main", "r = (tmp.3 + tmp.4)"));
}

#[test]
fn side_effects_become_statements() {
    let p = lower(
        "int a[4]; int main(void) { int i = 0, j; j = i++; j += ++i; a[i--] = j--; j = (i = 3, i + 1);
           return i; }",
    );
    assert_eq!(count(&p, "main", |s| matches!(s, Stmt::Assign { .. })), 13);
    assert!(has(&p, "main", "tmp.0 = i"));
    assert!(has(&p, "main", "i = (tmp.0 + 1)"));
    assert!(has(&p, "main", "j = tmp.0"));
    assert!(has(&p, "main", "j = (j + i)"));
    assert!(has(&p, "main", "a[(long long)tmp.1] = tmp.2"));
    assert!(has(&p, "main", "j = (i + 1)"));
}

#[test]
fn pointers_arrays_and_address_taken() {
    let p = lower(
        "struct s { int f; int g[2]; }; int x, y, arr[3]; struct s st;
         int main(void) { int *p = &x; int *q = arr; struct s *ps = &st;
           *p = 1; p[2] = 3; 2[arr] = 4; ps->g[1] = ps->f; q = q + 1; q = 1 + q; q -= 2; q++;
           long d = q - p; return *arr + (p == q) + !p + (p != 0); }",
    );
    assert!(var(&p, "x").addr_taken);
    assert!(!var(&p, "y").addr_taken);
    assert!(var(&p, "arr").addr_taken);
    assert!(has(&p, "main", "q = &arr[0]"));
    assert!(has(&p, "main", "*p = 1"));
    assert!(has(&p, "main", "*(p + 2) = 3"));
    assert!(has(&p, "main", "arr[2] = 4"));
    assert!(has(&p, "main", "*ps.g[1] = *ps.f"));
    assert!(has(&p, "main", "q = (q + 1)"));
    assert!(has(&p, "main", "q = (q + -2)"));
    assert!(has(&p, "main", "d = (q - p)"));
    let ptr_ops = stmts(&p, "main")
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Assign { rhs, .. } => Some(rhs),
            _ => None,
        })
        .filter(|e| matches!(e.kind, ExprKind::Binary(BinOp::PtrAdd | BinOp::PtrDiff, ..)))
        .count();
    assert_eq!(ptr_ops, 5);
    assert!(has(
        &p,
        "main",
        "return (((arr[0] + (p == q)) + (p == 0)) + (p != 0))"
    ));
}

#[test]
fn function_designators_and_indirect_calls() {
    let p = lower(
        "int inc(int v) { return v + 1; } int dec(int v) { return v - 1; } int never(int v) { return v; }
         int (*tab[])(int) = { inc };
         int main(void) { int (*fp)(int) = dec; return fp(1) + (*fp)(2) + (*never)(3) + tab[0](4); }",
    );
    let f = |n: &str| p.func(p.func_by_name(n).unwrap());
    assert!(f("inc").addr_taken);
    assert!(f("dec").addr_taken);
    assert!(
        !f("never").addr_taken,
        "a direct call does not take the address"
    );
    let calls: Vec<&Callee> = stmts(&p, "main")
        .into_iter()
        .filter_map(|s| match s {
            Stmt::Call { callee, .. } => Some(callee),
            _ => None,
        })
        .collect();
    assert_eq!(calls.len(), 4);
    assert!(matches!(calls[0], Callee::Indirect(_)));
    assert!(matches!(calls[1], Callee::Indirect(_)));
    assert!(matches!(calls[2], Callee::Direct(_)));
    assert!(matches!(calls[3], Callee::Indirect(_)));
    assert_eq!(p.inits.len(), 1);
    assert!(matches!(p.inits[0].rhs.kind, ExprKind::Func(_)));
}

#[test]
fn logical_operators_in_values_and_conditions() {
    let p = lower(
        "int a, b, c; int main(void) { int v = a && b; if (a || (b && !c)) v = 2; return !v; }",
    );
    // Value context: an int temporary written on both paths.
    assert!(has(&p, "main", "tmp.0 = 1"));
    assert!(has(&p, "main", "tmp.0 = 0"));
    // Condition context: no temporary; short-circuit Assume pairs.
    assert_eq!(p.func(p.func_by_name("main").unwrap()).locals.len(), 2);
    assert_eq!(count(&p, "main", |s| matches!(s, Stmt::Assume(_))), 10);
    assert!(has(&p, "main", "assume((c == 0))"));
    assert!(has(&p, "main", "return (v == 0)"));
}

#[test]
fn conditional_expressions() {
    let p = lower(
        "int a; int *p; void f(void); void g(void);
         int main(void) { long l = a ? 1 : 2L; int *q = a ? p : 0; a ? f() : g();
           l = (a ? 1 : 2L) + l; q = a ? 0 : p; return a ? l : 0; }",
    );
    let locals = &p.func(p.func_by_name("main").unwrap()).locals;
    // a conditional in a value: a temporary of the conditional's type
    let tmp = locals
        .iter()
        .map(|v| p.var(*v))
        .find(|v| v.name == "tmp.0")
        .unwrap();
    assert_eq!(p.types.size_of(tmp.ty), Some(8));
    assert!(has(&p, "main", "tmp.0 = 1"));
    // a conditional initializing, assigned to or returned: each arm goes straight there
    assert!(has(&p, "main", "l = 1"));
    assert!(has(&p, "main", "l = 2"));
    assert!(has(&p, "main", "q = p"));
    assert!(has(&p, "main", "q = 0"));
    assert!(has(&p, "main", "return (int)l"));
    assert!(has(&p, "main", "return 0"));
    assert!(has(&p, "main", "f()"));
    assert!(has(&p, "main", "g()"));
    assert_eq!(
        locals.len(),
        3,
        "only the conditional in a value needs a temporary"
    );
}

#[test]
fn sizeof_alignof_offsetof_and_builtins() {
    let p = lower(
        "struct s { char c; int i; short a[3]; }; int x;
         int main(void) { int n = sizeof(x++) + _Alignof(struct s) + __builtin_offsetof(struct s, a[2]);
           if (__builtin_expect(x > 1, 0)) n = __builtin_constant_p(x); return n; }",
    );
    assert!(has(&p, "main", "n = 20"));
    assert!(has(&p, "main", "assume((x > 1))"));
    assert!(has(&p, "main", "n = 0"));
    assert!(
        !text(&p, "main").iter().any(|s| s.contains("x + 1")),
        "sizeof does not evaluate"
    );
}

#[test]
fn null_based_offsetof_is_a_constant() {
    let p = lower(
        "typedef unsigned long size_t; struct s { int a; char b[4]; int c; };
         char buf[(size_t)&((struct s *)0)->c];
         int main(void) { return (size_t)&((struct s *)0)->b[2]; }",
    );
    assert_eq!(p.types.size_of(var(&p, "buf").ty), Some(8));
    assert!(has(&p, "main", "return 6"));
}

#[test]
fn statement_expressions_and_compound_literals() {
    let p = lower(
        "struct pt { int x, y; };
         int main(void) { int v = ({ int t = 2; t * 3; }); struct pt *q = &(struct pt){ 1, 2 };
           int *a = (int[]){ 7, 8, 9 }; return v + q->y + a[2]; }",
    );
    assert!(has(&p, "main", "t = 2"));
    assert!(has(&p, "main", "v = (t * 3)"));
    assert!(has(&p, "main", "tmp.0.x = 1"));
    assert!(has(&p, "main", "tmp.0.y = 2"));
    assert!(has(&p, "main", "tmp.1[2] = 9"));
    assert!(var(&p, "tmp.0").addr_taken);
    assert!(matches!(var(&p, "tmp.1").kind, VarKind::Temp(_)));
}

// ---- statements ----------------------------------------------------------------------------

/// The successors of the node an edge with this text leaves from... and where it goes.
fn edge<'p>(p: &'p Program, f: &str, text_: &str) -> (crate::cir::NodeId, &'p crate::cir::Edge) {
    let b = p.func(p.func_by_name(f).unwrap()).body.as_ref().unwrap();
    b.edges()
        .find(|(_, e)| norm(&dump::stmt(p, &e.stmt)) == text_)
        .unwrap_or_else(|| panic!("no edge `{text_}` in\n{}", dump(p)))
}

#[test]
fn switch_fall_through_default_and_ranges() {
    let p = lower(
        "int sw(int k) { int r = 0;
           switch (k) { case 0: r = 1; case 1: r += 2; break; case 5 ... 7: r = 9; break;
                        default: r = -1; }
           return r; }
         int main(void) { return sw(1); }",
    );
    // case 0 falls into case 1.
    let (_, e0) = edge(&p, "sw", "r = 1");
    let (n1, _) = edge(&p, "sw", "r = (r + 2)");
    assert_eq!(e0.to, n1);
    // The dispatch: == for plain cases, >= and <= for the range, default last.
    for s in [
        "assume((k == 0))",
        "assume((k != 0))",
        "assume((k == 1))",
        "assume((k >= 5))",
        "assume((k <= 7))",
        "assume((k > 7))",
    ] {
        edge(&p, "sw", s);
    }
    // break goes to the statement after the switch.
    let (_, brk) = edge(&p, "sw", "r = (r + 2)");
    let (ret, _) = edge(&p, "sw", "return r");
    assert_eq!(brk.to, ret);
}

#[test]
fn duffs_device_lowers() {
    let p = lower(
        "void copy(char *to, char *from, int count) {
           int n = (count + 3) / 4;
           switch (count % 4) {
           case 0: do { *to++ = *from++;
           case 3:      *to++ = *from++;
           case 2:      *to++ = *from++;
           case 1:      *to++ = *from++;
                   } while (--n > 0);
           } }
         int main(void) { char a[8], b[8]; copy(a, b, 8); return 0; }",
    );
    assert_eq!(
        count(&p, "copy", |s| matches!(s, Stmt::Assume(_))),
        2 * 4 + 2
    );
    let b = p
        .func(p.func_by_name("copy").unwrap())
        .body
        .as_ref()
        .unwrap();
    // Every case label is a target of the dispatch and of fall-through.
    let targets: Vec<_> = b
        .edges()
        .filter(
            |(_, e)| matches!(&e.stmt, Stmt::Assume(c) if dump::expr(&p, c).contains("% 4) ==")),
        )
        .map(|(_, e)| e.to)
        .collect();
    assert_eq!(targets.len(), 4);
}

#[test]
fn loops_break_continue() {
    let p = lower(
        "int main(void) { int s = 0;
           for (int i = 0; i < 10; i++) { if (i == 3) continue; if (i == 8) break; s += i; }
           while (s > 100) s--;
           do s++; while (s < 5);
           for (;;) { if (s) break; }
           return s; }",
    );
    // continue goes to the step, break to after the loop.
    let (cont_src, cont) = edge(&p, "main", "assume((i == 3))");
    let (step, _) = edge(&p, "main", "i = (i + 1)");
    assert_ne!(cont_src, step);
    assert_eq!(cont.to, step);
    let (_, brk) = edge(&p, "main", "assume((i == 8))");
    let (after, _) = edge(&p, "main", "assume((s > 100))");
    assert_eq!(brk.to, after);
    // `for (;;)` has no condition edge.
    assert!(!text(&p, "main").iter().any(|s| s.contains("assume(1")));
    // The do-while body comes before its test.
    let (_, body) = edge(&p, "main", "s = (s + 1)");
    let (test, _) = edge(&p, "main", "assume((s < 5))");
    assert_eq!(body.to, test);
}

#[test]
fn goto_labels_forward_and_backward() {
    let p = lower(
        "int main(void) { int i = 0;
           top: i++;
           if (i < 3) goto top;
           goto done;
           i = 100;
           done: return i; }",
    );
    let b = p
        .func(p.func_by_name("main").unwrap())
        .body
        .as_ref()
        .unwrap();
    let labeled: Vec<&str> = b
        .nodes
        .iter()
        .flat_map(|n| n.labels.iter().map(String::as_str))
        .collect();
    assert!(labeled.contains(&"top"));
    assert!(labeled.contains(&"done"));
    assert!(!has(&p, "main", "i = 100"), "unreachable code is dropped");
    let top = b
        .nodes
        .iter()
        .position(|n| n.labels.contains(&"top".to_string()))
        .unwrap();
    let (_, back) = edge(&p, "main", "assume((i < 3))");
    assert_eq!(back.to.0 as usize, top);
}

#[test]
fn returns_and_falling_off_the_end() {
    let p = lower(
        "int f(int x) { if (x) return 1; }
         void g(int *p) { *p = 1; }
         char h(void) { return 300; }
         int main(void) { int v; g(&v); return f(v) + h(); }
         ",
    );
    // f falls off the end: an arbitrary (uninitialized) result.
    assert_eq!(
        count(&p, "f", |s| matches!(
            s,
            Stmt::Havoc {
                why: HavocKind::Uninit,
                ..
            }
        )),
        1
    );
    assert!(has(&p, "g", "return"));
    assert!(has(&p, "h", "return 44"));
    let p2 = lower("int main(void) { int x = 1; x++; }");
    assert!(has(&p2, "main", "return 0"));
    let b = p.func(p.func_by_name("f").unwrap()).body.as_ref().unwrap();
    assert!(b.node(b.exit).edges.is_empty() && b.node(b.halt).edges.is_empty());
    for (_, e) in b.edges() {
        if matches!(e.stmt, Stmt::Return(_)) {
            assert_eq!(e.to, b.exit);
        }
    }
}

#[test]
fn inline_asm_havocs_outputs_with_a_warning() {
    let p = lower(
        "int main(void) { int x = 1, y; __asm__ volatile (\"mov %1, %0\" : \"=r\"(y) : \"r\"(x)); \
         __asm__(\"nop\"); return y; }",
    );
    assert_eq!(
        count(&p, "main", |s| matches!(
            s,
            Stmt::Havoc {
                why: HavocKind::Opaque(crate::cir::Opaque::Asm),
                lhs: Lval::Var(_)
            }
        )),
        1
    );
    assert!(p
        .warnings
        .iter()
        .any(|w| w.message.contains("inline assembly")));
}

#[test]
fn variadic_definitions_read_each_argument_as_an_opaque_value() {
    let p = lower(
        "int sum(int n, ...) { __builtin_va_list ap; int s = 0; __builtin_va_start(ap, n);\n\
         while (n--) s += __builtin_va_arg(ap, int);\n __builtin_va_end(ap); return s; }\n\
         int main(void) { return sum(2, 1, 2); }",
    );
    let opaque = |s: &Stmt| {
        matches!(
            s,
            Stmt::Havoc {
                why: HavocKind::Opaque(crate::cir::Opaque::VaArg),
                ..
            }
        )
    };
    assert_eq!(count(&p, "sum", opaque), 1);
    // the call still passes every argument (the compiled program gets them)
    let three_args = |s: &Stmt| matches!(s, Stmt::Call { args, .. } if args.len() == 3);
    assert_eq!(count(&p, "main", three_args), 1);
    // va_list is the x86-64 ABI's 24 bytes
    let ap = p.vars.iter().find(|v| v.name == "ap").unwrap();
    assert_eq!(p.types.size_of(ap.ty), Some(24));
}

// ---- declarations --------------------------------------------------------------------------

#[test]
fn locals_shadowing_and_uninit_havoc() {
    let p = lower(
        "int x = 5; int main(void) { int x; { int x = 2; { int x = 3; } } struct { int a[2]; } s;
           return x; }",
    );
    let names: Vec<&str> = p
        .func(p.func_by_name("main").unwrap())
        .locals
        .iter()
        .map(|v| p.var(*v).name.as_str())
        .collect();
    assert_eq!(names, vec!["x", "x.1", "x.2", "s"]);
    assert!(has(&p, "main", "x = havoc Uninit"));
    assert!(has(&p, "main", "s = havoc Uninit"));
    assert!(has(&p, "main", "x.1 = 2"));
    assert!(has(&p, "main", "return x"));
    assert!(matches!(
        var(&p, "x").kind,
        VarKind::Global { is_static: false }
    ));
}

#[test]
fn static_locals_and_global_initializers() {
    let p = lower(
        "struct pt { int x, y; }; static int counter; int arr[4] = { 0, 2 };
         struct pt origin = { .y = 3 }; char *msg = \"hi\"; int *pa = &arr[1];
         int next(void) { static int n = 10; static struct pt last; return n++ + last.x; }
         int main(void) { return next(); }",
    );
    let inits: Vec<String> = p
        .inits
        .iter()
        .map(|i| format!("{} = {}", dump::lval(&p, &i.lhs), dump::expr(&p, &i.rhs)))
        .collect();
    assert_eq!(
        inits,
        vec![
            "arr[1] = 2",
            "origin.y = 3",
            "msg = \"hi\"",
            "pa = &arr[1]",
            "n = 10"
        ]
    );
    assert!(matches!(var(&p, "n").kind, VarKind::StaticLocal(_)));
    assert!(matches!(var(&p, "last").kind, VarKind::StaticLocal(_)));
    assert!(matches!(
        var(&p, "counter").kind,
        VarKind::Global { is_static: true }
    ));
    assert!(!p
        .func(p.func_by_name("next").unwrap())
        .locals
        .iter()
        .any(|v| p.var(*v).name == "n"));
}

#[test]
fn local_aggregate_initializers_zero_the_rest() {
    let p = lower(
        "struct s { int a; int b[2]; char *p; };
         int main(void) { struct s v = { 1, { [1] = 4 } }; int big[100] = { 5 }; char str[8] = \"ab\";
           int m[2][2] = { 1, 2, 3 }; return v.a + big[0] + str[0] + m[1][0]; }",
    );
    for s in [
        "v.b[0] = 0",
        "v.p = 0",
        "v.a = 1",
        "v.b[1] = 4",
        "str[0] = 97",
        "str[2] = 0",
        "str[7] = 0",
        "m[0][1] = 2",
        "m[1][0] = 3",
        "m[1][1] = 0",
        "big[0] = 5",
    ] {
        assert!(has(&p, "main", s), "missing `{s}`:\n{}", dump(&p));
    }
    // A large array is zeroed by memset, not element by element.
    assert!(text(&p, "main")
        .iter()
        .any(|s| s.starts_with("memset((void *)&big, 0, 400)")));
    assert!(!has(&p, "main", "big[99] = 0"));
}

#[test]
fn tentative_and_extern_declarations_share_one_variable() {
    let p = lower(
        "extern int g; int g; int g = 4; int a[]; int a[3];
         int main(void) { extern int g; return g + sizeof a; }",
    );
    assert_eq!(p.vars.iter().filter(|v| v.name == "g").count(), 1);
    assert_eq!(p.types.size_of(var(&p, "a").ty), Some(12));
    assert_eq!(p.inits.len(), 1);
    assert!(has(&p, "main", "return (int)((unsigned long long)g + 12)"));
}

// ---- environment model ---------------------------------------------------------------------

#[test]
fn nondet_assume_error_and_halt() {
    let p = lower(
        "extern int __VERIFIER_nondet_int(void); extern void __VERIFIER_assume(int);
         extern void reach_error(void); extern void abort(void); extern void exit(int);
         int main(void) { int x = __VERIFIER_nondet_int(); unsigned char c = __VERIFIER_nondet_int();
           long long w = __VERIFIER_nondet_int(); __VERIFIER_nondet_int();
           __VERIFIER_assume(x > 0 && x < 10);
           if (x == 5) reach_error();
           if (x == 6) abort();
           if (x == 7) exit(3);
           return __VERIFIER_nondet_uint(); }",
    );
    let input = |s: &Stmt| matches!(s, Stmt::Havoc { why: HavocKind::Input(n), .. } if n == "__VERIFIER_nondet_int");
    // x and c directly; w through a temporary (int does not cover long long); the unused
    // one into a temporary too (the compiled program consumes that input as well).
    assert_eq!(count(&p, "main", input), 4);
    assert!(has(
        &p,
        "main",
        "x = havoc Input(\"__VERIFIER_nondet_int\")"
    ));
    assert!(has(
        &p,
        "main",
        "c = havoc Input(\"__VERIFIER_nondet_int\")"
    ));
    assert!(has(&p, "main", "w = (long long)tmp.0"));
    // assume: only the true edges exist.
    assert!(has(&p, "main", "assume((x > 0))"));
    assert!(has(&p, "main", "assume((x < 10))"));
    assert!(!has(&p, "main", "assume((x <= 0))"));
    assert!(!has(&p, "main", "assume((x >= 10))"));
    assert_eq!(count(&p, "main", |s| matches!(s, Stmt::Error)), 1);
    assert!(has(&p, "main", "halt"));
    assert!(has(&p, "main", "halt 3"));
    let b = p
        .func(p.func_by_name("main").unwrap())
        .body
        .as_ref()
        .unwrap();
    for (_, e) in b.edges() {
        if e.stmt.is_terminal() {
            assert_eq!(e.to, b.halt);
        }
    }
    // An undeclared nondet function: its type comes from its name.
    assert!(stmts(&p, "main").iter().any(|s| matches!(s,
        Stmt::Havoc { why: HavocKind::Input(n), lhs: Lval::Var(v) }
            if n == "__VERIFIER_nondet_uint"
                && !p.types.as_int(p.var(*v).ty).unwrap().signed)));
}

#[test]
fn assert_calls_and_defined_error_functions() {
    let p = lower(
        "void reach_error(void) {} extern void __assert_fail(const char *, const char *, unsigned, const char *);
         void assert(int c);
         int main(void) { int x = 1; assert(x == 1);
           if (x) reach_error();
           ((x > 0) ? (void)0 : __assert_fail(\"x > 0\", \"t.c\", 3, __func__));
           return 0; }",
    );
    // assert(c) as a function: branch, error on the false side.
    assert!(has(&p, "main", "assume((x == 1))"));
    assert!(has(&p, "main", "assume((x != 1))"));
    assert_eq!(count(&p, "main", |s| matches!(s, Stmt::Error)), 2);
    // reach_error has a body here: an ordinary call.
    assert!(has(&p, "main", "reach_error()"));
    assert!(
        p.strings.iter().any(|s| s == b"main"),
        "__func__ is the function name"
    );
}

#[test]
fn allocation_sites() {
    let p = lower(
        "typedef unsigned long size_t; void *malloc(size_t); void *calloc(size_t, size_t); void free(void *);
         struct s { int a, b; };
         int main(void) { struct s *p = malloc(sizeof *p); int *q = calloc(4, sizeof(int));
           char *r = (char *)malloc(10); free(p); return 0; }",
    );
    assert_eq!(p.allocs.len(), 3);
    assert_eq!(p.allocs[0].allocator, "malloc");
    assert!(p.allocs[0].may_fail && !p.allocs[0].zeroed);
    assert!(p.allocs[1].zeroed);
    assert!(has(&p, "main", "p = alloc#0(8)"));
    assert!(has(&p, "main", "q = alloc#1(16)"));
    // a cast allocation is stored straight into its pointer too
    assert!(has(&p, "main", "r = alloc#2(10)"));
    assert!(has(&p, "main", "free((void *)p)"));
    let main = p.func_by_name("main").unwrap();
    assert!(p.allocs.iter().all(|a| a.func == main));
}

#[test]
fn unknown_and_implicit_functions() {
    let p = lower(
        "int known(int); int main(void) { int a = known(1); int b = undeclared(2, 3); return a + b; }",
    );
    assert!(has(&p, "main", "a = known(1)"));
    assert!(has(&p, "main", "b = undeclared(2, 3)"));
    let u = p.func(p.func_by_name("undeclared").unwrap());
    assert!(u.body.is_none());
    let sig = p.types.fn_sig(u.ty).unwrap();
    assert!(!sig.prototyped);
    assert!(p.warnings.iter().any(|w| w
        .message
        .contains("implicit declaration of function `undeclared`")));
}

/// Calls lowered against an implicit `int f()` before a prototype appears: arguments are
/// converted to the prototype's parameters; a different return type, a different number of
/// arguments or an aggregate for a scalar parameter is an error (found by frontend_fuzz).
#[test]
fn calls_before_a_later_prototype() {
    let p = lower("int g(void) { return f(1); }\nint f(char *p);\nint main(void) { return g(); }");
    assert!(has(&p, "g", "tmp.0 = f((char *)1)"), "{}", dump(&p));
    let cases = [
        (
            "unsigned g(unsigned x) { return f(x); }\nchar *f(char *p);",
            "conflicting types for `f`: called as returning `int` before a declaration as returning `char *`",
        ),
        (
            "int g(void) { f(1, 2); return 0; }\nvoid f(int p);",
            "call of `f` with 2 arguments; its prototype takes 1",
        ),
        (
            "struct s { int a; };\nint g(void) { struct s v = {1}; return f(v); }\nint f(int p) { return p; }",
            "argument 1 of `f` has type `struct s`, but its definition takes `int`",
        ),
    ];
    for (src, needle) in cases {
        let e = lower_err(&format!("{src}\nint main(void) {{ return 0; }}"));
        assert_eq!(e.kind, ErrorKind::Invalid, "{e}");
        assert!(e.message.contains(needle), "{e}");
    }
}

/// Arrays of `void` and fields of incomplete type are errors, not CIR the verifier rejects
/// (found by frontend_fuzz: `struct rec { int key; void pad[3]; }` with an initializer).
#[test]
fn void_arrays_and_incomplete_fields_are_rejected() {
    let cases = [
        (
            "struct rec { int key; void pad[3]; long v; };\nint main(void) { struct rec r = {1, \"ab\", 10}; return r.key; }",
            "declaration of an array of `void`",
        ),
        ("void g[2];\nint main(void) { return 0; }", "declaration of an array of `void`"),
        (
            "typedef void V; struct rec { int key; V pad; };\nint main(void) { return 0; }",
            "field `pad` has incomplete type `void`",
        ),
        (
            "struct a; struct b { int k; struct a x; };\nint main(void) { return 0; }",
            "field `x` has incomplete type `struct a`",
        ),
    ];
    for (src, needle) in cases {
        let e = lower_err(src);
        assert_eq!(e.kind, ErrorKind::Invalid, "{e}");
        assert!(e.message.contains(needle), "{e}");
    }
    // A flexible array member is the one field without a complete type.
    lower("struct b { int k; int x[]; }; int main(void) { return sizeof(struct b); }");
}

#[test]
fn calls_convert_arguments() {
    let p = lower(
        "void takes(char c, long l, void *p); int printf(const char *, ...); int old();
         struct pt { int x, y; }; int use(struct pt v) { return v.x; }
         int main(void) { int i = 300; short s = 2; struct pt q = { 1, 2 };
           takes(i, i, 0); printf(\"%d\", s); old(s); return use(q); }",
    );
    assert!(has(&p, "main", "takes((char)i, (long long)i, 0)"));
    assert!(has(&p, "main", "printf(\"%d\", (int)s)"));
    assert!(has(&p, "main", "old((int)s)"));
    assert!(has(&p, "main", "tmp.0 = use(q)"));
}

#[test]
fn floats_are_havocked_with_a_warning() {
    let p = lower(
        "double g = 2.5; float h;
         int main(void) { double d = 1.5; float f = d * 2; int i = (int)d; d = g; if (d > 1.0) i++;
           return i; }",
    );
    let float_input =
        |s: &Stmt| matches!(s, Stmt::Havoc { why: HavocKind::Input(n), .. } if n == "float");
    assert_eq!(count(&p, "main", float_input), 4);
    assert!(has(&p, "main", "d = g"), "a float copy stays a copy");
    assert!(p
        .warnings
        .iter()
        .any(|w| w.message == "floating point not modelled"));
    assert!(
        p.inits.is_empty(),
        "float static initializers are not modelled"
    );
}

#[test]
fn generic_selection() {
    let p = lower(
        "int main(void) { long l = 0; return _Generic(l, int: 1, long: 2, default: 3) + _Generic(1.0f, default: 4); }",
    );
    assert!(has(&p, "main", "return 6"));
}

// ---- errors and locations ------------------------------------------------------------------

fn err_at(src: &str, kind: ErrorKind, line: u32, needle: &str) {
    let e = lower_err(src);
    assert_eq!(e.kind, kind, "{e}");
    assert_eq!(e.pos.as_ref().map(|p| p.line), Some(line), "{e}");
    assert!(e.message.contains(needle), "{e}");
}

#[test]
fn refused_constructs_are_recorded_with_their_location() {
    let p = lower(
        "typedef int jmp_buf[8]; int setjmp(jmp_buf); void longjmp(jmp_buf, int); jmp_buf b;\n\
         void sig(int); void (*signal(int, void (*)(int)))(int);\n\
         int main(void) {\n int r = setjmp(b);\n signal(2, sig);\n r += __builtin_clrsb(r);\n if (r) longjmp(b, 1);\n return r; }",
    );
    let what: Vec<(String, u32)> = p
        .refusals
        .iter()
        .map(|r| (r.construct.to_string(), r.loc.line))
        .collect();
    assert_eq!(what.len(), 4, "{what:?}");
    assert!(what[0].0.contains("setjmp") && what[0].1 == 4, "{what:?}");
    assert!(what[1].0.contains("signal") && what[1].1 == 5, "{what:?}");
    assert!(
        what[2].0.contains("__builtin_clrsb") && what[2].1 == 6,
        "{what:?}"
    );
    assert!(what[3].0.contains("longjmp") && what[3].1 == 7, "{what:?}");
    // a VLA and an atomic object are modelled
    let v = lower(
        "_Atomic int t;\nint main(void) { int n = 3; int a[n][2]; t += (int)sizeof a; return a[0][0] = t; }",
    );
    assert!(v.refusals.is_empty());
    assert!(text(&v, "main").iter().any(|s| s.contains("alloc")));
}

#[test]
fn unsupported_constructs_are_located_errors() {
    use ErrorKind::{Invalid, Unsupported};
    err_at(
        "int x;\nint f(a)\n int a; { return a; }\nint main(void) { return 0; }",
        Unsupported,
        2,
        "K&R",
    );
    err_at(
        "int main(void) {\n int n = 3;\n int a[2][n];\n return 0; }",
        Unsupported,
        3,
        "variable length",
    );
    err_at(
        "int f(int n) {\n __builtin_va_list ap;\n __builtin_va_start(ap, n);\n return 0; }\nint main(void) { return f(1); }",
        Invalid,
        3,
        "not variadic",
    );
    err_at(
        "int main(void) {\n _Complex double z;\n return 0; }",
        Unsupported,
        2,
        "_Complex",
    );
    err_at(
        "_Thread_local int t;\nint main(void) { return 0; }",
        Unsupported,
        1,
        "_Thread_local",
    );

    err_at(
        "int main(void) {\n return x; }",
        Invalid,
        2,
        "`x` undeclared",
    );
    err_at("int main(void) {\n goto nowhere; }", Invalid, 2, "nowhere");
    err_at(
        "int main(void) {\n struct S s;\n return 0; }",
        Invalid,
        2,
        "storage size",
    );
    err_at(
        "int main(void) { switch (1) {\n case 1:\n case 1: ; } return 0; }",
        Invalid,
        3,
        "duplicate case",
    );
    err_at(
        "int f(int);\nint main(void) {\n return f(1, 2); }",
        Invalid,
        3,
        "too many arguments",
    );
    err_at(
        "struct s { int a; };\nint main(void) { struct s v;\n return v.b; }",
        Invalid,
        3,
        "no member",
    );
    err_at("int main(void) {\n break; }", Invalid, 2, "break");
    err_at(
        "_Static_assert(1 == 2, \"nope\");\nint main(void) { return 0; }",
        Invalid,
        1,
        "nope",
    );
    err_at(
        "int main(void) { int a[2];\n a = 0; return 0; }",
        Invalid,
        2,
        "array type",
    );
    err_at(
        "int x = 1;\nint y = x + 1;\nint f(void);\nint z = f();\nint main(void) { return 0; }",
        Invalid,
        4,
        "constant",
    );
}

#[test]
fn locations_follow_line_markers() {
    let src = "# 1 \"main.c\"\nint g;\n# 40 \"lib.h\"\nstatic int h(void) {\n  return 2; }\n# 7 \"main.c\"\nint main(void) {\n  g = h();\n  return g; }\n";
    let p = load_text("x.i", src.to_string(), &LoadOptions::default()).unwrap();
    let main = p
        .func(p.func_by_name("main").unwrap())
        .body
        .as_ref()
        .unwrap();
    let (_, call) = main.edges().next().unwrap();
    assert_eq!(p.file_name(call.loc), "main.c");
    assert_eq!((call.loc.line, call.loc.col), (8, 7));
    let h = p.func(p.func_by_name("h").unwrap());
    let (_, ret) = h.body.as_ref().unwrap().edges().next().unwrap();
    assert_eq!((p.file_name(ret.loc), ret.loc.line), ("lib.h", 41));
    assert_eq!(p.files, vec!["x.i", "main.c", "lib.h"]);
    // Every edge has a known location.
    for f in &p.functions {
        if let Some(b) = &f.body {
            assert!(b.edges().all(|(_, e)| e.loc.line > 0));
        }
    }
}

#[test]
fn locals_a_jump_may_bypass_are_havocked_at_entry() {
    let p = lower(
        "int f(int k) { int a = 1; switch (k) { int b; case 1: b = 2; return b + a; } return 0; }
         int g(int k) { if (k) goto late; int c = 3; late: return k; }
         int h(int k) { int d = k; return d; }",
    );
    let entry_havocs = |f: &str| {
        let b = p.func(p.func_by_name(f).unwrap()).body.as_ref().unwrap();
        b.node(b.entry)
            .edges
            .iter()
            .filter(|e| {
                matches!(
                    e.stmt,
                    Stmt::Havoc {
                        why: HavocKind::Uninit,
                        ..
                    }
                )
            })
            .map(|e| match &e.stmt {
                Stmt::Havoc { lhs, .. } => dump::lval(&p, lhs),
                _ => String::new(),
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(entry_havocs("f"), vec!["b"]);
    assert_eq!(entry_havocs("g"), vec!["c"]);
    assert!(entry_havocs("h").is_empty());
}
