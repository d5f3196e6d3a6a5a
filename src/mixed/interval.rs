//! An interval analysis over the transition graph (F-Soft §5.5): for every block, a range
//! of values of each data cell that holds in every reachable state, by abstract
//! interpretation with widening. Its use is the paper's: the result of an operation the
//! graph does not model exactly (a bitwise operation, a shift or a division by a
//! variable) is an input, and the ranges of its operands bound it — given `1 ≤ a ≤ 4` and
//! `0 ≤ b ≤ 3`, `a | b` is in `0..=7` rather than anywhere in its type.
//!
//! Its second use: a wrap-around (a cast, unsigned arithmetic) is `x mod 2^n`, which
//! makes Z3's quantifier elimination enumerate divisibility cases; where the interval of
//! `x` is within one period of the type's range the wrap is rewritten exactly as `x`,
//! `x + 2^n` or `x - 2^n` by cases (linear), and where it is within the range, as `x`.
//!
//! Third: a comparison the intervals decide (a pointer that can only hold one address
//! compared with it, a counter's bound) is replaced by its truth value, so the conditional
//! reads of memory through such pointers collapse to the one cell.
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

/// What [`apply`] changed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Applied {
    /// Inputs standing for non-linear results whose range was tightened.
    pub bounded: usize,
    /// Wrap-arounds rewritten linearly.
    pub unwrapped: usize,
}

/// Runs the analysis, tightens the range of every input that stands for a non-linear
/// result and rewrites the wrap-arounds the intervals allow.
pub fn apply(ltg: &mut Ltg) -> Applied {
    let states = analyse(ltg);
    let mut out = Applied::default();
    for t in &mut ltg.transitions {
        let Some(raw) = &states[t.from.0 as usize] else {
            continue;
        };
        // where the transition fires: the guard holds
        let mut pre = raw.clone();
        refine(&t.guard, &mut pre);
        if pre.iter().any(Iv::is_empty) {
            continue;
        }
        let inputs = input_intervals(t, &pre);
        for (inp, iv) in t.inputs.iter_mut().zip(inputs.iter().copied()) {
            if inp.of.is_none() || iv.is_empty() {
                continue;
            }
            if let (Some(lo), Some(hi)) = (iv.lo, iv.hi) {
                if inp.range != Some((lo, hi)) {
                    inp.range = Some((lo, hi));
                    out.bounded += 1;
                }
            }
        }
        let mut n = expand_small(t, &pre, &inputs);
        // the guard is rewritten with the intervals before it is known to hold (with the
        // refined ones, `x < 0` would decide itself); an input's range comes from the
        // cells' comparisons in the guard, never from a comparison of the input itself
        let raw_inputs = input_intervals(t, raw);
        t.guard = unwrap_cond(&t.guard, raw, &raw_inputs, &mut n);
        // the assignments happen when the guard holds
        let inputs = input_intervals(t, &pre);
        for (_, e) in &mut t.data {
            *e = unwrap(e, &pre, &inputs, &mut n);
        }
        out.unwrapped += n + free_wraps(t);
    }
    out
}

