//! [`Feature::Narrow`](super::Feature::Narrow): arithmetic on `unsigned char`, `signed
//! char`, `unsigned short` and `short` operands after integer promotion: `~`, unary `-`,
//! `+ - * / %`, `<< >>`, `& | ^`, comparisons (signed, and against `unsigned` operands,
//! which convert a negative operand), `?:`, casts between narrow and wide types
//! (`~(unsigned)b`, `(unsigned long)b * k`, `(unsigned char)~b`), and stores back into
//! narrow variables (plain and compound assignment, `++`/`--`). With the feature on,
//! variables may also be `short` or `unsigned short`.
//!
//! UB-freedom: expressions of type `int` are built bottom-up with the interval of values
//! each can take; an operation whose result interval might leave
//! `[-INT_MAX, INT_MAX]` gets its operands narrowed by casts first, `<<` only shifts
//! non-negative operands by counts that keep the result in range, divisors are `(b | 1)`
//! (never 0, and the dividend is never `INT_MIN`).

use super::{Gen, VTy};
use rand::Rng;

const IMAX: i64 = i32::MAX as i64;

/// The values an `int` expression can take.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct R {
    lo: i64,
    hi: i64,
}

impl R {
    fn fits(self) -> bool {
        self.lo >= -IMAX && self.hi <= IMAX
    }

    fn magnitude(self) -> i64 {
        self.lo.abs().max(self.hi.abs())
    }
}

/// The narrow types and their ranges.
const NARROW: [(&str, R); 4] = [
    ("unsigned char", R { lo: 0, hi: 255 }),
    ("signed char", R { lo: -128, hi: 127 }),
    ("unsigned short", R { lo: 0, hi: 65535 }),
    (
        "short",
        R {
            lo: -32768,
            hi: 32767,
        },
    ),
];

fn combine(op: &str, a: R, b: R) -> R {
    let corners = |f: fn(i64, i64) -> i64| {
        let v = [f(a.lo, b.lo), f(a.lo, b.hi), f(a.hi, b.lo), f(a.hi, b.hi)];
        R {
            lo: *v.iter().min().unwrap_or(&0),
            hi: *v.iter().max().unwrap_or(&0),
        }
    };
    match op {
        "+" => corners(|x, y| x + y),
        "-" => corners(|x, y| x - y),
        _ => corners(|x, y| x * y),
    }
}

/// The range of `a & b`, `a | b`, `a ^ b`.
fn bitwise(a: R, b: R) -> R {
    let m = a.magnitude().max(b.magnitude());
    let p = ((m + 1) as u64).next_power_of_two() as i64;
    if a.lo >= 0 && b.lo >= 0 {
        R { lo: 0, hi: p - 1 }
    } else {
        R { lo: -p, hi: p - 1 }
    }
}

impl Gen {
    /// Narrow variables in scope: name and range.
    fn narrow_vars(&self) -> Vec<(String, VTy)> {
        self.vars
            .iter()
            .filter(|v| v.ty.is_narrow())
            .map(|v| (v.name.clone(), v.ty))
            .collect()
    }

    fn var_range(ty: VTy) -> R {
        let (lo, hi) = ty.narrow_range().unwrap_or((0, 0));
        R { lo, hi }
    }

    /// A narrow operand: a narrow variable, a cast to a narrow type, a small constant.
    fn narrow_leaf(&mut self, calls: bool) -> (String, R) {
        let vars = self.narrow_vars();
        match self.rng.gen_range(0..8) {
            0..=3 if !vars.is_empty() => {
                let (name, ty) = vars[self.rng.gen_range(0..vars.len())].clone();
                (name, Self::var_range(ty))
            }
            0..=5 => {
                let (t, r) = self.pick(&NARROW);
                let e = self.expr(1, calls);
                (format!("({t})({e})"), r)
            }
            _ => {
                let c: i64 = self.rng.gen_range(-300..300);
                let text = if c < 0 {
                    format!("({c})")
                } else {
                    c.to_string()
                };
                (text, R { lo: c, hi: c })
            }
        }
    }

