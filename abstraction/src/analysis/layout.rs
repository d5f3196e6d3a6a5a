//! Byte-offset layouts of abstract objects, for field-sensitive points-to analysis.
//!
//! An abstract location is an object and a *normalized* byte offset into it. Normalization
//! is a function of the object's layout type `T` (see [`normalize`]): the offset is first
//! reduced modulo `sizeof(T)` (every object is treated as an array of its type, which also
//! covers heap objects holding arrays and one-past-the-end pointers), then array elements
//! are collapsed (an offset inside `a[i]` maps to the same offset inside `a[0]`), a whole
//! union maps to its start, and an offset inside a scalar maps to the scalar's start.
//! Padding bytes normalize to themselves.
//!
//! Because the concrete-to-abstract mapping (used by the soundness checker) and the
//! abstract transfer functions both go through [`normalize`], they agree by construction.

use crate::cir::{Ty, TypeKind, Types};
use std::collections::BTreeSet;

/// Above this many candidate offsets, pointer arithmetic yields every location of the object.
pub const SPREAD_LIMIT: u64 = 4096;

/// The innermost element type of (possibly nested) array types; `t` itself otherwise.
pub fn strip_arrays(types: &Types, mut t: Ty) -> Ty {
    while let TypeKind::Array(e, _) = types.kind(t) {
        t = *e;
    }
    t
}

/// `sizeof(t)`, with 0 for incomplete types, `void` and functions.
pub fn size(types: &Types, t: Ty) -> u64 {
    types.size_of(t).unwrap_or(0)
}

/// The normalized offset of byte `off` of an object whose layout type is `t`.
pub fn normalize(types: &Types, t: Ty, off: i64) -> u64 {
    let s = size(types, t);
    if s == 0 {
        return 0;
    }
    let c = off.rem_euclid(s.min(i64::MAX as u64) as i64) as u64;
    norm_in(types, t, c)
}

/// Normalize `c`, which lies in `[0, sizeof(t))`.
fn norm_in(types: &Types, t: Ty, c: u64) -> u64 {
    match types.kind(t) {
        TypeKind::Struct(sid) => {
            let def = types.struct_def(*sid);
            if def.is_union {
                return 0;
            }
            let Some(fields) = &def.fields else {
                return 0;
            };
            for f in fields {
                let fs = size(types, f.ty);
                if fs > 0 && f.offset <= c && c < f.offset + fs {
                    return f.offset + norm_in(types, f.ty, c - f.offset);
                }
            }
            // Padding.
            c
        }
        TypeKind::Array(e, _) => {
            let es = size(types, *e);
            if es == 0 {
                0
            } else {
                norm_in(types, *e, c % es)
            }
        }
        _ => 0,
    }
}

/// True if an access of type `want` at byte `off` of a `t` touches exactly the
/// sub-object there and no other byte of a `t` normalizes to its location: the way from `t`
/// to `off` passes no array (whose elements share locations) and no union (one location for
/// all its members) and ends at a sub-object of type `want`, or at the start of a scalar of
/// `want`'s size (a location stands for every byte of its scalar).
pub fn exact_at(types: &Types, t: Ty, off: u64, want: Ty) -> bool {
    if t == want && off == 0 {
        return true;
    }
    match types.kind(t) {
        TypeKind::Struct(sid) => {
            let def = types.struct_def(*sid);
            if def.is_union {
                return false;
            }
            let Some(fields) = &def.fields else {
                return false;
            };
            fields.iter().any(|f| {
                let fs = size(types, f.ty);
                f.bitfield.is_none()
                    && fs > 0
                    && f.offset <= off
                    && off < f.offset + fs
                    && exact_at(types, f.ty, off - f.offset, want)
            })
        }
        TypeKind::Int(_) | TypeKind::Pointer(_) | TypeKind::Float(_) => {
            off == 0 && types.is_scalar(want) && size(types, t) == size(types, want)
        }
        _ => false,
    }
}

/// The normalized offsets of the scalar cells of a `t` (unions count as one cell), shifted
/// by `base`. Never empty: an object always has at least the location at its start.
pub fn leaves(types: &Types, t: Ty) -> BTreeSet<u64> {
    let mut out = BTreeSet::new();
    leaves_in(types, t, 0, &mut out);
    if out.is_empty() {
        out.insert(0);
    }
    out
}

