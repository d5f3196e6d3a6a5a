//! [`Feature::Layout`](super::Feature::Layout): struct types whose layout is not gcc's
//! default: `__attribute__((packed))` before or after the body, `#pragma pack(push, N)` ...
//! `#pragma pack(pop)`, `__attribute__((aligned(N)))` and `__attribute__((packed))` on
//! members, `aligned(N)` (with or without `packed`) on the struct; members of every integer
//! type, byte arrays, nested structs and (with [`Feature::Bitfields`](super::Feature::Bitfields))
//! bit-fields. `main` prints `sizeof`, `_Alignof` and the `__builtin_offsetof` of every
//! member; instances (single objects and arrays of two, always cleared with `memset` or
//! static, so every byte is determined) get member stores, stores through pointers, byte
//! writes and `memcpy`, and are printed member by member and byte by byte.
//!
//! UB-freedom: the address of a member is never taken (a misaligned `int *` would be
//! undefined); whole objects are accessed through `unsigned char *` and `memcpy` only.

use super::{Ctx, Gen};
use rand::Rng;

/// The type of a member.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum MTy {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    /// `unsigned char m[n]`
    Bytes(usize),
    /// A member of an earlier layout struct type (index into `Globals::ly_types`).
    Nested(usize),
    /// `unsigned m : w`
    Bit(u32),
}

const SCALARS: [MTy; 10] = [
    MTy::Char,
    MTy::SChar,
    MTy::UChar,
    MTy::Short,
    MTy::UShort,
    MTy::Int,
    MTy::UInt,
    MTy::Long,
    MTy::ULong,
    MTy::LongLong,
];

impl MTy {
    fn c_name(self) -> &'static str {
        match self {
            MTy::Char => "char",
            MTy::SChar => "signed char",
            MTy::UChar | MTy::Bytes(_) => "unsigned char",
            MTy::Short => "short",
            MTy::UShort => "unsigned short",
            MTy::Int => "int",
            MTy::UInt | MTy::Bit(_) => "unsigned",
            MTy::Long => "long",
            MTy::ULong => "unsigned long",
            MTy::LongLong => "long long",
            MTy::Nested(_) => "struct",
        }
    }

    fn format(self) -> &'static str {
        match self {
            MTy::UInt => "%u",
            MTy::Long => "%ld",
            MTy::ULong => "%lu",
            MTy::LongLong => "%lld",
            _ => "%d",
        }
    }

    /// The unsigned expression `e` converted for a store to a member of this type.
    fn convert(self, e: &str) -> String {
        match self {
            MTy::Long => format!("(long)({e}) * 7L"),
            MTy::ULong => format!("(unsigned long)({e}) * 2654435761UL"),
            MTy::LongLong => format!("(long long)({e}) * 1000003LL"),
            MTy::Bit(_) => format!("({e})"),
            t => format!("({})({e})", t.c_name()),
        }
    }
}

pub(super) struct Member {
    pub name: String,
    pub ty: MTy,
    /// Attributes written after the declarator (may be empty).
    pub attr: String,
}

pub(super) struct StructTy {
    pub name: String,
    pub members: Vec<Member>,
}

#[derive(Clone)]
pub(super) struct Inst {
    pub name: String,
    /// Index into `Globals::ly_types`.
    pub ty: usize,
    /// `Some(n)` for an array of `n` structs.
    pub count: Option<usize>,
}

/// A scalar reachable inside a struct: its access path (`.m1`, `.m3.m0`, `.m2[1]`) and type.
struct Leaf {
    path: String,
    ty: MTy,
}

impl Gen {
    /// The scalars of struct type `ty`, with their paths.
    fn ly_leaves(&self, ty: usize) -> Vec<Leaf> {
        let mut out = Vec::new();
        for m in &self.globals.ly_types[ty].members {
            match m.ty {
                MTy::Bytes(n) => {
                    for k in 0..n {
                        out.push(Leaf {
                            path: format!(".{}[{k}]", m.name),
                            ty: MTy::UChar,
                        });
                    }
                }
                MTy::Nested(t) => {
                    for l in self.ly_leaves(t) {
                        out.push(Leaf {
                            path: format!(".{}{}", m.name, l.path),
                            ty: l.ty,
                        });
                    }
                }
                t => out.push(Leaf {
                    path: format!(".{}", m.name),
                    ty: t,
                }),
            }
        }
        out
    }

