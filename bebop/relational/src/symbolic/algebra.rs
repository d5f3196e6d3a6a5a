//! Relations and bit vectors of BDDs: the operators of the language on
//! symbolic values. A relation over domains of sizes `s1..sk` is a vector of
//! `s1*...*sk` BDDs, one per possible tuple (row-major, first column most
//! significant): entry `t` is the condition under which tuple `t` is in the
//! relation. A scalar is a vector of bits, least significant first.

use bebop::bdd::{Bdd, BddManager};

/// A symbolic value.
#[derive(Clone, Debug)]
pub enum SVal {
    /// A formula (a set of states or of transitions).
    F(Bdd),
    /// A scalar, as bits (LSB first).
    Bits(Vec<Bdd>),
    /// A relation, one BDD per possible tuple.
    Rel(Vec<Bdd>),
}

/// Operators on symbolic values, over one manager.
pub struct Alg<'a> {
    pub m: &'a BddManager,
}

impl<'a> Alg<'a> {
    pub fn consts(&self, v: u64, nbits: u32) -> Vec<Bdd> {
        (0..nbits)
            .map(|k| self.m.constant(v >> k & 1 == 1))
            .collect()
    }

    /// `bits == v`.
    pub fn eq_const(&self, bits: &[Bdd], v: u64) -> Bdd {
        let mut r = self.m.t();
        for (k, b) in bits.iter().enumerate() {
            let lit = if v >> k & 1 == 1 {
                b.clone()
            } else {
                self.m.not(b)
            };
            r = self.m.and(&r, &lit);
        }
        r
    }

    pub fn eq_bits(&self, a: &[Bdd], b: &[Bdd]) -> Bdd {
        let eqs: Vec<Bdd> = a.iter().zip(b).map(|(x, y)| self.m.iff(x, y)).collect();
        self.m.and_all(&eqs)
    }

    /// The singleton set of a scalar over a domain of `size` values.
    pub fn promote(&self, bits: &[Bdd], size: u64) -> Vec<Bdd> {
        (0..size).map(|v| self.eq_const(bits, v)).collect()
    }

    /// The scalar a set holds when it is a singleton, and the condition
    /// that it is one.
    pub fn demote(&self, set: &[Bdd], nbits: u32) -> (Vec<Bdd>, Bdd) {
        let code = (0..nbits)
            .map(|k| {
                let ins: Vec<&Bdd> = set
                    .iter()
                    .enumerate()
                    .filter(|(v, _)| (*v as u64) >> k & 1 == 1)
                    .map(|(_, b)| b)
                    .collect();
                self.m.or_all(ins)
            })
            .collect();
        (code, self.exactly_one(set))
    }

    pub fn some(&self, v: &[Bdd]) -> Bdd {
        self.m.or_all(v)
    }

    /// At most one of `v` holds.
    pub fn at_most_one(&self, v: &[Bdd]) -> Bdd {
        self.count_le1(v).1
    }

    pub fn exactly_one(&self, v: &[Bdd]) -> Bdd {
        let (one, le1) = self.count_le1(v);
        self.m.and(&one, &le1)
    }

    /// (exactly one so far, at most one so far), scanning left to right.
    fn count_le1(&self, v: &[Bdd]) -> (Bdd, Bdd) {
        let mut none = self.m.t();
        let mut one = self.m.f();
        for x in v {
            let nx = self.m.not(x);
            let stay = self.m.and(&one, &nx);
            let step = self.m.and(&none, x);
            one = self.m.or(&stay, &step);
            none = self.m.and(&none, &nx);
        }
        let le1 = self.m.or(&none, &one);
        (one, le1)
    }

    pub fn zip(&self, a: &[Bdd], b: &[Bdd], f: impl Fn(&Bdd, &Bdd) -> Bdd) -> Vec<Bdd> {
        a.iter().zip(b).map(|(x, y)| f(x, y)).collect()
    }

    pub fn union(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        self.zip(a, b, |x, y| self.m.or(x, y))
    }

    pub fn inter(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        self.zip(a, b, |x, y| self.m.and(x, y))
    }

    pub fn diff(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        self.zip(a, b, |x, y| self.m.and(x, &self.m.not(y)))
    }

    pub fn subset(&self, a: &[Bdd], b: &[Bdd]) -> Bdd {
        let v = self.zip(a, b, |x, y| self.m.imp(x, y));
        self.m.and_all(&v)
    }

    pub fn equal(&self, a: &[Bdd], b: &[Bdd]) -> Bdd {
        self.eq_bits(a, b)
    }

    /// Join of `a` (last column of size `k`) with `b` (first column of size `k`).
    pub fn join(&self, a: &[Bdd], b: &[Bdd], k: usize) -> Vec<Bdd> {
        let (arest, brest) = (a.len() / k, b.len() / k);
        let mut out = Vec::with_capacity(arest * brest);
        for i in 0..arest {
            for j in 0..brest {
                let terms: Vec<Bdd> = (0..k)
                    .map(|x| self.m.and(&a[i * k + x], &b[x * brest + j]))
                    .collect();
                out.push(self.m.or_all(&terms));
            }
        }
        out
    }

    pub fn product(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        let mut out = Vec::with_capacity(a.len() * b.len());
        for x in a {
            for y in b {
                out.push(self.m.and(x, y));
            }
        }
        out
    }

    /// Transpose of an `r x c` relation.
    pub fn transpose(&self, a: &[Bdd], r: usize, c: usize) -> Vec<Bdd> {
        (0..c * r).map(|t| a[(t % r) * c + t / r].clone()).collect()
    }

