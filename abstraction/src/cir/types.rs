//! C types as CIR sees them, interned in a [`Types`] table, with the x86-64 (LP64) layout gcc uses.

use rustc_hash::FxHashMap as HashMap;

/// An interned type: an index into [`Types`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ty(pub u32);

/// A struct or union definition: an index into [`Types::structs`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StructId(pub u32);

/// An integer type: width in bits and signedness. `_Bool` is `bits: 8, signed: false, is_bool`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntKind {
    pub bits: u16,
    pub signed: bool,
    pub is_bool: bool,
}

/// A function signature.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FnSig {
    pub ret: Ty,
    pub params: Vec<Ty>,
    pub variadic: bool,
    /// False for an old-style declaration `int f();` whose parameters are unknown.
    pub prototyped: bool,
}

/// The shape of a type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeKind {
    Void,
    Int(IntKind),
    /// `float`, `double`, `long double` (width in bits). CIR has no float values: see docs/cir.md.
    Float(u16),
    Pointer(Ty),
    /// Element type and length (`None` for `T[]`, an incomplete array).
    Array(Ty, Option<u64>),
    /// A struct or union.
    Struct(StructId),
    Function(FnSig),
}

/// Most elements of an array whose pointer members [`Types::pointer_slots`] lists.
pub const MAX_SLOT_ELEMENTS: u64 = 64;

/// One member of a struct or union.
#[derive(Clone, Debug)]
pub struct Field {
    /// Member name; anonymous members get a synthetic name `<anon N>`.
    pub name: String,
    pub ty: Ty,
    /// Byte offset from the start of the struct (0 for every union member).
    pub offset: u64,
    /// Bit-field: (bit offset inside the storage unit at `offset`, width in bits).
    pub bitfield: Option<(u16, u16)>,
}

/// gcc's layout attributes of a struct, union or member.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LayoutAttrs {
    /// `__attribute__((packed))`: alignment 1, bit-fields packed to the bit.
    pub packed: bool,
    /// `__attribute__((aligned(N)))`: at least this alignment (bytes).
    pub aligned: Option<u64>,
}

/// A member of a struct or union being laid out.
#[derive(Clone, Debug)]
pub struct MemberSpec {
    pub name: String,
    pub ty: Ty,
    /// Bit-field width.
    pub width: Option<u16>,
    pub attrs: LayoutAttrs,
}

/// A struct or union definition.
#[derive(Clone, Debug)]
pub struct StructDef {
    /// Tag, or a synthetic `<anon N>` name.
    pub name: String,
    /// The first file-scope typedef naming this type (`typedef struct { .. } EXT;`), so
    /// that C generated after the translation unit can name an untagged struct.
    pub typedef_name: Option<String>,
    pub is_union: bool,
    /// `None` while the type is incomplete (declared, not yet defined).
    pub fields: Option<Vec<Field>>,
    pub size: u64,
    pub align: u64,
}

/// The data model: widths of `long` and pointers. Everything else is as on x86.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum DataModel {
    /// x86-64 Linux: `long` and pointers are 64 bits (what `gcc` on this machine compiles for).
    #[default]
    Lp64,
    /// 32-bit x86: `long` and pointers are 32 bits (the SV-COMP tasks' `ILP32`).
    Ilp32,
    /// Windows x64: `long` is 32 bits, pointers (and `size_t`) 64.
    Llp64,
}

impl DataModel {
    /// Width of `long` in bits.
    pub fn long_bits(self) -> u16 {
        match self {
            DataModel::Lp64 => 64,
            DataModel::Ilp32 | DataModel::Llp64 => 32,
        }
    }

    /// Width of pointers, `size_t` and `ptrdiff_t` in bits.
    pub fn pointer_bits(self) -> u16 {
        match self {
            DataModel::Lp64 | DataModel::Llp64 => 64,
            DataModel::Ilp32 => 32,
        }
    }
}

