//! [`Feature::Bitfields`](super::Feature::Bitfields): struct types mixing `unsigned`, `int`
//! and `_Bool` bit-fields of widths 1..31 with plain members and unnamed (also zero-width)
//! bit-fields; global and local instances; stores of out-of-range values (truncation, `_Bool`
//! conversion), `++`/`--`, compound assignment, stores through pointers, byte writes,
//! `memcpy` and struct copies; bit-fields in expressions (promotion to `int`); every field,
//! `sizeof` and (where all bytes are determined) the bytes of every instance printed.
//!
//! UB-freedom: an `unsigned` bit-field narrower than 32 bits promotes to `int`, so `++` is
//! only used on fields whose maximum plus one fits (`unsigned : 31` is excluded), `<<=` only
//! on non-negative fields with room for 7 more bits, arithmetic between two fields only on
//! fields of at most 15 bits, and plain `int` members (which byte writes can set to
//! `INT_MIN`) only enter expressions through a cast to `unsigned`. Compound assignments take
//! an `unsigned` right operand, so they compute in `unsigned int`.

use super::{Ctx, Gen};
use rand::Rng;

/// The kind of a struct member.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum FKind {
    /// `unsigned f : w`
    UBit,
    /// `int f : w` (signed in gcc)
    SBit,
    /// `_Bool f : 1`
    BoolBit,
    /// `unsigned f`
    PlainU,
    /// `unsigned char f`
    PlainUChar,
    /// `int f`
    PlainInt,
    /// `short f`
    PlainShort,
    /// `unsigned : w` (unnamed; w may be 0)
    Pad,
}

pub(super) struct Field {
    pub name: String,
    pub kind: FKind,
    pub width: u32,
}

impl Field {
    fn is_bitfield(&self) -> bool {
        matches!(self.kind, FKind::UBit | FKind::SBit | FKind::BoolBit)
    }

    /// Fields whose promoted value is within ±2^15 (safe to add, subtract, multiply).
    fn is_small(&self) -> bool {
        match self.kind {
            FKind::UBit | FKind::SBit => self.width <= 15,
            FKind::BoolBit | FKind::PlainUChar | FKind::PlainShort => true,
            _ => false,
        }
    }

    /// `f++` cannot overflow `int` after promotion.
    fn can_increment(&self) -> bool {
        match self.kind {
            FKind::UBit => self.width <= 30,
            FKind::SBit | FKind::BoolBit | FKind::PlainU | FKind::PlainUChar => true,
            FKind::PlainShort => true,
            FKind::PlainInt | FKind::Pad => false,
        }
    }

    /// `f <<= (e & 7u)` cannot overflow or shift a negative value.
    fn can_shift_left(&self) -> bool {
        match self.kind {
            FKind::UBit => self.width <= 24,
            FKind::BoolBit | FKind::PlainU | FKind::PlainUChar => true,
            _ => false,
        }
    }

    /// The declaration of the member.
    fn decl(&self) -> String {
        match self.kind {
            FKind::UBit => format!("unsigned {} : {};", self.name, self.width),
            FKind::SBit => format!("int {} : {};", self.name, self.width),
            FKind::BoolBit => format!("_Bool {} : 1;", self.name),
            FKind::PlainU => format!("unsigned {};", self.name),
            FKind::PlainUChar => format!("unsigned char {};", self.name),
            FKind::PlainInt => format!("int {};", self.name),
            FKind::PlainShort => format!("short {};", self.name),
            FKind::Pad => format!("unsigned : {};", self.width),
        }
    }

    /// The `printf` conversion for the member's value.
    fn format(&self) -> &'static str {
        match self.kind {
            FKind::PlainU => "%u",
            _ => "%d",
        }
    }
}

pub(super) struct StructTy {
    pub name: String,
    pub fields: Vec<Field>,
}

#[derive(Clone)]
pub(super) struct Inst {
    pub name: String,
    /// Index into `Globals::bf_types`.
    pub ty: usize,
    /// Every byte (padding, unnamed bit-fields) has a determined value: the instance is
    /// static or was cleared with `memset`, and only such instances are copied into it.
    pub bytes_defined: bool,
}

