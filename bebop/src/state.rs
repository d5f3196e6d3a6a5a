//! Concrete states: valuations of the globals, the current procedure's
//! locals and the return-value registers, as packed bit vectors.

use smallvec::SmallVec;

use crate::cfg::{Cfg, ProcId, Var};

/// A packed bit vector.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bits(SmallVec<[u64; 1]>);

impl Bits {
    /// `n` bits, all false.
    pub fn zeros(n: usize) -> Bits {
        Bits(SmallVec::from_elem(0, n.div_ceil(64).max(1)))
    }
    /// Bits `0..n` taken from the low bits of `x` (n ≤ 64).
    pub fn from_u64(n: usize, x: u64) -> Bits {
        let mut b = Bits::zeros(n);
        b.0[0] = if n >= 64 { x } else { x & ((1u64 << n) - 1) };
        b
    }
    /// `self |= o`.
    pub fn or_assign(&mut self, o: &Bits) {
        if o.0.len() > self.0.len() {
            self.0.resize(o.0.len(), 0);
        }
        for (a, b) in self.0.iter_mut().zip(o.0.iter()) {
            *a |= b;
        }
    }
    pub fn get(&self, i: u32) -> bool {
        self.0
            .get(i as usize / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    pub fn set(&mut self, i: u32, b: bool) {
        let w = i as usize / 64;
        if w >= self.0.len() {
            self.0.resize(w + 1, 0);
        }
        if b {
            self.0[w] |= 1 << (i % 64);
        } else {
            self.0[w] &= !(1 << (i % 64));
        }
    }
}

/// A state's valuation Ω: globals, the locals of the procedure it is in
/// (formals first), and the return registers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    pub g: Bits,
    pub l: Bits,
    pub r: Bits,
}

impl State {
    /// All variables false, sized for procedure `p`.
    pub fn zeros(cfg: &Cfg, p: ProcId) -> State {
        State {
            g: Bits::zeros(cfg.globals.len()),
            l: Bits::zeros(cfg.procs[p as usize].locals.len()),
            r: Bits::zeros(cfg.max_returns as usize),
        }
    }
    pub fn get(&self, v: Var) -> bool {
        match v {
            Var::Global(i) => self.g.get(i),
            Var::Local(i) => self.l.get(i),
            Var::Ret(i) => self.r.get(i),
        }
    }
    pub fn set(&mut self, v: Var, b: bool) {
        match v {
            Var::Global(i) => self.g.set(i, b),
            Var::Local(i) => self.l.set(i, b),
            Var::Ret(i) => self.r.set(i, b),
        }
    }
}