/// `e` with the wraps whose argument's interval allows it rewritten linearly.
fn unwrap(e: &Ex, pre: &[Iv], inputs: &[Iv], n: &mut usize) -> Ex {
    let mut u = |x: &Ex| unwrap(x, pre, inputs, n);
    match e {
        Ex::Int(_) | Ex::Cell(_) | Ex::Input(_) => e.clone(),
        Ex::Add(a, b) => Ex::Add(Box::new(u(a)), Box::new(u(b))),
        Ex::Sub(a, b) => Ex::Sub(Box::new(u(a)), Box::new(u(b))),
        Ex::Mul(a, b) => Ex::Mul(Box::new(u(a)), Box::new(u(b))),
        Ex::Scale(a, k) => Ex::Scale(Box::new(u(a)), *k),
        Ex::Div(a, k) => Ex::Div(Box::new(u(a)), *k),
        Ex::Rem(a, k) => Ex::Rem(Box::new(u(a)), *k),
        Ex::FloorDiv(a, k) => Ex::FloorDiv(Box::new(u(a)), *k),
        Ex::FloorRem(a, k) => Ex::FloorRem(Box::new(u(a)), *k),
        Ex::Ite(c, a, b) => {
            let (a, b) = (u(a), u(b));
            let c = unwrap_cond(c, pre, inputs, n);
            Ex::ite(c, a, b)
        }
        Ex::Wrap {
            e: inner,
            bits,
            signed,
        } => {
            let x = u(inner);
            let (lo, hi) = slamrs_abstraction::interp::int_range(*bits, *signed);
            let iv = eval(&x, pre, inputs);
            let (Some(l), Some(h)) = (iv.lo, iv.hi) else {
                return Ex::Wrap {
                    e: Box::new(x),
                    bits: *bits,
                    signed: *signed,
                };
            };
            let m = hi - lo + 1;
            if lo <= l && h <= hi {
                *n += 1;
                x
            } else if lo - m <= l && h <= hi + m {
                *n += 1;
                // a side the interval rules out is no case
                let below = if l < lo {
                    Cond::cmp(Cmp::Lt, x.clone(), Ex::Int(lo))
                } else {
                    Cond::False
                };
                let above = if h > hi {
                    Cond::cmp(Cmp::Lt, Ex::Int(hi), x.clone())
                } else {
                    Cond::False
                };
                let up = Ex::plus(x.clone(), Ex::Int(m));
                let down = Ex::minus(x.clone(), Ex::Int(m));
                Ex::ite(below, up, Ex::ite(above, down, x))
            } else {
                Ex::Wrap {
                    e: Box::new(x),
                    bits: *bits,
                    signed: *signed,
                }
            }
        }
    }
}

/// Most values of an operand a non-linear operation is split on.
const MAX_CASES: i128 = 16;

/// Replaces the result of a shift, division or remainder whose right operand takes few
/// values (by the intervals) with the exact value by cases: `x << e` with `0 ≤ e ≤ 3` is
/// `e == 0 ? x : e == 1 ? 2x : e == 2 ? 4x : 8x`. Returns how many.
fn expand_small(t: &mut Transition, pre: &[Iv], inputs: &[Iv]) -> usize {
    let mut done: Vec<(u32, Ex)> = Vec::new();
    for (i, inp) in t.inputs.iter().enumerate() {
        let Some(nl) = &inp.of else { continue };
        let b = eval(&nl.b, pre, &inputs[..i]);
        let (Some(lo), Some(hi)) = (b.lo, b.hi) else {
            continue;
        };
        if hi - lo >= MAX_CASES {
            continue;
        }
        let case = |k: i128| -> Option<Ex> {
            let a = nl.a.clone();
            match nl.op {
                NonLinearOp::Shl if (0..63).contains(&k) => Some(Ex::scale(a, 1 << k)),
                NonLinearOp::Shr if k == 0 => Some(a),
                NonLinearOp::Shr if (1..63).contains(&k) => Some(Ex::FloorDiv(Box::new(a), 1 << k)),
                NonLinearOp::Div if k != 0 => Some(Ex::Div(Box::new(a), k)),
                NonLinearOp::Rem if k != 0 => Some(Ex::Rem(Box::new(a), k)),
                _ => None,
            }
        };
        let Some(cases) = (lo..=hi)
            .rev()
            .map(|k| case(k).map(|e| (k, e)))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        // the last value needs no test: the operand has one of these values
        let mut it = cases.into_iter();
        let (_, mut v) = it.next().expect("a nonempty interval");
        for (k, e) in it {
            v = Ex::ite(Cond::cmp(Cmp::Eq, nl.b.clone(), Ex::Int(k)), e, v);
        }
        done.push((i as u32, v));
    }
    for (i, v) in &done {
        let mut f = |e: &mut Ex| replace_input(e, *i, v);
        let mut guard = std::mem::replace(&mut t.guard, Cond::True);
        cond_exprs(&mut guard, &mut f);
        t.guard = guard;
        for (_, e) in &mut t.data {
            f(e);
        }
        // later inputs' operands may read it too
        for inp in &mut t.inputs {
            if let Some(nl) = &mut inp.of {
                replace_input(&mut nl.a, *i, v);
                replace_input(&mut nl.b, *i, v);
            }
        }
    }
    done.len()
}