impl Gen {
    /// A constant for a store to `f`: often out of the field's range.
    fn bf_constant(&mut self, f: &Field) -> String {
        let w = f.width.min(31);
        match f.kind {
            FKind::UBit => {
                if self.rng.gen_bool(0.2) {
                    format!("-{}", self.rng.gen_range(1..5))
                } else {
                    format!("{}u", self.rng.gen_range(0..(1u64 << (w + 2)).min(1 << 33)))
                }
            }
            FKind::SBit => {
                let m = 1i64 << w;
                format!("{}", self.rng.gen_range(-m..=m))
            }
            FKind::BoolBit => format!("{}", self.rng.gen_range(0..4)),
            FKind::PlainU => format!("{}u", self.rng.gen::<u32>()),
            FKind::PlainUChar => format!("{}", self.rng.gen_range(0..300)),
            FKind::PlainInt => format!("{}", self.rng.gen_range(-100000..100000)),
            FKind::PlainShort => format!("{}", self.rng.gen_range(-40000..40000)),
            FKind::Pad => "0".into(),
        }
    }

    fn bf_field(&mut self, index: usize) -> Field {
        let name = format!("f{index}");
        let (kind, width) = match self.rng.gen_range(0..20) {
            0..=6 => {
                let w = if self.rng.gen_bool(0.7) {
                    self.rng.gen_range(1..=9)
                } else {
                    self.rng.gen_range(10..=31)
                };
                (FKind::UBit, w)
            }
            7..=11 => {
                let w = if self.rng.gen_bool(0.7) {
                    self.rng.gen_range(1..=9)
                } else {
                    self.rng.gen_range(10..=31)
                };
                (FKind::SBit, w)
            }
            12 | 13 => (FKind::BoolBit, 1),
            14 => (FKind::PlainU, 32),
            15 => (FKind::PlainUChar, 8),
            16 => (FKind::PlainInt, 32),
            17 => (FKind::PlainShort, 16),
            _ => (FKind::Pad, self.rng.gen_range(0..=8)),
        };
        let name = if kind == FKind::Pad {
            String::new()
        } else {
            name
        };
        Field { name, kind, width }
    }

    /// An initializer for a struct of type `ty` (positional or designated).
    fn bf_initializer(&mut self, ty: usize) -> String {
        let named: Vec<usize> = (0..self.globals.bf_types[ty].fields.len())
            .filter(|&i| self.globals.bf_types[ty].fields[i].kind != FKind::Pad)
            .collect();
        let designated = self.rng.gen_bool(0.5);
        let take = self.rng.gen_range(1..=named.len());
        let mut items = Vec::new();
        for &i in named.iter().take(take) {
            let c = {
                let f = &self.globals.bf_types[ty].fields[i];
                let f = Field {
                    name: f.name.clone(),
                    kind: f.kind,
                    width: f.width,
                };
                self.bf_constant(&f)
            };
            if designated {
                items.push(format!(
                    ".{} = {c}",
                    self.globals.bf_types[ty].fields[i].name
                ));
            } else {
                items.push(c);
            }
        }
        if designated {
            items.reverse();
        }
        format!("{{{}}}", items.join(", "))
    }

    pub(super) fn bitfield_decls(&mut self) {
        for _ in 0..self.rng.gen_range(1..=2) {
            let name = self.fresh("bf");
            let n = self.rng.gen_range(2..=7);
            let mut fields: Vec<Field> = (0..n).map(|i| self.bf_field(i)).collect();
            if !fields.iter().any(Field::is_bitfield) {
                fields.push(Field {
                    name: format!("f{n}"),
                    kind: FKind::UBit,
                    width: self.rng.gen_range(1..=31),
                });
            }
            // A struct must have a named member; a leading zero-width field is fine in gcc.
            self.line(&format!("struct {name} {{"));
            for f in &fields {
                let d = f.decl();
                self.line(&format!("    {d}"));
            }
            self.line("};");
            self.globals.bf_types.push(StructTy { name, fields });
        }
        if self.rng.gen_bool(0.6) {
            let ty = self.rng.gen_range(0..self.globals.bf_types.len());
            let name = self.fresh("gb");
            let tname = self.globals.bf_types[ty].name.clone();
            if self.rng.gen_bool(0.5) {
                let init = self.bf_initializer(ty);
                self.line(&format!("static struct {tname} {name} = {init};"));
            } else {
                self.line(&format!("static struct {tname} {name};"));
            }
            self.globals.bf_insts.push(Inst {
                name,
                ty,
                bytes_defined: true,
            });
        }
        self.out.push('\n');
    }

