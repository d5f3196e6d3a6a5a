//! The generated C of a native replay's harness: reading the counterexample's choices,
//! the functions that stand for the program's inputs, error sites and allocators, the
//! rule's monitor, `main`, and stubs for the functions nobody defines.
//!
//! The harness is its own translation unit and includes no header: it declares the few
//! libc functions it uses, so nothing it declares can clash with the program's names. Its
//! functions are defined with types that have the same calling convention as the
//! program's declarations (CIR scalar types spelled in C, every pointer as `void *`).
//!
//! The run's log (`$SLAMRS_NATIVE_OUT`), one event per line, written unbuffered:
//! `i FUNC VALUE` an input read, `o FUNC` inputs exhausted, `m 0|1` an allocation decision,
//! `e SITE` an error site reached (violation), `h SITE` an error site that ends the path,
//! `r ID` a rule abort, `n` an assumption failed, `x STATUS` the entry function returned,
//! `s NAME` a function the harness cannot stand in for was called.

use super::patch::{alloc_site, error_site, hook_fn, rule_wrapper, Planned, MAIN};
use super::{state_var, NativeError, Request};
use crate::cir::env::{classify, EnvFn, Known};
use crate::cir::{FuncId, Program, Ty, TypeKind, VarKind};
use std::fmt::Write;

/// A CIR scalar or `void` type spelled in C (pointers as `void *`).
pub fn c_type(prog: &Program, ty: Ty) -> Result<String, NativeError> {
    Ok(match prog.types.kind(ty) {
        TypeKind::Void => "void".into(),
        TypeKind::Int(k) => {
            if k.is_bool {
                "_Bool".into()
            } else {
                let base = match k.bits {
                    8 => "char",
                    16 => "short",
                    32 => "int",
                    64 => "long long",
                    128 => "__int128",
                    b => return Err(NativeError(format!("no C type of {b} bits"))),
                };
                match (k.signed, k.bits) {
                    (true, 8) => "signed char".into(),
                    (true, _) => base.into(),
                    (false, _) => format!("unsigned {base}"),
                }
            }
        }
        TypeKind::Float(32) => "float".into(),
        TypeKind::Float(64) => "double".into(),
        TypeKind::Float(_) => "long double".into(),
        TypeKind::Pointer(_) => "void *".into(),
        _ => {
            return Err(NativeError(format!(
                "the harness cannot pass a value of type `{}`",
                prog.types.display(ty)
            )))
        }
    })
}

/// A parameter type: as [`c_type`], arrays and functions adjusted to pointers.
pub fn param_type(prog: &Program, ty: Ty) -> Result<String, NativeError> {
    match prog.types.kind(ty) {
        TypeKind::Array(..) | TypeKind::Function(_) => Ok("void *".into()),
        _ => c_type(prog, ty),
    }
}

/// `(T)v` for a value `v` of type `unsigned long long`.
fn convert(prog: &Program, ty: Ty, v: &str) -> Result<String, NativeError> {
    let t = c_type(prog, ty)?;
    Ok(if prog.types.is_pointer(ty) {
        format!("(void *)(__UINTPTR_TYPE__)({v})")
    } else {
        format!("({t})({v})")
    })
}

fn is_float(prog: &Program, ty: Ty) -> bool {
    matches!(prog.types.kind(ty), TypeKind::Float(_))
}

/// The parameter types of `f`: its prototype, or else those of the instrumentation's
/// wrapper `slic_F` (an observed function declared without a prototype).
fn params_of(prog: &Program, f: FuncId) -> Result<Vec<Ty>, NativeError> {
    let func = prog.func(f);
    let sig = prog
        .types
        .fn_sig(func.ty)
        .ok_or_else(|| NativeError(format!("`{}` has no function type", func.name)))?;
    if sig.prototyped {
        return Ok(sig.params.clone());
    }
    let wrapper = prog
        .functions
        .iter()
        .find(|w| w.name.starts_with(&format!("slic_{}", func.name)) && w.body.is_some());
    match wrapper {
        Some(w) => Ok(w.params.iter().map(|&p| prog.var(p).ty).collect()),
        None if sig.params.is_empty() => Ok(Vec::new()),
        None => Err(NativeError(format!(
            "cannot tell the parameter types of `{}`",
            func.name
        ))),
    }
}

