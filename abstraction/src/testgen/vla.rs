//! [`Feature::Vlas`](super::Feature::Vlas): variable length arrays — `unsigned v[n]` with
//! `n` computed from the inputs (always 1..16, held in a `const unsigned`), filled by a loop
//! and then used like any other array of the base language (indexed modulo `n`, printed,
//! sorted by the callbacks feature); block-local VLAs whose size changes on every loop
//! iteration; two-dimensional VLAs with a pointer to a row; a `typedef` of a VLA type;
//! `sizeof` of VLAs and VLA types (evaluated at run time); a helper with a VLA parameter
//! `unsigned a[n]`.

use super::{Array, Ctx, Gen, VTy};
use rand::Rng;

impl Gen {
    pub(super) fn vla_decls(&mut self) {
        let name = self.fresh("vsum");
        let c = self.rng.gen_range(3..100);
        self.line(&format!(
            "static unsigned {name}(unsigned n, unsigned a[n]) {{ unsigned s = 0u; for (unsigned k = 0; k < n; k++) s = s * {c}u + a[k]; return s; }}"
        ));
        self.globals.vla_sum = Some(name);
        self.out.push('\n');
    }

    pub(super) fn vla_locals(&mut self) {
        if !self.rng.gen_bool(0.7) {
            return;
        }
        let n = self.fresh("n");
        let v = self.fresh("vl");
        let e = self.expr(2, false);
        let init = self.expr(1, false);
        let m = self.rng.gen_range(1..1000);
        self.line(&format!("const unsigned {n} = ({e}) % 16u + 1u;"));
        self.line(&format!("unsigned {v}[{n}];"));
        self.line(&format!(
            "for (unsigned k = 0; k < {n}; k++) {v}[k] = ({init}) + k * {m}u;"
        ));
        self.arrays.push(Array {
            name: v,
            len: 1,
            dyn_len: Some(n),
        });
    }

    fn vlas_in_scope(&self) -> Vec<Array> {
        self.arrays
            .iter()
            .filter(|a| a.dyn_len.is_some())
            .cloned()
            .collect()
    }

    fn first_uint(&self) -> Option<String> {
        self.vars
            .iter()
            .find(|v| v.ty == VTy::UInt)
            .map(|v| v.name.clone())
    }

    pub(super) fn vla_stmt(&mut self, calls: bool) -> bool {
        let vlas = self.vlas_in_scope();
        let u = self.first_uint();
        match self.rng.gen_range(0..6) {
            0 => {
                let (e, e2, e3) = (
                    self.expr(2, calls),
                    self.expr(1, false),
                    self.expr(1, false),
                );
                let size = self.rng.gen_range(2..17);
                let ty = self.pick(&["unsigned char", "int", "long", "short"]);
                let use_ = match &u {
                    Some(u) => {
                        format!("{u} ^= (unsigned)t[({e3}) % n] + (unsigned)sizeof t;")
                    }
                    None => format!(
                        "printf(\"vla t %u %u\\n\", (unsigned)t[({e3}) % n], (unsigned)sizeof t);"
                    ),
                };
                self.line(&format!(
                    "{{ const unsigned n = ({e}) % {size}u + 1u; {ty} t[n]; for (unsigned k = 0; k < n; k++) t[k] = ({ty})(({e2}) + k); {use_} }}"
                ));
            }
            1 if self.cfg.vla_2d => {
                let (e, e2, e3) = (
                    self.expr(2, calls),
                    self.expr(1, false),
                    self.expr(1, false),
                );
                self.line(&format!(
                    "{{ const unsigned r = ({e}) % 4u + 1u, c = ({e2}) % 5u + 1u; unsigned m[r][c]; for (unsigned i = 0; i < r; i++) for (unsigned j = 0; j < c; j++) m[i][j] = i * c + j + ({e3}); unsigned (*rp)[c] = m + (r - 1u); printf(\"vla2 %u %u %u %u\\n\", (unsigned)sizeof m, (unsigned)sizeof m[0], m[r - 1u][c - 1u], (*rp)[0]); }}"
                ));
            }
            2 => {
                let (e, e2) = (self.expr(2, calls), self.expr(1, false));
                self.line(&format!(
                    "{{ const unsigned n = ({e}) % 7u + 1u; typedef unsigned short vt[n]; vt b; for (unsigned k = 0; k < n; k++) b[k] = (unsigned short)(({e2}) * (k + 1u)); printf(\"vt %u %u\\n\", (unsigned)sizeof(vt), (unsigned)b[n - 1u]); }}"
                ));
            }
            3 if !vlas.is_empty() => {
                let a = vlas[self.rng.gen_range(0..vlas.len())].clone();
                let (v, n) = (a.name.clone(), a.len_text());
                match &u {
                    Some(u) => self.line(&format!(
                        "for (unsigned k = 0; k < {n}; k++) {u} += {v}[k] * (k + 1u);"
                    )),
                    None => self.line(&format!(
                        "printf(\"sizeof {v}=%u %u\\n\", (unsigned)sizeof {v}, (unsigned)(sizeof {v} / sizeof {v}[0]));"
                    )),
                }
            }
            4 if !vlas.is_empty() => {
                let a = vlas[self.rng.gen_range(0..vlas.len())].clone();
                self.line(&format!(
                    "printf(\"sizeof {v}=%u %u\\n\", (unsigned)sizeof {v}, (unsigned)(sizeof {v} / sizeof {v}[0]));",
                    v = a.name
                ));
            }
            _ => {
                let Some(e) = self.vla_expr(2, calls) else {
                    return false;
                };
                self.mix_into_uint(&e);
            }
        }
        true
    }

    pub(super) fn vla_expr(&mut self, _depth: usize, _calls: bool) -> Option<String> {
        if self.ctx == Ctx::Pure {
            return None;
        }
        let sum = self.globals.vla_sum.clone()?;
        Some(match self.rng.gen_range(0..4) {
            0 | 1 if !self.arrays.is_empty() => {
                let a = self.arrays[self.rng.gen_range(0..self.arrays.len())].clone();
                format!("{sum}({}, {})", a.len_text(), a.name)
            }
            2 => {
                let vlas = self.vlas_in_scope();
                if vlas.is_empty() {
                    return None;
                }
                let a = &vlas[self.rng.gen_range(0..vlas.len())];
                format!("(unsigned)sizeof {}", a.name)
            }
            _ => {
                let e = self.expr(1, false);
                let t = self.pick(&["unsigned short", "unsigned", "long", "char"]);
                format!("(unsigned)sizeof({t}[({e}) % 8u + 1u])")
            }
        })
    }
}
