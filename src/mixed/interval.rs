//! An interval analysis over the transition graph (F-Soft §5.5): for every block, a range
//! of values of each data cell that holds in every reachable state, by abstract
//! interpretation with widening. Its use is the paper's: the result of an operation the
//! graph does not model exactly (a bitwise operation, a shift or a division by a
//! variable) is an input, and the ranges of its operands bound it — given `1 ≤ a ≤ 4` and
//! `0 ≤ b ≤ 3`, `a | b` is in `0..=7` rather than anywhere in its type.
//!
//! The analysis is sound for the graph's semantics: every reachable value lies in its
//! interval. Guards refine the intervals of the cells they compare with constants; other
//! guards are ignored (an over-approximation). Control cells are not tracked.

use super::ltg::*;

/// An inclusive range; `None` is unbounded on that side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Iv {
    pub lo: Option<i128>,
    pub hi: Option<i128>,
}

/// Bounds beyond this magnitude are dropped (unbounded): no arithmetic overflows.
const LIMIT: i128 = 1 << 100;

impl Iv {
    pub const TOP: Iv = Iv { lo: None, hi: None };

    pub fn new(lo: Option<i128>, hi: Option<i128>) -> Iv {
        Iv {
            lo: lo.filter(|v| v.abs() <= LIMIT),
            hi: hi.filter(|v| v.abs() <= LIMIT),
        }
    }

    pub fn point(k: i128) -> Iv {
        Iv::new(Some(k), Some(k))
    }

    fn of_range(r: Option<(i128, i128)>) -> Iv {
        match r {
            Some((lo, hi)) => Iv::new(Some(lo), Some(hi)),
            None => Iv::TOP,
        }
    }

    fn is_empty(&self) -> bool {
        matches!((self.lo, self.hi), (Some(l), Some(h)) if l > h)
    }

    fn join(a: Iv, b: Iv) -> Iv {
        Iv {
            lo: a.lo.zip(b.lo).map(|(x, y)| x.min(y)),
            hi: a.hi.zip(b.hi).map(|(x, y)| x.max(y)),
        }
    }

    fn meet(a: Iv, b: Iv) -> Iv {
        let pick = |x: Option<i128>, y: Option<i128>, f: fn(i128, i128) -> i128| match (x, y) {
            (Some(x), Some(y)) => Some(f(x, y)),
            (x, None) => x,
            (None, y) => y,
        };
        Iv {
            lo: pick(a.lo, b.lo, i128::max),
            hi: pick(a.hi, b.hi, i128::min),
        }
    }

    /// `old ∇ new`: a bound that moved is dropped.
    fn widen(old: Iv, new: Iv) -> Iv {
        Iv {
            lo: if new.lo.zip(old.lo).is_some_and(|(n, o)| n >= o) {
                old.lo
            } else {
                None
            },
            hi: if new.hi.zip(old.hi).is_some_and(|(n, o)| n <= o) {
                old.hi
            } else {
                None
            },
        }
    }

    fn nonneg(&self) -> bool {
        self.lo.is_some_and(|l| l >= 0)
    }

    fn add(a: Iv, b: Iv) -> Iv {
        Iv::new(
            a.lo.zip(b.lo).map(|(x, y)| x + y),
            a.hi.zip(b.hi).map(|(x, y)| x + y),
        )
    }

    fn neg(a: Iv) -> Iv {
        Iv::new(a.hi.map(|h| -h), a.lo.map(|l| -l))
    }

    fn scale(a: Iv, k: i128) -> Iv {
        if k.abs() > LIMIT {
            return Iv::TOP;
        }
        let (x, y) = (
            a.lo.and_then(|l| l.checked_mul(k)),
            a.hi.and_then(|h| h.checked_mul(k)),
        );
        if k >= 0 {
            Iv::new(x, y)
        } else {
            Iv::new(y, x)
        }
    }