fn ret_of(prog: &Program, f: FuncId) -> Result<Ty, NativeError> {
    let func = prog.func(f);
    prog.types
        .fn_sig(func.ty)
        .map(|s| s.ret)
        .ok_or_else(|| NativeError(format!("`{}` has no function type", func.name)))
}

// the objects of the environment `__slamrs_env_fill` makes are the interpreter's size
const _: () = assert!(crate::interp::ENV_OBJECT_BYTES == 65536);

const PRELUDE: &str = r#"/* slamrs native replay: the harness (generated) */
typedef __SIZE_TYPE__ __sl_size;
typedef __PTRDIFF_TYPE__ __sl_ssize;
/* glibc's own names for what the harness needs: the program may define `read`, `open` or
   `calloc` itself, and its definitions would take the place of libc's */
extern char *secure_getenv(const char *);
extern int __open(const char *, int, ...);
extern int __close(int);
extern __sl_ssize __read(int, void *, __sl_size);
extern __sl_ssize __write(int, const void *, __sl_size);
extern void _Exit(int) __attribute__((__noreturn__));
extern void exit(int) __attribute__((__noreturn__));
extern void *__libc_calloc(__sl_size, __sl_size);
extern void *__libc_realloc(void *, __sl_size);

static int __sl_ready, __sl_out = -1;
static unsigned long long *__sl_in, *__sl_uv;
static unsigned char *__sl_am, *__sl_uu;
static int *__sl_us;
static int __sl_nin, __sl_pin, __sl_nam, __sl_pam, __sl_nu, __sl_ne;
/* memory of the environment: address, width (0: a pointer), value ('E' lines) */
static unsigned long long *__sl_ea, *__sl_ev;
static unsigned char *__sl_eb;

static void __sl_put(const char *s) {
    __sl_size n = 0;
    if (__sl_out < 0) return;
    while (s[n]) n++;
    (void)!__write(__sl_out, s, n);
}
static void __sl_putu(unsigned long long v) {
    char b[24];
    int i = 23;
    b[i] = 0;
    do { b[--i] = (char)('0' + v % 10); v /= 10; } while (v);
    __sl_put(b + i);
}
static unsigned long long __sl_num(const char **p) {
    unsigned long long v = 0;
    while (**p == ' ') (*p)++;
    while (**p >= '0' && **p <= '9') { v = v * 10 + (unsigned long long)(**p - '0'); (*p)++; }
    return v;
}
static void *__sl_grow(void *p, __sl_size n) {
    void *q = __libc_realloc(p, n ? n : 1);
    if (!q) _Exit(96);
    return q;
}
static void __sl_init(void) {
    const char *o, *path, *p;
    char *buf = 0;
    __sl_size len = 0, cap = 0;
    int fd, pass;
    if (__sl_ready) return;
    __sl_ready = 1;
    o = secure_getenv("SLAMRS_NATIVE_OUT");
    if (o) __sl_out = __open(o, 01 | 02000);
    path = secure_getenv("SLAMRS_NATIVE_IN");
    if (!path) return;
    fd = __open(path, 0);
    if (fd < 0) return;
    for (;;) {
        __sl_ssize n;
        if (len + 4096 + 1 > cap) { cap = cap ? 2 * cap : 65536; buf = __sl_grow(buf, cap); }
        n = __read(fd, buf + len, 4096);
        if (n <= 0) break;
        len += (__sl_size)n;
    }
    __close(fd);
    if (!buf) return;
    buf[len] = 0;
    for (pass = 0; pass < 2; pass++) {
        int ni = 0, na = 0, nu = 0, ne = 0;
        for (p = buf; *p; ) {
            char k = *p++;
            if (k == 'I') { unsigned long long v = __sl_num(&p); if (pass) __sl_in[ni] = v; ni++; }
            else if (k == 'A') { unsigned long long v = __sl_num(&p); if (pass) __sl_am[na] = (unsigned char)(v != 0); na++; }
            else if (k == 'U') {
                unsigned long long s = __sl_num(&p), v = __sl_num(&p);
                if (pass) { __sl_us[nu] = (int)s; __sl_uv[nu] = v; __sl_uu[nu] = 0; }
                nu++;
            }
            else if (k == 'E') {
                unsigned long long a = __sl_num(&p), b = __sl_num(&p), v = __sl_num(&p);
                if (pass) { __sl_ea[ne] = a; __sl_eb[ne] = (unsigned char)b; __sl_ev[ne] = v; }
                ne++;
            }
            while (*p && *p != '\n') p++;
            if (*p) p++;
        }
        if (!pass) {
            __sl_in = __sl_grow(0, (__sl_size)ni * sizeof *__sl_in);
            __sl_am = __sl_grow(0, (__sl_size)na);
            __sl_us = __sl_grow(0, (__sl_size)nu * sizeof *__sl_us);
            __sl_uv = __sl_grow(0, (__sl_size)nu * sizeof *__sl_uv);
            __sl_uu = __sl_grow(0, (__sl_size)nu);
            __sl_ea = __sl_grow(0, (__sl_size)ne * sizeof *__sl_ea);
            __sl_ev = __sl_grow(0, (__sl_size)ne * sizeof *__sl_ev);
            __sl_eb = __sl_grow(0, (__sl_size)ne);
            __sl_nin = ni; __sl_nam = na; __sl_nu = nu; __sl_ne = ne;
        }
    }
}