/// `e` with input `i` replaced by `v`.
fn replace_input(e: &mut Ex, i: u32, v: &Ex) {
    let mut rec = |x: &mut Ex| replace_input(x, i, v);
    match e {
        Ex::Input(j) if *j == i => *e = v.clone(),
        Ex::Int(_) | Ex::Cell(_) | Ex::Input(_) => {}
        Ex::Add(a, b) | Ex::Sub(a, b) | Ex::Mul(a, b) => {
            rec(a);
            rec(b);
        }
        Ex::Scale(a, _)
        | Ex::Div(a, _)
        | Ex::Rem(a, _)
        | Ex::FloorDiv(a, _)
        | Ex::FloorRem(a, _)
        | Ex::Wrap { e: a, .. } => rec(a),
        Ex::Ite(c, a, b) => {
            rec(a);
            rec(b);
            cond_exprs(c, &mut rec);
        }
    }
}

/// Rewrites the wraps of an input read nowhere else whose range covers a whole period of
/// the wrap: the wrapped value is then any value of the type, which is the input with the
/// type's range (exact, and without `mod` for Z3). Returns how many.
fn free_wraps(t: &mut Transition) -> usize {
    let single: Vec<bool> = (0..t.inputs.len() as u32)
        .map(|i| {
            let mut uses = 0;
            super::finite::count_cond(&t.guard, i, &mut uses);
            for (_, e) in &t.data {
                super::finite::count_ex(e, i, &mut uses);
            }
            uses == 1
        })
        .collect();
    let mut ranges: Vec<(u32, (i128, i128))> = Vec::new();
    let mut visit = |e: &mut Ex| free_wrap(e, &t.inputs, &single, &mut ranges);
    let mut guard = std::mem::replace(&mut t.guard, Cond::True);
    cond_exprs(&mut guard, &mut visit);
    t.guard = guard;
    for (_, e) in &mut t.data {
        visit(e);
    }
    for &(i, r) in &ranges {
        t.inputs[i as usize] = Input {
            range: Some(r),
            of: None,
        };
    }
    ranges.len()
}

fn free_wrap(e: &mut Ex, inputs: &[Input], single: &[bool], out: &mut Vec<(u32, (i128, i128))>) {
    let mut rec = |x: &mut Ex| free_wrap(x, inputs, single, out);
    match e {
        Ex::Int(_) | Ex::Cell(_) | Ex::Input(_) => {}
        Ex::Add(a, b) | Ex::Sub(a, b) | Ex::Mul(a, b) => {
            rec(a);
            rec(b);
        }
        Ex::Scale(a, _)
        | Ex::Div(a, _)
        | Ex::Rem(a, _)
        | Ex::FloorDiv(a, _)
        | Ex::FloorRem(a, _) => rec(a),
        Ex::Ite(c, a, b) => {
            rec(a);
            rec(b);
            cond_exprs(c, &mut rec);
        }
        Ex::Wrap {
            e: inner,
            bits,
            signed,
        } => {
            if let Ex::Input(i) = **inner {
                let (lo, hi) = slamrs_abstraction::interp::int_range(*bits, *signed);
                let covers = inputs[i as usize]
                    .range
                    .is_none_or(|(l, h)| h.saturating_sub(l) >= hi - lo);
                if single[i as usize] && covers {
                    out.push((i, (lo, hi)));
                    *e = Ex::Input(i);
                    return;
                }
            }
            rec(inner);
        }
    }
}

/// Calls `f` on every expression at the top of a condition's comparisons.
fn cond_exprs(c: &mut Cond, f: &mut dyn FnMut(&mut Ex)) {
    match c {
        Cond::True | Cond::False | Cond::Control { .. } => {}
        Cond::Cmp(_, a, b) => {
            f(a);
            f(b);
        }
        Cond::Not(x) => cond_exprs(x, f),
        Cond::And(cs) | Cond::Or(cs) => cs.iter_mut().for_each(|x| cond_exprs(x, f)),
    }
}

/// The truth of `a op b` for every pair of values in the intervals, if it is the same.
fn decide(op: Cmp, a: Iv, b: Iv) -> Option<bool> {
    let lt = a.hi.zip(b.lo).is_some_and(|(x, y)| x < y);
    let gt = a.lo.zip(b.hi).is_some_and(|(x, y)| x > y);
    let le = a.hi.zip(b.lo).is_some_and(|(x, y)| x <= y);
    let ge = a.lo.zip(b.hi).is_some_and(|(x, y)| x >= y);
    let same_point = a.lo.is_some() && a.lo == a.hi && a.lo == b.lo && b.lo == b.hi;
    match op {
        Cmp::Eq if same_point => Some(true),
        Cmp::Eq if lt || gt => Some(false),
        Cmp::Ne if same_point => Some(false),
        Cmp::Ne if lt || gt => Some(true),
        Cmp::Lt if lt => Some(true),
        Cmp::Lt if ge => Some(false),
        Cmp::Le if le => Some(true),
        Cmp::Le if gt => Some(false),
        _ => None,
    }
}