/// The type table of a program. Types are interned: equal shapes get equal [`Ty`].
#[derive(Clone, Debug, Default)]
pub struct Types {
    kinds: Vec<TypeKind>,
    index: HashMap<TypeKind, Ty>,
    /// All struct and union definitions.
    pub structs: Vec<StructDef>,
    /// Widths of `long` and pointers.
    pub data_model: DataModel,
}

impl Types {
    /// A table with nothing in it, for the LP64 data model.
    pub fn new() -> Self {
        Self::default()
    }

    /// A table with nothing in it, for the given data model.
    pub fn with_data_model(data_model: DataModel) -> Self {
        Types {
            data_model,
            ..Self::default()
        }
    }

    /// Size of a pointer in bytes.
    pub fn pointer_bytes(&self) -> u64 {
        self.data_model.pointer_bits() as u64 / 8
    }

    /// `long` (32 or 64 bits by the data model).
    pub fn long(&mut self) -> Ty {
        let b = self.data_model.long_bits();
        self.int_kind(b, true)
    }

    /// The type with this shape, interning it if new.
    pub fn intern(&mut self, kind: TypeKind) -> Ty {
        if let Some(&t) = self.index.get(&kind) {
            return t;
        }
        let t = Ty(self.kinds.len() as u32);
        self.kinds.push(kind.clone());
        self.index.insert(kind, t);
        t
    }

    /// The shape of `t`.
    pub fn kind(&self, t: Ty) -> &TypeKind {
        &self.kinds[t.0 as usize]
    }

    /// Number of interned types.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// True if no type has been interned.
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn void(&mut self) -> Ty {
        self.intern(TypeKind::Void)
    }

    pub fn int_kind(&mut self, bits: u16, signed: bool) -> Ty {
        self.intern(TypeKind::Int(IntKind {
            bits,
            signed,
            is_bool: false,
        }))
    }

    /// The type of this shape, if the program has it.
    pub fn find(&self, kind: &TypeKind) -> Option<Ty> {
        self.index.get(kind).copied()
    }

    /// `int`.
    pub fn int(&mut self) -> Ty {
        self.int_kind(32, true)
    }

    /// `char` (signed on x86-64).
    pub fn char(&mut self) -> Ty {
        self.int_kind(8, true)
    }

    /// `unsigned long`, the type of `sizeof`.
    pub fn size_t(&mut self) -> Ty {
        let b = self.data_model.pointer_bits();
        self.int_kind(b, false)
    }

    /// `long` (`long long` on LLP64), the type of a pointer difference.
    pub fn ptrdiff_t(&mut self) -> Ty {
        let b = self.data_model.pointer_bits();
        self.int_kind(b, true)
    }

    /// `_Bool`.
    pub fn bool(&mut self) -> Ty {
        self.intern(TypeKind::Int(IntKind {
            bits: 8,
            signed: false,
            is_bool: true,
        }))
    }

    pub fn pointer(&mut self, to: Ty) -> Ty {
        self.intern(TypeKind::Pointer(to))
    }

    pub fn array(&mut self, elem: Ty, len: Option<u64>) -> Ty {
        self.intern(TypeKind::Array(elem, len))
    }

    pub fn function(&mut self, sig: FnSig) -> Ty {
        self.intern(TypeKind::Function(sig))
    }

    /// A new struct or union with no fields yet (incomplete); see [`Types::complete_struct`].
    pub fn declare_struct(&mut self, name: String, is_union: bool) -> (StructId, Ty) {
        let id = StructId(self.structs.len() as u32);
        self.structs.push(StructDef {
            name,
            typedef_name: None,
            is_union,
            fields: None,
            size: 0,
            align: 1,
        });
        (id, self.intern(TypeKind::Struct(id)))
    }

    /// Give a declared struct or union its members, laying them out as gcc does on x86-64.
    /// `members` are (name, type, bit-field width). Offsets, size and alignment are computed here.
    pub fn complete_struct(&mut self, id: StructId, members: Vec<(String, Ty, Option<u16>)>) {
        let members = members
            .into_iter()
            .map(|(name, ty, width)| MemberSpec {
                name,
                ty,
                width,
                attrs: LayoutAttrs::default(),
            })
            .collect();
        self.complete_struct_with(id, members, LayoutAttrs::default(), None);
    }