    pub(super) fn bitfield_locals(&mut self) {
        for _ in 0..self.rng.gen_range(1..=2) {
            let ty = self.rng.gen_range(0..self.globals.bf_types.len());
            let name = self.fresh("bs");
            let tname = self.globals.bf_types[ty].name.clone();
            let defined = self.rng.gen_bool(0.6);
            if defined {
                self.line(&format!(
                    "struct {tname} {name}; memset(&{name}, 0, sizeof {name});"
                ));
            } else {
                let init = self.bf_initializer(ty);
                self.line(&format!("struct {tname} {name} = {init};"));
            }
            self.locals.bf_insts.push(Inst {
                name,
                ty,
                bytes_defined: defined,
            });
        }
    }

    /// Instances that may be written here (globals only from `main`).
    fn bf_writable(&self) -> Vec<Inst> {
        let mut v = self.locals.bf_insts.clone();
        if self.ctx == Ctx::Main {
            v.extend(self.globals.bf_insts.iter().cloned());
        }
        v
    }

    /// Instances that may be read here.
    fn bf_readable(&self) -> Vec<Inst> {
        if self.ctx == Ctx::Pure {
            return Vec::new();
        }
        let mut v = self.locals.bf_insts.clone();
        v.extend(self.globals.bf_insts.iter().cloned());
        v
    }

    /// Index of a named field of `ty` satisfying `pred`.
    fn bf_pick_field(&mut self, ty: usize, pred: impl Fn(&Field) -> bool) -> Option<usize> {
        let idx: Vec<usize> = self.globals.bf_types[ty]
            .fields
            .iter()
            .enumerate()
            .filter(|(_, f)| f.kind != FKind::Pad && pred(f))
            .map(|(i, _)| i)
            .collect();
        if idx.is_empty() {
            None
        } else {
            Some(self.pick(&idx))
        }
    }

    fn bf_fname(&self, ty: usize, f: usize) -> String {
        self.globals.bf_types[ty].fields[f].name.clone()
    }

