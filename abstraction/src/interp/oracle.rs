//! Where nondeterministic values come from: a fixed sequence or a seeded generator.

use crate::cir::{AllocId, HavocKind, Loc, Opaque, Program, Ty, TypeKind, VarId};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Supplies the values of nondeterministic choices during a run.
pub trait Oracle {
    /// A value of type `ty` for a havoc of kind `why` at `loc` (an input, an uninitialized
    /// read, an inline-assembly output, or the result of an unknown external function).
    /// `None` ends the run with `Outcome::OutOfInputs`. The interpreter converts the value
    /// to `ty` (integers wrap to the type's width; for pointers only 0, the null pointer,
    /// is a usable value).
    fn next(&mut self, why: &HavocKind, ty: Ty, prog: &Program, loc: Loc) -> Option<i128>;

    /// Whether the allocation at `site` (one whose allocator may fail) returns NULL this time.
    fn alloc_fails(&mut self, _site: AllocId) -> bool {
        false
    }

    /// What the memory of the environment holds at address `addr` (the object an unknown
    /// function returned a pointer to sits at the pointer's input value), read as `bytes`
    /// bytes, a pointer if `pointer`; `None`: nothing known (the interpreter reads 0).
    fn env_memory(&mut self, _addr: i128, _bytes: u64, _pointer: bool) -> Option<i128> {
        None
    }

    /// The address of the variable `v`'s object in the memory [`Oracle::env_memory`]
    /// describes (a replayed model's: the path formula placed it there), so that
    /// [`super::Config::objects_apart`] reads the bytes past its end from that memory.
    /// `None`: not known (those bytes are uninitialized).
    fn var_address(&mut self, _v: VarId) -> Option<i128> {
        None
    }
}

/// Gives the program's inputs from a fixed sequence, in order.
///
/// `HavocKind::Input` choices (nondet functions, unknown external calls) consume the
/// sequence; uninitialized reads, inline-assembly outputs and the choices inside library
/// models (`frontend::models`) get 0 without consuming it.
/// Allocations never fail.
#[derive(Clone, Debug, Default)]
pub struct SeqOracle {
    inputs: Vec<i128>,
    pos: usize,
}

impl SeqOracle {
    /// An oracle handing out `inputs` in order.
    pub fn new(inputs: impl Into<Vec<i128>>) -> Self {
        SeqOracle {
            inputs: inputs.into(),
            pos: 0,
        }
    }

    /// How many inputs have been consumed so far.
    pub fn consumed(&self) -> usize {
        self.pos
    }
}

impl Oracle for SeqOracle {
    fn next(&mut self, why: &HavocKind, _ty: Ty, _prog: &Program, _loc: Loc) -> Option<i128> {
        match why {
            // the library models' own choices are not the program's inputs
            HavocKind::Input(f) if f == crate::frontend::models::CHOICE => Some(0),
            HavocKind::Input(_) => {
                let v = self.inputs.get(self.pos).copied()?;
                self.pos += 1;
                Some(v)
            }
            HavocKind::Uninit | HavocKind::Opaque(_) => Some(0),
        }
    }
}

/// Draws values from a seeded [`SmallRng`]: within the type's range, mixing small values,
/// extremes and uniformly drawn ones. Never runs out. Pointers get the null pointer.
/// Allocations fail with a configurable probability (0 by default).
#[derive(Clone, Debug)]
pub struct RandomOracle {
    rng: SmallRng,
    alloc_fail_probability: f64,
}

impl RandomOracle {
    /// A generator seeded with `seed` (the same seed gives the same values).
    pub fn new(seed: u64) -> Self {
        RandomOracle {
            rng: SmallRng::seed_from_u64(seed),
            alloc_fail_probability: 0.0,
        }
    }

    /// Make allocations that may fail return NULL with probability `p` (clamped to `[0, 1]`).
    pub fn with_alloc_fail_probability(mut self, p: f64) -> Self {
        self.alloc_fail_probability = if p.is_nan() { 0.0 } else { p.clamp(0.0, 1.0) };
        self
    }

