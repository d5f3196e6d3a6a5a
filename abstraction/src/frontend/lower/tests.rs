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
    assert!(has(&p, "main", "o.<anon>.y = (o.<anon>.i + (int)o.<anon>.ch[1])"));
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
    assert!(t.fn_sig(sig.ret).is_some(), "signal returns a function pointer");
}
