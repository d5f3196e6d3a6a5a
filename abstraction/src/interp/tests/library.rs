//! Library functions: output, memory and string functions.

use super::*;

/// `int main() { <stmts>; return 0; }` where `f` adds statements; returns the program.
fn prog_with(f: impl FnOnce(&mut Pb, FuncId, &mut Fb)) -> Program {
    main_returning(|pb, main, fb| {
        f(pb, main, fb);
        pb.c(0)
    })
}

fn printf(pb: &mut Pb) -> FuncId {
    let int = pb.int();
    let char = pb.char();
    let pc = pb.ptr(char);
    pb.extern_fn("printf", int, &[pc], true)
}

fn output(p: &Program, mode: IntMode) -> String {
    let r = run_mode(p, mode, &[]);
    assert_eq!(r.outcome, returned(0), "{:?}", r.outcome);
    String::from_utf8(r.output).unwrap()
}

#[test]
fn printf_formats_like_glibc() {
    let p = prog_with(|pb, _main, fb| {
        let pf = printf(pb);
        let long = pb.long();
        let uint = pb.uint();
        let fmt = pb.string("%d|%5d|%-3s|%02x|%u|%c|%%|%ld|%+i|%X|%#x|%.3d|%-4d|%s\n");
        let word = pb.string("ab");
        let world = pb.string("world");
        let args = vec![
            fmt,
            pb.c(-42),
            pb.c(17),
            word,
            pb.c(10),
            pb.ct(0xffff_ffff, uint),
            pb.c(i128::from(b'z')),
            pb.ct(-5_000_000_000, long),
            pb.c(3),
            pb.c(255),
            pb.c(255),
            pb.c(7),
            pb.c(-1),
            world,
        ];
        fb.push(call(None, pf, args));
    });
    assert_eq!(
        output(&p, IntMode::Machine),
        "-42|   17|ab |0a|4294967295|z|%|-5000000000|+3|FF|0xff|007|-1  |world\n"
    );
}

#[test]
fn printf_reinterprets_arguments_by_conversion() {
    // printf("%u %x %hhd %d", -1, -1, 200, 2^32 + 5) as gcc passes them (ints).
    let p = prog_with(|pb, _main, fb| {
        let pf = printf(pb);
        let fmt = pb.string("%u %x %hhd %lu");
        let long = pb.long();
        let args = vec![fmt, pb.c(-1), pb.c(-1), pb.c(200), pb.ct(-1, long)];
        fb.push(call(None, pf, args));
    });
    assert_eq!(
        output(&p, IntMode::Machine),
        "4294967295 ffffffff -56 18446744073709551615"
    );
    // Math mode formats the same way: printf itself converts.
    assert_eq!(
        output(&p, IntMode::Math),
        "4294967295 ffffffff -56 18446744073709551615"
    );
}

#[test]
fn printf_returns_the_byte_count_and_puts_putchar_write() {
    // n = printf("%s-%d", "abc", 12); putchar('0' + n); puts("!");
    let p = prog_with(|pb, main, fb| {
        let int = pb.int();
        let char = pb.char();
        let pc = pb.ptr(char);
        let pf = printf(pb);
        let putchar = pb.extern_fn("putchar", int, &[int], false);
        let puts = pb.extern_fn("puts", int, &[pc], false);
        let n = pb.local(main, "n", int);
        let fmt = pb.string("%s-%d");
        let abc = pb.string("abc");
        let args = vec![fmt, abc, pb.c(12)];
        fb.push(call(Some(var(n)), pf, args));
        let zero = pb.c(i128::from(b'0'));
        let digit = pb.bin(BinOp::Add, zero, pb.v(n));
        fb.push(call(None, putchar, vec![digit]));
        let bang = pb.string("!");
        fb.push(call(None, puts, vec![bang]));
    });
    assert_eq!(output(&p, IntMode::Machine), "abc-126!\n");
}