    fn mul(a: Iv, b: Iv) -> Iv {
        match (a.lo, a.hi, b.lo, b.hi) {
            (Some(p), Some(q), Some(r), Some(s)) => {
                let c = [
                    p.checked_mul(r),
                    p.checked_mul(s),
                    q.checked_mul(r),
                    q.checked_mul(s),
                ];
                if c.iter().any(Option::is_none) {
                    return Iv::TOP;
                }
                let c: Vec<i128> = c.into_iter().flatten().collect();
                Iv::new(c.iter().min().copied(), c.iter().max().copied())
            }
            _ => Iv::TOP,
        }
    }

    /// Truncating division by the values of `b`, none of them zero and all of one sign.
    fn div(a: Iv, b: Iv) -> Iv {
        let (Some(p), Some(q), Some(r), Some(s)) = (a.lo, a.hi, b.lo, b.hi) else {
            return Iv::TOP;
        };
        if r <= 0 && s >= 0 {
            return Iv::TOP;
        }
        let c = [p / r, p / s, q / r, q / s];
        Iv::new(c.iter().min().copied(), c.iter().max().copied())
    }

    /// C's remainder: smaller in magnitude than the divisor, with the dividend's sign.
    fn rem(a: Iv, b: Iv) -> Iv {
        let m = match (b.lo, b.hi) {
            (Some(l), Some(h)) => l.abs().max(h.abs()),
            _ => return Iv::TOP,
        };
        if m == 0 {
            return Iv::TOP;
        }
        let lo = if a.nonneg() { Some(0) } else { Some(-(m - 1)) };
        let hi = if a.hi.is_some_and(|h| h <= 0) {
            Some(0)
        } else {
            Some(m - 1)
        };
        Iv::meet(
            Iv::new(lo, hi),
            Iv::join(Iv::join(a, Iv::point(0)), Iv::neg(a)),
        )
    }

    /// All values below the next power of two above `h`.
    fn below_pow2(h: i128) -> i128 {
        if h <= 0 {
            0
        } else {
            let bits = 128 - h.leading_zeros();
            if bits >= 101 {
                LIMIT
            } else {
                (1i128 << bits) - 1
            }
        }
    }

    fn op(op: NonLinearOp, a: Iv, b: Iv) -> Iv {
        match op {
            NonLinearOp::BitAnd => match (a.nonneg(), b.nonneg()) {
                (true, true) => Iv::new(Some(0), a.hi.zip(b.hi).map(|(x, y)| x.min(y))),
                (true, false) => Iv::new(Some(0), a.hi),
                (false, true) => Iv::new(Some(0), b.hi),
                _ => Iv::TOP,
            },
            NonLinearOp::BitOr | NonLinearOp::BitXor if a.nonneg() && b.nonneg() => {
                let lo = if op == NonLinearOp::BitOr {
                    a.lo.zip(b.lo).map(|(x, y)| x.max(y))
                } else {
                    Some(0)
                };
                let hi = a.hi.zip(b.hi).map(|(x, y)| Iv::below_pow2(x.max(y)));
                Iv::new(lo, hi)
            }
            NonLinearOp::Shr if a.nonneg() && b.nonneg() => Iv::new(Some(0), a.hi),
            NonLinearOp::Shl if a.nonneg() && b.nonneg() => match (b.lo, b.hi) {
                (Some(l), Some(h)) if h < 100 => Iv::new(
                    Some(a.lo.filter(|&x| x < (1 << 27)).map_or(0, |x| x << l)),
                    a.hi.filter(|&x| x < (1 << 27)).map(|x| x << h),
                ),
                _ => Iv::new(Some(0), None),
            },
            NonLinearOp::Div => Iv::div(a, b),
            NonLinearOp::Rem => Iv::rem(a, b),
            _ => Iv::TOP,
        }
    }
}

/// The analysis' state at one block: an interval per cell (`None`: not reached).
type State = Option<Vec<Iv>>;

