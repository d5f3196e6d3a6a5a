//! The base language of generated programs: `unsigned int` expressions, variable and array
//! declarations, statements (assignments, `if`, loops, `switch`, `printf`) and helper
//! functions. The features hook in here: [`Gen::expr`] asks for a feature expression and
//! [`Gen::stmt`] for a feature statement or a planted check, but only when a feature (or
//! planting) is on, so the default configuration draws exactly the random numbers it always
//! did.

use super::{Array, Ctx, Gen, Helper, VTy, Var};
use rand::Rng;
use std::fmt::Write;

/// Probability that an expression node is a feature expression (features on).
const FEATURE_EXPR: f64 = 0.15;
/// Probability that a statement is a feature statement (features on).
const FEATURE_STMT: f64 = 0.35;
/// Probability that a statement is a planted check (planting on, budget left).
const PLANT_STMT: f64 = 0.2;

impl Gen {
    pub(super) fn constant(&mut self) -> String {
        match self.rng.gen_range(0..4) {
            0 => format!("{}u", self.rng.gen_range(0..10u32)),
            1 => format!("{}u", self.rng.gen_range(0..1000u32)),
            2 => format!("{}u", self.rng.gen::<u32>()),
            _ => format!("0x{:x}u", self.rng.gen::<u32>() | 0x8000_0000),
        }
    }

    /// An `unsigned int` expression with no side effects other than calls to helpers (when
    /// `calls` is set).
    pub(super) fn expr(&mut self, depth: usize, calls: bool) -> String {
        if self.cfg.any_feature() && self.rng.gen_bool(FEATURE_EXPR) {
            if let Some(e) = self.feature_expr(depth.saturating_sub(1), calls) {
                return e;
            }
        }
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
            .filter(|&i| {
                matches!(
                    self.vars[i].ty,
                    VTy::Int | VTy::SChar | VTy::Long | VTy::Short
                )
            })
            .collect();
        if !signed.is_empty() && self.rng.gen_bool(0.4) {
            let i = signed[self.rng.gen_range(0..signed.len())];
            return self.vars[i].name.clone();
        }
        self.expr(depth, calls)
    }

    pub(super) fn leaf(&mut self) -> String {
        let choice = self.rng.gen_range(0..10);
        if choice < 5 && !self.vars.is_empty() {
            let v = &self.vars[self.rng.gen_range(0..self.vars.len())];
            return format!("(unsigned){}", v.name);
        }
        if choice < 7 && !self.arrays.is_empty() {
            let a = self.rng.gen_range(0..self.arrays.len());
            let arr = self.arrays[a].clone();
            let idx = self.index(&arr);
            return format!("{}[{idx}]", arr.name);
        }
        self.constant()
    }

    /// An in-range index expression for the array `a`.
    pub(super) fn index(&mut self, a: &Array) -> String {
        if self.rng.gen_bool(0.5) {
            format!("{}", self.rng.gen_range(0..a.len))
        } else {
            let e = self.leaf_no_array();
            match &a.dyn_len {
                None => format!("({e}) % {}u", a.len),
                Some(n) => format!("({e}) % {n}"),
            }
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

    pub(super) fn declare_var(&mut self, prefix: &str, calls: bool) {
        self.call_in_expr = false;
        let tys = self.var_types();
        let ty = tys[self.rng.gen_range(0..tys.len())];
        let name = format!("{prefix}{}", self.vars.len());
        let init = self.expr(self.cfg.max_expr_depth, calls);
        let init = ty.convert(&init);
        self.line(&format!("{} {name} = {init};", ty.c_name()));
        self.vars.push(Var { name, ty });
    }

    pub(super) fn declare_array(&mut self, prefix: &str) {
        let len = self.rng.gen_range(2..7);
        let name = format!("{prefix}{}", self.arrays.len());
        let elems: Vec<String> = (0..len).map(|_| self.constant()).collect();
        self.line(&format!(
            "unsigned {name}[{len}] = {{{}}};",
            elems.join(", ")
        ));
        self.arrays.push(Array {
            name,
            len,
            dyn_len: None,
        });
    }

    pub(super) fn block(&mut self, nesting: usize, calls: bool) {
        let n = self.rng.gen_range(1..=self.cfg.max_stmts.max(1));
        for _ in 0..n {
            self.stmt(nesting, calls);
        }
    }

    pub(super) fn stmt(&mut self, nesting: usize, calls: bool) {
        self.call_in_expr = false;
        if self.cfg.plant_errors > self.planted && self.rng.gen_bool(PLANT_STMT) {
            self.plant();
            return;
        }
        if self.cfg.any_feature()
            && self.rng.gen_bool(FEATURE_STMT)
            && self.feature_stmt(nesting, calls)
        {
            return;
        }
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
                let arr = self.arrays[a].clone();
                let idx = self.index(&arr);
                let e = self.expr(depth, calls);
                self.line(&format!("{}[{idx}] = {e};", arr.name));
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
                self.mix_into_uint(&e);
            }
        }
    }

