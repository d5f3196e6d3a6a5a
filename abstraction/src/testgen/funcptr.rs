//! [`Feature::FuncPtrs`](super::Feature::FuncPtrs): pure target functions of one and two
//! `unsigned` parameters; typedef'd and spelled-out function pointer types; function
//! pointer variables (assigned names, `&f`, `?:` choices, table entries, results of calls);
//! dispatch tables (`const` and writable) indexed by computed values; structs with function
//! pointer members; helpers taking a function pointer and helpers returning one (in both
//! declarator syntaxes); calls `f(x)`, `(*f)(x)`, `t[i](x)`, `s.op(x)`, `p->op2(x, y)`,
//! `pick(i)(x)`; comparisons of function pointers. Which function each variable, member and
//! writable table entry points to is printed at the end of `main`.
//!
//! Every function reachable through a pointer is pure (one expression over its
//! parameters), so calls may appear anywhere in an expression in any number.

use super::{Ctx, Gen};
use rand::Rng;

/// A dispatch table.
#[derive(Clone)]
pub(super) struct Table {
    pub name: String,
    pub len: usize,
    /// Declared without `const`: `main` may store to it.
    pub writable: bool,
}

/// The global objects of the feature.
#[derive(Default)]
pub(super) struct Globals {
    /// Typedef of `unsigned (*)(unsigned)`.
    pub t1: String,
    /// Typedef of `unsigned (*)(unsigned, unsigned)`.
    pub t2: String,
    /// Pure functions `unsigned f(unsigned)`.
    pub fns1: Vec<String>,
    /// Pure functions `unsigned g(unsigned, unsigned)`.
    pub fns2: Vec<String>,
    /// Tables of `unsigned (*)(unsigned)`.
    pub tables: Vec<Table>,
    /// The struct type with members `k`, `op` (unary) and `op2` (binary).
    pub ops_ty: String,
    /// Global instances of the ops struct.
    pub ops: Vec<String>,
    /// `unsigned apply(t1 f, unsigned v)`.
    pub apply1: String,
    /// `unsigned apply2(t2 f, unsigned a, unsigned b)`.
    pub apply2: String,
    /// Functions `t1 pick(unsigned i)`.
    pub picks: Vec<String>,
}

impl Gen {
    fn fp_name1(&mut self) -> String {
        let f = self.globals.fp.fns1.clone();
        self.pick_str(&f)
    }

    fn fp_name2(&mut self) -> String {
        let f = self.globals.fp.fns2.clone();
        self.pick_str(&f)
    }

    pub(super) fn pick_str(&mut self, items: &[String]) -> String {
        items[self.rng.gen_range(0..items.len())].clone()
    }

    pub(super) fn funcptr_decls(&mut self) {
        let t1 = self.fresh("fpt");
        let t2 = self.fresh("fpt");
        self.line(&format!("typedef unsigned (*{t1})(unsigned);"));
        self.line(&format!("typedef unsigned (*{t2})(unsigned, unsigned);"));
        self.globals.fp.t1 = t1.clone();
        self.globals.fp.t2 = t2.clone();
        let depth = self.cfg.max_expr_depth;
        for _ in 0..self.rng.gen_range(2..=4) {
            let name = self.fresh("fn");
            let body = self.in_pure(&["x"], |g| g.expr(depth, false));
            self.line(&format!(
                "static unsigned {name}(unsigned x) {{ return {body}; }}"
            ));
            self.globals.fp.fns1.push(name);
        }
        for _ in 0..self.rng.gen_range(1..=2) {
            let name = self.fresh("gn");
            let body = self.in_pure(&["x", "y"], |g| g.expr(depth, false));
            self.line(&format!(
                "static unsigned {name}(unsigned x, unsigned y) {{ return {body}; }}"
            ));
            self.globals.fp.fns2.push(name);
        }
        for _ in 0..self.rng.gen_range(1..=2) {
            let name = self.fresh("ftab");
            let len = self.rng.gen_range(2..=5);
            let elems: Vec<String> = (0..len)
                .map(|_| {
                    let f = self.fp_name1();
                    if self.rng.gen_bool(0.2) {
                        format!("&{f}")
                    } else {
                        f
                    }
                })
                .collect();
            let writable = self.rng.gen_bool(0.5);
            if writable {
                self.line(&format!(
                    "static unsigned (*{name}[{len}])(unsigned) = {{{}}};",
                    elems.join(", ")
                ));
            } else {
                self.line(&format!(
                    "static {t1} const {name}[{len}] = {{{}}};",
                    elems.join(", ")
                ));
            }
            self.globals.fp.tables.push(Table {
                name,
                len,
                writable,
            });
        }
        let ops = self.fresh("fops");
        self.line(&format!(
            "struct {ops} {{ unsigned k; {t1} op; unsigned (*op2)(unsigned, unsigned); }};"
        ));
        self.globals.fp.ops_ty = ops.clone();
        if self.rng.gen_bool(0.6) {
            let name = self.fresh("gops");
            let k = self.constant();
            let (f, g) = (self.fp_name1(), self.fp_name2());
            self.line(&format!("static struct {ops} {name} = {{{k}, {f}, {g}}};"));
            self.globals.fp.ops.push(name);
        }
        let apply1 = self.fresh("apply");
        let c = self.constant();
        self.line(&format!(
            "static unsigned {apply1}({t1} f, unsigned v) {{ return f(v) ^ (*f)(v + {c}); }}"
        ));
        self.globals.fp.apply1 = apply1;
        let apply2 = self.fresh("apply");
        self.line(&format!(
            "static unsigned {apply2}(unsigned (*f)(unsigned, unsigned), unsigned a, unsigned b) {{ return f(a, b) - (*f)(b, a); }}"
        ));
        self.globals.fp.apply2 = apply2;
        let pick = self.fresh("pick");
        let (f0, f1) = (self.fp_name1(), self.fp_name1());
        let tab = self.globals.fp.tables[0].clone();
        self.line(&format!(
            "static {t1} {pick}(unsigned i) {{ switch (i % 3u) {{ case 0u: return {f0}; case 1u: return &{f1}; default: return {}[i % {}u]; }} }}",
            tab.name, tab.len
        ));
        self.globals.fp.picks.push(pick);
        let pick = self.fresh("pick");
        let (f0, f1) = (self.fp_name1(), self.fp_name1());
        self.line(&format!(
            "static unsigned (*{pick}(unsigned i))(unsigned) {{ return (i & 1u) ? {f0} : {f1}; }}"
        ));
        self.globals.fp.picks.push(pick);
        self.out.push('\n');
    }

