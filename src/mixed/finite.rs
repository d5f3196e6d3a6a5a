//! Cells with finitely many observable values, moved into BDDs (F-Soft §5.5: variables
//! found to have few values are modelled as bit-vectors in BDDs rather than as integers).
//!
//! A data cell is *finite* when every transition only assigns it a constant, an input or
//! another finite cell, and reads it only in guards, comparing it for (in)equality with a
//! constant (or copying it into another finite cell). Its values then fall into classes —
//! each constant it is compared with or assigned, and "any other value" — that nothing in
//! the graph can tell apart, so the cell becomes a control cell over the classes. This is
//! exact, not an approximation: a nondeterministic `int` only ever tested for zero, a
//! state variable with constants like 8464, or a pointer only compared with the addresses
//! it is assigned all become a few BDD variables, and the data atoms no longer have to
//! spell out their correlation with the control state as disjunctions.
//!
//! A transition that assigns a finite cell an input, or copies one finite cell into
//! another, is split once per class of the value: for a constant class the input is
//! replaced by the constant (and the copied cell's class is a control literal of the
//! guard); for the "other" class the input stays a data value, constrained to differ
//! from every constant of the class.
//!
//! Two finite cells compared with each other (`s->state != state`) share their classes
//! (which must include a constant); the comparison is exact unless both hold "other"
//! values, which may or may not be equal: there both outcomes are kept (an
//! over-approximation; a path through it is confirmed or refuted like any other).
//!
//! The values of a control cell outside `0..classes` (an uninitialized cell's BDD bits are
//! unconstrained) satisfy no equality with a constant, so they behave as "other" too.

use super::ltg::*;
use rustc_hash::FxHashMap as HashMap;
use std::collections::BTreeSet;

/// Most transitions one transition is split into.
const MAX_SPLIT: usize = 64;
/// Most classes of a finite cell (8 BDD variables).
const MAX_CLASSES: usize = 256;

/// Moves the finite cells of `ltg` into BDDs; returns how many.
pub fn encode(ltg: &mut Ltg) -> usize {
    let n = ltg.cells.len();
    let mut finite: Vec<bool> = ltg.cells.iter().map(|c| c.kind == CellKind::Data).collect();
    let (consts, group) = loop {
        let Scan {
            mut bad,
            consts,
            group,
            compared,
        } = scan(ltg, &finite);
        // cells compared with each other and with no constant are plain data (their only
        // class would be "other", where the comparison is a guess)
        for &c in &compared {
            if consts[group[c]].is_empty() {
                bad[c] = true;
            }
        }
        let mut changed = false;
        for c in 0..n {
            if finite[c] && (bad[c] || consts[group[c]].len() + 1 > MAX_CLASSES) {
                finite[c] = false;
                changed = true;
            }
        }
        if !changed {
            // transitions that would split too far make their choices' cells data
            let mut over = false;
            for t in &ltg.transitions {
                let choices = choices(t, &finite);
                let ways: usize = choices
                    .iter()
                    .map(|ch| ch.classes(&consts, &group))
                    .try_fold(1usize, |acc, k| acc.checked_mul(k))
                    .unwrap_or(usize::MAX);
                if ways > MAX_SPLIT {
                    for ch in &choices {
                        for c in ch.cells(t) {
                            if finite[c] {
                                finite[c] = false;
                                over = true;
                            }
                        }
                    }
                }
            }
            if !over {
                break (consts, group);
            }
        }
    };
    let count = finite.iter().filter(|&&f| f).count();
    if count == 0 {
        return 0;
    }
    let mut out = Vec::with_capacity(ltg.transitions.len());
    for t in std::mem::take(&mut ltg.transitions) {
        split(&t, &finite, &consts, &group, &mut out);
    }
    for (c, cell) in ltg.cells.iter_mut().enumerate() {
        if finite[c] {
            let classes = consts[group[c]].len() as u64 + 1;
            cell.kind = CellKind::Control {
                bits: (64 - (classes - 1).leading_zeros()).max(1),
            };
        }
    }
    ltg.transitions = out;
    let mut outs = vec![Vec::new(); ltg.blocks.len()];
    for (i, t) in ltg.transitions.iter().enumerate() {
        outs[t.from.0 as usize].push(TransId(i as u32));
    }
    ltg.out = outs;
    count
}