#[test]
fn memset_memcpy_strlen_strcmp_strcpy() {
    // char a[8], b[8]; memset(a, 'x', 3); a[3] = 0; memcpy(b, a, 4);
    // strcpy(&b[3], "yz"); printf("%s %d %d %s", b, strlen(b), strcmp(a, "xxy") < 0, a);
    let p = prog_with(|pb, main, fb| {
        let int = pb.int();
        let long = pb.long();
        let char = pb.char();
        let void = pb.void();
        let pc = pb.ptr(char);
        let pv = pb.ptr(void);
        let a8 = pb.array(char, 8);
        let pf = printf(pb);
        let memset = pb.extern_fn("memset", pv, &[pv, int, long], false);
        let memcpy = pb.extern_fn("memcpy", pv, &[pv, pv, long], false);
        let strlen = pb.extern_fn("strlen", long, &[pc], false);
        let strcmp = pb.extern_fn("strcmp", int, &[pc, pc], false);
        let strcpy = pb.extern_fn("strcpy", pc, &[pc, pc], false);
        let a = pb.local(main, "a", a8);
        let b = pb.local(main, "b", a8);
        let n = pb.local(main, "n", long);
        let c = pb.local(main, "c", int);
        let da = pb.decay(var(a));
        let da_v = pb.cast(da.clone(), pv);
        let db = pb.decay(var(b));
        let db_v = pb.cast(db.clone(), pv);
        let x = pb.c(i128::from(b'x'));
        let three = pb.ct(3, long);
        fb.push(call(None, memset, vec![da_v.clone(), x, three]));
        let i3 = pb.c(3);
        let nul = pb.ct(0, char);
        fb.push(assign(index(var(a), i3.clone()), nul));
        let four = pb.ct(4, long);
        fb.push(call(None, memcpy, vec![db_v, da_v, four]));
        let b3 = pb.addr(index(var(b), i3));
        let yz = pb.string("yz");
        fb.push(call(None, strcpy, vec![b3, yz]));
        fb.push(call(Some(var(n)), strlen, vec![db.clone()]));
        let xxy = pb.string("xxy");
        fb.push(call(Some(var(c)), strcmp, vec![da.clone(), xxy]));
        let zero = pb.c(0);
        let neg = pb.bin(BinOp::Lt, pb.v(c), zero);
        let fmt = pb.string("%s %ld %d %s");
        fb.push(call(None, pf, vec![fmt, db, pb.v(n), neg, da]));
    });
    assert_eq!(output(&p, IntMode::Machine), "xxxyz 5 1 xxx");
}

#[test]
fn memcpy_copies_pointers_and_out_of_bounds_copies_are_undefined() {
    // int g = 9; int *src[1] = {&g}, *dst[1]; memcpy(dst, src, N); return *dst[0];
    let build = |n: i128| {
        main_returning(|pb, main, fb| {
            let int = pb.int();
            let long = pb.long();
            let void = pb.void();
            let pint = pb.ptr(int);
            let pv = pb.ptr(void);
            let arr = pb.array(pint, 1);
            let memcpy = pb.extern_fn("memcpy", pv, &[pv, pv, long], false);
            let g = pb.global("g", int);
            let nine = pb.c(9);
            pb.p.inits.push(Init {
                lhs: var(g),
                rhs: nine,
                loc: Loc::default(),
            });
            let src = pb.local(main, "src", arr);
            let dst = pb.local(main, "dst", arr);
            let zero = pb.c(0);
            let ag = pb.addr(var(g));
            fb.push(assign(index(var(src), zero.clone()), ag));
            let d = pb.decay(var(dst));
            let d = pb.cast(d, pv);
            let s = pb.decay(var(src));
            let s = pb.cast(s, pv);
            let len = pb.ct(n, long);
            fb.push(call(None, memcpy, vec![d, s, len]));
            let p = pb.rd(index(var(dst), zero));
            pb.rd(deref(p))
        })
    };
    assert_eq!(
        run_mode(&build(8), IntMode::Machine, &[]).outcome,
        returned(9)
    );
    assert!(matches!(
        run_mode(&build(16), IntMode::Machine, &[]).outcome,
        Outcome::Undefined { .. }
    ));
    // Copying half a pointer leaves bytes that cannot be read as a pointer.
    assert!(matches!(
        run_mode(&build(4), IntMode::Machine, &[]).outcome,
        Outcome::Unsupported { .. } | Outcome::Undefined { .. }
    ));
}

#[test]
fn abs_wraps_in_machine_mode() {
    let p = main_returning(|pb, _main, fb| {
        let int = pb.int();
        let abs = pb.extern_fn("abs", int, &[int], false);
        let main = pb.p.func_by_name("main").unwrap();
        let x = pb.local(main, "x", int);
        let y = pb.local(main, "y", int);
        let m = pb.c(-7);
        fb.push(call(Some(var(x)), abs, vec![m]));
        let min = pb.c(-2147483648);
        fb.push(call(Some(var(y)), abs, vec![min]));
        pb.bin(BinOp::Add, pb.v(x), pb.v(y))
    });
    assert_eq!(
        run_mode(&p, IntMode::Machine, &[]).outcome,
        returned(7 - 2147483648)
    );
    assert_eq!(
        run_mode(&p, IntMode::Math, &[]).outcome,
        returned(7 + 2147483648)
    );
}