    /// Transitive closure of an `n x n` relation (Warshall's algorithm).
    pub fn closure(&self, a: &[Bdd], n: usize) -> Vec<Bdd> {
        let mut r = a.to_vec();
        for k in 0..n {
            for i in 0..n {
                if self.m.is_false(&r[i * n + k]) {
                    continue;
                }
                for j in 0..n {
                    let via = self.m.and(&r[i * n + k], &r[k * n + j]);
                    r[i * n + j] = self.m.or(&r[i * n + j], &via);
                }
            }
        }
        r
    }

    pub fn rclosure(&self, a: &[Bdd], n: usize) -> Vec<Bdd> {
        let mut r = self.closure(a, n);
        for i in 0..n {
            r[i * n + i] = self.m.t();
        }
        r
    }

    /// Every element of `a` is below (or, with `strict = false`, at most)
    /// every element of `b`; `rank` gives each value's position in the order.
    pub fn set_order(&self, a: &[Bdd], b: &[Bdd], strict: bool, rank: &dyn Fn(u64) -> i64) -> Bdd {
        let mut r = self.m.t();
        for (x, ax) in a.iter().enumerate() {
            for (y, by) in b.iter().enumerate() {
                let (rx, ry) = (rank(x as u64), rank(y as u64));
                let ok = if strict { rx < ry } else { rx <= ry };
                if !ok {
                    let both = self.m.and(ax, by);
                    r = self.m.and(&r, &self.m.not(&both));
                }
            }
        }
        r
    }

    /// `a < b` (or `<=`) on bit vectors; signed flips the sign bits.
    pub fn lt_bits(&self, a: &[Bdd], b: &[Bdd], strict: bool, signed: bool) -> Bdd {
        let mut lt = self.m.constant(!strict);
        let n = a.len();
        for k in 0..n {
            let (mut x, mut y) = (a[k].clone(), b[k].clone());
            if signed && k + 1 == n {
                std::mem::swap(&mut x, &mut y);
            }
            let less = self.m.and(&self.m.not(&x), &y);
            let same = self.m.iff(&x, &y);
            lt = self.m.or(&less, &self.m.and(&same, &lt));
        }
        lt
    }

    /// `a + b + carry` modulo `2^n`.
    pub fn add(&self, a: &[Bdd], b: &[Bdd], carry: bool) -> Vec<Bdd> {
        let mut c = self.m.constant(carry);
        let mut out = Vec::with_capacity(a.len());
        for (x, y) in a.iter().zip(b) {
            let xy = self.m.xor(x, y);
            out.push(self.m.xor(&xy, &c));
            let gen = self.m.and(x, y);
            c = self.m.or(&gen, &self.m.and(&xy, &c));
        }
        out
    }

    pub fn sub(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        let nb: Vec<Bdd> = b.iter().map(|x| self.m.not(x)).collect();
        self.add(a, &nb, true)
    }

    pub fn neg(&self, a: &[Bdd]) -> Vec<Bdd> {
        let zero = self.consts(0, a.len() as u32);
        self.sub(&zero, a)
    }

    pub fn mul(&self, a: &[Bdd], b: &[Bdd]) -> Vec<Bdd> {
        let n = a.len();
        let mut acc = self.consts(0, n as u32);
        for (k, bk) in b.iter().enumerate() {
            let shifted: Vec<Bdd> = (0..n)
                .map(|i| {
                    if i < k {
                        self.m.f()
                    } else {
                        self.m.and(&a[i - k], bk)
                    }
                })
                .collect();
            acc = self.add(&acc, &shifted, false);
        }
        acc
    }

    fn ite_bits(&self, c: &Bdd, t: &[Bdd], e: &[Bdd]) -> Vec<Bdd> {
        self.zip(t, e, |x, y| self.m.ite(c, x, y))
    }

    /// Unsigned quotient and remainder by restoring division; `x / 0 = 0`
    /// and `x % 0 = x`.
    pub fn udivrem(&self, a: &[Bdd], b: &[Bdd]) -> (Vec<Bdd>, Vec<Bdd>) {
        let n = a.len();
        let mut rem = self.consts(0, n as u32 + 1);
        let mut bx = b.to_vec();
        bx.push(self.m.f());
        let mut q = vec![self.m.f(); n];
        for k in (0..n).rev() {
            rem.rotate_right(1);
            rem[0] = a[k].clone();
            let ge = self.m.not(&self.lt_bits(&rem, &bx, true, false));
            let diff = self.sub(&rem, &bx);
            rem = self.ite_bits(&ge, &diff, &rem);
            q[k] = ge;
        }
        rem.truncate(n);
        let zero = self.eq_const(b, 0);
        let q = self.ite_bits(&zero, &self.consts(0, n as u32), &q);
        let r = self.ite_bits(&zero, a, &rem);
        (q, r)
    }

    /// Quotient and remainder, truncating toward zero when signed.
    pub fn divrem(&self, a: &[Bdd], b: &[Bdd], signed: bool) -> (Vec<Bdd>, Vec<Bdd>) {
        if !signed {
            return self.udivrem(a, b);
        }
        let n = a.len();
        let (sa, sb) = (a[n - 1].clone(), b[n - 1].clone());
        let abs_a = self.ite_bits(&sa, &self.neg(a), a);
        let abs_b = self.ite_bits(&sb, &self.neg(b), b);
        let (q, r) = self.udivrem(&abs_a, &abs_b);
        let qneg = self.m.xor(&sa, &sb);
        let q2 = self.ite_bits(&qneg, &self.neg(&q), &q);
        let r2 = self.ite_bits(&sa, &self.neg(&r), &r);
        let zero = self.eq_const(b, 0);
        let q3 = self.ite_bits(&zero, &self.consts(0, n as u32), &q2);
        let r3 = self.ite_bits(&zero, a, &r2);
        (q3, r3)
    }
}