unsigned long long __slamrs_input(const char *func) {
    unsigned long long v;
    __sl_init();
    if (__sl_pin >= __sl_nin) {
        __sl_put("o "); __sl_put(func); __sl_put("\n");
        _Exit(98);
    }
    v = __sl_in[__sl_pin++];
    __sl_put("i "); __sl_put(func); __sl_put(" "); __sl_putu(v); __sl_put("\n");
    return v;
}
long long __slamrs_uninit(int site) {
    int i;
    __sl_init();
    for (i = 0; i < __sl_nu; i++)
        if (!__sl_uu[i] && __sl_us[i] == site) { __sl_uu[i] = 1; return (long long)__sl_uv[i]; }
    return 0;
}
void *__slamrs_env_fill(unsigned long n, const char *offsets) {
    char *b = __libc_calloc(1, n ? (__sl_size)n : 1);
    if (!b) _Exit(96);
    while (*offsets) {
        unsigned long long o = 0;
        void *obj;
        while (*offsets >= '0' && *offsets <= '9') o = o * 10 + (unsigned long long)(*offsets++ - '0');
        if (*offsets == ',') offsets++;
        obj = __libc_calloc(1, (__sl_size)65536); /* interp::ENV_OBJECT_BYTES */
        if (!obj) _Exit(96);
        if (o + sizeof(void *) <= n) *(void **)(b + o) = obj;
    }
    return b;
}
/* The object of the environment an unknown function's pointer `v` points to (one per
   value, as the interpreter's Machine::env_pointer), holding the replayed model's memory
   at addresses [v, v + 65536): integers little-endian, pointers again such objects. */
