//! Transition relations of statements, with the paper's "loop" outcome
//! (§5.3) kept beside them: a [`Trans`] maps a pre-state either to
//! post-states (`t`) or, where `l` holds, possibly to the loop state.
//! Keeping `l` apart is the same lattice as the paper's extra state `L`
//! (`f(s) = t(s) ∪ {L | s ∈ l}`) without giving `L` a bit pattern.
//!
//! `t` constrains only the next copies of the bits in `w` (the bits the
//! statement may write); every other bit keeps its value implicitly. This is
//! the frame elimination of partitioned transition relations: a relation
//! never carries `x' = x` for the bits it does not touch.

use bebop::bdd::{Bdd, BddManager};

use super::layout::{Copy, Layout};

/// A statement's meaning.
#[derive(Clone, Debug)]
pub struct Trans {
    /// Over current bits and the next bits of `w`.
    pub t: Bdd,
    /// Sorted state bits the statement may write.
    pub w: Vec<u32>,
    /// Pre-states from which the statement may not terminate.
    pub l: Bdd,
}

/// Sorted-set helpers on state bit lists.
pub fn union(a: &[u32], b: &[u32]) -> Vec<u32> {
    let mut v: Vec<u32> = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v.dedup();
    v
}

pub fn minus(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter()
        .filter(|x| b.binary_search(x).is_err())
        .copied()
        .collect()
}

pub fn inter(a: &[u32], b: &[u32]) -> Vec<u32> {
    a.iter()
        .filter(|x| b.binary_search(x).is_ok())
        .copied()
        .collect()
}

/// Builds and combines [`Trans`] values.
pub struct Tx<'a> {
    pub m: &'a BddManager,
    pub lay: &'a Layout,
}

impl<'a> Tx<'a> {
    fn v(&self, bit: u32, c: Copy) -> u32 {
        self.lay.bdd_var(bit, c)
    }

    pub fn skip(&self) -> Trans {
        Trans {
            t: self.m.t(),
            w: Vec::new(),
            l: self.m.f(),
        }
    }

    /// `next = cur` on `bits`.
    pub fn frame(&self, bits: &[u32]) -> Bdd {
        let mut r = self.m.t();
        for &b in bits.iter().rev() {
            let eq = self.m.iff(
                &self.m.var(self.v(b, Copy::Next)),
                &self.m.var(self.v(b, Copy::Cur)),
            );
            r = self.m.and(&eq, &r);
        }
        r
    }

    /// The same relation over the larger write set `w` (a superset of `tr.w`).
    pub fn widen(&self, tr: &Trans, w: &[u32]) -> Bdd {
        let extra = minus(w, &tr.w);
        if extra.is_empty() {
            tr.t.clone()
        } else {
            self.m.and(&tr.t, &self.frame(&extra))
        }
    }

    /// `if c then a else b`.
    pub fn ite(&self, c: &Bdd, a: &Trans, b: &Trans) -> Trans {
        let w = union(&a.w, &b.w);
        let t = self.m.ite(c, &self.widen(a, &w), &self.widen(b, &w));
        let l = self.m.ite(c, &a.l, &b.l);
        Trans { t, w, l }
    }

    /// Nondeterministic choice between `a` and `b`.
    pub fn choice(&self, a: &Trans, b: &Trans) -> Trans {
        let w = union(&a.w, &b.w);
        let t = self.m.or(&self.widen(a, &w), &self.widen(b, &w));
        Trans {
            t,
            w,
            l: self.m.or(&a.l, &b.l),
        }
    }

    /// `a; b`: `∃mid. a[next/mid] ∧ b[cur/mid]`, over the bits both write;
    /// bits only `a` writes are read by `b` as `a`'s next values.
    pub fn seq(&self, a: &Trans, b: &Trans) -> Trans {
        if a.w.is_empty() && self.m.is_true(&a.t) {
            let l = self.m.or(&a.l, &b.l);
            return Trans {
                t: b.t.clone(),
                w: b.w.clone(),
                l,
            };
        }
        let both = inter(&a.w, &b.w);
        let only_a = minus(&a.w, &b.w);
        let ra: Vec<(u32, u32)> = both
            .iter()
            .map(|&x| (self.v(x, Copy::Next), self.v(x, Copy::Mid)))
            .collect();
        let mut rb: Vec<(u32, u32)> = both
            .iter()
            .map(|&x| (self.v(x, Copy::Cur), self.v(x, Copy::Mid)))
            .collect();
        rb.extend(
            only_a
                .iter()
                .map(|&x| (self.v(x, Copy::Cur), self.v(x, Copy::Next))),
        );
        let ta = self.m.rename(&a.t, &self.m.renaming(&ra));
        let tb = self.m.rename(&b.t, &self.m.renaming(&rb));
        let mids: Vec<u32> = both.iter().map(|&x| self.v(x, Copy::Mid)).collect();
        let t = self.m.and_exists(&ta, &tb, &self.m.cube(&mids));
        let l = self.m.or(&a.l, &self.pre(a, &b.l));
        Trans {
            t,
            w: union(&a.w, &b.w),
            l,
        }
    }

    /// Pre-states with a successor in `set` (a set over current bits).
    pub fn pre(&self, a: &Trans, set: &Bdd) -> Bdd {
        if self.m.is_false(set) {
            return set.clone();
        }
        let r: Vec<(u32, u32)> =
            a.w.iter()
                .map(|&x| (self.v(x, Copy::Cur), self.v(x, Copy::Next)))
                .collect();
        let moved = self.m.rename(set, &self.m.renaming(&r));
        let nexts: Vec<u32> = a.w.iter().map(|&x| self.v(x, Copy::Next)).collect();
        self.m.and_exists(&a.t, &moved, &self.m.cube(&nexts))
    }

    /// Post-states of `set` (over current bits), as a set over current bits.
    pub fn post(&self, a: &Trans, set: &Bdd) -> Bdd {
        let curs: Vec<u32> = a.w.iter().map(|&x| self.v(x, Copy::Cur)).collect();
        let img = self.m.and_exists(set, &a.t, &self.m.cube(&curs));
        let r: Vec<(u32, u32)> =
            a.w.iter()
                .map(|&x| (self.v(x, Copy::Next), self.v(x, Copy::Cur)))
                .collect();
        self.m.rename(&img, &self.m.renaming(&r))
    }

    /// Whether two relations are equal (as relations over the union of
    /// their write sets) and have the same loop outcome.
    pub fn same(&self, a: &Trans, b: &Trans) -> bool {
        if a.l != b.l {
            return false;
        }
        let w = union(&a.w, &b.w);
        self.widen(a, &w) == self.widen(b, &w)
    }

    /// Removes state bits from a relation: their current copies are
    /// existentially quantified (they are unconstrained), and so are their
    /// next copies if written.
    pub fn hide(&self, a: &Trans, bits: &[u32]) -> Trans {
        if bits.is_empty() {
            return a.clone();
        }
        let written = inter(bits, &a.w);
        let mut vars: Vec<u32> = bits.iter().map(|&x| self.v(x, Copy::Cur)).collect();
        vars.extend(written.iter().map(|&x| self.v(x, Copy::Next)));
        let cube = self.m.cube(&vars);
        let curs = self.m.cube(
            &bits
                .iter()
                .map(|&x| self.v(x, Copy::Cur))
                .collect::<Vec<_>>(),
        );
        Trans {
            t: self.m.exists(&a.t, &cube),
            w: minus(&a.w, bits),
            l: self.m.exists(&a.l, &curs),
        }
    }
}