    /// An `int` expression over promoted narrow operands that cannot overflow, with its
    /// range.
    fn nexpr(&mut self, depth: usize, calls: bool) -> (String, R) {
        if depth == 0 || self.rng.gen_bool(0.3) {
            return self.narrow_leaf(calls);
        }
        let d = depth - 1;
        let (a, ra) = self.nexpr(d, calls);
        let (mut t, mut r) = match self.rng.gen_range(0..12) {
            0 => (
                format!("(~{a})"),
                R {
                    lo: -ra.hi - 1,
                    hi: -ra.lo - 1,
                },
            ),
            1 => (
                format!("(-{a})"),
                R {
                    lo: -ra.hi,
                    hi: -ra.lo,
                },
            ),
            2..=4 => {
                let op = ["+", "-", "*"][self.rng.gen_range(0..3)];
                let (mut a, mut ra) = (a, ra);
                let (mut b, mut rb) = self.nexpr(d, calls);
                if !combine(op, ra, rb).fits() {
                    a = format!("(short)({a})");
                    ra = NARROW[3].1;
                    b = format!("(signed char)({b})");
                    rb = NARROW[1].1;
                }
                (format!("({a} {op} {b})"), combine(op, ra, rb))
            }
            5 => {
                let (a, ra) = if ra.lo < 0 {
                    (format!("({a} & 255)"), R { lo: 0, hi: 255 })
                } else {
                    (a, ra)
                };
                let mut smax = 0;
                while smax < 31 && (ra.hi << (smax + 1)) <= IMAX {
                    smax += 1;
                }
                if self.rng.gen_bool(0.5) {
                    let s = self.rng.gen_range(0..=smax);
                    (
                        format!("({a} << {s})"),
                        R {
                            lo: ra.lo,
                            hi: ra.hi << s,
                        },
                    )
                } else {
                    // The largest 2^k - 1 not above smax.
                    let mut mask = 0;
                    while mask * 2 < smax {
                        mask = mask * 2 + 1;
                    }
                    let e = self.expr(1, calls);
                    (
                        format!("({a} << (({e}) & {mask}u))"),
                        R {
                            lo: ra.lo,
                            hi: ra.hi << mask,
                        },
                    )
                }
            }
            6 => {
                if self.rng.gen_bool(0.5) {
                    let s = self.rng.gen_range(0..16);
                    (
                        format!("({a} >> {s})"),
                        R {
                            lo: ra.lo >> s,
                            hi: ra.hi >> s,
                        },
                    )
                } else {
                    let e = self.expr(1, calls);
                    (
                        format!("({a} >> (({e}) & 15u))"),
                        R {
                            lo: ra.lo.min(0),
                            hi: ra.hi.max(0),
                        },
                    )
                }
            }
            7 => {
                let op = ["/", "%"][self.rng.gen_range(0..2)];
                let (b, _) = self.nexpr(d, calls);
                let m = ra.magnitude();
                (format!("({a} {op} ({b} | 1))"), R { lo: -m, hi: m })
            }
            8 => {
                let op = ["&", "|", "^"][self.rng.gen_range(0..3)];
                let (b, rb) = self.nexpr(d, calls);
                (format!("({a} {op} {b})"), bitwise(ra, rb))
            }
            9 => {
                let op = ["<", "<=", ">", ">=", "==", "!="][self.rng.gen_range(0..6)];
                let b = if self.rng.gen_bool(0.3) {
                    // Compared as unsigned int: a negative operand converts to a large value.
                    format!("{}u", self.rng.gen_range(0..300))
                } else {
                    self.nexpr(d, calls).0
                };
                (format!("({a} {op} {b})"), R { lo: 0, hi: 1 })
            }
            10 => {
                let (b, rb) = self.nexpr(d, calls);
                let (c, _) = self.nexpr(d, calls);
                (
                    format!("({c} ? {a} : {b})"),
                    R {
                        lo: ra.lo.min(rb.lo),
                        hi: ra.hi.max(rb.hi),
                    },
                )
            }
            _ => {
                let (ty, r) = self.pick(&NARROW);
                (format!("(({ty})({a}))"), r)
            }
        };
        if !r.fits() {
            // Only `~` and the bitwise operators get here (they cannot overflow, but their
            // result may be INT_MIN): narrow it before it is used further.
            t = format!("((short)({t}))");
            r = NARROW[3].1;
        }
        (t, r)
    }

