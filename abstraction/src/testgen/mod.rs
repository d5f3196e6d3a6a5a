//! A seeded generator of small, deterministic, UB-free C programs for differential testing
//! of the frontend and the CIR interpreter against gcc (`tests/gen_differential.rs`).
//!
//! The programs use `int`, `unsigned`, `unsigned char`, `signed char`, `long` and
//! `unsigned long` variables, arrays, helper functions, `if`, `switch`, bounded `for` and
//! `while` loops, and print every variable at the end. Undefined behaviour is avoided by
//! construction:
//! - every expression is computed in `unsigned int` (wrap-around is defined); signed
//!   variables enter expressions through a cast to `unsigned` and are assigned only values
//!   masked into a small range;
//! - divisors are forced odd (`| 1u`), shift counts masked (`& 31u`), array indices reduced
//!   modulo the array length;
//! - loops count a fresh counter up to a small constant; helpers do not call helpers, so the
//!   number of steps stays small;
//! - every variable and array is initialised where it is declared.
//!
//! Conversions to `signed char` of out-of-range values are implementation-defined; gcc (and
//! the interpreter's machine mode) wrap them.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::fmt::Write;

/// Size limits for generated programs.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Number of helper functions (0..=max).
    pub max_helpers: usize,
    /// Statements per block at the top level of a body.
    pub max_stmts: usize,
    /// Nesting depth of `if`/loops/`switch`.
    pub max_nesting: usize,
    /// Depth of expression trees.
    pub max_expr_depth: usize,
    /// Number of `__VERIFIER_nondet_uint()` inputs `main` reads.
    pub inputs: usize,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            max_helpers: 3,
            max_stmts: 8,
            max_nesting: 2,
            max_expr_depth: 3,
            inputs: 2,
        }
    }
}

/// A generated program and the inputs to run it on.
#[derive(Clone, Debug)]
pub struct GenProgram {
    /// C source text (self-contained; declares what it uses).
    pub source: String,
    /// Values for the `__VERIFIER_nondet_uint()` calls, in order.
    pub inputs: Vec<i128>,
}

/// Generate the program for `seed` (the same seed always gives the same program).
pub fn generate(seed: u64, cfg: &GenConfig) -> GenProgram {
    let mut g = Gen {
        rng: SmallRng::seed_from_u64(seed),
        cfg: cfg.clone(),
        out: String::new(),
        vars: Vec::new(),
        arrays: Vec::new(),
        helpers: Vec::new(),
        counters: 0,
        call_in_expr: false,
        indent: 1,
    };
    g.program(seed)
}

/// The scalar types a generated variable can have.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum VTy {
    Int,
    UInt,
    UChar,
    SChar,
    Long,
    ULong,
}

impl VTy {
    const ALL: [VTy; 6] = [
        VTy::Int,
        VTy::UInt,
        VTy::UChar,
        VTy::SChar,
        VTy::Long,
        VTy::ULong,
    ];

    fn c_name(self) -> &'static str {
        match self {
            VTy::Int => "int",
            VTy::UInt => "unsigned",
            VTy::UChar => "unsigned char",
            VTy::SChar => "signed char",
            VTy::Long => "long",
            VTy::ULong => "unsigned long",
        }
    }

    fn format(self) -> &'static str {
        match self {
            VTy::Int | VTy::UChar | VTy::SChar => "%d",
            VTy::UInt => "%u",
            VTy::Long => "%ld",
            VTy::ULong => "%lu",
        }
    }

    /// A C expression converting the unsigned expression `e` to a value of this type that
    /// is safe to store (signed types get a small range, so later reads cannot overflow).
    fn convert(self, e: &str) -> String {
        match self {
            VTy::Int => format!("(int)(({e}) & 0xffffu) - 32768"),
            VTy::UInt => format!("({e})"),
            VTy::UChar => format!("(unsigned char)({e})"),
            VTy::SChar => format!("(signed char)({e})"),
            VTy::Long => format!("(long)({e}) * 3L - 4000000000L"),
            VTy::ULong => format!("(unsigned long)({e}) * 2654435761UL"),
        }
    }
}

struct Var {
    name: String,
    ty: VTy,
}

#[derive(Clone)]
struct Array {
    name: String,
    len: usize,
}

struct Helper {
    name: String,
    params: usize,
}

struct Gen {
    rng: SmallRng,
    cfg: GenConfig,
    out: String,
    /// Assignable variables in scope.
    vars: Vec<Var>,
    /// `unsigned` arrays in scope.
    arrays: Vec<Array>,
    /// Helpers defined so far (callable from `main`).
    helpers: Vec<Helper>,
    /// Fresh loop-counter numbering.
    counters: usize,
    indent: usize,
    /// The full expression being generated already calls a helper. Helpers print, and C
    /// leaves the order of two calls in one expression unspecified, so one is the limit.
    call_in_expr: bool,
}