void *__slamrs_env_ptr(unsigned long long v) {
    static unsigned long long vals[256];
    static char *objs[256];
    static int n;
    int i;
    char *o;
    if (!v) return 0;
    for (i = 0; i < n; i++)
        if (vals[i] == v) return objs[i];
    o = __libc_calloc(1, (__sl_size)65536); /* interp::ENV_OBJECT_BYTES */
    if (!o) _Exit(96);
    if (n < 256) { vals[n] = v; objs[n] = o; n++; }
    __sl_init();
    for (i = 0; i < __sl_ne; i++) {
        unsigned long long off = __sl_ea[i] - v;
        unsigned b = __sl_eb[i], k;
        if (off >= 65536 || off + (b ? b : sizeof(void *)) > 65536) continue;
        if (!b) { *(void **)(o + off) = __slamrs_env_ptr(__sl_ev[i]); continue; }
        for (k = 0; k < b && k < 8; k++) o[off + k] = (char)(__sl_ev[i] >> (8 * k));
    }
    return o;
}
static void *__sl_alloc(unsigned long long n, int may_fail) {
    void *p;
    __sl_init();
    if (may_fail) {
        int fails;
        if (n > 4294967296ULL) return 0;
        fails = __sl_pam < __sl_nam ? __sl_am[__sl_pam++] : 0;
        __sl_put(fails ? "m 1\n" : "m 0\n");
        if (fails) return 0;
    }
    p = __libc_calloc(1, n ? (__sl_size)n : 1);
    if (!p) _Exit(96);
    return p;
}
static void __sl_event(const char *what, unsigned long long v, int status) {
    __sl_init();
    __sl_put(what); __sl_put(" "); __sl_putu(v); __sl_put("\n");
    _Exit(status);
}
void __slamrs_abort(int id) { __sl_event("r", (unsigned long long)id, 99); }
void __slamrs_unstubbable(const char *name) {
    __sl_init();
    __sl_put("s "); __sl_put(name); __sl_put("\n");
    _Exit(95);
}
"#;