    /// [`Types::complete_struct`] with gcc's layout attributes: the struct's own
    /// (`packed`, `aligned(N)`), each member's, and the `#pragma pack(N)` in effect.
    pub fn complete_struct_with(
        &mut self,
        id: StructId,
        members: Vec<MemberSpec>,
        attrs: LayoutAttrs,
        pack: Option<u64>,
    ) {
        let is_union = self.structs[id.0 as usize].is_union;
        let cap = |a: u64| match pack {
            Some(p) => a.min(p.max(1)),
            None => a,
        };
        let mut fields = Vec::with_capacity(members.len());
        let mut size = 0u64; // bytes used so far (struct) or max member size (union)
        let mut bit_pos = 0u64; // struct: current position in bits
        let mut align = 1u64;
        for m in members {
            let (name, ty) = (m.name, m.ty);
            let name_is_padding = name.starts_with("<pad");
            let fsize = self.size_of(ty).unwrap_or(0);
            let natural = self.align_of(ty).max(1);
            let packed = attrs.packed || m.attrs.packed;
            let mut falign = if packed { 1 } else { natural };
            if let Some(n) = m.attrs.aligned {
                falign = falign.max(n);
            }
            let falign = cap(falign);
            match m.width {
                Some(w) if !is_union => {
                    let unit_bits = fsize * 8;
                    if w == 0 {
                        // `int : 0` moves to the next unit of the type's alignment
                        let za = cap(natural) * 8;
                        bit_pos = bit_pos.div_ceil(za) * za;
                        continue;
                    }
                    // gcc: a bit-field goes at the current position unless it would cross
                    // a boundary of its type's alignment (none when packed)
                    let ua = falign * 8;
                    if !packed && unit_bits > 0 && (bit_pos % ua) + w as u64 > unit_bits {
                        bit_pos = bit_pos.div_ceil(ua) * ua;
                    }
                    let unit_start = if packed {
                        bit_pos / 8 * 8
                    } else {
                        bit_pos / ua * ua
                    };
                    fields.push(Field {
                        name,
                        ty,
                        offset: unit_start / 8,
                        bitfield: Some(((bit_pos - unit_start) as u16, w)),
                    });
                    bit_pos += w as u64;
                    // an unnamed bit-field does not align the struct (gcc on x86)
                    if !name_is_padding {
                        align = align.max(falign);
                    }
                    size = bit_pos.div_ceil(8);
                }
                Some(w) => {
                    fields.push(Field {
                        name,
                        ty,
                        offset: 0,
                        bitfield: Some((0, w)),
                    });
                    align = align.max(falign);
                    size = size.max(fsize);
                }
                None if is_union => {
                    fields.push(Field {
                        name,
                        ty,
                        offset: 0,
                        bitfield: None,
                    });
                    align = align.max(falign);
                    size = size.max(fsize);
                }
                None => {
                    let start = bit_pos.div_ceil(8).next_multiple_of(falign);
                    fields.push(Field {
                        name,
                        ty,
                        offset: start,
                        bitfield: None,
                    });
                    bit_pos = (start + fsize) * 8;
                    align = align.max(falign);
                    size = start + fsize;
                }
            }
        }
        if let Some(n) = attrs.aligned {
            align = align.max(n);
        }
        let size = size.next_multiple_of(align);
        // A packed bit-field's storage unit may reach past the end of the struct: move the
        // unit back (the field stays where it is).
        for f in &mut fields {
            if let Some((bit, w)) = f.bitfield {
                let unit = self.size_of(f.ty).unwrap_or(0);
                if f.offset + unit > size && !is_union {
                    let back = (f.offset + unit - size).min(f.offset);
                    f.offset -= back;
                    f.bitfield = Some((bit + (back * 8) as u16, w));
                }
            }
        }
        let def = &mut self.structs[id.0 as usize];
        def.size = size;
        def.align = align;
        def.fields = Some(fields);
    }