impl Gen {
    fn line(&mut self, text: &str) {
        for _ in 0..self.indent {
            self.out.push_str("    ");
        }
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn constant(&mut self) -> String {
        match self.rng.gen_range(0..4) {
            0 => format!("{}u", self.rng.gen_range(0..10u32)),
            1 => format!("{}u", self.rng.gen_range(0..1000u32)),
            2 => format!("{}u", self.rng.gen::<u32>()),
            _ => format!("0x{:x}u", self.rng.gen::<u32>() | 0x8000_0000),
        }
    }

    /// An `unsigned int` expression with no side effects other than calls to helpers (when
    /// `calls` is set).
    fn expr(&mut self, depth: usize, calls: bool) -> String {
        if depth == 0 || self.rng.gen_bool(0.25) {
            return self.leaf();
        }
        let d = depth - 1;
        match self.rng.gen_range(0..14) {
            0..=4 => {
                let op = ["+", "-", "*", "&", "|", "^"][self.rng.gen_range(0..6)];
                let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                format!("({a} {op} {b})")
            }
            5 => {
                let op = ["/", "%"][self.rng.gen_range(0..2)];
                let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                format!("({a} {op} ({b} | 1u))")
            }
            6 => {
                let op = ["<<", ">>"][self.rng.gen_range(0..2)];
                let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                format!("({a} {op} ({b} & 31u))")
            }
            7 => {
                let op = ["<", "<=", ">", ">=", "==", "!="][self.rng.gen_range(0..6)];
                let (a, b) = (
                    self.signed_or_unsigned(d, calls),
                    self.signed_or_unsigned(d, calls),
                );
                format!("(unsigned)({a} {op} {b})")
            }
            8 => {
                let op = ["&&", "||"][self.rng.gen_range(0..2)];
                let (a, b) = (self.expr(d, calls), self.expr(d, calls));
                format!("(unsigned)({a} {op} {b})")
            }
            9 => {
                let (c, a, b) = (
                    self.expr(d, calls),
                    self.expr(d, calls),
                    self.expr(d, calls),
                );
                format!("({c} ? {a} : {b})")
            }
            10 => {
                let a = self.expr(d, calls);
                let op = ["~", "-", "!"][self.rng.gen_range(0..3)];
                if op == "!" {
                    format!("(unsigned)!{a}")
                } else {
                    format!("({op}{a})")
                }
            }
            11 => {
                let a = self.expr(d, calls);
                let cast = ["unsigned char", "signed char", "unsigned short", "short"]
                    [self.rng.gen_range(0..4)];
                format!("(unsigned)({cast})({a})")
            }
            12 if calls && !self.call_in_expr && !self.helpers.is_empty() => {
                self.call_in_expr = true;
                let h = self.rng.gen_range(0..self.helpers.len());
                let (name, n) = (self.helpers[h].name.clone(), self.helpers[h].params);
                let args: Vec<String> = (0..n).map(|_| self.expr(d, false)).collect();
                format!("{name}({})", args.join(", "))
            }
            _ => self.leaf(),
        }
    }

    /// An operand for a comparison: sometimes a signed variable as it is (comparisons of
    /// signed values cannot overflow).
    fn signed_or_unsigned(&mut self, depth: usize, calls: bool) -> String {
        let signed: Vec<usize> = (0..self.vars.len())
            .filter(|&i| matches!(self.vars[i].ty, VTy::Int | VTy::SChar | VTy::Long))
            .collect();
        if !signed.is_empty() && self.rng.gen_bool(0.4) {
            let i = signed[self.rng.gen_range(0..signed.len())];
            return self.vars[i].name.clone();
        }
        self.expr(depth, calls)
    }

    fn leaf(&mut self) -> String {
        let choice = self.rng.gen_range(0..10);
        if choice < 5 && !self.vars.is_empty() {
            let v = &self.vars[self.rng.gen_range(0..self.vars.len())];
            return format!("(unsigned){}", v.name);
        }
        if choice < 7 && !self.arrays.is_empty() {
            let a = self.rng.gen_range(0..self.arrays.len());
            let (name, len) = (self.arrays[a].name.clone(), self.arrays[a].len);
            let idx = self.index(len);
            return format!("{name}[{idx}]");
        }
        self.constant()
    }

    /// An in-range index expression for an array of `len` elements.
    fn index(&mut self, len: usize) -> String {
        if self.rng.gen_bool(0.5) {
            format!("{}", self.rng.gen_range(0..len))
        } else {
            let e = self.leaf_no_array();
            format!("({e}) % {len}u")
        }
    }

    fn leaf_no_array(&mut self) -> String {
        if !self.vars.is_empty() && self.rng.gen_bool(0.7) {
            let v = &self.vars[self.rng.gen_range(0..self.vars.len())];
            format!("(unsigned){}", v.name)
        } else {
            self.constant()
        }
    }

    fn declare_var(&mut self, prefix: &str, calls: bool) {
        self.call_in_expr = false;
        let ty = VTy::ALL[self.rng.gen_range(0..VTy::ALL.len())];
        let name = format!("{prefix}{}", self.vars.len());
        let init = self.expr(self.cfg.max_expr_depth, calls);
        let init = ty.convert(&init);
        self.line(&format!("{} {name} = {init};", ty.c_name()));
        self.vars.push(Var { name, ty });
    }

    fn declare_array(&mut self, prefix: &str) {
        let len = self.rng.gen_range(2..7);
        let name = format!("{prefix}{}", self.arrays.len());
        let elems: Vec<String> = (0..len).map(|_| self.constant()).collect();
        self.line(&format!(
            "unsigned {name}[{len}] = {{{}}};",
            elems.join(", ")
        ));
        self.arrays.push(Array { name, len });
    }

    fn block(&mut self, nesting: usize, calls: bool) {
        let n = self.rng.gen_range(1..=self.cfg.max_stmts.max(1));
        for _ in 0..n {
            self.stmt(nesting, calls);
        }
    }

    fn stmt(&mut self, nesting: usize, calls: bool) {
        self.call_in_expr = false;
        let deep = nesting < self.cfg.max_nesting;
        let depth = self.cfg.max_expr_depth;
        match self.rng.gen_range(0..12) {
            0..=3 if !self.vars.is_empty() => {
                let v = self.rng.gen_range(0..self.vars.len());
                let e = self.expr(depth, calls);
                let (name, ty) = (self.vars[v].name.clone(), self.vars[v].ty);
                if ty == VTy::UInt && self.rng.gen_bool(0.5) {
                    let op = ["+=", "-=", "*=", "^=", "|=", "&="][self.rng.gen_range(0..6)];
                    self.line(&format!("{name} {op} {e};"));
                } else {
                    let c = ty.convert(&e);
                    self.line(&format!("{name} = {c};"));
                }
            }
            4 if !self.arrays.is_empty() => {
                let a = self.rng.gen_range(0..self.arrays.len());
                let (name, len) = (self.arrays[a].name.clone(), self.arrays[a].len);
                let idx = self.index(len);
                let e = self.expr(depth, calls);
                self.line(&format!("{name}[{idx}] = {e};"));
            }
            5 | 6 if deep => {
                let c = self.expr(depth, calls);
                self.line(&format!("if ({c}) {{"));
                self.nested(nesting, calls);
                if self.rng.gen_bool(0.5) {
                    self.line("} else {");
                    self.nested(nesting, calls);
                }
                self.line("}");
            }
            7 if deep => {
                let k = self.counters;
                self.counters += 1;
                let bound = self.rng.gen_range(1..6);
                self.line(&format!("for (int i{k} = 0; i{k} < {bound}; i{k}++) {{"));
                self.nested(nesting, calls);
                if self.rng.gen_bool(0.3) {
                    let c = self.expr(1, false);
                    self.line(&format!("    if ({c}) break;"));
                }
                self.line("}");
            }
            8 if deep => {
                let k = self.counters;
                self.counters += 1;
                let bound = self.rng.gen_range(1..5);
                self.line(&format!("{{ int w{k} = {bound}; while (w{k}-- > 0) {{"));
                self.nested(nesting, calls);
                self.line("} }");
            }
            9 if deep => {
                let e = self.expr(depth, calls);
                self.line(&format!("switch (({e}) % 4u) {{"));
                for case in 0..3 {
                    self.line(&format!("case {case}u:"));
                    self.nested(nesting, calls);
                    if self.rng.gen_bool(0.7) {
                        self.line("    break;");
                    }
                }
                self.line("default:");
                self.nested(nesting, calls);
                self.line("}");
            }
            10 if !self.vars.is_empty() => {
                let v = &self.vars[self.rng.gen_range(0..self.vars.len())];
                let text = format!("printf(\"{}={}\\n\", {});", v.name, v.ty.format(), v.name);
                self.line(&text);
            }
            _ => {
                let e = self.expr(depth, calls);
                if let Some(v) = self.vars.iter().position(|v| v.ty == VTy::UInt) {
                    let name = self.vars[v].name.clone();
                    self.line(&format!("{name} ^= {e};"));
                } else {
                    self.line(&format!("(void)({e});"));
                }
            }
        }
    }

    fn nested(&mut self, nesting: usize, calls: bool) {
        self.indent += 1;
        let n = self.rng.gen_range(1..=3);
        for _ in 0..n {
            self.stmt(nesting + 1, calls);
        }
        self.indent -= 1;
    }

    fn helper(&mut self, index: usize) {
        let params = self.rng.gen_range(1..4);
        let name = format!("h{index}");
        let plist: Vec<String> = (0..params).map(|p| format!("unsigned p{p}")).collect();
        writeln!(self.out, "static unsigned {name}({}) {{", plist.join(", ")).ok();
        let saved_vars = std::mem::take(&mut self.vars);
        let saved_arrays = std::mem::take(&mut self.arrays);
        for p in 0..params {
            self.vars.push(Var {
                name: format!("p{p}"),
                ty: VTy::UInt,
            });
        }
        for _ in 0..self.rng.gen_range(0..3) {
            self.declare_var("l", false);
        }
        if self.rng.gen_bool(0.5) {
            self.declare_array("la");
        }
        self.block(0, false);
        let r = self.expr(self.cfg.max_expr_depth, false);
        self.line(&format!("return {r};"));
        self.out.push_str("}\n\n");
        self.vars = saved_vars;
        self.arrays = saved_arrays;
        self.helpers.push(Helper { name, params });
    }

    fn program(&mut self, seed: u64) -> GenProgram {
        writeln!(self.out, "// generated by slamrs testgen, seed {seed}").ok();
        self.out.push_str("int printf(const char *, ...);\n");
        self.out
            .push_str("extern unsigned int __VERIFIER_nondet_uint(void);\n\n");
        self.indent = 0;
        for _ in 0..self.rng.gen_range(0..2) {
            self.declare_array("g");
        }
        self.out.push('\n');
        self.indent = 1;
        let globals = std::mem::take(&mut self.arrays);
        for h in 0..self.rng.gen_range(0..=self.cfg.max_helpers) {
            self.arrays = globals.clone();
            self.helper(h);
        }
        self.arrays = globals;
        self.out.push_str("int main(void) {\n");
        let mut inputs = Vec::new();
        for i in 0..self.cfg.inputs {
            let name = format!("in{i}");
            self.line(&format!("unsigned {name} = __VERIFIER_nondet_uint();"));
            self.vars.push(Var {
                name,
                ty: VTy::UInt,
            });
            inputs.push(i128::from(
                self.rng.gen::<u32>() >> self.rng.gen_range(0..32),
            ));
        }
        for _ in 0..self.rng.gen_range(1..5) {
            self.declare_var("v", true);
        }
        if self.rng.gen_bool(0.6) {
            self.declare_array("a");
        }
        self.block(0, true);
        let names: Vec<(String, VTy)> = self.vars.iter().map(|v| (v.name.clone(), v.ty)).collect();
        for (name, ty) in names {
            self.line(&format!("printf(\"{name}={}\\n\", {name});", ty.format()));
        }
        let arrays: Vec<(String, usize)> = self
            .arrays
            .iter()
            .map(|a| (a.name.clone(), a.len))
            .collect();
        for (name, len) in arrays {
            self.line(&format!(
                "for (int k = 0; k < {len}; k++) printf(\"{name}[%d]=%u\\n\", k, {name}[k]);"
            ));
        }
        let r = self.expr(2, false);
        self.line(&format!("return (int)(({r}) & 0x3fu);"));
        self.out.push_str("}\n");
        GenProgram {
            source: std::mem::take(&mut self.out),
            inputs,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_program() {
        let cfg = GenConfig::default();
        let a = generate(7, &cfg);
        let b = generate(7, &cfg);
        assert_eq!(a.source, b.source);
        assert_eq!(a.inputs, b.inputs);
        assert_ne!(a.source, generate(8, &cfg).source);
    }

    #[test]
    fn programs_have_main_inputs_and_guards() {
        let cfg = GenConfig::default();
        for seed in 0..50 {
            let p = generate(seed, &cfg);
            assert!(p.source.contains("int main(void) {"), "seed {seed}");
            assert_eq!(p.inputs.len(), cfg.inputs);
            assert_eq!(
                p.source.matches("__VERIFIER_nondet_uint()").count(),
                cfg.inputs,
                "seed {seed}"
            );
            // Every division and remainder has an odd divisor, every shift a masked count.
            for op in [" / (", " % ("] {
                for (i, _) in p.source.match_indices(op) {
                    let rest = &p.source[i + op.len()..];
                    let close = matching_paren(rest).expect("balanced");
                    assert!(
                        rest[..close].ends_with(" | 1u"),
                        "seed {seed}: {}",
                        &rest[..close]
                    );
                }
            }
            let balance =
                p.source.matches('{').count() as i64 - p.source.matches('}').count() as i64;
            assert_eq!(balance, 0, "seed {seed}");
        }
    }

    /// Index of the `)` closing an already opened parenthesis in `s`.
    fn matching_paren(s: &str) -> Option<usize> {
        let mut depth = 1i32;
        for (i, c) in s.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i);
                    }
                }
                _ => {}
            }
        }
        None
    }
}