/// The harness's translation unit for the planned program.
pub(crate) fn harness(req: &Request, p: &Planned) -> Result<String, NativeError> {
    let prog = req.prog;
    let mut out = String::from(PRELUDE);
    let w = &mut out;
    // error sites
    for (k, s) in p.errors.iter().enumerate() {
        let event = if s.violation { "\"e\", " } else { "\"h\", " };
        let status = if s.violation { 99 } else { 0 };
        if s.assert_call {
            let f = prog
                .func_by_name(&s.func)
                .ok_or_else(|| NativeError(format!("no function `{}`", s.func)))?;
            let pt = match params_of(prog, f)?.first() {
                Some(&t) => param_type(prog, t)?,
                None => "int".to_string(),
            };
            let _ = writeln!(
                w,
                "void {}({pt} c) {{ if (!c) __sl_event({event}{k}, {status}); }}",
                error_site(k)
            );
        } else {
            let _ = writeln!(
                w,
                "void {}() {{ __sl_event({event}{k}, {status}); }}",
                error_site(k)
            );
        }
    }
    // allocation sites
    for (k, s) in p.allocs.iter().enumerate() {
        let f = prog
            .func_by_name(&s.func)
            .ok_or_else(|| NativeError(format!("no function `{}`", s.func)))?;
        let EnvFn::Alloc {
            size_args,
            may_fail,
            ..
        } = classify(&s.func)
        else {
            return Err(NativeError(format!("`{}` is not an allocator", s.func)));
        };
        let sig = prog.types.fn_sig(prog.func(f).ty);
        // an allocator declared without a prototype (`extern int malloc();`): its size
        // arguments as sizes, the rest passed on unread
        let unprototyped = !s.func.starts_with("__builtin_") && !sig.is_some_and(|s| s.prototyped);
        let params: Vec<String> = if s.func.starts_with("__builtin_") {
            vec!["__SIZE_TYPE__".into()]
        } else if unprototyped {
            let n = size_args.iter().max().map_or(0, |&i| i + 1);
            vec!["__SIZE_TYPE__".to_string(); n]
        } else {
            params_of(prog, f)?
                .iter()
                .map(|&t| param_type(prog, t))
                .collect::<Result<_, _>>()?
        };
        let mut decl: Vec<String> = params
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{t} p{i}"))
            .collect();
        if unprototyped {
            decl.push("...".into());
        }
        let size = size_args
            .iter()
            .map(|i| format!("(__sl_size)p{i}"))
            .collect::<Vec<_>>()
            .join(" * ");
        let size = if size.is_empty() { "0".into() } else { size };
        let _ = writeln!(
            w,
            "void *{}({}) {{ return __sl_alloc((unsigned long long)(__sl_size)({size}), {}); }}",
            alloc_site(k),
            if decl.is_empty() {
                "void".into()
            } else {
                decl.join(", ")
            },
            u8::from(prog.externals.alloc_may_fail(&s.func, may_fail))
        );
    }
    // nondeterministic inputs and assumptions the program declares
    for f in prog.func_ids() {
        let func = prog.func(f);
        if func.body.is_some() {
            continue;
        }
        match classify(&func.name) {
            EnvFn::Nondet => {
                let ret = ret_of(prog, f)?;
                if let Some(def) = input_stub(prog, &func.name, ret, false)? {
                    w.push_str(&def);
                }
            }
            EnvFn::Assume => {
                let pt = match params_of(prog, f).ok().and_then(|p| p.first().copied()) {
                    Some(t) => param_type(prog, t)?,
                    None => "int".to_string(),
                };
                let _ = writeln!(
                    w,
                    "void {}({pt} c) {{ if (!c) {{ __sl_init(); __sl_put(\"n\\n\"); _Exit(97); }} }}",
                    func.name
                );
            }
            _ => {}
        }
    }
    // the rule's monitor
    let entry_ret = match prog.func_by_name(&req.spec.entry) {
        Some(f) => Some(ret_of(prog, f)?),
        None => None,
    };
    let entry_ret_c = match entry_ret {
        Some(t) if prog.types.is_scalar(t) => c_type(prog, t)?,
        _ => "int".to_string(),
    };
    let (entry_enter, entry_exit) = match &req.spec.monitor {
        Some(m) => {
            for (i, init) in m.state.iter().enumerate() {
                if m.pointer_state.get(i).copied().unwrap_or(false) {
                    let _ = writeln!(w, "static void *{} = (void *)0;", state_var(i));
                } else {
                    let _ = writeln!(w, "static int {} = {};", state_var(i), c_int(*init));
                }
            }
            for (k, s) in p.spliced.iter().enumerate() {
                let func = prog.func(s.func);
                let mut ps = Vec::new();
                for (i, &v) in func.params.iter().enumerate() {
                    let ty = prog.var(v).ty;
                    let t = if prog.types.is_scalar(ty) {
                        c_type(prog, ty)?
                    } else {
                        "int".into()
                    };
                    ps.push(format!("{t} {}", super::arg(i + 1)));
                }
                let ret = ret_of(prog, s.func)?;
                let mut exit_ps = ps.clone();
                if !matches!(prog.types.kind(ret), TypeKind::Void) {
                    let t = if prog.types.is_scalar(ret) {
                        c_type(prog, ret)?
                    } else {
                        "int".into()
                    };
                    exit_ps.push(format!("{t} {}", super::RET));
                }
                let list = |v: &[String]| {
                    if v.is_empty() {
                        "void".to_string()
                    } else {
                        v.join(", ")
                    }
                };
                let _ = writeln!(
                    w,
                    "void {}({}) {{ {} }}\nvoid {}({}) {{ {} }}",
                    hook_fn(k, false),
                    list(&ps),
                    s.hooks.entry,
                    hook_fn(k, true),
                    list(&exit_ps),
                    s.hooks.exit
                );
            }
            for wr in &p.wrapped {
                let func = prog.func(wr.func);
                let params = params_of(prog, wr.func)?;
                let ret = ret_of(prog, wr.func)?;
                let ret_c = c_type(prog, ret)?;
                let pts: Vec<String> = params
                    .iter()
                    .map(|&t| param_type(prog, t))
                    .collect::<Result<_, _>>()?;
                let decl: Vec<String> = pts
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("{t} {}", super::arg(i + 1)))
                    .collect();
                let call_args: Vec<String> = (1..=pts.len()).map(super::arg).collect();
                let void = matches!(prog.types.kind(ret), TypeKind::Void);
                let call = if void {
                    format!("{}({});", func.name, call_args.join(", "))
                } else {
                    format!(
                        "{ret_c} {} = {}({});",
                        super::RET,
                        func.name,
                        call_args.join(", ")
                    )
                };
                let _ = writeln!(
                    w,
                    "extern {ret_c} {}({});\n{ret_c} {}({}) {{ {} {call} {} {}}}",
                    func.name,
                    if pts.is_empty() {
                        "void".into()
                    } else {
                        pts.join(", ")
                    },
                    rule_wrapper(&func.name),
                    if decl.is_empty() {
                        "void".into()
                    } else {
                        decl.join(", ")
                    },
                    wr.hooks.entry,
                    wr.hooks.exit,
                    if void {
                        String::new()
                    } else {
                        format!("return {}; ", super::RET)
                    }
                );
            }
            (m.entry.entry.clone(), m.entry.exit.clone())
        }
        None => (String::new(), String::new()),
    };
    // main
    let call = if p.entry_is_main {
        let _ = writeln!(w, "extern int {MAIN}();");
        format!(
            "{entry_ret_c} {} = ({entry_ret_c}){MAIN}(argc, argv);",
            super::RET
        )
    } else {
        let _ = writeln!(w, "extern void __slamrs_call_entry(void);");
        format!("{entry_ret_c} {} = 0; __slamrs_call_entry();", super::RET)
    };
    let _ = writeln!(
        w,
        "int main(int argc, char **argv) {{\n    int a1 = argc; char **a2 = argv;\n    (void)a1; (void)a2;\n    __sl_init();\n    {{ {entry_enter} }}\n    {{ {call}\n      {{ {entry_exit} }}\n      __sl_put(\"x \"); __sl_putu((unsigned long long)(int){ret});\n      __sl_put(\"\\n\");\n      exit((int){ret}); }}\n}}",
        ret = super::RET
    );
    Ok(out)
}

