//! [`Feature::Builtins`](super::Feature::Builtins): GCC builtins in expressions —
//! `__builtin_popcount/l/ll`, `__builtin_parity`, `__builtin_ffs`, `__builtin_clz/ctz`
//! (`l`, `ll` variants too; the argument is forced non-zero), `__builtin_bswap16/32/64`,
//! `__builtin_expect`, `__builtin_add/sub/mul_overflow_p`, `__builtin_constant_p` of a
//! literal — and in statements: `__builtin_add/sub/mul_overflow` storing through a pointer
//! into a variable of any integer type (the operands signed or unsigned), with the `bool`
//! result printed or branched on, and `if (__builtin_expect(c, k))`.
//!
//! The overflow builtins compute in infinite precision and store the wrapped result, so
//! they never have undefined behaviour; the result variable is never also modified by the
//! enclosing expression.

use super::{Ctx, Gen, VTy};
use rand::Rng;

impl Gen {
    pub(super) fn builtin_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        let d = depth.min(2);
        Some(match self.rng.gen_range(0..14) {
            0 => format!("(unsigned)__builtin_popcount({})", self.expr(d, calls)),
            1 => format!(
                "(unsigned)__builtin_popcountl((unsigned long)({}) * 2654435761UL)",
                self.expr(d, calls)
            ),
            2 => format!(
                "(unsigned)__builtin_popcountll(((unsigned long long)({}) << 17) ^ 0x123456789abcULL)",
                self.expr(d, calls)
            ),
            3 => {
                let x = self.expr(d, calls);
                let f = ["parity", "ffs"][self.rng.gen_range(0..2)];
                if f == "ffs" {
                    format!("(unsigned)__builtin_ffs((int)({x}))")
                } else {
                    format!("(unsigned)__builtin_parity({x})")
                }
            }
            4 => {
                let x = self.expr(d, calls);
                let bit = self.rng.gen_range(0..32);
                let f = ["clz", "ctz"][self.rng.gen_range(0..2)];
                format!("(unsigned)__builtin_{f}(({x}) | {}u)", 1u32 << bit)
            }
            5 => {
                let x = self.expr(d, calls);
                let bit = self.rng.gen_range(0..64);
                let f = ["clzl", "ctzl", "clzll", "ctzll"][self.rng.gen_range(0..4)];
                let ty = if f.ends_with("ll") {
                    "unsigned long long"
                } else {
                    "unsigned long"
                };
                format!(
                    "(unsigned)__builtin_{f}((({ty})({x}) << {}) | ({ty})1 << {bit})",
                    self.rng.gen_range(0..33)
                )
            }
            6 => format!(
                "(unsigned)__builtin_bswap16((unsigned short)({}))",
                self.expr(d, calls)
            ),
            7 => format!("__builtin_bswap32({})", self.expr(d, calls)),
            8 => {
                let x = self.expr(d, calls);
                let sh = self.rng.gen_range(0..40);
                format!(
                    "(unsigned)(__builtin_bswap64((unsigned long)({x}) * 0x100000001UL + 7UL) >> {sh})"
                )
            }
            9 => {
                let x = self.expr(d, calls);
                let k = self.rng.gen_range(0..3);
                if self.rng.gen_bool(0.5) {
                    format!("(unsigned)__builtin_expect((long)({x}), {k})")
                } else {
                    format!("(unsigned)__builtin_expect(({x}) != 0u, {k})")
                }
            }
            10 | 11 => {
                let op = ["add", "sub", "mul"][self.rng.gen_range(0..3)];
                let (a, b) = (self.ov_operand(d, calls), self.ov_operand(d, calls));
                let ty = self.pick(&[
                    "int",
                    "unsigned",
                    "unsigned char",
                    "signed char",
                    "short",
                    "long",
                    "unsigned long",
                ]);
                format!("(unsigned)__builtin_{op}_overflow_p({a}, {b}, ({ty})0)")
            }
            12 => {
                let k = self.constant();
                format!("(unsigned)__builtin_constant_p({k})")
            }
            _ => format!("(unsigned)__builtin_popcount(~({}))", self.expr(d, calls)),
        })
    }

    /// An operand of an overflow builtin: unsigned, signed `int`, `long`, narrow, a signed
    /// variable, a small negative constant.
    fn ov_operand(&mut self, depth: usize, calls: bool) -> String {
        match self.rng.gen_range(0..7) {
            0 | 1 => self.expr(depth, calls),
            2 | 3 => format!("(int)({})", self.expr(depth, calls)),
            4 => format!("(long)({}) - 2147483648L", self.expr(depth, calls)),
            5 => {
                let signed: Vec<String> = self
                    .vars
                    .iter()
                    .filter(|v| !matches!(v.ty, VTy::UInt | VTy::ULong))
                    .map(|v| v.name.clone())
                    .collect();
                if signed.is_empty() || self.ctx == Ctx::Pure {
                    format!("(signed char)({})", self.expr(depth, calls))
                } else {
                    self.pick_str(&signed)
                }
            }
            _ => format!("({})", -self.rng.gen_range(1..100000)),
        }
    }

    pub(super) fn builtin_stmt(&mut self, nesting: usize, calls: bool) -> bool {
        if self.vars.is_empty() {
            return false;
        }
        let depth = self.cfg.max_expr_depth.min(2);
        let deep = nesting < self.cfg.max_nesting;
        match self.rng.gen_range(0..4) {
            0..=2 => {
                let op = ["add", "sub", "mul"][self.rng.gen_range(0..3)];
                let (a, b) = (self.ov_operand(depth, calls), self.ov_operand(depth, false));
                let r = self.vars[self.rng.gen_range(0..self.vars.len())]
                    .name
                    .clone();
                let call = format!("__builtin_{op}_overflow({a}, {b}, &{r})");
                if deep && self.rng.gen_bool(0.4) {
                    self.line(&format!("if ({call}) {{"));
                    self.nested(nesting, calls);
                    self.line("}");
                } else {
                    self.line(&format!(
                        "{{ _Bool o = {call}; printf(\"overflow {r}=%d\\n\", o); }}"
                    ));
                }
            }
            _ => {
                let c = self.expr(depth, calls);
                let k = self.rng.gen_range(0..2);
                let cond = if self.rng.gen_bool(0.5) {
                    format!("__builtin_expect(({c}) != 0u, {k})")
                } else {
                    format!("__builtin_expect((long)(({c}) & 1u), {k}L)")
                };
                if deep {
                    self.line(&format!("if ({cond}) {{"));
                    self.nested(nesting, calls);
                    self.line("}");
                } else {
                    self.mix_into_uint(&format!("(unsigned){cond}"));
                }
            }
        }
        true
    }
}