    /// `u ^= e;` for the first `unsigned` variable in scope, else `(void)(e);`.
    pub(super) fn mix_into_uint(&mut self, e: &str) {
        if let Some(v) = self.vars.iter().position(|v| v.ty == VTy::UInt) {
            let name = self.vars[v].name.clone();
            self.line(&format!("{name} ^= {e};"));
        } else {
            self.line(&format!("(void)({e});"));
        }
    }

    pub(super) fn nested(&mut self, nesting: usize, calls: bool) {
        self.indent += 1;
        let n = self.rng.gen_range(1..=3);
        for _ in 0..n {
            self.stmt(nesting + 1, calls);
        }
        self.indent -= 1;
    }

    pub(super) fn helper(&mut self, index: usize) {
        self.ctx = Ctx::Helper;
        let params = self.rng.gen_range(1..4);
        let name = format!("h{index}");
        let plist: Vec<String> = (0..params).map(|p| format!("unsigned p{p}")).collect();
        writeln!(self.out, "static unsigned {name}({}) {{", plist.join(", ")).ok();
        let saved_vars = std::mem::take(&mut self.vars);
        let saved_arrays = std::mem::take(&mut self.arrays);
        let saved_locals = std::mem::take(&mut self.locals);
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
        if self.cfg.any_feature() {
            self.feature_locals();
        }
        self.block(0, false);
        if self.cfg.any_feature() {
            self.feature_prints(false);
        }
        let r = self.expr(self.cfg.max_expr_depth, false);
        self.line(&format!("return {r};"));
        self.out.push_str("}\n\n");
        self.vars = saved_vars;
        self.arrays = saved_arrays;
        self.locals = saved_locals;
        self.helpers.push(Helper { name, params });
        self.ctx = Ctx::Main;
    }

    /// Run `f` as the body of a pure function with the `unsigned` parameters `params`: no
    /// arrays, no helpers, no feature objects in scope.
    pub(super) fn in_pure<T>(&mut self, params: &[&str], f: impl FnOnce(&mut Gen) -> T) -> T {
        let saved_ctx = self.ctx;
        let saved_vars = std::mem::take(&mut self.vars);
        let saved_arrays = std::mem::take(&mut self.arrays);
        let saved_locals = std::mem::take(&mut self.locals);
        let saved_call = self.call_in_expr;
        self.ctx = Ctx::Pure;
        self.call_in_expr = true;
        for p in params {
            self.vars.push(Var {
                name: p.to_string(),
                ty: VTy::UInt,
            });
        }
        let r = f(self);
        self.ctx = saved_ctx;
        self.vars = saved_vars;
        self.arrays = saved_arrays;
        self.locals = saved_locals;
        self.call_in_expr = saved_call;
        r
    }
}