/// What one pass over the transitions found.
struct Scan {
    /// Candidates that break a rule.
    bad: Vec<bool>,
    /// The constants of each group (indexed by the group's representative).
    consts: Vec<BTreeSet<i128>>,
    /// The group (copy and comparison component) of each cell.
    group: Vec<usize>,
    /// Cells compared with another cell.
    compared: Vec<usize>,
}

/// One pass over the transitions under the current candidates.
fn scan(ltg: &Ltg, finite: &[bool]) -> Scan {
    let n = ltg.cells.len();
    let mut bad = vec![false; n];
    let mut compared = Vec::new();
    let mut uf: Vec<usize> = (0..n).collect();
    let mut consts: Vec<(usize, i128)> = Vec::new();
    for t in &ltg.transitions {
        let mut pairs = Vec::new();
        guard_scan(&t.guard, &mut bad, &mut consts, &mut pairs);
        for (x, y) in pairs {
            if finite[x] && finite[y] {
                union(&mut uf, x, y);
                compared.push(x);
            } else {
                bad[x] = true;
                bad[y] = true;
            }
        }
        let mut by_input: HashMap<u32, usize> = HashMap::default();
        for (c, e) in &t.data {
            let c = c.0 as usize;
            match e {
                Ex::Int(k) if finite[c] => consts.push((c, *k)),
                Ex::Input(i) if finite[c] => {
                    if let Some(&d) = by_input.get(i) {
                        union(&mut uf, c, d);
                    }
                    by_input.insert(*i, c);
                }
                Ex::Cell(d) if finite[c] && finite[d.0 as usize] => union(&mut uf, c, d.0 as usize),
                _ => {
                    bad[c] = true;
                    e.cells(&mut |d| bad[d.0 as usize] = true);
                }
            }
        }
    }
    let group: Vec<usize> = (0..n).map(|c| find(&mut uf, c)).collect();
    let mut sets = vec![BTreeSet::new(); n];
    for (c, k) in consts {
        sets[group[c]].insert(k);
    }
    Scan {
        bad,
        consts: sets,
        group,
        compared,
    }
}

/// Marks the cells a guard reads other than in `cell == k` / `cell != k`.
fn guard_scan(
    g: &Cond,
    bad: &mut [bool],
    consts: &mut Vec<(usize, i128)>,
    pairs: &mut Vec<(usize, usize)>,
) {
    match g {
        Cond::True | Cond::False | Cond::Control { .. } => {}
        Cond::Not(c) => guard_scan(c, bad, consts, pairs),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| guard_scan(c, bad, consts, pairs)),
        Cond::Cmp(op, a, b) => {
            if matches!(op, Cmp::Eq | Cmp::Ne) {
                if let Some((c, k)) = cell_const(a, b) {
                    consts.push((c.0 as usize, k));
                    return;
                }
            }
            if matches!(op, Cmp::Eq | Cmp::Ne) {
                if let (Ex::Cell(x), Ex::Cell(y)) = (a, b) {
                    pairs.push((x.0 as usize, y.0 as usize));
                    return;
                }
            }
            a.cells(&mut |c| bad[c.0 as usize] = true);
            b.cells(&mut |c| bad[c.0 as usize] = true);
        }
    }
}

/// `(cell, k)` for a comparison of a cell with a constant, either way round.
fn cell_const(a: &Ex, b: &Ex) -> Option<(CellId, i128)> {
    match (a, b) {
        (Ex::Cell(c), Ex::Int(k)) | (Ex::Int(k), Ex::Cell(c)) => Some((*c, *k)),
        _ => None,
    }
}

fn find(uf: &mut [usize], mut x: usize) -> usize {
    while uf[x] != x {
        uf[x] = uf[uf[x]];
        x = uf[x];
    }
    x
}