fn leaves_in(types: &Types, t: Ty, base: u64, out: &mut BTreeSet<u64>) {
    match types.kind(t) {
        TypeKind::Struct(sid) => {
            let def = types.struct_def(*sid);
            match &def.fields {
                Some(fields) if !def.is_union => {
                    for f in fields {
                        if size(types, f.ty) > 0 {
                            leaves_in(types, f.ty, base + f.offset, out);
                        }
                    }
                }
                _ => {
                    out.insert(base);
                }
            }
        }
        TypeKind::Array(e, n) => {
            if *n != Some(0) && size(types, *e) > 0 {
                leaves_in(types, *e, base, out);
            }
        }
        _ => {
            out.insert(base);
        }
    }
}

/// True if `t` has an array type anywhere inside it (not counting `t` itself being an array).
pub fn has_nested_array(types: &Types, t: Ty) -> bool {
    fn walk(types: &Types, t: Ty) -> bool {
        match types.kind(t) {
            TypeKind::Array(..) => true,
            TypeKind::Struct(sid) => types
                .struct_def(*sid)
                .fields
                .as_ref()
                .is_some_and(|fs| fs.iter().any(|f| walk(types, f.ty))),
            _ => false,
        }
    }
    walk(types, strip_arrays(types, t))
}

/// The gcd of `sizeof(t)` and the element sizes of all arrays nested in `t`: concrete
/// offsets that normalize to the same location differ by a multiple of it.
fn array_gcd(types: &Types, t: Ty) -> u64 {
    fn walk(types: &Types, t: Ty, g: &mut u64) {
        match types.kind(t) {
            TypeKind::Array(e, _) => {
                *g = gcd(*g, size(types, *e));
                walk(types, *e, g);
            }
            TypeKind::Struct(sid) => {
                if let Some(fs) = &types.struct_def(*sid).fields {
                    for f in fs {
                        walk(types, f.ty, g);
                    }
                }
            }
            _ => {}
        }
    }
    let mut g = size(types, t);
    walk(types, t, &mut g);
    g
}

/// Greatest common divisor (`gcd(0, x) == x`).
pub fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The normalized offsets a pointer at normalized offset `off` of an object with layout `t`
/// may reach by adding any multiple of `stride` bytes (pointer arithmetic). Sound for every
/// concrete offset that normalizes to `off`.
pub fn spread(types: &Types, t: Ty, off: u64, stride: u64) -> BTreeSet<u64> {
    let s = size(types, t);
    let mut out = BTreeSet::new();
    if s == 0 {
        out.insert(0);
        return out;
    }
    let g = gcd(stride, array_gcd(types, t)).max(1);
    let count = s / g;
    // byte steps reach every offset: all of them, without normalizing each byte
    if g == 1 || count > SPREAD_LIMIT {
        out.extend(all_offsets(types, t));
        return out;
    }
    let start = off % g;
    for k in 0..count {
        out.insert(normalize(types, t, (start + k * g) as i64));
    }
    out
}

/// The concrete offsets in `[0, sizeof(t))` that normalize to `off` (the bytes of the
/// scalar or union starting there, in every element of the arrays on the way), or `None`
/// when there are more than [`SPREAD_LIMIT`].
pub fn preimage(types: &Types, t: Ty, off: u64) -> Option<BTreeSet<u64>> {
    let mut out = BTreeSet::new();
    pre_in(types, t, off, 0, &mut out)?;
    Some(out)
}