    pub(super) fn bitfield_stmt(&mut self, calls: bool) -> bool {
        let insts = self.bf_writable();
        if insts.is_empty() {
            return false;
        }
        let inst = insts[self.rng.gen_range(0..insts.len())].clone();
        let (i, ty) = (inst.name.clone(), inst.ty);
        let depth = self.cfg.max_expr_depth;
        match self.rng.gen_range(0..10) {
            0 | 1 => {
                let Some(f) = self.bf_pick_field(ty, |_| true) else {
                    return false;
                };
                let e = self.expr(depth, calls);
                let name = self.bf_fname(ty, f);
                self.line(&format!("{i}.{name} = {e};"));
            }
            2 => {
                let Some(f) = self.bf_pick_field(ty, |_| true) else {
                    return false;
                };
                let field = &self.globals.bf_types[ty].fields[f];
                let field = Field {
                    name: field.name.clone(),
                    kind: field.kind,
                    width: field.width,
                };
                let c = self.bf_constant(&field);
                self.line(&format!("{i}.{} = {c};", field.name));
                if self.cfg.plant_errors > self.planted && self.rng.gen_bool(0.5) {
                    // A planted check right after the store: its verdict depends on the
                    // truncation (or `_Bool` conversion) of the constant.
                    self.planted += 1;
                    let k = self.rng.gen_range(0..64);
                    let op = ["<", ">=", "==", "!="][self.rng.gen_range(0..4)];
                    self.line(&format!(
                        "if ((unsigned){i}.{} {op} {k}u) reach_error();",
                        field.name
                    ));
                }
            }
            3 => {
                let Some(f) = self.bf_pick_field(ty, Field::can_increment) else {
                    return false;
                };
                let name = self.bf_fname(ty, f);
                let form = ["{}++", "++{}", "{}--", "--{}"][self.rng.gen_range(0..4)];
                let lv = format!("{i}.{name}");
                let e = form.replace("{}", &lv);
                if self.rng.gen_bool(0.5) {
                    self.line(&format!("{e};"));
                } else {
                    self.mix_into_uint(&format!("(unsigned)({e})"));
                }
            }
            4 | 5 => {
                let Some(f) = self.bf_pick_field(ty, |_| true) else {
                    return false;
                };
                let field = &self.globals.bf_types[ty].fields[f];
                let (name, shl) = (field.name.clone(), field.can_shift_left());
                let e = self.expr(depth, calls);
                let k = self.rng.gen_range(0..10);
                let text = match k {
                    0..=5 => {
                        let op = ["+=", "-=", "*=", "^=", "|=", "&="][k];
                        format!("{i}.{name} {op} {e};")
                    }
                    6 => format!("{i}.{name} /= ({e} | 1u);"),
                    7 => format!("{i}.{name} %= ({e} | 1u);"),
                    8 if shl => format!("{i}.{name} <<= ({e} & 7u);"),
                    _ => format!("{i}.{name} >>= ({e} & 7u);"),
                };
                self.line(&text);
            }
            6 => {
                let Some(f) = self.bf_pick_field(ty, |_| true) else {
                    return false;
                };
                let name = self.bf_fname(ty, f);
                let tname = self.globals.bf_types[ty].name.clone();
                let e = self.expr(depth, calls);
                let op = ["=", "+=", "^="][self.rng.gen_range(0..3)];
                self.line(&format!(
                    "{{ struct {tname} *bp = &{i}; bp->{name} {op} {e}; }}"
                ));
            }
            7 => {
                let e = self.expr(depth, calls);
                let at = self.expr(1, false);
                self.line(&format!(
                    "((unsigned char *)&{i})[({at}) % sizeof {i}] = (unsigned char)({e});"
                ));
            }
            8 => {
                // Copy from another instance of the same type.
                let srcs: Vec<Inst> = self
                    .bf_readable()
                    .into_iter()
                    .filter(|s| {
                        s.ty == ty && s.name != i && (s.bytes_defined || !inst.bytes_defined)
                    })
                    .collect();
                if srcs.is_empty() {
                    return false;
                }
                let s = srcs[self.rng.gen_range(0..srcs.len())].name.clone();
                // Assignment leaves the padding of the target unspecified (C11 6.2.6.1p6),
                // so instances whose bytes are printed are copied with memcpy.
                if !inst.bytes_defined && self.rng.gen_bool(0.5) {
                    self.line(&format!("{i} = {s};"));
                } else {
                    self.line(&format!("memcpy(&{i}, &{s}, sizeof {i});"));
                }
            }
            _ => {
                let tname = self.globals.bf_types[ty].name.clone();
                let e = self.expr(depth, calls);
                let mul = self.rng.gen_range(1..256);
                self.line(&format!(
                    "{{ unsigned char bb[sizeof(struct {tname})]; for (unsigned k = 0; k < sizeof bb; k++) bb[k] = (unsigned char)(({e}) + k * {mul}u); memcpy(&{i}, bb, sizeof {i}); }}"
                ));
            }
        }
        true
    }