/// An integer constant in C.
fn c_int(v: i128) -> String {
    if v >= i128::from(i32::MIN) && v <= i128::from(i32::MAX) {
        v.to_string()
    } else {
        format!("({v}LL)")
    }
}

/// The definition of a function returning the next input (named `name` in the log), or
/// `None` if a function returning `ret` takes no input (the interpreter gives none). An
/// unknown function's (`env`) nonzero pointer is an object of the environment, one per
/// value, as the interpreter's `Machine::env_pointer`.
fn input_stub(
    prog: &Program,
    name: &str,
    ret: Ty,
    env: bool,
) -> Result<Option<String>, NativeError> {
    if matches!(prog.types.kind(ret), TypeKind::Void) {
        return Ok(Some(format!("void {name}() {{ }}\n")));
    }
    if is_float(prog, ret) {
        let t = c_type(prog, ret)?;
        return Ok(Some(format!("{t} {name}() {{ return 0; }}\n")));
    }
    if !prog.types.is_scalar(ret) {
        return Ok(None);
    }
    let t = c_type(prog, ret)?;
    let v = result_of_input(prog, name, ret, env)?;
    Ok(Some(format!("{t} {name}() {{ return {v}; }}\n")))
}

/// The C expression of a result read from the inputs (see [`input_stub`]).
fn result_of_input(prog: &Program, name: &str, ret: Ty, env: bool) -> Result<String, NativeError> {
    let input = format!("__slamrs_input(\"{name}\")");
    if env && prog.types.is_pointer(ret) {
        return Ok(format!("__slamrs_env_ptr({input})"));
    }
    convert(prog, ret, &input)
}