fn pre_in(types: &Types, t: Ty, off: u64, base: u64, out: &mut BTreeSet<u64>) -> Option<()> {
    let s = size(types, t);
    let whole = |out: &mut BTreeSet<u64>| -> Option<()> {
        if out.len() as u64 + s > SPREAD_LIMIT {
            return None;
        }
        out.extend(base..base + s.max(1));
        Some(())
    };
    match types.kind(t) {
        TypeKind::Struct(sid) => {
            let def = types.struct_def(*sid);
            let Some(fields) = def.fields.as_ref().filter(|_| !def.is_union) else {
                // a union (or an incomplete struct) is one location: all of its bytes
                return if off == 0 { whole(out) } else { None };
            };
            for f in fields {
                let fs = size(types, f.ty);
                if fs > 0 && f.offset <= off && off < f.offset + fs {
                    return pre_in(types, f.ty, off - f.offset, base + f.offset, out);
                }
            }
            // padding normalizes to itself
            out.insert(base + off);
            Some(())
        }
        TypeKind::Array(e, _) => {
            let es = size(types, *e);
            if es == 0 {
                return None;
            }
            for i in 0..s / es {
                pre_in(types, *e, off, base + i * es, out)?;
                if out.len() as u64 > SPREAD_LIMIT {
                    return None;
                }
            }
            Some(())
        }
        _ => {
            if off == 0 {
                whole(out)
            } else {
                None
            }
        }
    }
}

/// Every normalized offset of an object with layout `t`: its cells and its padding bytes.
pub fn all_offsets(types: &Types, t: Ty) -> BTreeSet<u64> {
    let mut out = leaves(types, t);
    out.extend(padding_offsets(types, t));
    out
}

/// The padding offsets of `t` (bytes outside every cell, which normalize to themselves).
fn padding_offsets(types: &Types, t: Ty) -> BTreeSet<u64> {
    fn walk(types: &Types, t: Ty, base: u64, out: &mut BTreeSet<u64>) {
        match types.kind(t) {
            TypeKind::Struct(sid) => {
                let def = types.struct_def(*sid);
                let Some(fields) = &def.fields else { return };
                if def.is_union {
                    return;
                }
                let mut end = 0u64;
                for f in fields {
                    let fs = size(types, f.ty);
                    if fs == 0 {
                        continue;
                    }
                    out.extend((end..f.offset).map(|c| base + c));
                    walk(types, f.ty, base + f.offset, out);
                    end = end.max(f.offset + fs);
                }
                out.extend((end..def.size).map(|c| base + c));
            }
            TypeKind::Array(e, _) => walk(types, *e, base, out),
            _ => {}
        }
    }
    let mut out = BTreeSet::new();
    walk(types, t, 0, &mut out);
    out
}