/// Runs the analysis and tightens the range of every input that stands for a non-linear
/// result; returns how many ranges it tightened.
pub fn bound_nonlinear(ltg: &mut Ltg) -> usize {
    let states = analyse(ltg);
    let mut tightened = 0;
    for t in &mut ltg.transitions {
        let Some(pre) = &states[t.from.0 as usize] else {
            continue;
        };
        let mut pre = pre.clone();
        refine(&t.guard, &mut pre);
        if pre.iter().any(Iv::is_empty) {
            continue;
        }
        let inputs = input_intervals(t, &pre);
        for (inp, iv) in t.inputs.iter_mut().zip(inputs) {
            if inp.of.is_none() || iv.is_empty() {
                continue;
            }
            if let (Some(lo), Some(hi)) = (iv.lo, iv.hi) {
                if inp.range != Some((lo, hi)) {
                    inp.range = Some((lo, hi));
                    tightened += 1;
                }
            }
        }
    }
    tightened
}

/// The fixpoint: an interval per block and data cell.
pub fn analyse(ltg: &Ltg) -> Vec<State> {
    /// Updates of a block before its intervals are widened.
    const WIDEN_AFTER: u32 = 4;
    let n = ltg.cells.len();
    let mut states: Vec<State> = vec![None; ltg.blocks.len()];
    states[ltg.start.0 as usize] = Some(vec![Iv::TOP; n]);
    let mut updates = vec![0u32; ltg.blocks.len()];
    let mut work: Vec<BlockId> = vec![ltg.start];
    let mut queued = vec![false; ltg.blocks.len()];
    queued[ltg.start.0 as usize] = true;
    while let Some(b) = work.pop() {
        queued[b.0 as usize] = false;
        let Some(pre) = states[b.0 as usize].clone() else {
            continue;
        };
        for &t in &ltg.out[b.0 as usize] {
            let tr = ltg.trans(t);
            let Some(post) = post(ltg, tr, &pre) else {
                continue;
            };
            let to = tr.to.0 as usize;
            let next = match &states[to] {
                None => post,
                Some(old) => {
                    let joined: Vec<Iv> = old
                        .iter()
                        .zip(&post)
                        .map(|(o, p)| Iv::join(*o, *p))
                        .collect();
                    if joined == *old {
                        continue;
                    }
                    updates[to] += 1;
                    if updates[to] > WIDEN_AFTER {
                        old.iter()
                            .zip(&joined)
                            .map(|(o, j)| Iv::widen(*o, *j))
                            .collect()
                    } else {
                        joined
                    }
                }
            };
            states[to] = Some(next);
            if !queued[to] {
                queued[to] = true;
                work.push(tr.to);
            }
        }
    }
    states
}

/// The intervals after `t` from `pre`, or `None` if its guard cannot hold.
fn post(ltg: &Ltg, t: &Transition, pre: &[Iv]) -> Option<Vec<Iv>> {
    let mut pre = pre.to_vec();
    refine(&t.guard, &mut pre);
    if pre.iter().any(Iv::is_empty) {
        return None;
    }
    let inputs = input_intervals(t, &pre);
    let mut out = pre.clone();
    for (c, e) in &t.data {
        out[c.0 as usize] = eval(e, &pre, &inputs);
    }
    for (i, cell) in ltg.cells.iter().enumerate() {
        if cell.kind != CellKind::Data {
            out[i] = Iv::TOP;
        }
    }
    Some(out)
}

/// The interval of each input of `t` from the pre-state's: its range, and for a
/// non-linear result the operation on its operands' intervals.
fn input_intervals(t: &Transition, pre: &[Iv]) -> Vec<Iv> {
    let mut out: Vec<Iv> = Vec::with_capacity(t.inputs.len());
    for inp in &t.inputs {
        let mut iv = Iv::of_range(inp.range);
        if let Some(nl) = &inp.of {
            // operands read earlier inputs only
            let a = eval(&nl.a, pre, &out);
            let b = eval(&nl.b, pre, &out);
            iv = Iv::meet(iv, Iv::op(nl.op, a, b));
        }
        out.push(iv);
    }
    out
}