fn union(uf: &mut [usize], a: usize, b: usize) {
    let (a, b) = (find(uf, a), find(uf, b));
    if a != b {
        uf[a] = b;
    }
}

/// A value a transition must split on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Choice {
    /// An input assigned to a finite cell (the first one it is assigned to).
    Input(u32, usize),
    /// A finite cell copied into another.
    Cell(usize),
}

impl Choice {
    fn group(&self, group: &[usize]) -> usize {
        match *self {
            Choice::Input(_, c) | Choice::Cell(c) => group[c],
        }
    }

    fn classes(&self, consts: &[BTreeSet<i128>], group: &[usize]) -> usize {
        consts[self.group(group)].len() + 1
    }

    /// The finite cells whose conversion makes this choice.
    fn cells(&self, t: &Transition) -> Vec<usize> {
        match *self {
            Choice::Cell(c) => {
                let mut v = vec![c];
                for (d, e) in &t.data {
                    if *e == Ex::Cell(CellId(c as u32)) {
                        v.push(d.0 as usize);
                    }
                }
                v
            }
            Choice::Input(i, _) => t
                .data
                .iter()
                .filter(|(_, e)| *e == Ex::Input(i))
                .map(|(d, _)| d.0 as usize)
                .collect(),
        }
    }
}

/// The values `t` must split on.
fn choices(t: &Transition, finite: &[bool]) -> Vec<Choice> {
    let mut out: Vec<Choice> = Vec::new();
    for (c, e) in &t.data {
        if !finite[c.0 as usize] {
            continue;
        }
        let ch = match e {
            Ex::Input(i) => {
                if free_input(t, *i)
                    || out
                        .iter()
                        .any(|o| matches!(o, Choice::Input(j, _) if j == i))
                {
                    continue;
                }
                Choice::Input(*i, c.0 as usize)
            }
            Ex::Cell(d) => Choice::Cell(d.0 as usize),
            _ => continue,
        };
        if !out.contains(&ch) {
            out.push(ch);
        }
    }
    out
}

/// True if input `i` of `t` occurs only once, as a whole assignment: the assigned cell
/// may take any class, with no split.
fn free_input(t: &Transition, i: u32) -> bool {
    let mut uses = 0usize;
    count_cond(&t.guard, i, &mut uses);
    for (_, e) in &t.data {
        count_ex(e, i, &mut uses);
    }
    uses == 1
}

pub(super) fn count_ex(e: &Ex, i: u32, uses: &mut usize) {
    match e {
        Ex::Input(j) if *j == i => *uses += 1,
        Ex::Int(_) | Ex::Cell(_) | Ex::Input(_) => {}
        Ex::Add(a, b) | Ex::Sub(a, b) | Ex::Mul(a, b) => {
            count_ex(a, i, uses);
            count_ex(b, i, uses);
        }
        Ex::Scale(a, _)
        | Ex::Div(a, _)
        | Ex::Rem(a, _)
        | Ex::FloorDiv(a, _)
        | Ex::FloorRem(a, _)
        | Ex::Wrap { e: a, .. } => count_ex(a, i, uses),
        Ex::Ite(c, a, b) => {
            count_cond(c, i, uses);
            count_ex(a, i, uses);
            count_ex(b, i, uses);
        }
    }
}

pub(super) fn count_cond(c: &Cond, i: u32, uses: &mut usize) {
    match c {
        Cond::True | Cond::False | Cond::Control { .. } => {}
        Cond::Cmp(_, a, b) => {
            count_ex(a, i, uses);
            count_ex(b, i, uses);
        }
        Cond::Not(c) => count_cond(c, i, uses),
        Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| count_cond(c, i, uses)),
    }
}

/// The classes an input may fall in: those of the constants in its range, and "other"
/// (`ks.len()`) if the range holds another value.
fn input_classes(ks: &BTreeSet<i128>, range: Option<(i128, i128)>) -> Vec<u64> {
    let mut out: Vec<u64> = ks
        .iter()
        .enumerate()
        .filter(|(_, &k)| range.is_none_or(|(lo, hi)| lo <= k && k <= hi))
        .map(|(j, _)| j as u64)
        .collect();
    let other = match range {
        None => true,
        Some((lo, hi)) => {
            let span = hi.saturating_sub(lo).saturating_add(1);
            span > out.len() as i128
        }
    };
    if other {
        out.push(ks.len() as u64);
    }
    out
}