    pub(super) fn narrow_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        let d = depth.min(3);
        Some(match self.rng.gen_range(0..6) {
            0..=2 => format!("(unsigned)({})", self.nexpr(d, calls).0),
            3 | 4 => {
                let (l, _) = self.narrow_leaf(calls);
                match self.rng.gen_range(0..7) {
                    0 => format!("(~(unsigned){l})"),
                    1 => {
                        let e = self.expr(d.min(1), calls);
                        format!("((unsigned){l} << (({e}) & 31u))")
                    }
                    2 => {
                        let e = self.expr(d.min(1), calls);
                        format!("((unsigned){l} * (unsigned short)({e}))")
                    }
                    3 => format!("(unsigned)((unsigned long){l} * 0x10001UL >> 9)"),
                    4 => {
                        let (l2, _) = self.narrow_leaf(calls);
                        format!("(unsigned)((long){l} * (long){l2} - 7L)")
                    }
                    5 => format!("(unsigned)(unsigned char)~{l}"),
                    _ => format!("(unsigned)(unsigned short)-{l}"),
                }
            }
            _ => {
                let (l, _) = self.narrow_leaf(calls);
                let e = self.expr(d.min(1), calls);
                let op = ["<", ">", "==", "!="][self.rng.gen_range(0..4)];
                format!("(unsigned)({l} {op} {e})")
            }
        })
    }

    pub(super) fn narrow_stmt(&mut self, calls: bool) -> bool {
        let vars = self.narrow_vars();
        if vars.is_empty() {
            return false;
        }
        let (x, ty) = vars[self.rng.gen_range(0..vars.len())].clone();
        let rx = Self::var_range(ty);
        let unsigned = matches!(ty, VTy::UChar | VTy::UShort);
        match self.rng.gen_range(0..6) {
            0 | 1 => {
                let (e, _) = self.nexpr(3, calls);
                self.line(&format!("{x} = {e};"));
            }
            2 | 3 => {
                let (mut b, mut rb) = self.nexpr(2, calls);
                let op = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="]
                    [self.rng.gen_range(0..10)];
                let text = match op {
                    "+=" | "-=" | "*=" => {
                        if !combine(&op[..1], rx, rb).fits() {
                            b = format!("(signed char)({b})");
                            rb = NARROW[1].1;
                        }
                        debug_assert!(combine(&op[..1], rx, rb).fits());
                        format!("{x} {op} {b};")
                    }
                    "/=" | "%=" => format!("{x} {op} ({b} | 1);"),
                    "<<=" if unsigned => format!("{x} <<= ({b} & 7);"),
                    "<<=" | ">>=" => format!("{x} >>= ({b} & 7);"),
                    _ => format!("{x} {op} {b};"),
                };
                self.line(&text);
            }
            4 => {
                let form = ["{}++", "++{}", "{}--", "--{}"][self.rng.gen_range(0..4)];
                let e = form.replace("{}", &x);
                if self.rng.gen_bool(0.5) {
                    self.line(&format!("{e};"));
                } else {
                    self.mix_into_uint(&format!("(unsigned)({e})"));
                }
            }
            _ => {
                let e = self.expr(2, calls);
                match self.rng.gen_range(0..3) {
                    0 => self.line(&format!("{x} += {e};")),
                    1 => {
                        let (l, _) = self.narrow_leaf(calls);
                        self.line(&format!("{x} = ({})(~(unsigned){l} ^ ({e}));", ty.c_name()));
                    }
                    _ => self.line(&format!("{x} *= {e};")),
                }
            }
        }
        true
    }
}