    fn ly_member(&mut self, index: usize, nested_ok: bool) -> Member {
        let name = format!("m{index}");
        let ty = match self.rng.gen_range(0..20) {
            0..=13 => self.pick(&SCALARS),
            14 | 15 => MTy::Bytes(self.rng.gen_range(1..=5)),
            16 | 17 if nested_ok && !self.globals.ly_types.is_empty() => {
                MTy::Nested(self.rng.gen_range(0..self.globals.ly_types.len()))
            }
            18 | 19 if self.cfg.bitfields => MTy::Bit(self.rng.gen_range(1..=20)),
            _ => self.pick(&SCALARS),
        };
        let attr = if matches!(ty, MTy::Bit(_)) {
            String::new()
        } else {
            match self.rng.gen_range(0..10) {
                0 => format!(" __attribute__((aligned({})))", self.pick(&[2, 4, 8, 16])),
                1 => " __attribute__((packed))".to_string(),
                _ => String::new(),
            }
        };
        Member { name, ty, attr }
    }

    fn ly_decl_member(&self, m: &Member) -> String {
        match m.ty {
            MTy::Bytes(n) => format!("unsigned char {}[{n}]{};", m.name, m.attr),
            MTy::Nested(t) => format!(
                "struct {} {}{};",
                self.globals.ly_types[t].name, m.name, m.attr
            ),
            MTy::Bit(w) => format!("unsigned {} : {w};", m.name),
            t => format!("{} {}{};", t.c_name(), m.name, m.attr),
        }
    }

    pub(super) fn layout_decls(&mut self) {
        for _ in 0..self.rng.gen_range(1..=3) {
            let name = self.fresh("ly");
            let n = self.rng.gen_range(2..=6);
            let members: Vec<Member> = (0..n).map(|i| self.ly_member(i, true)).collect();
            let style = self.rng.gen_range(0..7);
            let pack = self.pick(&[1, 2, 4]);
            let (open, close) = match style {
                1 => (
                    format!("struct {name} {{"),
                    "} __attribute__((packed));".to_string(),
                ),
                2 => (
                    format!("struct __attribute__((packed)) {name} {{"),
                    "};".to_string(),
                ),
                4 => (
                    format!("struct {name} {{"),
                    format!("}} __attribute__((aligned({})));", self.pick(&[8, 16])),
                ),
                5 => (
                    format!("struct {name} {{"),
                    format!(
                        "}} __attribute__((packed, aligned({})));",
                        self.pick(&[2, 4, 8])
                    ),
                ),
                _ => (format!("struct {name} {{"), "};".to_string()),
            };
            if style == 3 {
                self.line(&format!("#pragma pack(push, {pack})"));
            }
            self.line(&open);
            for m in &members {
                let d = self.ly_decl_member(m);
                self.line(&format!("    {d}"));
            }
            self.line(&close);
            if style == 3 {
                self.line("#pragma pack(pop)");
            }
            self.globals.ly_types.push(StructTy { name, members });
        }
        if self.rng.gen_bool(0.5) {
            let ty = self.rng.gen_range(0..self.globals.ly_types.len());
            let name = self.fresh("gl");
            let tname = self.globals.ly_types[ty].name.clone();
            if self.rng.gen_bool(0.5) {
                let init = self.ly_initializer(ty);
                self.line(&format!("static struct {tname} {name} = {init};"));
            } else {
                self.line(&format!("static struct {tname} {name};"));
            }
            self.globals.ly_insts.push(Inst {
                name,
                ty,
                count: None,
            });
        }
        self.out.push('\n');
    }