fn eval(e: &Ex, pre: &[Iv], inputs: &[Iv]) -> Iv {
    let ev = |x: &Ex| eval(x, pre, inputs);
    match e {
        Ex::Int(k) => Iv::point(*k),
        Ex::Cell(c) => pre[c.0 as usize],
        Ex::Input(i) => inputs.get(*i as usize).copied().unwrap_or(Iv::TOP),
        Ex::Add(a, b) => Iv::add(ev(a), ev(b)),
        Ex::Sub(a, b) => Iv::add(ev(a), Iv::neg(ev(b))),
        Ex::Scale(a, k) => Iv::scale(ev(a), *k),
        Ex::Mul(a, b) => Iv::mul(ev(a), ev(b)),
        Ex::Div(a, k) => Iv::div(ev(a), Iv::point(*k)),
        Ex::Rem(a, k) => Iv::rem(ev(a), Iv::point(*k)),
        Ex::FloorDiv(a, k) => {
            let x = ev(a);
            Iv::new(
                x.lo.map(|l| l.div_euclid(*k)),
                x.hi.map(|h| h.div_euclid(*k)),
            )
        }
        Ex::FloorRem(_, k) => Iv::new(Some(0), Some(k - 1)),
        Ex::Wrap { e, bits, signed } => {
            let (lo, hi) = slamrs_abstraction::interp::int_range(*bits, *signed);
            let x = ev(e);
            if x.lo.is_some_and(|l| l >= lo) && x.hi.is_some_and(|h| h <= hi) {
                x
            } else {
                Iv::new(Some(lo), Some(hi))
            }
        }
        Ex::Ite(_, a, b) => Iv::join(ev(a), ev(b)),
    }
}