    /// The definition of a struct or union.
    /// How C at the end of the translation unit names struct or union `id`: `struct TAG`,
    /// else its file-scope typedef name; `None` for an untagged one no typedef names.
    pub fn c_name(&self, id: StructId) -> Option<String> {
        let d = self.struct_def(id);
        if !d.name.starts_with('<') && !d.name.is_empty() {
            let kw = if d.is_union { "union" } else { "struct" };
            return Some(format!("{kw} {}", d.name));
        }
        d.typedef_name.clone()
    }

    /// Records `name` as a file-scope typedef of `t` (the first one names an untagged
    /// struct, see [`Types::c_name`]).
    pub fn note_typedef(&mut self, t: Ty, name: &str) {
        if let TypeKind::Struct(s) = *self.kind(t) {
            let d = &mut self.structs[s.0 as usize];
            if d.typedef_name.is_none() {
                d.typedef_name = Some(name.to_string());
            }
        }
    }

    /// The data-pointer members of an aggregate of type `t` (through nested structs and
    /// arrays of at most [`MAX_SLOT_ELEMENTS`] elements; not inside unions): each as its
    /// byte offset and its access path from `base`. Function pointers are left
    /// out. Array indices are constants of type `index` (`int`).
    pub fn pointer_slots(&self, t: Ty, base: &super::Lval, index: Ty) -> Vec<(u64, super::Lval)> {
        let mut out = Vec::new();
        self.pointer_slots_in(t, 0, base.clone(), index, &mut out);
        out
    }

    fn pointer_slots_in(
        &self,
        t: Ty,
        off: u64,
        at: super::Lval,
        index: Ty,
        out: &mut Vec<(u64, super::Lval)>,
    ) {
        match self.kind(t) {
            TypeKind::Pointer(p) if !matches!(self.kind(*p), TypeKind::Function(_)) => {
                out.push((off, at))
            }
            TypeKind::Struct(sid) => {
                let def = self.struct_def(*sid);
                let (false, Some(fields)) = (def.is_union, &def.fields) else {
                    return;
                };
                for (k, f) in fields.iter().enumerate() {
                    if f.bitfield.is_none() {
                        let lv = super::Lval::Field(Box::new(at.clone()), *sid, k as u32);
                        self.pointer_slots_in(f.ty, off + f.offset, lv, index, out);
                    }
                }
            }
            TypeKind::Array(e, Some(n)) if *n <= MAX_SLOT_ELEMENTS => {
                let Some(size) = self.size_of(*e) else { return };
                for i in 0..*n {
                    let idx = super::Expr {
                        kind: super::ExprKind::Int(i128::from(i)),
                        ty: index,
                    };
                    let lv = super::Lval::Index(Box::new(at.clone()), Box::new(idx));
                    self.pointer_slots_in(*e, off + i * size, lv, index, out);
                }
            }
            _ => {}
        }
    }

    pub fn struct_def(&self, id: StructId) -> &StructDef {
        &self.structs[id.0 as usize]
    }

    /// `sizeof(t)` in bytes; `None` for incomplete types, functions and `void`.
    pub fn size_of(&self, t: Ty) -> Option<u64> {
        match self.kind(t) {
            TypeKind::Void | TypeKind::Function(_) => None,
            TypeKind::Int(k) => Some(k.bits as u64 / 8),
            TypeKind::Float(bits) => Some(if *bits > 64 { 16 } else { *bits as u64 / 8 }),
            TypeKind::Pointer(_) => Some(self.pointer_bytes()),
            TypeKind::Array(e, n) => Some(self.size_of(*e)? * (*n)?),
            TypeKind::Struct(s) => {
                let d = self.struct_def(*s);
                d.fields.as_ref().map(|_| d.size)
            }
        }
    }