    /// A positional initializer for the first members of struct type `ty`.
    fn ly_initializer(&mut self, ty: usize) -> String {
        let tys: Vec<MTy> = self.globals.ly_types[ty]
            .members
            .iter()
            .map(|m| m.ty)
            .collect();
        let take = self.rng.gen_range(1..=tys.len());
        let mut items = Vec::new();
        for t in tys.into_iter().take(take) {
            items.push(match t {
                MTy::Bytes(n) => {
                    let k = self.rng.gen_range(1..=n);
                    let v: Vec<String> = (0..k)
                        .map(|_| self.rng.gen_range(0..256).to_string())
                        .collect();
                    format!("{{{}}}", v.join(", "))
                }
                MTy::Nested(_) => "{0}".to_string(),
                MTy::UInt | MTy::ULong => format!("{}u", self.rng.gen::<u32>()),
                _ => self.rng.gen_range(-200..200).to_string(),
            });
        }
        format!("{{{}}}", items.join(", "))
    }

    pub(super) fn layout_locals(&mut self) {
        for _ in 0..self.rng.gen_range(1..=2) {
            let ty = self.rng.gen_range(0..self.globals.ly_types.len());
            let name = self.fresh("ls");
            let tname = self.globals.ly_types[ty].name.clone();
            let count = if self.rng.gen_bool(0.3) {
                Some(2)
            } else {
                None
            };
            match count {
                Some(n) => self.line(&format!(
                    "struct {tname} {name}[{n}]; memset({name}, 0, sizeof {name});"
                )),
                None => self.line(&format!(
                    "struct {tname} {name}; memset(&{name}, 0, sizeof {name});"
                )),
            }
            self.locals.ly_insts.push(Inst { name, ty, count });
        }
    }

    fn ly_writable(&self) -> Vec<Inst> {
        let mut v = self.locals.ly_insts.clone();
        if self.ctx == Ctx::Main {
            v.extend(self.globals.ly_insts.iter().cloned());
        }
        v
    }

    fn ly_readable(&self) -> Vec<Inst> {
        if self.ctx == Ctx::Pure {
            return Vec::new();
        }
        let mut v = self.locals.ly_insts.clone();
        v.extend(self.globals.ly_insts.iter().cloned());
        v
    }

    /// One struct object of the instance: `P`, or `P[j]` of an array.
    fn ly_object(&mut self, inst: &Inst, calls: bool) -> String {
        match inst.count {
            None => inst.name.clone(),
            Some(n) => {
                if self.rng.gen_bool(0.6) {
                    format!("{}[{}]", inst.name, self.rng.gen_range(0..n))
                } else {
                    let e = self.expr(1, calls);
                    format!("{}[({e}) % {n}u]", inst.name)
                }
            }
        }
    }

    pub(super) fn layout_stmt(&mut self, calls: bool) -> bool {
        let insts = self.ly_writable();
        if insts.is_empty() {
            return false;
        }
        let inst = insts[self.rng.gen_range(0..insts.len())].clone();
        let tname = self.globals.ly_types[inst.ty].name.clone();
        let leaves = self.ly_leaves(inst.ty);
        let depth = self.cfg.max_expr_depth;
        match self.rng.gen_range(0..7) {
            0..=2 => {
                let l = &leaves[self.rng.gen_range(0..leaves.len())];
                let (path, ty) = (l.path.clone(), l.ty);
                let obj = self.ly_object(&inst, false);
                let e = self.expr(depth, calls);
                self.line(&format!("{obj}{path} = {};", ty.convert(&e)));
            }
            3 => {
                let l = &leaves[self.rng.gen_range(0..leaves.len())];
                let (path, ty) = (l.path.clone(), l.ty);
                let obj = self.ly_object(&inst, false);
                let e = self.expr(depth, calls);
                let path = path.trim_start_matches('.');
                self.line(&format!(
                    "{{ struct {tname} *lp = &{obj}; lp->{path} = {}; }}",
                    ty.convert(&e)
                ));
            }
            4 => {
                let at = self.expr(1, false);
                let e = self.expr(depth, calls);
                let n = &inst.name;
                let base = if inst.count.is_some() {
                    n.clone()
                } else {
                    format!("&{n}")
                };
                self.line(&format!(
                    "((unsigned char *){base})[({at}) % sizeof {n}] = (unsigned char)({e});"
                ));
            }
            _ => {
                let srcs: Vec<Inst> = self
                    .ly_readable()
                    .into_iter()
                    .filter(|s| s.ty == inst.ty)
                    .collect();
                let src = srcs[self.rng.gen_range(0..srcs.len())].clone();
                let to = self.ly_object(&inst, false);
                let from = self.ly_object(&src, false);
                if to == from {
                    return false;
                }
                self.line(&format!("memcpy(&{to}, &{from}, sizeof(struct {tname}));"));
            }
        }
        true
    }