/// `t` with its finite cells as control cells, split once per combination of classes of
/// its choices.
fn split(
    t: &Transition,
    finite: &[bool],
    consts: &[BTreeSet<i128>],
    group: &[usize],
    out: &mut Vec<Transition>,
) {
    let choices = choices(t, finite);
    let sizes: Vec<usize> = choices.iter().map(|c| c.classes(consts, group)).collect();
    let total: usize = sizes.iter().product();
    let class_of = |c: usize, k: i128| -> u64 {
        consts[group[c]]
            .iter()
            .position(|&x| x == k)
            .expect("constants of a finite cell are its classes") as u64
    };
    for combo in 0..total {
        // the class of each choice in this combination
        let mut rest = combo;
        let picks: Vec<usize> = sizes
            .iter()
            .map(|&s| {
                let p = rest % s;
                rest /= s;
                p
            })
            .collect();
        let mut guard = vec![t.guard.clone()];
        let mut inputs: HashMap<u32, Ex> = HashMap::default();
        let mut input_class: HashMap<u32, u64> = HashMap::default();
        let mut cell_class: HashMap<usize, u64> = HashMap::default();
        let mut feasible = true;
        for (ch, &p) in choices.iter().zip(&picks) {
            let ks = &consts[ch.group(group)];
            let other = p == ks.len();
            match *ch {
                Choice::Input(i, _) => {
                    input_class.insert(i, p as u64);
                    let range = t.inputs[i as usize].range;
                    if other {
                        for &k in ks {
                            guard.push(Cond::cmp(Cmp::Ne, Ex::Input(i), Ex::Int(k)));
                        }
                        if let Some((lo, hi)) = range {
                            let span = hi.saturating_sub(lo).saturating_add(1);
                            let inside = ks.iter().filter(|&&k| lo <= k && k <= hi).count();
                            if span <= inside as i128 {
                                feasible = false;
                            }
                        }
                    } else {
                        let k = *ks.iter().nth(p).expect("a class below the count");
                        if range.is_some_and(|(lo, hi)| k < lo || k > hi) {
                            feasible = false;
                        }
                        inputs.insert(i, Ex::Int(k));
                    }
                }
                Choice::Cell(c) => {
                    cell_class.insert(c, p as u64);
                    let id = CellId(c as u32);
                    if other {
                        for j in 0..ks.len() as u64 {
                            guard.push(Cond::Control {
                                cell: id,
                                value: j,
                                eq: false,
                            });
                        }
                    } else {
                        guard.push(Cond::Control {
                            cell: id,
                            value: p as u64,
                            eq: true,
                        });
                    }
                }
            }
        }
        if !feasible {
            continue;
        }
        let classes = |c: usize| consts[group[c]].len() as u64;
        let guard = rewrite_cond(&Cond::and(guard), finite, &inputs, &class_of, &classes);
        if guard == Cond::False {
            continue;
        }
        let mut data = Vec::new();
        let mut control = t.control.clone();
        let mut havoc = t.havoc.clone();
        for (c, e) in &t.data {
            let ci = c.0 as usize;
            if !finite[ci] {
                data.push((*c, subst_ex(e, &inputs, finite, &class_of)));
                continue;
            }
            let others = consts[group[ci]].len() as u64;
            let class = match e {
                Ex::Input(i) if !input_class.contains_key(i) => {
                    let ks = &consts[group[ci]];
                    havoc.push((*c, input_classes(ks, t.inputs[*i as usize].range)));
                    continue;
                }
                Ex::Int(k) => class_of(ci, *k),
                Ex::Input(i) => input_class[i],
                Ex::Cell(d) => cell_class[&(d.0 as usize)],
                _ => unreachable!("a finite cell is only assigned constants, inputs and cells"),
            };
            control.push((*c, class.min(others)));
        }
        out.push(Transition {
            from: t.from,
            to: t.to,
            guard,
            data,
            control,
            havoc,
            inputs: t.inputs.clone(),
            steps: t.steps.clone(),
        });
    }
}