/// True if reading or writing a `view` at normalized offset `off` of an object with layout
/// `t` keeps offset arithmetic consistent with normalization, so the object can stay
/// field-sensitive. False means the object must be collapsed.
pub fn view_compatible(types: &Types, t: Ty, off: u64, view: Ty) -> bool {
    let v = strip_arrays(types, view);
    if matches!(types.kind(v), TypeKind::Void | TypeKind::Function(_)) {
        return true;
    }
    let Some(vs) = types.size_of(v) else {
        // An incomplete type cannot be read or written.
        return true;
    };
    let view_has_array =
        matches!(types.kind(view), TypeKind::Array(..)) || has_nested_array(types, view);
    if !has_nested_array(types, t) && !view_has_array {
        // Without arrays, normalization is "modulo size, then cell start": any view agrees.
        return true;
    }
    // An array view is indexed as an array: it must land on an array region (the object
    // itself is one, being treated as an array of its layout type).
    let view_is_array = matches!(types.kind(view), TypeKind::Array(..));
    let mut cur = t;
    let mut c = off;
    let mut top = true;
    loop {
        let region_ok = !view_is_array || top || matches!(types.kind(cur), TypeKind::Array(..));
        if c == 0 && region_ok {
            let cs = strip_arrays(types, cur);
            if cs == v || (types.is_scalar(cs) && types.is_scalar(v) && size(types, cs) == vs) {
                return true;
            }
        }
        top = false;
        match types.kind(cur) {
            TypeKind::Array(e, _) => {
                let es = size(types, *e);
                if es == 0 {
                    return false;
                }
                c %= es;
                cur = *e;
            }
            TypeKind::Struct(sid) => {
                let def = types.struct_def(*sid);
                if def.is_union {
                    // A union is one cell: everything inside it maps to its start.
                    return c + vs <= def.size;
                }
                let Some(fields) = &def.fields else {
                    return false;
                };
                let Some(f) = fields.iter().find(|f| {
                    let fs = size(types, f.ty);
                    fs > 0 && f.offset <= c && c < f.offset + fs
                }) else {
                    return false;
                };
                c -= f.offset;
                cur = f.ty;
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preimages_are_every_byte_that_normalizes_to_an_offset() {
        let mut t = Types::new();
        let i = t.int();
        let ip = t.pointer(i);
        let arr = t.array(ip, Some(4));
        let (s, st) = t.declare_struct("s".into(), false);
        // struct s { int x; int *a[4]; int *p; } -> x@0, a@8..40, p@40, size 48
        t.complete_struct(
            s,
            vec![
                ("x".into(), i, None),
                ("a".into(), arr, None),
                ("p".into(), ip, None),
            ],
        );
        // brute force: the bytes of one object that normalize to each offset
        for off in [0u64, 4, 8, 40] {
            let brute: BTreeSet<u64> = (0..48u64)
                .filter(|&c| normalize(&t, st, c as i64) == off)
                .collect();
            assert_eq!(preimage(&t, st, off), Some(brute), "offset {off}");
        }
        // `p - 40` from `p`: the bytes of `p` go back to the bytes of `x` (its start) and
        // the padding after it, nowhere else
        let back: BTreeSet<u64> = preimage(&t, st, 40)
            .unwrap()
            .into_iter()
            .map(|c| normalize(&t, st, c as i64 - 40))
            .collect();
        assert_eq!(back, BTreeSet::from([0, 4, 5, 6, 7]));
    }

    #[test]
    fn normalization_collapses_arrays_and_unions() {
        let mut t = Types::new();
        let i = t.int();
        let ip = t.pointer(i);
        let arr = t.array(ip, Some(4));
        let (s, st) = t.declare_struct("s".into(), false);
        // struct s { int x; int *a[4]; int *p; } -> x@0, a@8..40, p@40, size 48
        t.complete_struct(
            s,
            vec![
                ("x".into(), i, None),
                ("a".into(), arr, None),
                ("p".into(), ip, None),
            ],
        );
        assert_eq!(normalize(&t, st, 0), 0);
        assert_eq!(normalize(&t, st, 2), 0);
        assert_eq!(normalize(&t, st, 4), 4); // padding
        assert_eq!(normalize(&t, st, 8), 8);
        assert_eq!(normalize(&t, st, 24), 8);
        assert_eq!(normalize(&t, st, 40), 40);
        assert_eq!(normalize(&t, st, 48 + 40), 40);
        assert_eq!(normalize(&t, st, -8), 40);
        assert_eq!(leaves(&t, st), BTreeSet::from([0, 8, 40]));
        // Pointer stride 8 from inside `a`: only multiples of 8 are reachable.
        assert_eq!(spread(&t, st, 8, 8), BTreeSet::from([0, 8, 40]));
        // int stride: the padding after `x` too.
        assert_eq!(spread(&t, st, 8, 4), BTreeSet::from([0, 4, 8, 40]));
        assert_eq!(all_offsets(&t, st), BTreeSet::from([0, 4, 5, 6, 7, 8, 40]));
        let (u, ut) = t.declare_struct("u".into(), true);
        t.complete_struct(u, vec![("a".into(), i, None), ("b".into(), ip, None)]);
        assert_eq!(normalize(&t, ut, 4), 0);
        assert_eq!(leaves(&t, ut), BTreeSet::from([0]));
    }

    #[test]
    fn views_with_arrays_must_match() {
        let mut t = Types::new();
        let i = t.int();
        let c = t.char();
        let ip = t.pointer(i);
        let arr = t.array(ip, Some(2));
        let (s, st) = t.declare_struct("s".into(), false);
        t.complete_struct(s, vec![("a".into(), arr, None), ("n".into(), i, None)]);
        assert!(view_compatible(&t, st, 0, st));
        assert!(view_compatible(&t, st, 0, ip));
        assert!(view_compatible(&t, st, 0, arr));
        assert!(view_compatible(&t, st, 16, i));
        assert!(!view_compatible(&t, st, 0, c));
        let (q, qt) = t.declare_struct("q".into(), false);
        t.complete_struct(q, vec![("p".into(), ip, None), ("r".into(), ip, None)]);
        // Two structs without arrays: compatible in any combination.
        assert!(view_compatible(&t, qt, 0, c));
        // An array view over a struct without a matching array is not.
        assert!(!view_compatible(&t, qt, 0, arr));
    }
}