    pub(super) fn layout_expr(&mut self, depth: usize, calls: bool) -> Option<String> {
        let insts = self.ly_readable();
        if insts.is_empty() {
            return None;
        }
        let inst = insts[self.rng.gen_range(0..insts.len())].clone();
        let tname = self.globals.ly_types[inst.ty].name.clone();
        Some(match self.rng.gen_range(0..6) {
            0..=2 => {
                let leaves = self.ly_leaves(inst.ty);
                let path = leaves[self.rng.gen_range(0..leaves.len())].path.clone();
                let obj = self.ly_object(&inst, calls);
                format!("(unsigned){obj}{path}")
            }
            3 => {
                let members: Vec<String> = self.globals.ly_types[inst.ty]
                    .members
                    .iter()
                    .filter(|m| !matches!(m.ty, MTy::Bit(_)))
                    .map(|m| m.name.clone())
                    .collect();
                match self.rng.gen_range(0..3) {
                    0 if !members.is_empty() => {
                        let m = &members[self.rng.gen_range(0..members.len())];
                        format!("(unsigned)__builtin_offsetof(struct {tname}, {m})")
                    }
                    1 => format!("(unsigned)_Alignof(struct {tname})"),
                    _ => format!("(unsigned)sizeof(struct {tname})"),
                }
            }
            4 => {
                let at = self.expr(depth.min(1), calls);
                let n = &inst.name;
                let base = if inst.count.is_some() {
                    n.clone()
                } else {
                    format!("&{n}")
                };
                format!("(unsigned)((const unsigned char *){base})[({at}) % sizeof {n}]")
            }
            _ => format!("(unsigned)sizeof {}", inst.name),
        })
    }

    /// Print every member and the bytes of each instance; in `main` also the globals and
    /// `sizeof`, `_Alignof` and `offsetof` of every type and member.
    pub(super) fn layout_prints(&mut self, with_globals: bool) {
        let mut insts = self.locals.ly_insts.clone();
        if with_globals {
            for t in 0..self.globals.ly_types.len() {
                let tname = self.globals.ly_types[t].name.clone();
                self.line(&format!(
                    "printf(\"sizeof(struct {tname})=%u align=%u\\n\", (unsigned)sizeof(struct {tname}), (unsigned)_Alignof(struct {tname}));"
                ));
                let paths: Vec<String> = self
                    .ly_leaves(t)
                    .into_iter()
                    .filter(|l| !matches!(l.ty, MTy::Bit(_)))
                    .map(|l| l.path.trim_start_matches('.').to_string())
                    .collect();
                for p in paths {
                    self.line(&format!(
                        "printf(\"offsetof(struct {tname}, {p})=%u\\n\", (unsigned)__builtin_offsetof(struct {tname}, {p}));"
                    ));
                }
            }
            insts.extend(self.globals.ly_insts.iter().cloned());
        }
        for inst in insts {
            let leaves = self.ly_leaves(inst.ty);
            let objs: Vec<String> = match inst.count {
                None => vec![inst.name.clone()],
                Some(n) => (0..n).map(|j| format!("{}[{j}]", inst.name)).collect(),
            };
            for o in &objs {
                for l in &leaves {
                    let fmt = l.ty.format();
                    self.line(&format!(
                        "printf(\"{o}{}={fmt}\\n\", {o}{});",
                        l.path, l.path
                    ));
                }
            }
            match inst.count {
                None => self.print_bytes(&inst.name),
                Some(_) => {
                    let n = &inst.name;
                    self.line(&format!(
                        "{{ const unsigned char *bp = (const unsigned char *){n}; printf(\"{n} bytes:\"); for (unsigned k = 0; k < sizeof {n}; k++) printf(\" %02x\", bp[k]); printf(\"\\n\"); }}"
                    ));
                }
            }
        }
    }
}