/// A guard with the split's inputs replaced and comparisons of finite cells as control
/// literals.
fn rewrite_cond(
    g: &Cond,
    finite: &[bool],
    inputs: &HashMap<u32, Ex>,
    class_of: &dyn Fn(usize, i128) -> u64,
    classes: &dyn Fn(usize) -> u64,
) -> Cond {
    match g {
        Cond::True | Cond::False | Cond::Control { .. } => g.clone(),
        Cond::Not(c) => Cond::negate(rewrite_cond(c, finite, inputs, class_of, classes)),
        Cond::And(cs) => Cond::and(
            cs.iter()
                .map(|c| rewrite_cond(c, finite, inputs, class_of, classes)),
        ),
        Cond::Or(cs) => Cond::or(
            cs.iter()
                .map(|c| rewrite_cond(c, finite, inputs, class_of, classes)),
        ),
        Cond::Cmp(op, Ex::Cell(x), Ex::Cell(y))
            if matches!(op, Cmp::Eq | Cmp::Ne) && finite[x.0 as usize] && finite[y.0 as usize] =>
        {
            // the same constant's class; two values of the class "other" may be equal
            // or not (both outcomes: an over-approximation)
            let m = classes(x.0 as usize);
            let lit = |c: CellId, j: u64, eq: bool| Cond::Control {
                cell: c,
                value: j,
                eq,
            };
            let same = Cond::or((0..m).map(|j| Cond::and([lit(*x, j, true), lit(*y, j, true)])));
            match op {
                Cmp::Eq => {
                    let other = |c: CellId| Cond::and((0..m).map(|j| lit(c, j, false)));
                    Cond::or([same, Cond::and([other(*x), other(*y)])])
                }
                _ => Cond::negate(same),
            }
        }
        Cond::Cmp(op, a, b) => {
            if let Some((c, k)) = cell_const(a, b) {
                if finite[c.0 as usize] {
                    return Cond::Control {
                        cell: c,
                        value: class_of(c.0 as usize, k),
                        eq: *op == Cmp::Eq,
                    };
                }
            }
            Cond::cmp(
                *op,
                subst_ex(a, inputs, finite, class_of),
                subst_ex(b, inputs, finite, class_of),
            )
        }
    }
}

/// An expression with the split's inputs replaced by their constants. Finite cells do not
/// occur in data expressions (the scan makes such a cell data).
fn subst_ex(
    e: &Ex,
    inputs: &HashMap<u32, Ex>,
    finite: &[bool],
    class_of: &dyn Fn(usize, i128) -> u64,
) -> Ex {
    let s = |x: &Ex| Box::new(subst_ex(x, inputs, finite, class_of));
    match e {
        Ex::Int(_) | Ex::Cell(_) => e.clone(),
        Ex::Input(i) => inputs.get(i).cloned().unwrap_or_else(|| e.clone()),
        Ex::Add(a, b) => Ex::plus(*s(a), *s(b)),
        Ex::Sub(a, b) => Ex::minus(*s(a), *s(b)),
        Ex::Scale(a, k) => Ex::scale(*s(a), *k),
        Ex::Mul(a, b) => Ex::Mul(s(a), s(b)),
        Ex::Div(a, k) => Ex::Div(s(a), *k),
        Ex::Rem(a, k) => Ex::Rem(s(a), *k),
        Ex::FloorDiv(a, k) => Ex::FloorDiv(s(a), *k),
        Ex::FloorRem(a, k) => Ex::FloorRem(s(a), *k),
        Ex::Wrap { e, bits, signed } => Ex::Wrap {
            e: s(e),
            bits: *bits,
            signed: *signed,
        },
        Ex::Ite(c, a, b) => Ex::ite(
            rewrite_cond(c, finite, inputs, class_of, &|_| 0),
            *s(a),
            *s(b),
        ),
    }
}