    pub(super) fn bitfield_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        let insts = self.bf_readable();
        if insts.is_empty() {
            return None;
        }
        let inst = insts[self.rng.gen_range(0..insts.len())].clone();
        let (i, ty) = (inst.name.clone(), inst.ty);
        Some(match self.rng.gen_range(0..10) {
            0..=2 => {
                let f = self.bf_pick_field(ty, |_| true)?;
                format!("(unsigned){i}.{}", self.bf_fname(ty, f))
            }
            3 => {
                let f = self.bf_pick_field(ty, |f| f.kind != FKind::PlainInt)?;
                let k = self.rng.gen_range(0..=1000);
                format!("(unsigned)({i}.{} - {k} < 0)", self.bf_fname(ty, f))
            }
            4 => {
                let f = self.bf_pick_field(ty, |_| true)?;
                let k: i32 = self.rng.gen_range(-5..40);
                let op = ["<", "<=", ">", "==", "!="][self.rng.gen_range(0..5)];
                format!("(unsigned)({i}.{} {op} ({k}))", self.bf_fname(ty, f))
            }
            5 => {
                let a = self.bf_pick_field(ty, Field::is_small)?;
                let others = self.bf_readable();
                let other = others[self.rng.gen_range(0..others.len())].clone();
                let b = self.bf_pick_field(other.ty, Field::is_small)?;
                let op = ["+", "-", "*"][self.rng.gen_range(0..3)];
                format!(
                    "(unsigned)({i}.{} {op} {}.{})",
                    self.bf_fname(ty, a),
                    other.name,
                    self.bf_fname(other.ty, b)
                )
            }
            6 => {
                let f = self.bf_pick_field(ty, |f| f.kind != FKind::PlainInt)?;
                let name = self.bf_fname(ty, f);
                match self.rng.gen_range(0..3) {
                    0 => format!("(unsigned)(-{i}.{name})"),
                    1 => format!("(unsigned)(~{i}.{name})"),
                    _ => format!("(unsigned)({i}.{name} >> {})", self.rng.gen_range(0..5)),
                }
            }
            7 => {
                let f = self.bf_pick_field(ty, |_| true)?;
                let tname = self.globals.bf_types[ty].name.clone();
                if self.rng.gen_bool(0.5) {
                    format!("(unsigned)sizeof(struct {tname})")
                } else {
                    format!("(unsigned)sizeof(+{i}.{})", self.bf_fname(ty, f))
                }
            }
            8 if inst.bytes_defined => {
                let at = self.expr(depth.min(1), calls);
                format!("(unsigned)((const unsigned char *)&{i})[({at}) % sizeof {i}]")
            }
            _ => {
                let c = self.bf_pick_field(ty, |_| true)?;
                let a = self.bf_pick_field(ty, |_| true)?;
                let b = self.bf_pick_field(ty, |_| true)?;
                if self.rng.gen_bool(0.5) {
                    format!(
                        "(unsigned)({i}.{} ? {i}.{} : {i}.{})",
                        self.bf_fname(ty, c),
                        self.bf_fname(ty, a),
                        self.bf_fname(ty, b)
                    )
                } else {
                    format!("(unsigned)(&{i})->{}", self.bf_fname(ty, a))
                }
            }
        })
    }

    /// Print every field (and the bytes, when determined) of each instance; in `main` also
    /// the globals and the size of every type.
    pub(super) fn bitfield_prints(&mut self, with_globals: bool) {
        let mut insts = self.locals.bf_insts.clone();
        if with_globals {
            for t in 0..self.globals.bf_types.len() {
                let tname = self.globals.bf_types[t].name.clone();
                self.line(&format!(
                    "printf(\"sizeof(struct {tname})=%u align=%u\\n\", (unsigned)sizeof(struct {tname}), (unsigned)_Alignof(struct {tname}));"
                ));
            }
            insts.extend(self.globals.bf_insts.iter().cloned());
        }
        for inst in insts {
            let fields: Vec<(String, &'static str)> = self.globals.bf_types[inst.ty]
                .fields
                .iter()
                .filter(|f| f.kind != FKind::Pad)
                .map(|f| (f.name.clone(), f.format()))
                .collect();
            let i = &inst.name;
            for (f, fmt) in fields {
                self.line(&format!("printf(\"{i}.{f}={fmt}\\n\", {i}.{f});"));
            }
            if inst.bytes_defined {
                self.print_bytes(i);
            }
        }
    }

    /// Print the bytes of the object `name`, through an `unsigned char *` or a `memcpy`
    /// into an array.
    pub(super) fn print_bytes(&mut self, name: &str) {
        if self.rng.gen_bool(0.5) {
            self.line(&format!(
                "{{ const unsigned char *bp = (const unsigned char *)&{name}; printf(\"{name} bytes:\"); for (unsigned k = 0; k < sizeof {name}; k++) printf(\" %02x\", bp[k]); printf(\"\\n\"); }}"
            ));
        } else {
            self.line(&format!(
                "{{ unsigned char bb[sizeof {name}]; memcpy(bb, &{name}, sizeof {name}); printf(\"{name} bytes:\"); for (unsigned k = 0; k < sizeof bb; k++) printf(\" %02x\", bb[k]); printf(\"\\n\"); }}"
            ));
        }
    }
}