/// Narrows `st` by the comparisons of a cell with a constant that `g` implies (the
/// conjuncts at its top).
fn refine(g: &Cond, st: &mut [Iv]) {
    match g {
        Cond::And(cs) => cs.iter().for_each(|c| refine(c, st)),
        Cond::Cmp(op, a, b) => {
            let (c, k, cell_left) = match (a, b) {
                (Ex::Cell(c), Ex::Int(k)) => (*c, *k, true),
                (Ex::Int(k), Ex::Cell(c)) => (*c, *k, false),
                _ => return,
            };
            let bound = match (op, cell_left) {
                (Cmp::Eq, _) => Iv::point(k),
                (Cmp::Lt, true) => Iv::new(None, Some(k - 1)),
                (Cmp::Le, true) => Iv::new(None, Some(k)),
                (Cmp::Lt, false) => Iv::new(Some(k + 1), None),
                (Cmp::Le, false) => Iv::new(Some(k), None),
                (Cmp::Ne, _) => return,
            };
            let i = c.0 as usize;
            st[i] = Iv::meet(st[i], bound);
        }
        Cond::Not(inner) => {
            if let Cond::Cmp(op, a, b) = &**inner {
                let flipped = match op {
                    Cmp::Lt => Some(Cond::Cmp(Cmp::Le, b.clone(), a.clone())),
                    Cmp::Le => Some(Cond::Cmp(Cmp::Lt, b.clone(), a.clone())),
                    Cmp::Ne => Some(Cond::Cmp(Cmp::Eq, a.clone(), b.clone())),
                    Cmp::Eq => None,
                };
                if let Some(f) = flipped {
                    refine(&f, st);
                }
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn iv(lo: i128, hi: i128) -> Iv {
        Iv::new(Some(lo.min(hi)), Some(lo.max(hi)))
    }

    fn within(v: i128, i: Iv) -> bool {
        i.lo.is_none_or(|l| l <= v) && i.hi.is_none_or(|h| v <= h)
    }

    proptest! {
        /// Every operation's interval holds the C result for operands in their intervals.
        #[test]
        fn operations_are_sound(
            (a0, a1, b0, b1) in (-70i128..70, -70i128..70, -70i128..70, -70i128..70),
            (x, y) in (0u32..1000, 0u32..1000),
        ) {
            let (a, b) = (iv(a0, a1), iv(b0, b1));
            let pick = |i: Iv, r: u32| {
                let (l, h) = (i.lo.unwrap(), i.hi.unwrap());
                l + (r as i128) % (h - l + 1)
            };
            let (va, vb) = (pick(a, x), pick(b, y));
            let ops = [
                (NonLinearOp::BitAnd, Some(va & vb)),
                (NonLinearOp::BitOr, Some(va | vb)),
                (NonLinearOp::BitXor, Some(va ^ vb)),
                (NonLinearOp::Shr, (0..64).contains(&vb).then(|| va >> vb)),
                (NonLinearOp::Shl, (0..64).contains(&vb).then(|| va << vb)),
                (NonLinearOp::Div, (vb != 0).then(|| va / vb)),
                (NonLinearOp::Rem, (vb != 0).then(|| va % vb)),
            ];
            for (op, v) in ops {
                if let Some(v) = v {
                    let r = Iv::op(op, a, b);
                    prop_assert!(within(v, r), "{op:?} {va} {vb} = {v} not in {r:?} ({a:?}, {b:?})");
                }
            }
            prop_assert!(within(va * vb, Iv::mul(a, b)));
            prop_assert!(within(va + vb, Iv::add(a, b)));
            prop_assert!(within(va * 3, Iv::scale(a, 3)) && within(va * -3, Iv::scale(a, -3)));
        }
    }

    #[test]
    fn the_papers_example() {
        // 1 ≤ x ≤ 4 and 2 ≤ y ≤ 5 give 2 ≤ x * y ≤ 20
        assert_eq!(Iv::mul(iv(1, 4), iv(2, 5)), iv(2, 20));
        assert_eq!(Iv::op(NonLinearOp::BitOr, iv(1, 4), iv(0, 3)), iv(1, 7));
        assert_eq!(Iv::op(NonLinearOp::BitAnd, iv(0, 100), Iv::TOP), iv(0, 100));
        assert_eq!(Iv::op(NonLinearOp::Rem, iv(0, 1000), iv(1, 5)), iv(0, 4));
    }

    #[test]
    fn a_loop_counter_is_bounded_by_its_guard_and_widening_ends() {
        // i := 0; while (i < 10) i := i + 1
        let cells = vec![Cell {
            name: "i".into(),
            kind: CellKind::Data,
        }];
        let i = || Ex::Cell(CellId(0));
        let t = |from: u32, to: u32, guard: Cond, data: Vec<(CellId, Ex)>| Transition {
            from: BlockId(from),
            to: BlockId(to),
            guard,
            data,
            control: Vec::new(),
            havoc: Vec::new(),
            inputs: Vec::new(),
            steps: Vec::new(),
        };
        let transitions = vec![
            t(0, 3, Cond::True, vec![(CellId(0), Ex::Int(0))]),
            t(
                3,
                3,
                Cond::cmp(Cmp::Lt, i(), Ex::Int(10)),
                vec![(CellId(0), Ex::plus(i(), Ex::Int(1)))],
            ),
            t(
                3,
                2,
                Cond::negate(Cond::cmp(Cmp::Lt, i(), Ex::Int(10))),
                vec![],
            ),
        ];
        let ltg = Ltg {
            cells,
            blocks: vec![
                BlockKind::Start,
                BlockKind::Error,
                BlockKind::End,
                BlockKind::End,
            ],
            transitions,
            start: BlockId(0),
            error: BlockId(1),
            out: vec![
                vec![TransId(0)],
                vec![],
                vec![],
                vec![TransId(1), TransId(2)],
            ],
            smashed: Vec::new(),
        };
        let st = analyse(&ltg);
        // at the head: i ≥ 0 (the upper bound is widened away: the guard does not hold
        // at the head); after the loop: i ≥ 10
        assert_eq!(st[3].as_ref().unwrap()[0].lo, Some(0));
        assert_eq!(st[2].as_ref().unwrap()[0].lo, Some(10));
    }
}