    /// `_Alignof(t)` in bytes (1 for incomplete types).
    pub fn align_of(&self, t: Ty) -> u64 {
        match self.kind(t) {
            TypeKind::Void | TypeKind::Function(_) => 1,
            // long long is 4-aligned on i386, as gcc -m32 lays it out in structs.
            TypeKind::Int(k) if self.data_model == DataModel::Ilp32 => (k.bits as u64 / 8).min(4),
            TypeKind::Int(k) => k.bits as u64 / 8,
            TypeKind::Float(64) if self.data_model == DataModel::Ilp32 => 4,
            TypeKind::Float(bits) => {
                if *bits > 64 {
                    16
                } else {
                    *bits as u64 / 8
                }
            }
            TypeKind::Pointer(_) => self.pointer_bytes(),
            TypeKind::Array(e, _) => self.align_of(*e),
            TypeKind::Struct(s) => self.struct_def(*s).align,
        }
    }

    /// The integer kind of `t`, if it is an integer type.
    pub fn as_int(&self, t: Ty) -> Option<IntKind> {
        match self.kind(t) {
            TypeKind::Int(k) => Some(*k),
            _ => None,
        }
    }

    /// The pointee of a pointer type.
    pub fn pointee(&self, t: Ty) -> Option<Ty> {
        match self.kind(t) {
            TypeKind::Pointer(p) => Some(*p),
            _ => None,
        }
    }

    /// The element type of an array type.
    pub fn elem(&self, t: Ty) -> Option<Ty> {
        match self.kind(t) {
            TypeKind::Array(e, _) => Some(*e),
            _ => None,
        }
    }

    /// The fields of a complete struct or union type.
    pub fn fields(&self, t: Ty) -> Option<&[Field]> {
        match self.kind(t) {
            TypeKind::Struct(s) => self.struct_def(*s).fields.as_deref(),
            _ => None,
        }
    }

