//! [`Feature::Callbacks`](super::Feature::Callbacks): `qsort` and `bsearch` with
//! comparators, on the `unsigned` arrays in scope (whole or a suffix, variable length
//! arrays included), on `unsigned char` arrays and on arrays of `struct { unsigned k;
//! unsigned v; }`. Comparators order by a pure key function first and by the whole value
//! second (ascending or descending), so they are consistent total orders and the sorted
//! result is determined even though `qsort` is not stable. `bsearch` searches with the
//! comparator the array was just sorted with; its result is printed as found / not found
//! and by the value found, never by position (equal elements may be found at any of their
//! positions).

use super::{Ctx, Gen};
use rand::Rng;

/// The element type a comparator compares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum Elem {
    UInt,
    UChar,
    Kv,
}

#[derive(Clone)]
pub(super) struct Cmp {
    pub name: String,
    pub elem: Elem,
}

/// A local array of `unsigned char` or of the key/value struct.
#[derive(Clone)]
pub(super) struct KvArray {
    pub name: String,
    pub len: usize,
    pub elem: Elem,
}

#[derive(Default)]
pub(super) struct Globals {
    /// The key/value struct type.
    pub kv_ty: String,
    pub cmps: Vec<Cmp>,
}

impl Gen {
    pub(super) fn callback_decls(&mut self) {
        let kv = self.fresh("kv");
        self.line(&format!("struct {kv} {{ unsigned k; unsigned v; }};"));
        self.globals.cb.kv_ty = kv.clone();
        let depth = self.cfg.max_expr_depth.min(2);
        for elem in [Elem::UInt, Elem::UInt, Elem::UChar, Elem::Kv] {
            if elem == Elem::UInt && !self.globals.cb.cmps.is_empty() && self.rng.gen_bool(0.5) {
                continue;
            }
            let key = self.fresh("key");
            let body = self.in_pure(&["x"], |g| g.expr(depth, false));
            self.line(&format!(
                "static unsigned {key}(unsigned x) {{ return {body}; }}"
            ));
            let name = self.fresh("cmp");
            let desc = self.rng.gen_bool(0.3);
            let (lt, gt) = if desc { ("1", "-1") } else { ("-1", "1") };
            let whole = if desc {
                "(b > a) - (b < a)"
            } else {
                "(a > b) - (a < b)"
            };
            let text = match elem {
                Elem::UInt => format!(
                    "static int {name}(const void *pa, const void *pb) {{ unsigned a = *(const unsigned *)pa, b = *(const unsigned *)pb; unsigned ka = {key}(a), kb = {key}(b); if (ka != kb) return ka < kb ? {lt} : {gt}; return {whole}; }}"
                ),
                Elem::UChar => {
                    if self.rng.gen_bool(0.5) {
                        format!(
                            "static int {name}(const void *pa, const void *pb) {{ const unsigned char *a = pa, *b = pb; return {}; }}",
                            if desc { "*b - *a" } else { "*a - *b" }
                        )
                    } else {
                        format!(
                            "static int {name}(const void *pa, const void *pb) {{ unsigned a = *(const unsigned char *)pa, b = *(const unsigned char *)pb; unsigned ka = {key}(a), kb = {key}(b); if (ka != kb) return ka < kb ? {lt} : {gt}; return {whole}; }}"
                        )
                    }
                }
                Elem::Kv => format!(
                    "static int {name}(const void *pa, const void *pb) {{ const struct {kv} *p = pa, *q = pb; unsigned ka = {key}(p->k), kb = {key}(q->k); if (ka != kb) return ka < kb ? {lt} : {gt}; if (p->k != q->k) return p->k < q->k ? -1 : 1; return (p->v > q->v) - (p->v < q->v); }}"
                ),
            };
            self.line(&text);
            self.globals.cb.cmps.push(Cmp { name, elem });
        }
        self.out.push('\n');
    }

    pub(super) fn callback_locals(&mut self) {
        if self.rng.gen_bool(0.6) {
            let name = self.fresh("kva");
            let len = self.rng.gen_range(2..=6);
            let kv = self.globals.cb.kv_ty.clone();
            let elems: Vec<String> = (0..len)
                .map(|_| {
                    let k = self.rng.gen_range(0..4);
                    let v = self.rng.gen_range(0..1000);
                    format!("{{{k}u, {v}u}}")
                })
                .collect();
            self.line(&format!(
                "struct {kv} {name}[{len}] = {{{}}};",
                elems.join(", ")
            ));
            self.locals.kv_arrays.push(KvArray {
                name,
                len,
                elem: Elem::Kv,
            });
        }
        if self.rng.gen_bool(0.5) {
            let name = self.fresh("cba");
            let len = self.rng.gen_range(2..=7);
            let elems: Vec<String> = (0..len)
                .map(|_| self.rng.gen_range(0..256).to_string())
                .collect();
            self.line(&format!(
                "unsigned char {name}[{len}] = {{{}}};",
                elems.join(", ")
            ));
            self.locals.kv_arrays.push(KvArray {
                name,
                len,
                elem: Elem::UChar,
            });
        }
    }