    /// A `t1` value: a function, `&function`, a variable, a table entry, a member, a pick.
    fn fp_value1(&mut self, calls: bool) -> String {
        match self.rng.gen_range(0..7) {
            0 | 1 => self.fp_name1(),
            2 => format!("&{}", self.fp_name1()),
            3 if !self.locals.fp_vars.is_empty() => {
                let v = self.locals.fp_vars.clone();
                self.pick_str(&v)
            }
            4 => {
                let t = self.globals.fp.tables[self.rng.gen_range(0..self.globals.fp.tables.len())]
                    .clone();
                let e = self.expr(1, calls);
                format!("{}[({e}) % {}u]", t.name, t.len)
            }
            5 => {
                let p = self.globals.fp.picks.clone();
                let p = self.pick_str(&p);
                let e = self.expr(1, calls);
                format!("{p}({e})")
            }
            _ => {
                let ops = self.fp_ops_readable();
                if ops.is_empty() {
                    self.fp_name1()
                } else {
                    format!("{}.op", self.pick_str(&ops))
                }
            }
        }
    }

    fn fp_ops_readable(&self) -> Vec<String> {
        let mut v = self.locals.fp_ops.clone();
        v.extend(self.globals.fp.ops.iter().cloned());
        v
    }

    pub(super) fn funcptr_locals(&mut self) {
        let t1 = self.globals.fp.t1.clone();
        for _ in 0..self.rng.gen_range(1..=2) {
            let name = self.fresh("fv");
            let init = self.fp_value1(false);
            if self.rng.gen_bool(0.5) {
                self.line(&format!("{t1} {name} = {init};"));
            } else {
                self.line(&format!("unsigned (*{name})(unsigned) = {init};"));
            }
            self.locals.fp_vars.push(name);
        }
        if self.rng.gen_bool(0.5) {
            let name = self.fresh("lops");
            let ops = self.globals.fp.ops_ty.clone();
            let k = self.expr(1, false);
            let f = self.fp_value1(false);
            let g = self.fp_name2();
            self.line(&format!("struct {ops} {name} = {{{k}, {f}, {g}}};"));
            self.locals.fp_ops.push(name);
        }
    }