fn unwrap_cond(c: &Cond, pre: &[Iv], inputs: &[Iv], n: &mut usize) -> Cond {
    match c {
        Cond::True | Cond::False | Cond::Control { .. } => c.clone(),
        Cond::Cmp(op, a, b) => {
            let (a, b) = (unwrap(a, pre, inputs, n), unwrap(b, pre, inputs, n));
            match decide(*op, eval(&a, pre, inputs), eval(&b, pre, inputs)) {
                Some(true) => Cond::True,
                Some(false) => Cond::False,
                None => Cond::cmp(*op, a, b),
            }
        }
        Cond::Not(x) => Cond::negate(unwrap_cond(x, pre, inputs, n)),
        Cond::And(cs) => Cond::and(cs.iter().map(|x| unwrap_cond(x, pre, inputs, n))),
        Cond::Or(cs) => Cond::or(cs.iter().map(|x| unwrap_cond(x, pre, inputs, n))),
    }
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

    /// A transition of the one-cell test graphs.
    fn t(from: u32, to: u32, guard: Cond, data: Vec<(CellId, Ex)>) -> Transition {
        Transition {
            from: BlockId(from),
            to: BlockId(to),
            guard,
            data,
            control: Vec::new(),
            havoc: Vec::new(),
            inputs: Vec::new(),
            steps: Vec::new(),
        }
    }

    /// A graph with one data cell `name` and blocks start, error, end and 3.
    fn one_cell_graph(name: &str, transitions: Vec<Transition>) -> Ltg {
        let mut out = vec![Vec::new(); 4];
        for (i, tr) in transitions.iter().enumerate() {
            out[tr.from.0 as usize].push(TransId(i as u32));
        }
        Ltg {
            cells: vec![Cell {
                name: name.into(),
                kind: CellKind::Data,
            }],
            blocks: vec![
                BlockKind::Start,
                BlockKind::Error,
                BlockKind::End,
                BlockKind::End,
            ],
            transitions,
            start: BlockId(0),
            error: BlockId(1),
            out,
            smashed: Vec::new(),
        }
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
    fn a_guard_is_not_decided_by_its_own_refinement() {
        // x < 0 on an unknown x stays a guard (refined by itself, x would be below 0 and
        // the guard "always true"); x + 8 == 8 after x := 0 is decided
        let x = || Ex::Cell(CellId(0));
        let lt = Cond::cmp(Cmp::Lt, x(), Ex::Int(0));
        let mut ltg = one_cell_graph(
            "x",
            vec![
                t(0, 1, lt.clone(), vec![]),
                t(
                    0,
                    3,
                    Cond::negate(lt.clone()),
                    vec![(CellId(0), Ex::Int(0))],
                ),
                t(
                    3,
                    1,
                    Cond::cmp(Cmp::Eq, Ex::plus(x(), Ex::Int(8)), Ex::Int(8)),
                    vec![],
                ),
            ],
        );
        apply(&mut ltg);
        assert_eq!(ltg.transitions[0].guard, lt);
        assert_eq!(ltg.transitions[1].guard, Cond::negate(lt));
        assert_eq!(ltg.transitions[2].guard, Cond::True);
    }

    #[test]
    fn a_loop_counter_is_bounded_by_its_guard_and_widening_ends() {
        // i := 0; while (i < 10) i := i + 1
        let i = || Ex::Cell(CellId(0));
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
        let ltg = one_cell_graph("i", transitions);
        let st = analyse(&ltg);
        // at the head: i ≥ 0 (the upper bound is widened away: the guard does not hold
        // at the head); after the loop: i ≥ 10
        assert_eq!(st[3].as_ref().unwrap()[0].lo, Some(0));
        assert_eq!(st[2].as_ref().unwrap()[0].lo, Some(10));
    }
}