    /// The signature of a function type, or of a pointer to one.
    pub fn fn_sig(&self, t: Ty) -> Option<&FnSig> {
        match self.kind(t) {
            TypeKind::Function(s) => Some(s),
            TypeKind::Pointer(p) => match self.kind(*p) {
                TypeKind::Function(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// Integers and pointers: the types a single machine value has.
    pub fn is_scalar(&self, t: Ty) -> bool {
        matches!(
            self.kind(t),
            TypeKind::Int(_) | TypeKind::Pointer(_) | TypeKind::Float(_)
        )
    }

    pub fn is_pointer(&self, t: Ty) -> bool {
        matches!(self.kind(t), TypeKind::Pointer(_))
    }

    pub fn is_integer(&self, t: Ty) -> bool {
        matches!(self.kind(t), TypeKind::Int(_))
    }

    /// True if values of this type may hold a pointer (pointers, and aggregates containing one).
    pub fn may_hold_pointer(&self, t: Ty) -> bool {
        match self.kind(t) {
            TypeKind::Pointer(_) => true,
            TypeKind::Array(e, _) => self.may_hold_pointer(*e),
            TypeKind::Struct(s) => self
                .struct_def(*s)
                .fields
                .as_ref()
                .is_some_and(|fs| fs.iter().any(|f| self.may_hold_pointer(f.ty))),
            _ => false,
        }
    }

    /// C spelling of a type, e.g. `struct node *`, `int [4]`, `int (*)(int)`.
    pub fn display(&self, t: Ty) -> String {
        self.declare(t, "")
    }

    /// C declaration of `name` with type `t`, e.g. `int *a[3]`.
    pub fn declare(&self, t: Ty, name: &str) -> String {
        match self.kind(t) {
            TypeKind::Void => join("void", name),
            TypeKind::Int(k) => join(int_name(*k), name),
            TypeKind::Float(32) => join("float", name),
            TypeKind::Float(64) => join("double", name),
            TypeKind::Float(_) => join("long double", name),
            TypeKind::Struct(s) => {
                let d = self.struct_def(*s);
                let kw = if d.is_union { "union" } else { "struct" };
                join(&format!("{kw} {}", d.name), name)
            }
            TypeKind::Pointer(p) => {
                let inner = format!("*{name}");
                match self.kind(*p) {
                    TypeKind::Array(..) | TypeKind::Function(_) => {
                        self.declare(*p, &format!("({inner})"))
                    }
                    _ => self.declare(*p, &inner),
                }
            }
            TypeKind::Array(e, n) => {
                let n = n.map(|n| n.to_string()).unwrap_or_default();
                self.declare(*e, &format!("{name}[{n}]"))
            }
            TypeKind::Function(sig) => {
                let mut ps: Vec<String> = sig.params.iter().map(|p| self.display(*p)).collect();
                if sig.variadic {
                    ps.push("...".into());
                }
                if ps.is_empty() && sig.prototyped {
                    ps.push("void".into());
                }
                self.declare(sig.ret, &format!("{name}({})", ps.join(", ")))
            }
        }
    }
}

fn join(base: &str, name: &str) -> String {
    if name.is_empty() {
        base.to_string()
    } else {
        format!("{base} {name}")
    }
}

fn int_name(k: IntKind) -> &'static str {
    if k.is_bool {
        return "_Bool";
    }
    match (k.bits, k.signed) {
        (8, true) => "char",
        (8, false) => "unsigned char",
        (16, true) => "short",
        (16, false) => "unsigned short",
        (32, true) => "int",
        (32, false) => "unsigned int",
        (64, true) => "long long",
        (64, false) => "unsigned long long",
        (128, true) => "__int128",
        _ => "unsigned __int128",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn struct_layout_matches_gcc_x86_64() {
        let mut t = Types::new();
        let c = t.char();
        let i = t.int();
        let l = t.int_kind(64, true);
        let (s, st) = t.declare_struct("s".into(), false);
        // struct s { char a; int b; char c; long d; }  -> offsets 0,4,8,16 size 24
        t.complete_struct(
            s,
            vec![
                ("a".into(), c, None),
                ("b".into(), i, None),
                ("c".into(), c, None),
                ("d".into(), l, None),
            ],
        );
        let offs: Vec<u64> = t.fields(st).unwrap().iter().map(|f| f.offset).collect();
        assert_eq!(offs, vec![0, 4, 8, 16]);
        assert_eq!(t.size_of(st), Some(24));
        assert_eq!(t.align_of(st), 8);
        let (u, ut) = t.declare_struct("u".into(), true);
        t.complete_struct(u, vec![("x".into(), c, None), ("y".into(), l, None)]);
        assert_eq!(t.size_of(ut), Some(8));
        let arr = t.array(st, Some(3));
        assert_eq!(t.size_of(arr), Some(72));
    }

    #[test]
    fn bitfields_pack_into_units() {
        let mut t = Types::new();
        let i = t.int_kind(32, false);
        let (s, st) = t.declare_struct("b".into(), false);
        // struct b { unsigned a:3, b:30, c:2; } -> a@0 bit0, b@4 bit0 (would straddle), c@4 bit30
        t.complete_struct(
            s,
            vec![
                ("a".into(), i, Some(3)),
                ("b".into(), i, Some(30)),
                ("c".into(), i, Some(2)),
            ],
        );
        let fs = t.fields(st).unwrap();
        assert_eq!((fs[0].offset, fs[0].bitfield), (0, Some((0, 3))));
        assert_eq!((fs[1].offset, fs[1].bitfield), (4, Some((0, 30))));
        assert_eq!((fs[2].offset, fs[2].bitfield), (4, Some((30, 2))));
        assert_eq!(t.size_of(st), Some(8));
    }

    #[test]
    fn declarations_print_like_c() {
        let mut t = Types::new();
        let i = t.int();
        let p = t.pointer(i);
        let a = t.array(p, Some(3));
        assert_eq!(t.declare(a, "x"), "int *x[3]");
        let f = t.function(FnSig {
            ret: i,
            params: vec![i],
            variadic: false,
            prototyped: true,
        });
        let fp = t.pointer(f);
        assert_eq!(t.declare(fp, "g"), "int (*g)(int)");
    }
}