    /// A value in `[lo, hi]`: a small one, an extreme, or a uniform one.
    fn draw(&mut self, lo: i128, hi: i128) -> i128 {
        match self.rng.gen_range(0..10u32) {
            0..=3 => self.rng.gen_range(-4i128..=8).clamp(lo, hi),
            4 | 5 => {
                let extremes = [
                    lo,
                    hi,
                    lo.saturating_add(1).min(hi),
                    hi.saturating_sub(1).max(lo),
                    0.clamp(lo, hi),
                ];
                extremes[self.rng.gen_range(0..extremes.len())]
            }
            _ => self.rng.gen_range(lo..=hi),
        }
    }
}

/// The range of values of an integer type, as far as `i128` can hold it.
pub fn int_range(bits: u16, signed: bool) -> (i128, i128) {
    let bits = u32::from(bits.clamp(1, 128));
    if signed {
        let max = if bits >= 128 {
            i128::MAX
        } else {
            (1i128 << (bits - 1)) - 1
        };
        (-max - 1, max)
    } else if bits >= 127 {
        (0, i128::MAX)
    } else {
        (0, (1i128 << bits) - 1)
    }
}

impl Oracle for RandomOracle {
    fn next(&mut self, why: &HavocKind, ty: Ty, prog: &Program, _loc: Loc) -> Option<i128> {
        if matches!(why, HavocKind::Input(f) if f == crate::frontend::models::CHOICE) {
            return Some(0);
        }
        if ty.0 as usize >= prog.types.len() {
            return Some(0);
        }
        Some(match prog.types.kind(ty) {
            TypeKind::Int(k) if k.is_bool => self.rng.gen_range(0..=1),
            TypeKind::Int(k) => {
                let (lo, hi) = int_range(k.bits, k.signed);
                self.draw(lo, hi)
            }
            _ => 0,
        })
    }

    fn alloc_fails(&mut self, _site: AllocId) -> bool {
        self.alloc_fail_probability > 0.0 && self.rng.gen_bool(self.alloc_fail_probability)
    }
}

/// One value an oracle handed out during a run, with what it was for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Choice {
    /// An input: the result of a nondet function or of an unknown external one (`func`).
    Input { func: String, value: i128 },
    /// An uninitialized value read at `loc` (a local's declaration, or a read of
    /// uninitialized memory).
    Uninit { loc: Loc, value: i128 },
    /// An opaque value at `loc` (inline assembly, `va_arg`).
    Opaque { what: Opaque, loc: Loc, value: i128 },
    /// Whether an allocation that may fail failed.
    Alloc { site: AllocId, fails: bool },
    /// What the memory of the environment held at `addr`, read as `bytes` bytes (a
    /// pointer if `pointer`) ([`Oracle::env_memory`]).
    EnvMemory {
        addr: i128,
        bytes: u64,
        pointer: bool,
        value: i128,
    },
}

/// An oracle that records every choice another oracle makes, in order.
pub struct Recording<'o> {
    pub inner: &'o mut dyn Oracle,
    pub choices: Vec<Choice>,
}

impl<'o> Recording<'o> {
    /// Records the choices of `inner`.
    pub fn new(inner: &'o mut dyn Oracle) -> Self {
        Recording {
            inner,
            choices: Vec::new(),
        }
    }
}

impl Oracle for Recording<'_> {
    fn next(&mut self, why: &HavocKind, ty: Ty, prog: &Program, loc: Loc) -> Option<i128> {
        let value = self.inner.next(why, ty, prog, loc)?;
        self.choices.push(match why {
            HavocKind::Input(f) => Choice::Input {
                func: f.clone(),
                value,
            },
            HavocKind::Uninit => Choice::Uninit { loc, value },
            HavocKind::Opaque(what) => Choice::Opaque {
                what: *what,
                loc,
                value,
            },
        });
        Some(value)
    }

    fn alloc_fails(&mut self, site: AllocId) -> bool {
        let fails = self.inner.alloc_fails(site);
        self.choices.push(Choice::Alloc { site, fails });
        fails
    }

    fn var_address(&mut self, v: VarId) -> Option<i128> {
        self.inner.var_address(v)
    }

    fn env_memory(&mut self, addr: i128, bytes: u64, pointer: bool) -> Option<i128> {
        let value = self.inner.env_memory(addr, bytes, pointer)?;
        self.choices.push(Choice::EnvMemory {
            addr,
            bytes,
            pointer,
            value,
        });
        Some(value)
    }
}
