//! The BDD variable order. Every *state bit* (a bit of a scalar, or the
//! membership bit of one possible tuple of a relation) has three BDD
//! variables side by side: its current value, its next value and an
//! intermediate copy used by sequential composition
//! (`var = 3 * bit + copy`). Interleaving the copies keeps the relation
//! "next bit = current bit" (frame conditions, assignments) linear in size,
//! where separating the copies would make it exponential; it also makes the
//! renamings next->current and current->intermediate order-preserving, so
//! they cost one pass over the BDD.
//!
//! State bits are laid out in declaration order: first `bad`, then the
//! user's variables (a relation's tuples row-major), then the procedures'
//! snapshot slots (shared by all procedures: a call preserves its caller's
//! slots and its summary quantifies its own away), then the `loop` bit of
//! the Kripke structure.

use crate::model::{Model, VarKind};

/// Which copy of a state bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Copy {
    Cur = 0,
    Next = 1,
    Mid = 2,
}

/// Positions of all state bits.
#[derive(Clone, Debug)]
pub struct Layout {
    /// First state bit and width of each global variable.
    pub var_off: Vec<u32>,
    pub var_bits: Vec<u32>,
    /// Number of state bits of the globals (they are `0..globals`).
    pub globals: u32,
    /// First state bit of each snapshot slot, per procedure.
    pub slot_off: Vec<Vec<u32>>,
    pub pool: (u32, u32),
    pub loop_bit: u32,
    pub state_bits: u32,
}

impl Layout {
    pub fn new(m: &Model) -> Layout {
        let mut off = 0;
        let (mut var_off, mut var_bits) = (Vec::new(), Vec::new());
        for v in &m.vars {
            let n = match &v.kind {
                VarKind::Scalar(d) => m.dom_bits(*d),
                VarKind::Rel { cols, .. } => m.tuples(cols) as u32,
            };
            var_off.push(off);
            var_bits.push(n);
            off += n;
        }
        let globals = off;
        let mut pool_len = 0;
        let mut slot_off = Vec::new();
        for p in &m.procs {
            let mut o = globals;
            let mut offs = Vec::new();
            for d in &p.slots {
                offs.push(o);
                o += m.dom_size(*d) as u32;
            }
            pool_len = pool_len.max(o - globals);
            slot_off.push(offs);
        }
        let loop_bit = globals + pool_len;
        Layout {
            var_off,
            var_bits,
            globals,
            slot_off,
            pool: (globals, globals + pool_len),
            loop_bit,
            state_bits: loop_bit + 1,
        }
    }

    /// The BDD variable of a state bit's copy.
    #[inline]
    pub fn bdd_var(&self, bit: u32, copy: Copy) -> u32 {
        3 * bit + copy as u32
    }

    /// Number of BDD variables.
    pub fn bdd_vars(&self) -> u32 {
        3 * self.state_bits
    }

    /// The state bits of a variable.
    pub fn bits_of(&self, var: usize) -> std::ops::Range<u32> {
        self.var_off[var]..self.var_off[var] + self.var_bits[var]
    }
}
