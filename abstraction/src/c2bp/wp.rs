//! Weakest preconditions of assignments over [`Term`]s, with Morris' axiom for memory.
//!
//! `WP(x = e, φ)` for a variable not in memory is `φ[e/x]`. For a memory location `l` with
//! address `A` and kind `K`, every read `Mem(K', B)` of `φ` whose points-to cells meet `l`'s
//! becomes `ite(A == B, e, Mem(K', B))` when the kinds agree, and a fresh (arbitrary) value
//! where accesses of different kinds may overlap (unions, casts). Accesses of the same
//! kind are assumed aligned to their size, so they are the same cell or disjoint (the
//! points-to analysis makes the same assumption). Reads whose cells cannot meet `l`'s are left alone: that is the
//! alias pruning by points-to. Aggregate copies map every read inside the destination to
//! the corresponding read of the source; zeroing (`memset(p, 0, sizeof *p)`) maps them to 0.

use crate::cir::VarId;
use crate::smt::term::{CellsKey, MemKind, Op, Term};

/// What an assignment writes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A scalar variable that is not in memory.
    Var(VarId),
    /// A scalar memory access.
    Mem {
        kind: MemKind,
        addr: Term,
        cells: CellsKey,
    },
    /// `size` bytes of memory (an aggregate, or an object of unknown shape).
    Bytes {
        addr: Term,
        size: i128,
        cells: CellsKey,
    },
}

/// What is written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// A scalar value.
    Value(Term),
    /// An aggregate copied from memory at this address (same size as the target).
    Copy { addr: Term, cells: CellsKey },
    /// Arbitrary contents.
    Havoc,
    /// Zero bytes (`memset(p, 0, sizeof *p)`).
    Zero,
}

/// Computes WPs, numbering the fresh values it introduces from `next_fresh` on.
pub struct Wp {
    pub next_fresh: u32,
    pub ptr_bytes: u64,
}

impl Wp {
    fn fresh(&mut self) -> Term {
        self.next_fresh += 1;
        Term::Fresh(self.next_fresh - 1)
    }

    /// `WP(target := source, phi)`.
    pub fn apply(&mut self, target: &Target, source: &Source, phi: &Term) -> Term {
        phi.rewrite(&mut |t| self.step(target, source, t))
    }

    fn step(&mut self, target: &Target, source: &Source, t: Term) -> Term {
        match (&t, target) {
            (Term::Var(v), Target::Var(x)) if v == x => match source {
                Source::Value(e) => e.clone(),
                Source::Zero => Term::Int(0),
                _ => self.fresh(),
            },
            (
                Term::Mem { kind, addr, cells },
                Target::Mem {
                    kind: k,
                    addr: a,
                    cells: c,
                },
            ) if cells.may_overlap(c) => {
                let b = (**addr).clone();
                if kind == k {
                    // accesses of one kind are aligned: the same cell or disjoint
                    let value = match source {
                        Source::Value(e) => e.clone(),
                        Source::Zero => Term::Int(0),
                        _ => self.fresh(),
                    };
                    match same_address(a, &b) {
                        Some(true) => value,
                        Some(false) => t.clone(),
                        None => ite(Term::bin(Op::Eq, a.clone(), b), value, t.clone()),
                    }
                } else {
                    let touched = overlap(a, k.size(self.ptr_bytes), &b, kind.size(self.ptr_bytes));
                    ite(touched, self.fresh(), t.clone())
                }
            }
            (
                Term::Mem { kind, addr, cells },
                Target::Bytes {
                    addr: a,
                    size,
                    cells: c,
                },
            ) if cells.may_overlap(c) => {
                let b = (**addr).clone();
                let sz = kind.size(self.ptr_bytes) as i128;
                let inside = Term::bin(
                    Op::And,
                    Term::bin(Op::Ge, b.clone(), a.clone()),
                    Term::bin(
                        Op::Le,
                        Term::bin(Op::Add, b.clone(), Term::Int(sz)),
                        Term::bin(Op::Add, a.clone(), Term::Int(*size)),
                    ),
                );
                let touched = overlap(a, *size as u64, &b, sz as u64);
                let keep = t.clone();
                let fresh = self.fresh();
                let copied = match source {
                    Source::Copy {
                        addr: src,
                        cells: src_cells,
                    } => Term::Mem {
                        kind: *kind,
                        addr: Box::new(Term::bin(
                            Op::Add,
                            src.clone(),
                            Term::bin(Op::Sub, b.clone(), a.clone()),
                        )),
                        cells: src_cells.clone(),
                    },
                    Source::Zero => Term::Int(0),
                    _ => self.fresh(),
                };
                ite(inside, copied, ite(touched, fresh, keep))
            }
            _ => t,
        }
    }
}

/// Whether two addresses are equal when their terms say so (`Some(true)`: the same term;
/// `Some(false)`: one base at two different constant offsets), so that a write through
/// `s->state` gives `s->state` the written value outright: an `ite(s == s, …)` would bring
/// every memory predicate into the cube search of the weakest precondition.
fn same_address(a: &Term, b: &Term) -> Option<bool> {
    if a == b {
        return Some(true);
    }
    let (x, i) = base_offset(a);
    let (y, j) = base_offset(b);
    (x == y && i != j).then_some(false)
}

/// `base + k` as `(base, k)`; any other term at offset 0.
fn base_offset(t: &Term) -> (&Term, i128) {
    match t {
        Term::Bin(Op::Add, x, k) => match **k {
            Term::Int(k) => (x, k),
            _ => (t, 0),
        },
        _ => (t, 0),
    }
}

/// `[a, a+sa)` and `[b, b+sb)` intersect.
fn overlap(a: &Term, sa: u64, b: &Term, sb: u64) -> Term {
    Term::bin(
        Op::And,
        Term::bin(
            Op::Lt,
            a.clone(),
            Term::bin(Op::Add, b.clone(), Term::Int(sb as i128)),
        ),
        Term::bin(
            Op::Lt,
            b.clone(),
            Term::bin(Op::Add, a.clone(), Term::Int(sa as i128)),
        ),
    )
}

fn ite(c: Term, a: Term, b: Term) -> Term {
    if a == b {
        return a;
    }
    Term::Ite(Box::new(c), Box::new(a), Box::new(b))
}