/// The definition of an unknown function that writes its output parameters
/// ([`Program::writes_outputs`]): an input through each one that is not null, in order,
/// then its result as [`input_stub`] returns it, the order of the program's CIR.
fn output_stub(prog: &Program, f: FuncId, ret: Ty) -> Result<String, NativeError> {
    let func = prog.func(f);
    let name = &func.name;
    let params = params_of(prog, f)?;
    let mut decl = Vec::new();
    for (i, &t) in params.iter().enumerate() {
        decl.push(format!("{} a{i}", param_type(prog, t)?));
    }
    let mut body = String::new();
    for &k in &func.out_params {
        let Some(pointee) = params.get(k).and_then(|&t| prog.types.pointee(t)) else {
            return Err(NativeError(format!(
                "`{name}`: output parameter {k} is not a pointer"
            )));
        };
        let t = c_type(prog, pointee)?;
        let v = convert(prog, pointee, &format!("__slamrs_input(\"{name}\")"))?;
        let _ = write!(body, " if (a{k}) *({t} *)a{k} = {v};");
    }
    let t = c_type(prog, ret)?;
    let result = if matches!(prog.types.kind(ret), TypeKind::Void) {
        String::new()
    } else if is_float(prog, ret) {
        " return 0;".to_string()
    } else if prog.types.is_scalar(ret) {
        format!(" return {};", result_of_input(prog, name, ret, true)?)
    } else {
        return Err(NativeError(format!("`{name}` returns an aggregate")));
    };
    let decl = if decl.is_empty() {
        "void".to_string()
    } else {
        decl.join(", ")
    };
    Ok(format!("{t} {name}({decl}) {{{body}{result} }}\n"))
}

/// Functions of `harness` whose results are inputs.
pub(crate) fn harness_inputs(prog: &Program) -> Vec<String> {
    prog.functions
        .iter()
        .filter(|f| f.body.is_none() && classify(&f.name) == EnvFn::Nondet)
        .filter(|f| f.name != crate::frontend::models::CHOICE)
        .filter(|f| {
            prog.types
                .fn_sig(f.ty)
                .is_some_and(|s| prog.types.is_scalar(s.ret) && !is_float(prog, s.ret))
        })
        .map(|f| f.name.clone())
        .collect()
}

/// Stubs for the symbols nobody defines: functions the program declares but does not
/// define behave as the environment model says (an unknown function returns an input and
/// changes nothing), undefined variables are zeroed storage. Returns the stubs' C and
/// the stubs whose results are inputs.
pub(crate) fn stubs(prog: &Program, undefined: &[String]) -> (String, Vec<String>) {
    let mut out = String::from(
        "/* slamrs native replay: stubs for what nobody defines (generated) */\nextern unsigned long long __slamrs_input(const char *);\nextern void *__slamrs_env_ptr(unsigned long long);\nextern void __slamrs_unstubbable(const char *);\n",
    );
    let mut inputs = Vec::new();
    for name in undefined {
        if let Some(f) = prog.func_by_name(name) {
            let func = prog.func(f);
            let ret = prog.types.fn_sig(func.ty).map(|s| s.ret);
            let stub = match (classify(name), ret) {
                // it reads an input for each output, whatever it returns
                (EnvFn::Unknown, Some(ret)) if prog.writes_outputs(f) => output_stub(prog, f, ret)
                    .ok()
                    .inspect(|_| inputs.push(name.clone())),
                (env @ (EnvFn::Nondet | EnvFn::Unknown), Some(ret)) => {
                    match input_stub(prog, name, ret, env == EnvFn::Unknown) {
                        Ok(Some(s)) => {
                            if prog.types.is_scalar(ret) && !is_float(prog, ret) {
                                inputs.push(name.clone());
                            }
                            Some(s)
                        }
                        _ => None,
                    }
                }
                (EnvFn::Known(Known::Free), _) => Some(format!("void {name}() {{ }}\n")),
                _ => None,
            };
            out.push_str(&stub.unwrap_or_else(|| {
                format!("void {name}() {{ __slamrs_unstubbable(\"{name}\"); }}\n")
            }));
            continue;
        }
        let var = prog
            .vars
            .iter()
            .find(|v| v.name == *name && matches!(v.kind, VarKind::Global { is_static: false }));
        match var {
            Some(v) => {
                let size = prog.types.size_of(v.ty).unwrap_or(8).max(1);
                out.push_str(&format!(
                    "char {name}[{size}] __attribute__((aligned(16)));\n"
                ));
            }
            None => out.push_str(&format!(
                "void {name}() {{ __slamrs_unstubbable(\"{name}\"); }}\n"
            )),
        }
    }
    (out, inputs)
}