    pub(super) fn funcptr_stmt(&mut self, calls: bool) -> bool {
        let main = self.ctx == Ctx::Main;
        let mut ops = self.locals.fp_ops.clone();
        if main {
            ops.extend(self.globals.fp.ops.iter().cloned());
        }
        let tables: Vec<Table> = if main {
            self.globals
                .fp
                .tables
                .iter()
                .filter(|t| t.writable)
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        match self.rng.gen_range(0..6) {
            0..=2 if !self.locals.fp_vars.is_empty() => {
                let v = self.locals.fp_vars.clone();
                let v = self.pick_str(&v);
                let rhs = if self.rng.gen_bool(0.3) {
                    let c = self.expr(self.cfg.max_expr_depth, calls);
                    let (a, b) = (self.fp_value1(false), self.fp_value1(false));
                    format!("({c}) ? {a} : {b}")
                } else {
                    self.fp_value1(calls)
                };
                self.line(&format!("{v} = {rhs};"));
            }
            3 if !ops.is_empty() => {
                let o = self.pick_str(&ops);
                match self.rng.gen_range(0..3) {
                    0 => {
                        let f = self.fp_value1(calls);
                        self.line(&format!("{o}.op = {f};"));
                    }
                    1 => {
                        let g = self.fp_name2();
                        self.line(&format!("(&{o})->op2 = {g};"));
                    }
                    _ => {
                        let e = self.expr(self.cfg.max_expr_depth, calls);
                        self.line(&format!("{o}.k = {e};"));
                    }
                }
            }
            4 if !tables.is_empty() => {
                let t = tables[self.rng.gen_range(0..tables.len())].clone();
                let e = self.expr(1, calls);
                let f = self.fp_value1(false);
                self.line(&format!("{}[({e}) % {}u] = {f};", t.name, t.len));
            }
            _ => {
                let e = self.funcptr_expr(self.cfg.max_expr_depth, calls);
                match e {
                    Some(e) => self.mix_into_uint(&e),
                    None => return false,
                }
            }
        }
        true
    }

    pub(super) fn funcptr_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        if self.ctx == Ctx::Pure {
            return None;
        }
        let d = depth.min(2);
        Some(match self.rng.gen_range(0..9) {
            0 | 1 if !self.locals.fp_vars.is_empty() => {
                let v = self.locals.fp_vars.clone();
                let v = self.pick_str(&v);
                let a = self.expr(d, calls);
                if self.rng.gen_bool(0.5) {
                    format!("{v}({a})")
                } else {
                    format!("(*{v})({a})")
                }
            }
            2 => {
                let t = self.globals.fp.tables[self.rng.gen_range(0..self.globals.fp.tables.len())]
                    .clone();
                let (i, a) = (self.expr(d, calls), self.expr(d, calls));
                format!("{}[({i}) % {}u]({a})", t.name, t.len)
            }
            3 => {
                let ops = self.fp_ops_readable();
                if ops.is_empty() {
                    return None;
                }
                let o = self.pick_str(&ops);
                match self.rng.gen_range(0..3) {
                    0 => {
                        let a = self.expr(d, calls);
                        format!("{o}.op({a})")
                    }
                    1 => {
                        let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                        format!("(&{o})->op2({a}, {b})")
                    }
                    _ => format!("{o}.k"),
                }
            }
            4 => {
                let apply = self.globals.fp.apply1.clone();
                let f = self.fp_value1(calls);
                let a = self.expr(d, calls);
                format!("{apply}({f}, {a})")
            }
            5 => {
                let apply = self.globals.fp.apply2.clone();
                let g = self.fp_name2();
                let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                format!("{apply}({g}, {a}, {b})")
            }
            6 => {
                let p = self.globals.fp.picks.clone();
                let p = self.pick_str(&p);
                let (i, a) = (self.expr(d, calls), self.expr(d, calls));
                format!("{p}({i})({a})")
            }
            7 => {
                let (a, b) = (self.fp_value1(calls), self.fp_value1(calls));
                let op = if self.rng.gen_bool(0.5) { "==" } else { "!=" };
                format!("(unsigned)({a} {op} {b})")
            }
            _ => {
                let f = self.fp_name1();
                let a = self.expr(d, calls);
                format!("{f}({a})")
            }
        })
    }

    /// `0` if `e` points to the first unary function, `1` the second, ...
    fn fp_identity(&self, e: &str) -> String {
        let mut s = String::new();
        for (k, f) in self.globals.fp.fns1.iter().enumerate() {
            s.push_str(&format!("{e} == {f} ? {k} : "));
        }
        s.push_str("-1");
        s
    }

    /// Print which function each pointer points to (and its value at an argument).
    pub(super) fn funcptr_prints(&mut self, with_globals: bool) {
        let mut ptrs: Vec<String> = self.locals.fp_vars.clone();
        let mut ops = self.locals.fp_ops.clone();
        if with_globals {
            ops.extend(self.globals.fp.ops.iter().cloned());
            for t in self.globals.fp.tables.clone() {
                if t.writable {
                    ptrs.extend((0..t.len).map(|k| format!("{}[{k}]", t.name)));
                }
            }
        }
        for o in &ops {
            ptrs.push(format!("{o}.op"));
            self.line(&format!("printf(\"{o}.k=%u\\n\", {o}.k);"));
            let mut s = String::new();
            for (k, g) in self.globals.fp.fns2.iter().enumerate() {
                s.push_str(&format!("{o}.op2 == {g} ? {k} : "));
            }
            self.line(&format!("printf(\"{o}.op2=%d\\n\", {s}-1);"));
        }
        for p in ptrs {
            let id = self.fp_identity(&p);
            let arg = self.rng.gen_range(0..100);
            self.line(&format!("printf(\"{p}=%d %u\\n\", {id}, {p}({arg}u));"));
        }
    }
}