    fn cb_cmp(&mut self, elem: Elem) -> String {
        let cands: Vec<String> = self
            .globals
            .cb
            .cmps
            .iter()
            .filter(|c| c.elem == elem)
            .map(|c| c.name.clone())
            .collect();
        self.pick_str(&cands)
    }

    pub(super) fn callback_stmt(&mut self, calls: bool) -> bool {
        if self.ctx == Ctx::Pure {
            return false;
        }
        let depth = self.cfg.max_expr_depth;
        let use_local =
            !self.locals.kv_arrays.is_empty() && (self.arrays.is_empty() || self.rng.gen_bool(0.3));
        if use_local {
            let a =
                self.locals.kv_arrays[self.rng.gen_range(0..self.locals.kv_arrays.len())].clone();
            let cmp = self.cb_cmp(a.elem);
            let (n, len) = (&a.name, a.len);
            match (a.elem, self.rng.gen_bool(0.5)) {
                (Elem::Kv, true) => {
                    let kv = self.globals.cb.kv_ty.clone();
                    let j = self.rng.gen_range(0..len);
                    self.line(&format!(
                        "{{ struct {kv} key = {n}[{j}]; qsort({n}, {len}, sizeof {n}[0], {cmp}); const struct {kv} *hit = bsearch(&key, {n}, {len}, sizeof {n}[0], {cmp}); printf(\"bsearch {n}: %d %u %u\\n\", hit != 0, hit ? hit->k : 0u, hit ? hit->v : 0u); }}"
                    ));
                }
                (Elem::UChar, true) => {
                    let e = self.expr(depth, calls);
                    self.line(&format!(
                        "{{ unsigned char key = (unsigned char)({e}); qsort({n}, {len}, 1, {cmp}); const unsigned char *hit = bsearch(&key, {n}, {len}, 1, {cmp}); printf(\"bsearch {n}: %d %d\\n\", hit != 0, hit ? *hit : -1); }}"
                    ));
                }
                _ => {
                    if a.elem == Elem::Kv {
                        let e = self.expr(depth, calls);
                        let j = self.rng.gen_range(0..len);
                        self.line(&format!("{n}[{j}].v = {e};"));
                    }
                    self.line(&format!("qsort({n}, {len}, sizeof {n}[0], {cmp});"));
                }
            }
            return true;
        }
        if self.arrays.is_empty() {
            return false;
        }
        let a = self.arrays[self.rng.gen_range(0..self.arrays.len())].clone();
        let cmp = self.cb_cmp(Elem::UInt);
        let n = &a.name;
        let len = a.len_text();
        match self.rng.gen_range(0..4) {
            0 => self.line(&format!("qsort({n}, {len}, sizeof {n}[0], {cmp});")),
            1 => self.line(&format!(
                "qsort({n} + 1, {len} - 1u, sizeof({n}[0]), {cmp});"
            )),
            _ => {
                let key = if self.rng.gen_bool(0.5) {
                    let i = self.index(&a);
                    format!("{n}[{i}]")
                } else {
                    self.expr(depth, calls)
                };
                let u = self
                    .vars
                    .iter()
                    .find(|v| v.ty == super::VTy::UInt)
                    .map(|v| v.name.clone());
                let mix = match u {
                    Some(u) => format!(" {u} ^= hit ? *hit * 3u + 1u : 0u;"),
                    None => String::new(),
                };
                self.line(&format!(
                    "{{ unsigned key = {key}; qsort({n}, {len}, sizeof {n}[0], {cmp}); const unsigned *hit = bsearch(&key, {n}, {len}, sizeof {n}[0], {cmp}); printf(\"bsearch {n}: %d %u\\n\", hit != 0, hit ? *hit : 0u);{mix} }}"
                ));
            }
        }
        true
    }

    /// Print the local `unsigned char` and key/value arrays.
    pub(super) fn callback_prints(&mut self) {
        for a in self.locals.kv_arrays.clone() {
            let n = &a.name;
            let len = a.len;
            match a.elem {
                Elem::Kv => self.line(&format!(
                    "for (int k = 0; k < {len}; k++) printf(\"{n}[%d]={{%u, %u}}\\n\", k, {n}[k].k, {n}[k].v);"
                )),
                _ => self.line(&format!(
                    "for (int k = 0; k < {len}; k++) printf(\"{n}[%d]=%d\\n\", k, {n}[k]);"
                )),
            }
        }
    }
}
