//! Planted errors ([`GenConfig::plant_errors`](super::GenConfig::plant_errors)): statements
//! `if (c) reach_error();` at random statement positions (in `main`, helpers, loops and
//! branches; at least one per program), for the soundness check of `slamrs check`
//! (`tests/gen_soundness.rs` of the root crate, `scripts/gen-soundness`). The conditions
//! are of five kinds:
//! - coarse tests of a computed value (`(e & 3u) == 2u`, `e % 5u == 1u`,
//!   `((e >> 9) & 1u) == 0u`, `e < 16u`, `e >= 65536u`), which random inputs satisfy
//!   often, so a native run usually shows the error reachable (with features on, the value
//!   is often a feature's: a bit-field, a packed member, a builtin...);
//! - comparisons of a variable with a constant inside its type's range;
//! - conditions that never hold, whatever the inputs: a value outside its type's range
//!   (`uc > 255`, `(unsigned char)e + 1u == 0u`), `e * 2u == 1u`, `(e & 3u) > 3u`,
//!   `(e | 1u) == 0u`, `e % 5u == 5u`;
//! - equality with a random constant (reachable for few inputs or none);
//! - unsigned wrap-around (`x + k < k`).
//!
//! The conditions have no side effects (no helper calls), so a check does not change the
//! program's output before the error.

use super::{Gen, VTy};
use rand::Rng;

impl Gen {
    pub(super) fn plant(&mut self) {
        self.planted += 1;
        let cond = match self.rng.gen_range(0..10) {
            0..=3 => {
                let e = self.plant_operand();
                match self.rng.gen_range(0..4) {
                    0 => {
                        let m = self.pick(&[1u32, 3, 7]);
                        let c = self.rng.gen_range(0..=m);
                        format!("(({e}) & {m}u) == {c}u")
                    }
                    1 => {
                        let k = self.rng.gen_range(2..=6);
                        let c = self.rng.gen_range(0..k);
                        format!("({e}) % {k}u == {c}u")
                    }
                    // High bits and thresholds: these see truncation and wrap-around,
                    // which tests of the low bits do not.
                    2 => {
                        let s = self.rng.gen_range(1..24);
                        let c = self.rng.gen_range(0..2);
                        format!("((({e}) >> {s}) & 1u) == {c}u")
                    }
                    _ => {
                        let k = if self.rng.gen_bool(0.5) {
                            self.rng.gen_range(0..64u32)
                        } else {
                            1u32 << self.rng.gen_range(4..32)
                        };
                        let op = if self.rng.gen_bool(0.5) { "<" } else { ">=" };
                        format!("({e}) {op} {k}u")
                    }
                }
            }
            4 | 5 if !self.vars.is_empty() => {
                let v = &self.vars[self.rng.gen_range(0..self.vars.len())];
                let (name, ty) = (v.name.clone(), v.ty);
                let op = ["<", ">", "==", "<=", ">="][self.rng.gen_range(0..5)];
                let k = match ty {
                    VTy::UInt => format!("{}u", self.rng.gen_range(0..2000u32)),
                    VTy::ULong => format!("{}UL", self.rng.gen::<u64>() >> 1),
                    VTy::Int | VTy::Long => self.rng.gen_range(-30000..30000).to_string(),
                    t => {
                        let (lo, hi) = t.narrow_range().unwrap_or((0, 255));
                        self.rng.gen_range(lo..=hi).to_string()
                    }
                };
                let k = if k.starts_with('-') {
                    format!("({k})")
                } else {
                    k
                };
                format!("{name} {op} {k}")
            }
            6 | 7 => self.impossible(),
            8 => {
                let e = self.plant_operand();
                let c = if self.rng.gen_bool(0.5) {
                    self.rng.gen_range(0..20u32)
                } else {
                    self.rng.gen::<u32>()
                };
                format!("({e}) == {c}u")
            }
            _ => {
                let e = self.expr(1, false);
                let k = self.rng.gen_range(1..1000u32);
                format!("({e}) + {k}u < {k}u")
            }
        };
        self.line(&format!("if ({cond}) reach_error();"));
    }

    /// The value a planted condition tests: with features on, often a feature expression
    /// (a bit-field, a packed member, a call through a pointer, a builtin...), so that the
    /// verdict depends on how the feature is read.
    fn plant_operand(&mut self) -> String {
        if self.cfg.any_feature() && self.rng.gen_bool(0.6) {
            if let Some(e) = self.feature_expr(2, false) {
                return e;
            }
        }
        self.expr(2, false)
    }

    /// A condition that is false for every input.
    fn impossible(&mut self) -> String {
        let narrow: Vec<(String, VTy)> = self
            .vars
            .iter()
            .filter(|v| v.ty.is_narrow())
            .map(|v| (v.name.clone(), v.ty))
            .collect();
        let e = self.expr(2, false);
        match self.rng.gen_range(0..7) {
            0 if !narrow.is_empty() => {
                let (name, ty) = narrow[self.rng.gen_range(0..narrow.len())].clone();
                let (lo, hi) = ty.narrow_range().unwrap_or((0, 255));
                if self.rng.gen_bool(0.5) {
                    format!("{name} > {hi}")
                } else {
                    format!("{name} < ({lo})")
                }
            }
            1 => format!("(unsigned char)({e}) + 1u == 0u"),
            2 => format!("({e}) * 2u == 1u"),
            3 => format!("(({e}) & 3u) > 3u"),
            4 => format!("(({e}) | 1u) == 0u"),
            5 => format!("({e}) % 5u == 5u"),
            _ => format!("(unsigned short)({e}) > 65535u"),
        }
    }
}
